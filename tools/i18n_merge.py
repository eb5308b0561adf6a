"""Merge the gettext catalogues after ``git merge`` stopped on them (three-way, per key).

Usage (in the middle of a merge whose conflicts include the ``.po``/``.pot``/``.mo`` files)::

    .venv/bin/python tools/i18n_merge.py

For every message key it compares the merge base, our side and their side as git holds them
(index stages 1, 2 and 3): a key added, changed or removed on one side only takes that side; a
key changed differently on both sides keeps ours and is listed for a person to look at. Then it
writes the four catalogues, the template and the compiled ``.mo`` files (``i18n_compile.save``)
and stages them. Run the tests afterwards (``tests/test_i18n.py``).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import i18n_compile as cat  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402


def _stage(n: int):
    def reader(lang: str):
        rel = cat.po_path(lang).relative_to(cat.ROOT).as_posix()
        r = subprocess.run(["git", "show", f":{n}:{rel}"], cwd=cat.ROOT, capture_output=True)
        if r.returncode:  # not in conflict: the file as it is in the work tree
            return cat.read(lang)
        return read_po(io.BytesIO(r.stdout), locale=lang, domain=cat.DOMAIN)
    return reader


def _same(a: dict | None, b: dict | None) -> bool:
    if a is None or b is None:
        return a is b
    keys = ("count",) + cat.LANGS
    return all(a.get(k) == b.get(k) for k in keys)


def merge(base: dict, ours: dict, theirs: dict) -> tuple[dict, list[str]]:
    """The merged entries (our order, then their new keys) and the keys both sides changed."""
    out: dict[str, dict] = {}
    clashes = []
    for key in list(ours) + [k for k in theirs if k not in ours]:
        b, o, t = base.get(key), ours.get(key), theirs.get(key)
        if _same(o, t) or _same(b, t):
            pick = o
        elif _same(b, o):
            pick = t
        else:
            pick = o
            clashes.append(key)
        if pick is not None:
            out[key] = pick
    return out, clashes


def main() -> int:
    base, ours, theirs = (cat.load(_stage(n)) for n in (1, 2, 3))
    merged, clashes = merge(base, ours, theirs)
    changed = cat.save(merged)
    paths = [p.relative_to(cat.ROOT).as_posix() for p in cat.LOCALE.rglob("qwixo.*")]
    subprocess.run(["git", "add", *paths], cwd=cat.ROOT, check=True)
    print(f"{len(merged)} keys; {len(changed)} files written")
    for key in clashes:
        print(f"changed on both sides, ours kept: {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
