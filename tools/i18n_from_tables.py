"""Move translations still written as Python tables into the gettext catalogues.

Usage: ``.venv/bin/python tools/i18n_from_tables.py [--keep] [--dry-run]``.

Before the catalogues, every text was a Python table: ``TEXTS = {key: {"en": ..., "tr": ...,
"it": ..., "pl": ...}}`` in a module of ``src/qwixo/i18n/``. A branch written in that style may
still add such modules (or bring an old one back when it is merged). ``qwixo.i18n`` reads
them meanwhile, and a test fails while any is left. This script

- adds every key of those tables that the catalogues do not have yet to the four ``.po``
  files (a message with a count: ``{"count": "n", "en": (singular, plural), "tr": (..., ...),
  "it": (..., ...), "pl": (one, few, many)}``), unless no code uses it (an old copy of a table
  brings back keys removed on purpose: they are listed and left out);
- leaves the keys the catalogues already have as they are (the catalogues win: they hold the
  reviewed wording) and lists those whose table text was changed on the other branch (compared
  with the table as it was when the tables became catalogues, commit ``BASE``; without git, every
  key whose text differs), for a person to carry the change into the catalogues by hand;
- recompiles the catalogues (``tools/i18n_compile.py``) and deletes the modules it emptied
  (``--keep`` keeps them; ``--dry-run`` only reports).

Run it after merging a branch that touched ``src/qwixo/i18n/*.py``, then run the tests
(``tests/test_i18n.py``: a new text must not use a row or die letter in a sentence, must have
every plural form, ...).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import i18n_compile as cat  # noqa: E402

PACKAGE = cat.ROOT / "src" / "qwixo" / "i18n"
# the last commit with the Python tables: what a branch's table is compared with
BASE = "eedcf2d"


def table_modules() -> list[Path]:
    """The modules of the package that define a ``TEXTS`` table."""
    return sorted(p for p in PACKAGE.glob("*.py")
                  if p.name != "__init__.py" and "TEXTS" in p.read_text(encoding="utf-8"))


def read_table(path: Path) -> dict[str, dict]:
    spec = importlib.util.spec_from_file_location(f"_i18n_table_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return dict(getattr(mod, "TEXTS", {}))


def base_table(path: Path) -> dict[str, dict] | None:
    """The same table at commit ``BASE`` (None when git or the commit or the file is missing)."""
    rel = path.relative_to(cat.ROOT).as_posix()
    try:
        r = subprocess.run(["git", "show", f"{BASE}:{rel}"], cwd=cat.ROOT, capture_output=True,
                           text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    if r.returncode != 0:
        return None
    scope: dict = {}
    exec(compile(r.stdout, rel, "exec"), scope)  # our own file, as it was at BASE
    return dict(scope.get("TEXTS", {}))


def _forms(value) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def convert(keep: bool = False, dry_run: bool = False) -> int:
    entries = cat.load()
    added, differ, unused, emptied = [], [], [], []
    for path in table_modules():
        table = read_table(path)
        base = base_table(path)
        for key, row in table.items():
            count = row.get("count")
            new = {"count": count, "fuzzy": set(), "comments": []}
            for lang in cat.LANGS:
                if lang in row:
                    new[lang] = _forms(row[lang])
            if key in entries:
                old = entries[key]
                if base is not None and key in base:
                    changed = base[key] != row  # edited on the branch since the conversion
                else:
                    changed = any(old.get(lang) != new.get(lang) for lang in cat.LANGS
                                  if lang in new)
                if changed:
                    differ.append(f"{key} ({path.name})")
                continue
            if not cat.used_keys([key]):
                unused.append(f"{key} ({path.name})")
                continue
            entries[key] = new
            added.append(f"{key} ({path.name})")
        emptied.append(path)
    for line in added:
        print(f"added {line}")
    for line in differ:
        print(f"kept the catalogue's text, the table's was changed: {line}")
    for line in unused:
        print(f"left out, no code uses it: {line}")
    if dry_run:
        return 0
    for rel in cat.save(entries):
        print(f"wrote {rel}")
    if not keep:
        for path in emptied:
            path.unlink()
            print(f"deleted {path.relative_to(cat.ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    return convert(keep="--keep" in argv, dry_run="--dry-run" in argv)


if __name__ == "__main__":
    sys.exit(main())
