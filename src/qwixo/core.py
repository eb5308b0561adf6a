"""The game contract shared by every game in qwixo (see ``docs/api.md``).

A :class:`Game` is a pure rules object: no I/O, no front end. Every front end (CLI, web app,
bots, tournaments) drives it through the same small surface:

``to_act``, ``needs_roll``, ``roll``, ``options``, ``choose``, ``is_over``, ``scores``,
``copy``, ``to_json`` (and ``undo``, ``history``, ``num_players``).

Illegal input raises :class:`IllegalMove` and leaves the game unchanged.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from qwixo.i18n import t

SAVE_FORMAT = 1


class IllegalMove(ValueError):
    """An illegal or malformed decision. The game it was offered to is unchanged.

    ``key`` and ``params`` name the message in the translation table, so each front end can
    show it in the player's language; ``str(err)`` is the English text.

    >>> err = IllegalMove("not_your_turn", player=1)
    >>> str(err)
    "It is not player 1's turn."
    >>> err.translated("pl")
    'To nie jest tura gracza 1.'
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(t(key, "en", **params))

    def translated(self, lang: str | None = None) -> str:
        return t(self.key, lang, **self.params)


class Game(ABC):
    """Base of every game. Subclasses implement the abstract members."""

    #: the registry name: ``"quixo"`` or ``"qwixx"``
    name: ClassVar[str]

    # -- the contract -------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def to_act(self) -> list[int]:
        """The players who must decide now ([] when the game is over or a roll is due)."""

    @property
    def needs_roll(self) -> bool:
        """True when dice must be rolled before anyone can act (never for Quixo)."""
        return False

    def roll(self, dice: Sequence[int] | None = None) -> list[int]:
        """Roll the dice (or take the given ones). Games without dice refuse."""
        raise IllegalMove("no_roll_needed")

    @abstractmethod
    def options(self, player: int) -> list[str]:
        """Every legal decision of ``player`` now, as canonical texts (no duplicates)."""

    @abstractmethod
    def choose(self, player: int, decision: Any) -> None:
        """Apply one decision (its text, or an option object whose str() is the text)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def copy(self) -> Game: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``game`` and ``format`` keys are added by :meth:`to_json`."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Inverse of :meth:`to_dict`; raises :class:`IllegalMove` (``bad_save``) on bad data."""

    @abstractmethod
    def undo(self) -> None:
        """Take back the last decision (never a roll of the dice)."""

    # -- shared helpers -----------------------------------------------------------------
    def to_json(self) -> str:
        data = {"game": self.name, "format": SAVE_FORMAT}
        data.update(self.to_dict())
        return json.dumps(data, separators=(",", ":"), sort_keys=False)

    def check_player(self, player: Any) -> int:
        """Validate a player number (raises ``unknown_player``)."""
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < self.num_players
        ):
            raise IllegalMove("unknown_player", player=player)
        return player

    @staticmethod
    def decision_text(decision: Any) -> str:
        """The canonical text of a decision given as text or as an option object."""
        if isinstance(decision, str):
            return decision.strip()
        if decision is None or isinstance(decision, (int, float, bool, list, dict, tuple)):
            raise IllegalMove("bad_decision", text=str(decision))
        return str(decision).strip()

    def canonical_decision(self, player: int, decision: Any) -> str:
        """The canonical text of ``decision`` (what a log should store); games whose texts
        have several spellings override this (Quixo: ``B1B5`` → ``b1b5``)."""
        return self.decision_text(decision)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game) or other.name != self.name:
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # games are mutable


# -- registry -----------------------------------------------------------------------------
_GAMES: dict[str, tuple[str, str]] = {
    "quixo": ("qwixo.quixo.game", "QuixoGame"),
    "qwixx": ("qwixo.qwixx.game", "QwixxGame"),
}


def game_class(name: str) -> type[Game]:
    import importlib

    if not isinstance(name, str) or name.lower() not in _GAMES:
        raise IllegalMove("unknown_game", name=name, choices=", ".join(_GAMES))
    module, cls = _GAMES[name.lower()]
    return getattr(importlib.import_module(module), cls)


def new_game(name: str, **settings: Any) -> Game:
    """A new game: ``new_game("quixo", size=4)``, ``new_game("qwixx", edition="longo", players=3)``."""
    return game_class(name)(**settings)


def load_game(text: str | bytes | dict[str, Any]) -> Game:
    """Restore a game saved with :meth:`Game.to_json` (history, settings and random state)."""
    if isinstance(text, dict):
        data = text
    else:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise IllegalMove("bad_save", why=f"not JSON ({e})") from None
    if not isinstance(data, dict) or "game" not in data:
        raise IllegalMove("bad_save", why="no 'game' field")
    if data.get("format", SAVE_FORMAT) != SAVE_FORMAT:
        raise IllegalMove("bad_save", why=f"unknown format {data.get('format')!r}")
    cls = game_class(data["game"])
    body = {k: v for k, v in data.items() if k not in ("game", "format")}
    try:
        return cls.from_dict(body)
    except IllegalMove:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise IllegalMove("bad_save", why=f"{type(e).__name__}: {e}") from None


GAME_NAMES: tuple[str, ...] = tuple(_GAMES)
