"""The bot registry: ``list_bots(game)`` and ``make_bot(game, name, ...)``.

Each game's bot module (``qwixo.quixo.bots``, ``qwixo.qwixx.bots``) defines ``BOTS``, an
ordered dict ``name -> factory(seconds=None, seed=None, **kw)``, weakest first. A bot has
``decide(game, player) -> str`` (the text of a legal option) and never changes the game.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from qwixo.core import Game, IllegalMove

_MODULES = {"quixo": "qwixo.quixo.bots", "qwixx": "qwixo.qwixx.bots"}


class Bot(Protocol):
    name: str

    def decide(self, game: Game, player: int) -> str: ...


def _registry(game: str) -> dict[str, Any]:
    if not isinstance(game, str) or game.lower() not in _MODULES:
        raise IllegalMove("unknown_game", name=game, choices=", ".join(_MODULES))
    return importlib.import_module(_MODULES[game.lower()]).BOTS


def list_bots(game: str) -> list[str]:
    """Bot names for ``game``, weakest first."""
    return list(_registry(game))


def make_bot(game: str, name: str, *, seconds: float | None = None, seed: int | None = None,
             **options: Any) -> Bot:
    """A bot by name: ``make_bot("quixo", "strong", seconds=1.0)``."""
    reg = _registry(game)
    if name not in reg:
        raise IllegalMove("unknown_bot", name=name, game=game, choices=", ".join(reg))
    return reg[name](seconds=seconds, seed=seed, **options)
