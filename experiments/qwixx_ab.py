"""Paired A/B of two Qwixx bots against one opponent, on the same deals.

Usage::

    python experiments/qwixx_ab.py [--a "strong+weights=FILE"] [--b strong] [--opponent odds]
        [--deals N] [--seed S] [--edition E] [--jobs J] [--playouts N] [--progress K]

(default: ``strong`` without its margin term against ``strong``, 150 deals against ``odds``).

Every deal (the deals of ``benchmarks/qwixx_strength.py``: the same ``--seed`` gives the same
dice) is played by ``A`` against the opponent, seats swapped, and by ``B`` against it on the
same dice, seats swapped (4 games a deal in 2 players; ``A`` and ``B`` take any name of
``qwixx_strength.py``: ``strong+option=value``, ``strong-gap``, ``td``, a registry bot, ``x-...``).
Printed: each one's win rate against the opponent with its 95 % Wilson interval (the games of
``B`` are exactly those of ``qwixx_strength.py --tables "B,OPP"`` with the same seed and
deals), and the **paired difference** A - B per deal with its 95 % interval (normal, from the
spread of the per-deal differences) and the correlation of A's and B's results deal by deal.
On the same dice the two results go together (correlation about 0.4-0.6 for two variants of
``strong`` against ``odds``), so the paired interval is narrower than the difference of the
two separate intervals would suggest: about +-3.7 points over 150 deals.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import sys
from pathlib import Path
from typing import Any

# this folder and benchmarks/ (qwixx_outside, qwixx_strength) for the imports below
sys.path[:0] = [str(Path(__file__).resolve().parent),
                str(Path(__file__).resolve().parents[1] / "benchmarks")]
import qwixx_outside  # noqa: E402
import qwixx_strength as qs  # noqa: E402

qs.PLAYERS.append(qwixx_outside.outside)  # the x-... players


def paired(da: list[float], db: list[float]) -> dict[str, float]:
    """Means of the per-deal win shares ``da`` and ``db``, the mean paired difference with the
    half-width of its 95 % interval (1.96 standard errors of the per-deal differences) and
    their correlation (nan when one side does not vary).

    >>> r = paired([1.0, 0.5, 0.0, 1.0], [0.5, 0.5, 0.0, 0.5])
    >>> round(r["a"], 3), round(r["b"], 3), round(r["diff"], 3), round(r["half"], 3)
    (0.625, 0.375, 0.25, 0.283)
    """
    n = len(da)
    ma, mb = sum(da) / n, sum(db) / n
    d = [x - y for x, y in zip(da, db, strict=True)]
    md = sum(d) / n
    k = max(n - 1, 1)
    sd = math.sqrt(sum((x - md) ** 2 for x in d) / k)
    va = sum((x - ma) ** 2 for x in da) / k
    vb = sum((y - mb) ** 2 for y in db) / k
    cov = sum((x - ma) * (y - mb) for x, y in zip(da, db, strict=True)) / k
    rho = cov / math.sqrt(va * vb) if va * vb > 0 else float("nan")
    return {"deals": n, "a": ma, "b": mb, "diff": md, "half": 1.96 * sd / math.sqrt(n),
            "rho": rho}


def deal_shares(task: tuple) -> tuple[int, float, float]:
    """Deal ``j``: the mean win share of ``A`` and of ``B`` over their games against the
    opponent (every rotation of the seats, the same dice)."""
    j, a, b, opp, edition, seed, playouts = task
    out = []
    for name in (a, b):
        recs = qs.play_deal((j, [name, opp], edition, seed, playouts, None))
        out.append(sum(r["share"][r["seats"].index(name)] for r in recs) / len(recs))
    return j, out[0], out[1]


def run(a: str, b: str, opp: str, deals: int, seed: int = 2026, edition: str = "classic",
        jobs: int = 1, playouts: int | None = 256, progress: int = 0) -> dict[str, Any]:
    """The A/B over ``deals`` deals (``jobs`` processes): :func:`summary` of the per-deal
    shares."""
    if a == b or opp in (a, b):
        raise SystemExit("A, B and the opponent must be three different names")
    tasks = [(j, a, b, opp, edition, seed, playouts) for j in range(deals)]
    res: dict[int, tuple[float, float]] = {}
    pool = mp.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        it = pool.imap_unordered(deal_shares, tasks) if pool else map(deal_shares, tasks)
        for j, x, y in it:
            res[j] = (x, y)
            if progress and len(res) % progress == 0 and len(res) < deals:
                print("  " + line(summary(res)), flush=True)
    finally:
        if pool:
            pool.close()
    return summary(res)


def summary(res: dict[int, tuple[float, float]]) -> dict[str, Any]:
    """:func:`paired` of the per-deal shares ``res`` (deal: A's, B's), with ``shares`` (in
    deal order) and the Wilson intervals ``a_ci``, ``b_ci`` of the two win rates over the
    games (2 a deal)."""
    from qwixo.tournament.stats import wilson

    keys = sorted(res)
    da, db = [res[j][0] for j in keys], [res[j][1] for j in keys]
    out = paired(da, db)
    games = 2 * len(keys)
    out["a_ci"] = wilson(out["a"] * games, games)
    out["b_ci"] = wilson(out["b"] * games, games)
    out["shares"] = [res[j] for j in keys]
    return out


def line(r: dict[str, Any]) -> str:
    return (f"{r['deals']} deals: A {100 * r['a']:.1f}% [{100 * r['a_ci'][0]:.1f}-"
            f"{100 * r['a_ci'][1]:.1f}], B {100 * r['b']:.1f}% [{100 * r['b_ci'][0]:.1f}-"
            f"{100 * r['b_ci'][1]:.1f}]; A - B {100 * r['diff']:+.1f} points "
            f"+- {100 * r['half']:.1f} (95 %, paired by deal; correlation {r['rho']:.2f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", default="strong+margin_weight=0.0",
                    help="bot A (a name of qwixx_strength.py)")
    ap.add_argument("--b", default="strong", help="bot B")
    ap.add_argument("--opponent", default="odds")
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--playouts", type=int, default=256,
                    help="strong: playouts per option (0: the bot's default)")
    ap.add_argument("--progress", type=int, default=0,
                    help="print the figures so far every K deals")
    args = ap.parse_args(argv)
    print(f"A = {args.a}, B = {args.b}, against {args.opponent}: {args.edition}, 2 players, "
          f"seed {args.seed}", flush=True)
    r = run(args.a, args.b, args.opponent, args.deals, args.seed, args.edition, args.jobs,
            args.playouts or None, args.progress)
    print(line(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
