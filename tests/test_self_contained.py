"""A clone of the repository is all a user has: no file in it names a path outside it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

OUTSIDE = [
    re.compile(r"(^|[^\w.])(\.\./)+shared/"),  # the development folder beside the repository
    re.compile(r"(^|[^\w.])shared/(spec|seeds|bench)\b"),
]
# the folder the clone sits in (in the development tree: the workplace's own folders), unless
# it is a system folder every machine has (a clone in /tmp: the docs' /tmp examples are not it)
if str(ROOT.parent) not in {"/", "/tmp", "/var/tmp", "/home", "/root"}:
    OUTSIDE.append(re.compile(re.escape(str(ROOT.parent) + "/")))


def tracked_text_files() -> list[Path]:
    try:
        names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                               check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: every file
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()
                 and ".venv" not in p.parts and ".git" not in p.parts]
    out = []
    for name in filter(None, names):
        path = ROOT / name
        if path.suffix in {".png", ".jpg", ".mo", ".npz", ".gz", ".ico", ".woff2"}:
            continue
        if path.is_file():
            out.append(path)
    return out


def test_no_path_outside_the_repository():
    found = []
    this = Path(__file__).resolve()
    for path in tracked_text_files():
        if path.resolve() == this:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for no, line in enumerate(text.splitlines(), 1):
            if any(p.search(line) for p in OUTSIDE):
                found.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()[:100]}")
    assert not found, "paths outside the repository:\n" + "\n".join(found[:20])
