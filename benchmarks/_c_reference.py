"""Where the benchmarks find an outside C reference loop (e.g. ``quixo_fast.c``,
``qwixx_fast.c``): these programs are not part of qwixo, so a benchmark is told where they are.

- ``--c-ref PATH`` (a benchmark's option): the C file itself, or the folder that holds it;
- else ``$QWIXO_C_REF``: the same (a file or a folder);
- else the comparison is skipped, and the benchmark says so clearly.

>>> find_c_reference("nothing_here.c", None, env={}) is None
True
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ENV = "QWIXO_C_REF"


def find_c_reference(name: str, option: str | None, env: dict | None = None) -> Path | None:
    """The C source ``name`` from ``option`` or ``$QWIXO_C_REF`` (a file or a folder), or None."""
    env = os.environ if env is None else env
    for given in (option, env.get(ENV)):
        if not given:
            continue
        path = Path(given).expanduser()
        if path.is_dir():
            path = path / name
        if path.is_file():
            return path
        raise SystemExit(f"C reference {name} not found at {path}")
    return None


def absent_message(name: str) -> str:
    return (f"C reference {name} not given: the side-by-side comparison is skipped "
            f"(pass --c-ref PATH or set {ENV}=PATH, a file or the folder that holds it)")


def compile_c(src: Path, workdir: Path) -> Path:
    """``cc -O3`` ``src`` into ``workdir``; the executable's path."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise SystemExit("no C compiler (cc) found")
    exe = workdir / src.stem
    subprocess.run([cc, "-O3", "-o", str(exe), str(src)], check=True)
    return exe
