"""The bot registry: ``list_bots(game)`` and ``make_bot(game, name, ...)``.

Each game's metadata names its bot registry (:attr:`qwixo.gameinfo.GameInfo.bots`, e.g.
``qwixo.quixo.bots:BOTS``), an ordered dict ``name -> factory(seconds=None, seed=None, **kw)``, weakest first. A bot has
``decide(game, player) -> str`` (the text of a legal option) and never changes the game. A
factory (class) with ``light = True`` makes bots whose decision costs well under a millisecond
in any position (:func:`is_light`): a server may run them inline instead of in a worker.
"""

from __future__ import annotations

from typing import Any, Protocol

from qwixo.core import Game, IllegalMove, game_info
from qwixo.gameinfo import load


class Bot(Protocol):
    name: str

    def decide(self, game: Game, player: int) -> str: ...


def _registry(game: str) -> dict[str, Any]:
    ref = game_info(game).bots
    return load(ref) if ref else {}


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


def decision_options(game: Game, player: int) -> list[str]:
    """The texts of ``player``'s options now, for a bot's ``decide``; raises
    :class:`~qwixo.core.IllegalMove` (``game_over``, else ``not_your_turn``) when there is none.
    Every game's bots start their ``decide`` with it."""
    options = [str(o) for o in game.options(player)]
    if not options:
        if game.is_over:
            raise IllegalMove("game_over")
        raise IllegalMove("not_your_turn", player=player)
    return options


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
    ref = game.info.hint
    if not ref:
        return []
    return [str(line) for line in load(ref)(game, player, lang=lang, seconds=seconds)]
