"""The docs point at what is there: every file or folder of the repository that README.md, the
folders' READMEs and docs/*.md name exists (a ``*`` matches at least one), and README's layout
lists every top folder and every subpackage of ``src/qwixo``, and only those."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ("benchmarks", "deploy", "docs", "examples", "experiments", "src", "tests", "tools")
# a path of the repository: a top folder, a slash, more (not inside a longer path or a URL)
PATH = re.compile(r"(?<![\w./~-])((?:" + "|".join(TOP) + r")/[\w./*-]*[\w*/])")


def named_paths(text: str) -> list[str]:
    """The repository paths ``text`` names.

    >>> named_paths("see `tools/gen_cli_docs.py`, docs/*.md and docs/img/.")
    ['tools/gen_cli_docs.py', 'docs/*.md', 'docs/img/']
    >>> named_paths("https://example.org/tests/x.py /srv/src/y.py ~/src/z.py")
    []
    """
    return [m.group(1) for m in PATH.finditer(text)]


def missing(root: Path, text: str) -> list[str]:
    """The paths ``text`` names that ``root`` does not have."""
    out = []
    for p in named_paths(text):
        found = any(root.glob(p.rstrip("/"))) if "*" in p else (root / p).exists()
        if not found:
            out.append(p)
    return out


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted(ROOT.glob("*/README.md"))]


def test_every_path_the_docs_name_exists():
    found = {str(f.relative_to(ROOT)): missing(ROOT, f.read_text(encoding="utf-8"))
             for f in doc_files()}
    assert {f: m for f, m in found.items() if m} == {}
    assert sum(len(named_paths(f.read_text(encoding="utf-8"))) for f in doc_files()) > 100


def test_a_missing_path_is_found(tmp_path):
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "here.py").write_text("")
    assert missing(tmp_path, "`tools/here.py`, `tools/gone.py`, tools/h*.py, tests/x_*.py") == [
        "tools/gone.py", "tests/x_*.py"]
    assert named_paths("https://example.org/tests/x.py, /srv/src/y.py, ~/src/z.py") == []


def top_folders() -> set[str]:
    """The repository's top folders (those git tracks files in; hidden ones aside)."""
    try:
        names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                               check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: the folders there
        return {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")}
    return {n.split("/")[0] for n in names if "/" in n and not n.startswith(".")}


def test_the_layout_lists_every_top_folder_and_subpackage():
    block = (ROOT / "README.md").read_text(encoding="utf-8").split("## Layout", 1)[1]
    block = block.split("```")[1]
    listed = {line.split("/")[0] for line in block.splitlines() if re.match(r"[a-z]\w*/", line)}
    assert listed == top_folders() == set(TOP)
    packages = {p.name for p in (ROOT / "src" / "qwixo").iterdir()
                if p.is_dir() and (p / "__init__.py").exists()}
    named = set(re.findall(r"(?<![\w/])(\w+)/", block))
    assert packages and packages <= named, packages - named
