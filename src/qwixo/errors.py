"""The error every part of qwixo raises for an illegal or malformed decision or setting:
:class:`IllegalMove`, named by a message key of the catalogues. It lives here, below everything
else (it needs only :mod:`qwixo.i18n`), so that the contract (:mod:`qwixo.core`) and the games'
metadata (:mod:`qwixo.gameinfo`) both raise it without importing each other; its public name is
``qwixo.IllegalMove`` (and ``qwixo.core.IllegalMove``)."""

from __future__ import annotations

from typing import Any

from qwixo.i18n import t


class IllegalMove(ValueError):
    """An illegal or malformed decision. The game it was offered to is unchanged.

    ``key`` and ``params`` name the message in the translation table, so each front end can
    show it in the player's language; ``str(err)`` is the English text.

    >>> err = IllegalMove("not_your_turn", player=1)
    >>> str(err)
    "It is not player 1's turn."
    >>> err.translated("pl")
    'To nie jest kolej gracza 1.'
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(t(key, "en", **params))

    def translated(self, lang: str | None = None) -> str:
        return t(self.key, lang, **self.params)


IllegalMove.__module__ = "qwixo.core"  # (its public home: tracebacks and pickles name it so)
