"""The bot registry: ``list_bots(game)`` and ``make_bot(game, name, ...)``.

Each game's bot module (``qwixo.quixo.bots``, ``qwixo.qwixx.bots``) defines ``BOTS``, an
ordered dict ``name -> factory(seconds=None, seed=None, **kw)``, weakest first. A bot has
``decide(game, player) -> str`` (the text of a legal option) and never changes the game. A
factory (class) with ``light = True`` makes bots whose decision costs well under a millisecond
in any position (:func:`is_light`): a server may run them inline instead of in a worker.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from qwixo.core import Game, IllegalMove

_MODULES = {"quixo": "qwixo.quixo.bots", "qwixx": "qwixo.qwixx.bots"}
#: each game's hint function: (module, function, whether it takes the player)
_HINTS = {"quixo": ("qwixo.quixo.bots_cli", "hint_text", False),
          "qwixx": ("qwixo.qwixx.bots_cli", "hint_lines", True)}


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


def is_light(game: str, name: str) -> bool:
    """Whether bot ``name`` of ``game`` is light: a decision costs well under a millisecond
    in any position, whatever its budget (the rule bots; not a search).

    >>> is_light("qwixx", "gap"), is_light("qwixx", "strong"), is_light("quixo", "random")
    (True, False, True)
    """
    reg = _registry(game)
    if name not in reg:
        raise IllegalMove("unknown_bot", name=name, game=game, choices=", ".join(reg))
    return bool(getattr(reg[name], "light", False))


def make_bot(game: str, name: str, *, seconds: float | None = None, seed: int | None = None,
             **options: Any) -> Bot:
    """A bot by name: ``make_bot("quixo", "strong", seconds=1.0)``."""
    reg = _registry(game)
    if name not in reg:
        raise IllegalMove("unknown_bot", name=name, game=game, choices=", ".join(reg))
    return reg[name](seconds=seconds, seed=seed, **options)


def hint_lines(game: Game, player: int, lang: str | None = None,
               seconds: float | None = None) -> list[str]:
    """The game's own hint for ``player`` now, as lines of text in ``lang`` (``[]`` when it
    is not ``player``'s to decide): Quixo the solver's/search's ranked moves, Qwixx the
    strong bot's ranked options. ``seconds``: the thinking budget.

    >>> import qwixo
    >>> hint_lines(qwixo.new_game("quixo", size=3), 1)
    []
    """
    if game.is_over or player not in game.to_act:
        return []
    module, fn_name, takes_player = _HINTS[game.name]
    fn = getattr(importlib.import_module(module), fn_name)
    if takes_player:
        return [str(line) for line in fn(game, player, lang=lang, seconds=seconds)]
    text = fn(game, lang=lang, seconds=seconds)
    return [line for line in str(text).splitlines() if line.strip()]
