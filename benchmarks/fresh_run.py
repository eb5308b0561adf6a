"""How long ``make run`` takes on a fresh clone, as a new user runs it, and on a warm restart.

Usage: ``python3 benchmarks/fresh_run.py [--source DIR] [--keep] [--timeout S]``

Clones ``--source`` (default: this repository; its committed ``HEAD``) into a new temporary
directory, with empty download caches (uv's and pip's: every package comes from the index, as
on a new machine) and a new data directory, and runs ``make run`` there on a free port of
127.0.0.1 until the printed URL answers and ``/api/health`` says ``ready`` (the bots
compiled); then stops it (its whole process group) and runs ``make run`` again in the same
clone: the warm restart. It prints, for each start, the seconds from ``make run`` to the end of
the install (``make`` echoes the serve command), to the printed URL, to the first ``200`` of
the page and to ``ready``, and the size of the clone's ``.venv``. The figures depend on the
machine and its load: the load average is printed beside them. Needs ``git``, ``make``,
``python3`` and the package index (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
URL_RE = re.compile(r"(http://127\.0\.0\.1:\d+/)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except OSError:
        return 0, b""


def _du(path: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def make_run(clone: Path, env: dict[str, str], timeout: float) -> dict[str, float | None]:
    """``make run`` in ``clone`` until ready (or ``timeout``), then stopped; the seconds."""
    port = _free_port()
    out: dict[str, float | None] = {"installed": None, "url": None, "page": None, "ready": None}
    t0 = time.perf_counter()
    proc = subprocess.Popen(["make", "run", "HOST=127.0.0.1", f"PORT={port}"], cwd=clone,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    url: list[str] = []
    lines: list[str] = []
    found = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if out["installed"] is None and "qwixo serve" in line:
                out["installed"] = time.perf_counter() - t0
            m = URL_RE.search(line)
            if m and not url:
                out["url"] = time.perf_counter() - t0
                url.append(m.group(1))
                found.set()
        found.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        if not found.wait(timeout) or not url:
            raise RuntimeError("make run printed no URL:\n" + "".join(lines[-40:]))
        deadline = time.perf_counter() + timeout
        while out["page"] is None and time.perf_counter() < deadline:
            if _get(url[0])[0] == 200:
                out["page"] = time.perf_counter() - t0
            else:
                time.sleep(0.05)
        while time.perf_counter() < deadline:
            status, body = _get(url[0] + "api/health")
            if status == 200 and json.loads(body).get("ready"):
                out["ready"] = time.perf_counter() - t0
                break
            time.sleep(0.2)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        except ProcessLookupError:
            pass
        reader.join(5)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", default=str(ROOT), help="the repository to clone (its HEAD)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary clone")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds to wait per start")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="qwixo-fresh-"))
    try:
        clone = tmp / "qwixo"
        subprocess.run(["git", "clone", "-q", "--no-hardlinks", args.source, str(clone)],
                       check=True)
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NUMBA_CACHE_DIR", "MAKEFLAGS",
                            "MAKELEVEL", "QWIXO_DATA")}
        env.update(UV_CACHE_DIR=str(tmp / "uv-cache"), PIP_NO_CACHE_DIR="1",
                   QWIXO_DATA=str(tmp / "data"), QWIXO_LANG="en")
        print(f"load average: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()}); "
              f"clone of {args.source} at "
              + subprocess.run(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"],
                               capture_output=True, text=True).stdout.strip())

        def fmt(x: float | None) -> str:
            return "-" if x is None else f"{x:6.1f} s"

        print(f"{'make run':9} {'installed':>10} {'URL':>9} {'page':>9} {'bots ready':>11}")
        for name in ("fresh", "warm"):
            r = make_run(clone, env, args.timeout)
            print(f"{name:9} {fmt(r['installed']):>10} {fmt(r['url']):>9} {fmt(r['page']):>9} "
                  f"{fmt(r['ready']):>11}", flush=True)
        venv = clone / ".venv"
        heavy = [n for n in ("torch", "open_spiel", "stable_baselines3", "dask", "playwright")
                 if any(venv.glob(f"lib/python*/site-packages/{n}"))]
        print(f".venv: {_du(venv) / 2**20:.0f} MB; of torch, open_spiel, stable_baselines3, "
              f"dask, playwright it holds: {', '.join(heavy) or 'none'}")
        print(f"load average: {os.getloadavg()[0]:.2f}")
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
