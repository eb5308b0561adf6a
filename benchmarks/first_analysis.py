"""How long the first analysis of a game takes on a fresh install, without and with the tables
built ahead (``GameInfo.tables``: what ``qwixo warm-up`` and the server's analysis worker build at
their start).

Usage: ``python benchmarks/first_analysis.py [--seconds 10]``. In a new, empty data directory
(``QWIXO_DATA``) each time: "before" analyses a 4×4 Quixo game and a classic Qwixx solitaire game
straight away (each analysis builds the table it needs: the 4×4 database, the solitaire table);
"after" builds the tables first (:func:`qwixo.server.warmup.prepare_tables`, its time printed
apart, as the warm-up spends it) and then analyses the same games. The kernels are compiled (or
loaded) before either, so that only the tables differ.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def _games():
    from analysis import play  # (benchmarks/analysis.py: the bots' games it analyses)

    return [("Quixo 4x4", play("quixo", 1, size=4, ply_limit=200)),
            ("Qwixx classic solitaire", play("qwixx", 1, players=1, seed=1))]


def _fresh(label: str, seconds: float, tables: bool) -> list[tuple[str, float]]:
    from qwixo.analysis import analyse
    from qwixo.qwixx import solitaire
    from qwixo.server.warmup import prepare_tables

    out = []
    with tempfile.TemporaryDirectory(prefix="qwixo-first-") as data:
        os.environ["QWIXO_DATA"] = data
        solitaire._LOADED.clear()  # (a table kept in memory from the other run)
        if tables:
            t0 = time.perf_counter()
            prepare_tables()
            out.append(("the tables, at the warm-up", time.perf_counter() - t0))
        for name, g in _games():
            t0 = time.perf_counter()
            a = analyse(g, seconds=seconds)
            out.append((f"first analysis, {name} ({len(a['points'])} decisions"
                        f"{', exact' if a['exact'] else ''})", time.perf_counter() - t0))
    for what, s in out:
        print(f"{label:7s} {what:62s} {s:7.1f} s", flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    args = ap.parse_args()
    from qwixo.server.warmup import warm_up

    warm_up()  # the kernels: compiled or loaded, the same for both runs
    _games()  # (the bots' own first use)
    print(f"budget {args.seconds:g} s per analysis; load {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    _fresh("before", args.seconds, tables=False)
    _fresh("after", args.seconds, tables=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
