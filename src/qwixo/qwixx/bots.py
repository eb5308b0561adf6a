"""Qwixx bots: the registry :data:`BOTS` (weakest first) used by ``qwixo.make_bot("qwixx", ...)``.

Every bot has ``decide(game, player) -> str``: the text of one legal option of ``player`` now.
A bot never changes the game it is given, and is deterministic from its ``seed``.

>>> import qwixo
>>> bot = qwixo.make_bot("qwixx", "random", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from qwixo.core import Game, IllegalMove


class RandomBot:
    """Uniformly random among the legal options (pass included): the weakest baseline.

    >>> from qwixo.qwixx.bots import RandomBot
    >>> RandomBot(seed=3).name
    'random'
    """

    name = "random"

    def __init__(self, seconds: float | None = None, seed: int | None = None, **_: Any) -> None:
        self.seconds = seconds
        self.rng = random.Random(seed)

    def decide(self, game: Game, player: int) -> str:
        opts = [str(o) for o in game.options(player)]
        if not opts:
            raise IllegalMove("not_your_turn", player=player)
        return self.rng.choice(opts)


BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
}
