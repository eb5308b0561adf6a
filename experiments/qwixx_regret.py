"""What the ``strong`` Qwixx bot's search noise costs: its regret against a bigger search.

Usage::

    python experiments/qwixx_regret.py [--games N] [--judge PLAYOUTS] [--opponent odds]
        [--playouts N] [--seed S]

``strong`` (its defaults, or ``--playouts`` per option) plays ``--games`` two-player classic
games against ``--opponent`` (seats alternated). At each of its decisions with a choice, a
judge — the same search without elimination and with ``--judge`` playouts per option on other
dice — values every option; the regret of the decision is the judge's best value minus the
judge's value of the option ``strong`` took (in win chance, plus 0.002 x margin). The mean
regret per game bounds what more playouts at this depth could win per game (the judge's own
noise makes it an overestimate).
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    import qwixo
    from qwixo.qwixx.strong import StrongBot

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--judge", type=int, default=8192)
    ap.add_argument("--opponent", default="odds")
    ap.add_argument("--playouts", type=int, default=None)
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args(argv)
    total = 0.0
    decisions = differ = 0
    for j in range(args.games):
        g = qwixo.new_game("qwixx", players=2, seed=args.seed + j)
        me = j % 2
        bots = {me: StrongBot(seed=j, playouts=args.playouts),
                1 - me: qwixo.make_bot("qwixx", args.opponent, seed=j)}
        judge = StrongBot(playouts=args.judge, prune=False)
        regret = 0.0
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in list(g.to_act):
                choice = bots[p].decide(g, p)
                if p == me and len(g.options(p)) > 1:
                    value = {e.option: e.value
                             for e in judge.evaluate(g, p, seed=999 + decisions)}
                    r = max(value.values()) - value[choice]
                    regret += r
                    decisions += 1
                    differ += r > 0
                g.choose(p, choice)
        total += regret
        print(f"game {j}: scores {g.scores()}, strong in seat {me}, regret {regret:.4f}",
              flush=True)
    print(f"{args.games} games, {decisions} decisions with a choice, {differ} where the judge "
          f"prefers another option; mean regret per game {total / max(args.games, 1):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
