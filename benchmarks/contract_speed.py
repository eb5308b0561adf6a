"""Whole Qwixx games through the public contract against a naive pure-Python referee.

Both sides play the same games: the same dice (drawn here and given to ``roll(dice)``, a
removed die as ``None``) and the same decisions (uniform among the sorted options, from one
seeded stream each side). The engine goes through ``qwixo.new_game``, ``roll``, ``options`` and
``choose`` only; the referee is the independent one the tests compare the engine with
(``qwixo.qwixx.referee``, its own sheet tables, no import from the rest of ``qwixo.qwixx``).
Runs interleave (engine, referee, engine, ...) and the best of each is kept, the machine being
shared. Usage::

    python benchmarks/contract_speed.py [--games N] [--edition E] [--players P] [--repeat R]

Defaults: 3-player classic games, 1,000 each, best of 3. The last line is ``ratio: X``
(engine games/s over referee games/s; the target is at least 2). Exit status 1 when the two
sides disagree on the total score (then they did not play the same games).
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def play(game, removed, rng: random.Random, dice_rng: random.Random, faces: int) -> list[int]:
    """One whole game; ``removed(game)`` -> the colour letters of the dice out of the game."""
    while not game.is_over:
        if game.needs_roll:
            out = removed(game)
            roll = [int(dice_rng.random() * faces) + 1 for _ in range(6)]
            for k, c in enumerate("rygb"):
                if c in out:
                    roll[2 + k] = None
            game.roll(roll)
            continue
        for p in game.to_act:
            game.choose(p, rng.choice(sorted(game.options(p))))
    return game.scores()


def games_per_second(make, removed, games: int, faces: int) -> tuple[float, int]:
    rng, dice_rng = random.Random(0), random.Random(1)
    total = 0
    t0 = time.perf_counter()
    for k in range(games):
        total += sum(play(make(k), removed, rng, dice_rng, faces))
    return games / (time.perf_counter() - t0), total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    import qwixo
    from qwixo.qwixx import referee as ref
    from qwixo.qwixx.kernels import lucky_deal

    ed, n = args.edition, args.players
    faces = ref.SHEETS[ed][0]

    def lucky(k):
        return lucky_deal(ed, n, k) or None  # (Longo) the engine's deal, given to both

    def engine(k):
        return qwixo.new_game("qwixx", edition=ed, players=n, seed=k, lucky=lucky(k))

    def referee(k):
        return ref.Referee(ed, n, seed=k, lucky=lucky(k))

    def engine_removed(g):
        return g.removed_dice

    def referee_removed(r):
        return r.closed

    games_per_second(engine, engine_removed, 50, faces)  # warm-up (kernels compiled or loaded)
    eng = rs = 0.0
    eng_total = ref_total = None
    for _ in range(max(1, args.repeat)):
        speed, eng_total = games_per_second(engine, engine_removed, args.games, faces)
        eng = max(eng, speed)
        speed, ref_total = games_per_second(referee, referee_removed, args.games, faces)
        rs = max(rs, speed)
    same = "same" if eng_total == ref_total else "DIFFERENT"
    print(f"{ed}, {n} players, {args.games} games each side, best of {args.repeat}, "
          f"same dice and decisions ({same} total score {eng_total})")
    print(f"engine (new_game/roll/options/choose): {eng:,.0f} games/s")
    print(f"referee (naive pure Python):           {rs:,.0f} games/s")
    print(f"ratio: {eng / rs:.2f}")
    return 0 if same == "same" else 1


if __name__ == "__main__":
    sys.exit(main())
