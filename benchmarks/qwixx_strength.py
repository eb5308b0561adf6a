"""Qwixx bot strength: paired tables on common dice, win rates with 95% intervals.

Usage::

    python benchmarks/qwixx_strength.py [--tables "strong,odds;strong,gap"] [--deals N]
        [--edition E] [--jobs J] [--seed S] [--playouts N | --seconds T] [--solo N]
        [--progress N]

1. Strength: each table (a ``;``-separated list of comma-separated lineups, one bot per seat)
   plays ``--deals`` deals; a deal is played once per rotation of the seats on the **same
   dice** (common random numbers: seat ``s`` meets the same rolls in every rotation), so a
   two-player table plays every deal twice with the seats swapped. Printed per bot: the win
   rate (a shared first place counts as a share) with its 95% Wilson interval over the games,
   the mean score, and the milliseconds per decision. ``strong`` is made with ``--playouts``
   (default: the bot's default) or a time budget ``--seconds`` per decision; ``strong-gap``,
   ``strong-odds`` and ``strong-ev`` are the ``strong`` bot with that playout model (``gap``:
   its model before ``odds``), ``strong-tdD`` the ``td`` model with its playouts cut after
   ``D`` rolls (:mod:`qwixo.qwixx.td`), ``td`` the greedy policy of the learnt value function;
   ``+option`` or ``+option=value`` after a ``strong`` name passes that option to the bot
   (``strong+joint``: the joint search of action 1 and action 2).
2. The mean score of each bot in solitaire (``--solo N`` games, 0 to skip).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

DEFAULT_TABLES = "strong,odds;strong,gap;strong,race"
#: makers of players from outside the package, ``(name, seed) -> bot or None`` (None: not
#: one of its names): a script that plays these tables with players of its own adds its maker
PLAYERS: list[Callable[[str, int], Any]] = []


def make(name: str, seed: int, playouts: int | None, seconds: float | None) -> Any:
    import qwixo

    kw: dict[str, Any] = {}
    if name.startswith("strong") and "+" in name:  # strong options: strong-td2+joint
        name, *flags = name.split("+")
        for f in flags:
            key, _, value = f.partition("=")
            kw[key] = _value(value)
        from qwixo.qwixx.strong import StrongBot

        if name.startswith("strong-td") and name[9:]:
            kw["depth"] = int(name[9:])
        model = name[7:] if name[7:] in ("gap", "ev", "odds") else "td"
        # an option after the name wins over --playouts: strong+playouts=1024
        return StrongBot(seconds=seconds, seed=seed, model=model,
                         **{**({"playouts": playouts} if playouts else {}), **kw})
    if name.startswith("strong"):
        if playouts:
            kw["playouts"] = playouts
        if name in ("strong-gap", "strong-ev", "strong-odds"):  # other playout models
            from qwixo.qwixx.strong import StrongBot

            return StrongBot(seconds=seconds, seed=seed, model=name[7:], **kw)
        if name.startswith("strong-td"):  # the td model cut after D rolls: strong-tdD
            from qwixo.qwixx.strong import StrongBot

            if name[9:]:
                kw["depth"] = int(name[9:])
            return StrongBot(seconds=seconds, seed=seed, model="td", **kw)
    for maker in PLAYERS:  # players of a script that runs these tables with its own
        bot = maker(name, seed)
        if bot is not None:
            return bot
    if name == "td":  # the greedy policy of the learnt value function
        from qwixo.qwixx.rulebots import TdBot

        return TdBot(seconds=seconds, seed=seed)
    return qwixo.make_bot("qwixx", name, seconds=seconds, seed=seed, **kw)


def _value(text: str) -> Any:
    """An option's value from its text: a number if it reads as one, else the text (no
    text: True)."""
    if not text:
        return True
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def play_deal(task: tuple) -> list[dict[str, Any]]:
    """Every rotation of ``lineup`` on the dice of deal ``j``: one record per game."""
    import qwixo

    j, lineup, edition, seed, playouts, seconds = task
    P = len(lineup)
    faces = 8 if edition == "longo" else 6
    out = []
    for rot in range(P):
        seats = lineup[rot:] + lineup[:rot]
        dice_rng = random.Random(f"qwixx-deal:{seed}:{j}")
        g = qwixo.new_game("qwixx", edition=edition, players=P, seed=seed * 100_003 + j)
        bots = [make(n, random.Random(f"qwixx-bot:{seed}:{j}:{n}").getrandbits(62), playouts,
                     seconds) for n in seats]
        times = [0.0] * P
        counts = [0] * P
        while not g.is_over:
            if g.needs_roll:
                d = [dice_rng.randint(1, faces) for _ in range(6)]
                g.roll([x if k < 2 or not (g.closed >> (k - 2)) & 1 else None
                        for k, x in enumerate(d)])
                continue
            for p in list(g.to_act):
                t0 = time.perf_counter()
                choice = bots[p].decide(g, p)
                times[p] += time.perf_counter() - t0
                counts[p] += 1
                g.choose(p, choice)
        sc = g.scores()
        best = max(sc)
        m = sc.count(best)
        out.append({"seats": seats, "scores": sc,
                    "share": [1.0 / m if s == best else 0.0 for s in sc],
                    "times": times, "counts": counts})
    return out


def summarize(lineup: list[str], recs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per bot of ``lineup``: games, win share with its 95% Wilson interval, mean score,
    milliseconds per decision, over the game records ``recs``."""
    from qwixo.tournament.stats import wilson

    res: dict[str, dict[str, float]] = {}
    for name in dict.fromkeys(lineup):
        n = w = pts = t = c = 0.0
        for r in recs:
            for s, who in enumerate(r["seats"]):
                if who == name:
                    n += 1
                    w += r["share"][s]
                    pts += r["scores"][s]
                    t += r["times"][s]
                    c += r["counts"][s]
        lo, hi = wilson(w, n)
        res[name] = {"games": n, "win": w / n, "lo": lo, "hi": hi, "score": pts / n,
                     "ms": 1000 * t / max(c, 1)}
    return res


