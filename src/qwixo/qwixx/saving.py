"""Saving a Qwixx game and loading it back: the part of :class:`qwixo.qwixx.game.QwixxGame`
that writes its settings, history and dice generator down (:meth:`to_dict`, :meth:`seat_save`)
and plays a save again (:meth:`from_dict`, :meth:`resumed`)."""

from __future__ import annotations

import random
from typing import Any, Self

from qwixo.core import IllegalMove
from qwixo.qwixx.editions import edition


class QwixxSaving:
    """Save and load of :class:`~qwixo.qwixx.game.QwixxGame` (a part of that class)."""

    def to_dict(self) -> dict[str, Any]:
        state = self._rng.getstate()
        return {
            "edition": self.edition.name,
            "players": self._n,
            "seed": self.seed,
            "lucky": [list(x) for x in self.lucky] if self.lucky else None,
            "history": [list(h) for h in self.history],
            "rng": [state[0], list(state[1]), state[2]],
        }

    def seat_save(self, player: int | None = None) -> dict[str, Any]:
        """:meth:`qwixo.core.Game.seat_save`: the save without the dice's seed and generator
        state (the coming rolls); it loads, with a generator of its own.

        >>> from qwixo.qwixx.game import QwixxGame
        >>> g = QwixxGame(players=2, seed=5); g.roll() and None
        >>> data = g.seat_save(0); data["seed"], "rng" in data
        (None, False)
        >>> QwixxGame.from_dict(data).options(0) == g.options(0)
        True
        """
        data = self.to_dict()
        data["seed"] = None
        data.pop("rng")
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        g = cls(edition=data["edition"], players=data["players"], seed=data.get("seed"),
                lucky=data.get("lucky") if edition(data["edition"]).lucky else None)
        g._play_saved(data["history"], data.get("rng"))
        return g

    def _play_saved(self, entries: list[list[Any]], rng: list[Any] | None) -> None:
        """Play the saved history ``entries``, then take the saved generator state ``rng``
        (in a generator of this game's own; None, a seat's save: the game's own generator)."""
        for entry in entries:
            if entry[0] == "roll":
                self.roll(entry[1])
            elif entry[0] == "choose":
                self.choose(entry[1], entry[2])
            elif entry[0] == "resign":
                self.resign(entry[1])
            else:
                raise IllegalMove("bad_save", why=f"unknown history entry {entry[0]!r}")
        if rng is None:
            return
        gen = random.Random()
        try:
            gen.setstate((rng[0], tuple(rng[1]), rng[2]))
        except (TypeError, ValueError) as e:
            raise IllegalMove("bad_save", why=f"random state: {e}") from None
        self._rng, self._rng_shared = gen, False

    def resumed(self, data: dict[str, Any]) -> Self | None:
        """:meth:`qwixo.core.Game.resumed`: when ``data`` has this game's settings and its
        history begins with this game's, a copy of this game plays the rest of it (as
        :meth:`from_dict` plays all of it) and takes the saved random state.

        >>> from qwixo.qwixx.game import QwixxGame
        >>> g = QwixxGame(seed=4)
        >>> _ = g.roll(); g.choose(0, "pass"); g.choose(1, "pass")
        >>> base = QwixxGame.from_dict(g.to_dict())
        >>> g.choose(0, "pass"); _ = g.roll()
        >>> later = base.resumed(g.to_dict())
        >>> later.to_json() == g.to_json(), len(base.history)
        (True, 3)
        """
        if (data.get("edition") != self.edition.name or data.get("players") != self._n
                or data.get("seed") != self.seed or data.get("lucky") != (
                    [list(x) for x in self.lucky] if self.lucky else None)):
            return None
        history = data["history"]
        k = len(self.history)
        if len(history) < k or any(list(h) != e for h, e in zip(self.history, history[:k],
                                                                 strict=True)):
            return None
        g = self.copy()
        g._play_saved(history[k:], data.get("rng"))
        return g
