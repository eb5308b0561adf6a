"""Connect Four's bots, weakest first: ``random``; ``greedy`` (wins at once when it can, else
blocks the opponent's win at once, else drops nearest the middle); ``search`` (negamax with
alpha-beta to a fixed depth, scoring the open threes and twos left)."""

from __future__ import annotations

import random
from typing import Any

from qwixo.bots import decision_options

from .rules import LETTERS, ConnectFour

CENTRE_FIRST = sorted(LETTERS, key=lambda c: abs(LETTERS.index(c) - 3))


class RandomBot:
    name = "random"
    light = True

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any) -> None:
        self.rng = random.Random(seed)

    def decide(self, game: ConnectFour, player: int) -> str:
        return self.rng.choice(decision_options(game, player))


class GreedyBot(RandomBot):
    name = "greedy"

    def decide(self, game: ConnectFour, player: int) -> str:
        opts = decision_options(game, player)
        for who in (player, 1 - player):  # win at once, else block the opponent's win
            line = next((c for c in opts if game.makes_line(c, who)), None)
            if line:
                return line
        return next(c for c in CENTRE_FIRST if c in opts)


def _score(game: ConnectFour, player: int) -> int:
    """Windows of four holding only ``player``'s discs and blanks, weighted by their discs."""
    total = 0
    for col in range(7):
        for row in range(6):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if not all(0 <= c < 7 and 0 <= r < 6 for c, r in cells):
                    continue
                marks = [game._mark(c, r) for c, r in cells]
                mine, theirs = marks.count(player), marks.count(1 - player)
                if theirs == 0:
                    total += (0, 1, 4, 16, 0)[mine]
                if mine == 0:
                    total -= (0, 1, 4, 16, 0)[theirs]
    return total


class SearchBot(RandomBot):
    name = "search"
    light = False

    def __init__(self, seconds: float | None = None, seed: int | None = None, depth: int = 4,
                 **kw: Any) -> None:
        super().__init__(seconds, seed)
        self.depth = depth

    def _negamax(self, game: ConnectFour, player: int, depth: int, alpha: float,
                 beta: float) -> float:
        if game.is_over:
            return game.scores()[player] * (1000 + depth)
        if depth == 0:
            return _score(game, player)
        best = -float("inf")
        for text in CENTRE_FIRST:
            if text not in game.options(player):
                continue
            game._drop(LETTERS.index(text))
            value = -self._negamax(game, 1 - player, depth - 1, -beta, -alpha)
            game.undo()
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best

    def decide(self, game: ConnectFour, player: int) -> str:
        opts = decision_options(game, player)
        work = game.copy()
        best, choice = -float("inf"), opts[0]
        for text in (c for c in CENTRE_FIRST if c in opts):
            work._drop(LETTERS.index(text))
            value = -self._negamax(work, 1 - player, self.depth - 1, -float("inf"), -best)
            work.undo()
            if value > best:
                best, choice = value, text
        return choice


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