def line(res: dict[str, dict[str, float]]) -> str:
    return "; ".join(f"{n}: win {100 * r['win']:.1f}% [{100 * r['lo']:.1f}-"
                     f"{100 * r['hi']:.1f}], mean {r['score']:.1f}, {r['ms']:.1f} ms/dec"
                     for n, r in res.items())


def run_table(lineup: list[str], deals: int, edition: str, seed: int, jobs: int,
              playouts: int | None, seconds: float | None,
              progress: int = 0) -> dict[str, dict[str, float]]:
    """Play the deals (``jobs`` processes); with ``progress`` > 0, print the figures so far
    after every ``progress`` deals finished (a partial result if the run is cut short)."""
    tasks = [(j, lineup, edition, seed, playouts, seconds) for j in range(deals)]
    recs: list[dict[str, Any]] = []
    done = 0
    with mp.get_context("fork").Pool(jobs) if jobs > 1 else _Serial() as pool:
        for deal in pool.imap_unordered(play_deal, tasks):
            recs.extend(deal)
            done += 1
            if progress and done % progress == 0 and done < deals:
                print(f"  [{done} of {deals} deals done] {line(summarize(lineup, recs))}",
                      flush=True)
    return summarize(lineup, recs)


class _Serial:
    """The pool interface in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    @staticmethod
    def imap_unordered(f: Any, tasks: list[Any]) -> Any:
        return map(f, tasks)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", default=DEFAULT_TABLES,
                    help=f"lineups, ';'-separated (default {DEFAULT_TABLES!r})")
    ap.add_argument("--deals", type=int, default=150,
                    help="deals per table; each is played once per seat rotation")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--playouts", type=int, default=None, help="strong: playouts per option")
    ap.add_argument("--seconds", type=float, default=None, help="time budget per decision")
    ap.add_argument("--solo", type=int, default=0, help="solitaire games per bot (0: skip)")
    ap.add_argument("--progress", type=int, default=0,
                    help="print the figures so far after every N deals (0: at the end only)")
    args = ap.parse_args(argv)

    warnings.simplefilter("ignore", RuntimeWarning)  # optimal's fallback notice
    budget = f"{args.seconds} s/decision" if args.seconds else \
        f"{args.playouts or 'default'} playouts/option"
    for table in [t for t in args.tables.split(";") if t.strip()]:
        lineup = [x.strip() for x in table.split(",")]
        t0 = time.perf_counter()
        res = run_table(lineup, args.deals, args.edition, args.seed, args.jobs, args.playouts,
                        args.seconds, args.progress)
        games = args.deals * len(lineup)
        print(f"[{args.edition}, {len(lineup)} players, {games} games = {args.deals} deals x "
              f"{len(lineup)} seatings, strong: {budget}, {time.perf_counter() - t0:.0f} s] "
              + line(res), flush=True)
    if args.solo > 0:
        from qwixo.tournament.runner import run_tournament

        for bot in ["random", "race", "gap", "optimal", "odds", "strong"]:
            rep = run_tournament("qwixx", [bot], games=args.solo, players=1,
                                 edition=args.edition, jobs=args.jobs, seed=args.seed)
            sc = rep["bots"][0]["score"]
            half = 1.96 * sc["std"] / max(sc["n"], 1) ** 0.5
            print(f"solitaire {bot}: mean {sc['mean']:.1f} ± {half:.1f} (95% CI), "
                  f"median {sc['median']:.0f}, {sc['n']} games", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
