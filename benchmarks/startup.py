"""How long ``qwixo serve`` takes to answer its first page, cold and warm ("ready at
once").

Usage: ``.venv/bin/python benchmarks/startup.py [--runs N] [--ready-timeout S] [--no-bytecode]``

- **cold**: the numba kernel cache emptied — ``NUMBA_CACHE_DIR`` points at a new empty
  directory, as on a fresh clone — and a new data directory;
- **warm**: started again on the cache the cold start left.

For each start it prints the seconds from launching the process to the "serving on" line, to
the first ``200`` of ``GET /`` (the page), and to ``ready`` in ``/api/health`` (the bots and
hints compiled or loaded in the server and its bot worker processes), and (Linux) the CPU time
its processes had used at the page and at ``ready``: the server, the bot workers' fork server
and the workers. The figures depend on the machine and its load (the CPU time much less than
the seconds): the load average is printed next to them.

``--no-bytecode``: every start without Python's bytecode cache (``PYTHONDONTWRITEBYTECODE``
and an empty ``PYTHONPYCACHEPREFIX``): what a start costs where uv installed the packages (no
``.pyc`` files) and the shell turns the cache off, as ``make run`` did before it turned the
cache back on for the server.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import urllib.request
from collections.abc import Callable

from qwixo.server.serve_process import ServeProcess


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except OSError:
        return 0, b""


def tree_cpu(pid: int) -> float | None:
    """CPU seconds used by ``pid`` and every process under it (Linux ``/proc``; else None)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / tick
        for task in os.listdir(f"/proc/{pid}/task"):  # (children of every thread)
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    total += tree_cpu(int(child)) or 0.0
    except (OSError, IndexError, ValueError):
        return None
    return total


def start(cache: str, data: str, ready_timeout: float,
          on_page: Callable[[dict[str, float | None]], None] | None = None,
          env: dict[str, str] | None = None) -> dict[str, float | None]:
    t0 = time.perf_counter()
    srv = ServeProcess("--db", os.path.join(data, "qwixo.sqlite"), timeout=600,
                       env={"NUMBA_CACHE_DIR": cache, "QWIXO_DATA": data, **(env or {})},
                       keep_output=False)
    out: dict[str, float | None] = {"serving_on": time.perf_counter() - t0, "page": None,
                                    "page_cpu": None, "ready": None, "cpu": None}
    try:
        url = str(srv.url)
        while out["page"] is None:
            status, _ = _get(url)
            if status == 200:
                out["page"] = time.perf_counter() - t0
                out["page_cpu"] = tree_cpu(srv.proc.pid)
            else:
                time.sleep(0.05)
        if on_page is not None:
            on_page(out)
        end = time.perf_counter() + ready_timeout
        while time.perf_counter() < end:
            status, body = _get(url + "api/health")
            if status == 200 and json.loads(body).get("ready"):
                out["ready"] = time.perf_counter() - t0
                out["cpu"] = tree_cpu(srv.proc.pid)
                break
            time.sleep(0.2)
    finally:
        srv.stop()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="warm starts after the cold one")
    ap.add_argument("--ready-timeout", type=float, default=900.0,
                    help="seconds to wait for /api/health's ready")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="start without Python's bytecode cache (see above)")
    args = ap.parse_args()

    def fmt(x: float | None) -> str:
        return "-" if x is None else f"{x:6.2f} s"

    print(f"load average: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"{'start':6} {'serving on':>11} {'page':>9} {'CPU then':>9} {'bots ready':>11} "
          f"{'CPU then':>9}")
    with tempfile.TemporaryDirectory(prefix="qwixo-startup-") as tmp:
        cache = os.path.join(tmp, "numba-cache")
        os.mkdir(cache)
        env = {"PYTHONDONTWRITEBYTECODE": ""}  # (as ``make run``: the cache on)
        if args.no_bytecode:
            env = {"PYTHONDONTWRITEBYTECODE": "1",
                   "PYTHONPYCACHEPREFIX": tempfile.mkdtemp(dir=tmp)}
        for i in range(1 + args.runs):
            data = tempfile.mkdtemp(dir=tmp)
            r = start(cache, data, args.ready_timeout, env=env, on_page=lambda r, i=i: print(
                f"{'cold' if i == 0 else 'warm':6} {fmt(r['serving_on']):>11} "
                f"{fmt(r['page']):>9} {fmt(r['page_cpu']):>9}", end="", flush=True))
            print(f" {fmt(r['ready']):>11} {fmt(r['cpu']):>9}", flush=True)


if __name__ == "__main__":
    main()
