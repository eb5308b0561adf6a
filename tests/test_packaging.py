"""The package: version ranges in pyproject.toml, exact versions in requirements.lock (and the
web app's own subset in requirements-run.lock, what `make run` installs), the rules library free
of the optional parts, and a clear message when an optional part is missing."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCK = (ROOT / "requirements.lock").read_text()
RUN_LOCK = (ROOT / "requirements-run.lock").read_text()


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _locked(text: str = LOCK) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)", line)
        if m:
            out[m.group(1).lower().replace("_", "-")] = m.group(2)
    return out


def _requirements() -> list[str]:
    reqs = list(PYPROJECT["project"]["dependencies"])
    for extra in PYPROJECT["project"]["optional-dependencies"].values():
        reqs += [r for r in extra if not r.startswith("qwixo[")]
    return reqs


def test_pyproject_has_ranges_not_pins():
    for req in _requirements():
        assert "==" not in req, f"{req}: the library's metadata takes a range, the lock pins"
        assert re.search(r">=", req), f"{req}: give a lower bound"


def test_every_requirement_is_locked():
    locked = _locked()
    for req in _requirements():
        assert _name(req) in locked, f"{req} is not in requirements.lock: run `make lock`"


def test_run_lock_is_the_web_app_at_the_full_locks_versions():
    # `make run` installs requirements-run.lock alone: the base dependencies and the web
    # extra, each at the version requirements.lock has (so `make test` over it changes none)
    run, full = _locked(RUN_LOCK), _locked()
    extras = PYPROJECT["project"]["optional-dependencies"]
    for req in PYPROJECT["project"]["dependencies"] + extras["web"]:
        assert _name(req) in run, f"{req} is not in requirements-run.lock: run `make lock`"
    for name, version in run.items():
        assert full.get(name) == version, f"{name}=={version}: requirements.lock has " \
            f"{full.get(name)}: run `make lock`"
    not_run = set()
    for extra in ("research", "rl", "cluster", "plots"):
        not_run |= {_name(r) for r in extras[extra] if not r.startswith("qwixo[")}
    not_run |= {_name(r) for r in extras["dev"] if not r.startswith("qwixo[")}
    assert not_run & set(run) == set(), "requirements-run.lock holds what the web app never runs"


def test_extras_cover_the_optional_parts():
    extras = PYPROJECT["project"]["optional-dependencies"]
    names = {k: {_name(r) for r in v} for k, v in extras.items()}
    assert {"fastapi", "uvicorn"} <= names["web"]
    assert "matplotlib" in names["plots"]
    core = {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    assert not core & {"fastapi", "uvicorn", "starlette", "matplotlib", "pytest"}


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_rules_library_imports_no_optional_part():
    code = (
        "import sys, qwixo, qwixo.cli, qwixo.quixo.game, qwixo.qwixx.game, qwixo.bots\n"
        "g = qwixo.new_game('qwixx', players=2, seed=1); g.roll(); g.choose(0, g.options(0)[0])\n"
        "qwixo.cli.build_parser('en')\n"
        "heavy = {'fastapi', 'starlette', 'uvicorn', 'matplotlib', 'pydantic'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    out = _run(code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_missing_extra_is_named_in_the_users_language():
    # fastapi made unimportable, as in a plain `pip install qwixo`
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'fastapi':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from qwixo.cli import main\n"
        "sys.exit(main(['--lang', 'it', 'serve', '--port', '0']))\n"
    )
    out = _run(code)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "pip install 'qwixo[web]'" in out.stderr
    assert "richiede una parte facoltativa" in out.stderr
