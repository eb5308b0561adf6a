"""Qwixx bots: the registry :data:`BOTS` (weakest first) used by ``qwixo.make_bot("qwixx", ...)``.

Every bot has ``decide(game, player) -> str``: the text of one legal option of ``player`` now.
A bot never changes the game it is given, sees only what the player sees (the sheets, the dice;
never the other players' hidden action-1 decisions) and is deterministic from its ``seed``.
Every bot plays every edition and 1-5 players.

========  ===============================================================================
name      how it plays
========  ===============================================================================
random    uniformly random among the legal options, pass included
race      race to lock: in its two longest rows it skips up to two cells, elsewhere none
gap       skip-gap player: takes a lock when it may, else the cross skipping the fewest
          cells if that skips at most one (up to three to avoid a penalty)
optimal   the exact solitaire policy (:mod:`qwixo.qwixx.solitaire`) on its own sheet where
          the solver supports the edition; ``gap`` elsewhere (see :attr:`OptimalBot.fallback`)
ev        values every sheet by its score plus the points the free cells' odds promise, takes
          the option that raises it most, plays the margin (:mod:`qwixo.qwixx.evrule`)
odds      weighs skipped cells by their dice odds, hurries as the game nears its end, locks
          unless that ends the game behind (:mod:`qwixo.qwixx.playout`)
strong    plays to win: Monte Carlo search over the dice, short playouts by the greedy policy
          of a value function learnt by self-play valued by that function
          (:mod:`qwixo.qwixx.td`), maximising its win chance (:mod:`qwixo.qwixx.strong`)
========  ===============================================================================

>>> import qwixo
>>> qwixo.list_bots("qwixx")
['random', 'race', 'gap', 'optimal', 'ev', 'odds', 'strong']
>>> g = qwixo.new_game("qwixx", players=2, seed=1)
>>> _ = g.roll([3, 4, 2, 2, 2, 2])
>>> qwixo.make_bot("qwixx", "gap").decide(g, 1)    # red 7 skips 5 cells: no
'pass'
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

from qwixo.bots import decision_options
from qwixo.core import Game
from qwixo.qwixx.rulebots import (  # noqa: F401  (re-exported: the registry's names)
    FORCED_SKIP,
    GAP_SKIP,
    OddsBot,
    facing_penalty,
    heuristic,
    option_cell,
)

_UNSET = object()

class RandomBot:
    """Uniformly random among the legal options (pass included): the weakest baseline.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=3, seed=2)
    >>> _ = g.roll()
    >>> RandomBot(seed=3).decide(g, 2) in g.options(2)
    True
    """

    name = "random"
    light = True  # qwixo.bots.is_light: a server may run it inline

    def __init__(self, seconds: float | None = None, seed: int | None = None, **_: Any) -> None:
        self.seconds = seconds
        self.rng = random.Random(seed)

    def decide(self, game: Game, player: int) -> str:
        return self.rng.choice(decision_options(game, player))


class GapBot:
    """The skip-gap heuristic (:func:`heuristic` with ``"gap"``): deterministic.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=5)
    >>> _ = g.roll([1, 1, 1, 1, 1, 1])
    >>> GapBot().decide(g, 0)      # white 2: red 2 skips nothing
    'r2'
    """

    name = "gap"
    policy = "gap"
    light = True  # qwixo.bots.is_light: a server may run it (and race) inline

    def __init__(self, seconds: float | None = None, seed: int | None = None, **_: Any) -> None:
        self.seconds = seconds
        self.seed = seed

    def decide(self, game: Game, player: int) -> str:
        return heuristic(game, player, self.policy)


class RaceBot(GapBot):
    """Race to lock: pushes its two longest rows (skips up to two cells there, none
    elsewhere) and locks as soon as it may.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=5)
    >>> _ = g.roll([1, 2, 1, 1, 1, 1])
    >>> RaceBot().decide(g, 1)     # white 3: red 3 (rows tie: the first two count)
    'r3'
    """

    name = "race"
    policy = "race"


class OptimalBot:
    """The exact solitaire policy of :mod:`qwixo.qwixx.solitaire` playing its own sheet.

    Where the solver does not support a game (edition, or its table cannot be loaded), the bot
    plays :func:`heuristic` ``gap`` instead and says so: :attr:`fallback` holds the reason and
    a ``RuntimeWarning`` is issued once.
    """

    name = "optimal"

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any) -> None:
        self.seconds = seconds
        self.seed = seed
        self.fallback: str | None = None
        self._inner: Any = _UNSET  # the solver's bot, made on first use
        self._warned = False
        self._why = ""

    def _solver(self) -> Any:
        if self._inner is _UNSET:
            self._inner = None
            try:
                from qwixo.qwixx.solitaire import OptimalBot as Solver
            except ImportError as e:  # the solver is not available
                self._why = f"the solitaire solver is unavailable ({e})"
            else:
                self._inner = Solver(seconds=self.seconds, seed=self.seed)
        return self._inner

    def uses_solver(self, game: Game) -> bool:
        """Whether the solver's policy plays ``game`` (else the gap heuristic does)."""
        inner = self._solver()
        if inner is None:
            return False
        try:
            return bool(inner.supports(game))
        except Exception:  # noqa: BLE001 - a solver that cannot judge does not play
            return False

    def decide(self, game: Game, player: int) -> str:
        decision_options(game, player)  # nothing to decide: IllegalMove before any fallback
        if self.uses_solver(game):
            try:
                choice = str(self._solver().decide(game, player))
            except (OSError, MemoryError, RuntimeError) as e:
                self._fall_back(f"the solver failed ({e})")
            else:
                if choice in game.options(player):
                    return choice
                self._fall_back(f"the solver offered an illegal option {choice!r}")
        else:
            self._fall_back(self._why or f"no solitaire table for {game.edition.name}")
        return heuristic(game, player, "gap")

    def _fall_back(self, why: str) -> None:
        self.fallback = why
        if not self._warned:
            self._warned = True
            from qwixo.i18n import t

            warnings.warn(t("qwixx_bot_fallback", "en", why=why), RuntimeWarning, stacklevel=3)


def _ev(seconds: float | None = None, seed: int | None = None, **kw: Any) -> Any:
    from qwixo.qwixx.rulebots import EvBot

    return EvBot(seconds=seconds, seed=seed, **kw)


def _strong(seconds: float | None = None, seed: int | None = None, **kw: Any) -> Any:
    from qwixo.qwixx.strong import StrongBot

    return StrongBot(seconds=seconds, seed=seed, **kw)


BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "race": RaceBot,
    "gap": GapBot,
    "optimal": OptimalBot,
    "ev": _ev,
    "odds": OddsBot,
    "strong": _strong,
}
