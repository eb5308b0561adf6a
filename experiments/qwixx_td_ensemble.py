"""Average several ``td`` value networks into one (an ensemble) and check its greedy policy.

Usage::

    python experiments/qwixx_td_ensemble.py [--members FILE,FILE,...] [--key classic/2]
        [--check N] [--seed S] [--out FILE]

Each member is the vector at ``--key`` of a weights file (``tools/qwixx_td_train.py --out FILE``
makes one; ``shipped`` names the package's own). The ensemble is one network whose log-odds are
the mean of the members' (``td_train.average_networks``: the hidden units side by side, at most
``td.HMAX`` in all), so the kernel, ``strong`` and the greedy policy use it as any network.
``--check N`` (default 4,000; 0: none): every member's and the ensemble's greedy policy play
``N`` paired kernel games (seats rotating, the same dice for all: ``qwixo.qwixx.td_train.td_shares``)
against ``odds``, ``ev`` and ``gap``; printed: the win shares and their mean. ``--out FILE``: a copy of the shipped weights
file with ``--key`` replaced by the ensemble (rounded to 6 decimals, as ``qwixx_td_train.py`` writes
them) and this command (without ``--out``) added to its ``commands``, for
``strong+weights=FILE`` (``experiments/qwixx_ab.py``) or, as the package's file, to ship it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from qwixo.qwixx import td, td_train
from qwixo.qwixx.td_train import WEIGHTS_FILE, td_shares, write_copy

OPPONENTS = ("odds", "ev", "gap")


def member(spec: str, key: str) -> np.ndarray:
    """The weights at ``key`` of the weights file ``spec`` (``shipped``: the package's)."""
    path = WEIGHTS_FILE if spec == "shipped" else Path(spec)
    data = json.loads(path.read_text("utf-8"))
    return td.pad_weights(np.asarray(data.get("weights", data)[key], np.float64))


def check(w: np.ndarray, edition: str, players: int, games: int, seed: int) -> dict[str, float]:
    return {o: float(td_shares(edition, players, o, games, seed, w).mean()) for o in OPPONENTS}


def _without_out(given: list[str]) -> list[str]:
    """The command-line arguments without ``--out FILE`` / ``--out=FILE``.

    >>> _without_out(["--members", "a,b", "--out", "f.json", "--check", "9", "--out=g"])
    ['--members', 'a,b', '--check', '9']
    """
    kept: list[str] = []
    skip = False
    for a in given:
        if skip or a.startswith("--out="):
            skip = False
            continue
        skip = a == "--out"
        if not skip:
            kept.append(a)
    return kept


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", default="shipped",
                    help="weights files, comma-separated (shipped: the package's)")
    ap.add_argument("--key", default="classic/2")
    ap.add_argument("--check", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    edition, players = args.key.split("/")[0], int(args.key.split("/")[1].split("@")[0])
    specs = args.members.split(",")
    ws = [member(s, args.key) for s in specs]
    ens = td_train.average_networks(ws)
    print(f"{len(ws)} members, {td.hidden_units(ens)} hidden units in all", flush=True)
    if args.check:
        for name, w in [*zip(specs, ws, strict=True), ("ensemble", ens)]:
            t0 = time.perf_counter()
            r = check(w, edition, players, args.check, args.seed)
            print(f"{name}: " + ", ".join(f"vs {o} {100 * v:.2f}%" for o, v in r.items())
                  + f"; mean {100 * np.mean(list(r.values())):.2f}% "
                  f"({time.perf_counter() - t0:.0f} s)", flush=True)
    if args.out:
        cmd = " ".join(["python experiments/qwixx_td_ensemble.py",
                        *_without_out(sys.argv[1:] if argv is None else argv)])
        write_copy(args.out, args.key, ens, cmd)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
