"""The engine protocol's cost per decision: a bot in process against the same bot through
``qwixo engine GAME BOT`` (docs/engine-protocol.md, "Overhead").

Both sides decide at the same positions: whole games of a light bot against itself are
played first (their positions kept), then each position is decided by the bot in process
(``decide`` on the game) and by an :class:`qwixo.engine.EngineBot` hosting ``qwixo engine``
(one engine process for the run, the ``position`` and ``go`` lines, the engine loading the
seat's save, continuing the last one, and answering). The overhead is the difference of the
mean times (wall clock: what a game waits), and of the processor time (the host's and the
engine process's together: what the machine spends, which a loaded machine does not inflate
the way it delays a round trip between two processes); runs interleave and the best of each
is kept, the machine being shared. Usage::

    python benchmarks/engine_overhead.py [--game G] [--bot B] [--games N] [--repeat R]

Defaults: each registered game, its strongest light bot (:func:`qwixo.bots.fallback_bot`),
10 games, best of 3. A line per game: ``GAME BOT: in process X ms, through the engine Y ms,
overhead Z ms a decision (CPU: C ms; N decisions)``; exit status 1 when a wall-clock overhead
is above 1 ms (the target).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time

import qwixo
from qwixo.bots import fallback_bot
from qwixo.engine import EngineBot, EngineSpec

TARGET_MS = 1.0


def positions(game: str, bot: str, games: int) -> list[list[tuple[object, int]]]:
    """For each of ``games`` whole games of ``bot`` against itself, (game, seat) before every
    decision."""
    out = []
    for i in range(games):
        out.append([])
        g = qwixo.new_game(game, **({"seed": i} if qwixo.game_info(game).setting("seed")
                                    else {}))
        bots = [qwixo.make_bot(game, bot, seed=100 * i + p) for p in range(g.num_players)]
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in list(g.to_act):
                out[-1].append((g.copy(), p))
                g.choose(p, bots[p].decide(g, p))
    return out


def engine_cpu(bot: EngineBot) -> float:
    """Processor seconds the engine's process has used (Linux: ``/proc``; 0 elsewhere)."""
    try:
        fields = open(f"/proc/{bot.proc.proc.pid}/stat").read().rsplit(")", 1)[1].split()
    except (OSError, AttributeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(bot, at: list[list[tuple[object, int]]]) -> tuple[float, float]:
    """Mean wall-clock and processor seconds of a decision of ``bot`` over the positions (an
    engine gets ``newgame`` before each game, not counted: a game's cost, not a decision's)."""
    spent, cpu, n = 0.0, 0.0, 0
    for one in at:
        if isinstance(bot, EngineBot):
            bot.new_game(*one[0])
        c0 = time.process_time() + (engine_cpu(bot) if isinstance(bot, EngineBot) else 0.0)
        t0 = time.perf_counter()
        for g, p in one:
            bot.decide(g, p)
        spent += time.perf_counter() - t0
        cpu += time.process_time() + (engine_cpu(bot) if isinstance(bot, EngineBot) else 0.0) \
            - c0
        n += len(one)
    return spent / n, cpu / n


def measure(game: str, bot: str, games: int, repeat: int) -> tuple[tuple[float, float],
                                                                   tuple[float, float], int]:
    at = positions(game, bot, games)
    cmd = f"{shlex.quote(sys.executable)} -m qwixo engine {game} {bot}"
    hosted = EngineBot(EngineSpec.parse(f"bench={cmd}"), game, seed=1)
    try:
        hosted.decide(*at[0][0])  # the engine started (its start is not a decision's cost)
        best_in, best_out = (float("inf"),) * 2, (float("inf"),) * 2
        for _ in range(repeat):
            best_in = min(best_in, timed(qwixo.make_bot(game, bot, seed=1), at))
            best_out = min(best_out, timed(hosted, at))
    finally:
        hosted.close()
    return best_in, best_out, sum(map(len, at))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=None)
    ap.add_argument("--bot", default=None)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    worst = 0.0
    for game in [args.game] if args.game else qwixo.game_names():
        bot = args.bot or fallback_bot(game)
        (inproc, in_cpu), (hosted, out_cpu), n = measure(game, bot, args.games, args.repeat)
        over = (hosted - inproc) * 1000
        worst = max(worst, over)
        print(f"{game} {bot}: in process {inproc * 1000:.3f} ms, through the engine "
              f"{hosted * 1000:.3f} ms, overhead {over:.3f} ms a decision (CPU: "
              f"{(out_cpu - in_cpu) * 1000:.3f} ms; {n} decisions)")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
