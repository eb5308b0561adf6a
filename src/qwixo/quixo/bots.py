"""Quixo bots: the registry :data:`BOTS` (``name -> factory(seconds=None, seed=None, **kw)``,
weakest first), used by ``qwixo.make_bot("quixo", name)``.

Every bot has ``decide(game, player) -> str``: the text of a legal option of ``player``; it never
changes the game it is given.

>>> import qwixo
>>> bot = qwixo.make_bot("quixo", "random", seed=1)
>>> g = qwixo.new_game("quixo", size=3)
>>> bot.decide(g, 0) in g.options(0)
True
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from qwixo.core import Game, IllegalMove


class RandomBot:
    """Plays a uniformly random legal option (through the contract only).

    >>> import qwixo
    >>> g = qwixo.new_game("quixo")
    >>> RandomBot(seed=3).decide(g, 0) in g.options(0)
    True
    """

    name = "random"

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any) -> None:
        self.seconds = seconds
        self.rng = random.Random(seed)

    def decide(self, game: Game, player: int) -> str:
        options = game.options(player)
        if not options:
            raise IllegalMove("not_your_turn", player=player)
        return str(self.rng.choice(options))


BOTS: OrderedDict[str, Callable[..., Any]] = OrderedDict(
    [
        ("random", RandomBot),
    ]
)
