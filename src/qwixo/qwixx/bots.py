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
odds      weighs skipped cells by their dice odds, hurries as the game nears its end, locks
          unless that ends the game behind (:mod:`qwixo.qwixx.playout`)
strong    plays to win: Monte Carlo search over the dice with the odds policy as the model of
          every player, maximising its win chance (:mod:`qwixo.qwixx.strong`)
========  ===============================================================================

>>> import qwixo
>>> qwixo.list_bots("qwixx")
['random', 'race', 'gap', 'optimal', 'odds', 'strong']
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

from qwixo.core import Game, IllegalMove

_UNSET = object()

#: how many cells a heuristic may skip: (normal, to avoid a penalty)
GAP_SKIP, FORCED_SKIP = 1, 3


def _my_options(game: Game, player: int) -> list[str]:
    opts = [str(o) for o in game.options(player)]
    if not opts:
        if game.is_over:
            raise IllegalMove("game_over")
        raise IllegalMove("not_your_turn", player=player)
    return opts


def option_cell(game: Any, player: int, text: str) -> tuple[int, int] | None:
    """Row and position an option crosses first (None for "pass").

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", edition="mixx-b", players=1, seed=1)
    >>> option_cell(g, 0, "r2"), option_cell(g, 0, "pass")
    ((0, 2), None)
    """
    if text == "pass":
        return None
    if text.startswith("L:"):
        r = "rygb".index(text[2])
        return r, game.sheets_state[player].last[r] + 1
    return game.rules.cell_of[text.split("+")[0]]


def facing_penalty(game: Any, player: int) -> bool:
    """True when ``player`` is the active player in action 2 and crossed nothing in action 1."""
    return (game.phase == "action2" and player == game.active
            and not game.a1_crossed)


def heuristic(game: Any, player: int, policy: str = "gap") -> str:
    """The choice of the ``gap`` or ``race`` heuristic (the same rule as the batch kernel).

    A lock is always taken. Otherwise the option skipping the fewest cells (ties: the row
    with more crosses, then the lower row and cell, then the lower Bonus B tie row), if it
    skips at most :data:`GAP_SKIP`
    cells (``race``: two in its two rows with the most crosses, none elsewhere), or
    :data:`FORCED_SKIP` when a penalty is coming.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=1, seed=1)
    >>> _ = g.roll([1, 2, 6, 6, 6, 6])
    >>> heuristic(g, 0)          # red 3 skips one cell (red 2)
    'r3'
    """
    opts = _my_options(game, player)
    sheet = game.sheets_state[player]
    last, cnt = sheet.last, sheet.count
    lock_from = game.rules.lock_from
    force = facing_penalty(game, player)
    best, bestkey = "pass", None
    for text in opts:
        cell = option_cell(game, player, text)
        if cell is None:
            continue
        r, i = cell
        tie = text.partition("+")[2]
        code = (32 * r + i) * 8 + ("rygb".index(tie) + 1 if tie else 0)
        if i >= lock_from[r]:
            key = (0, code, text)
        else:
            skip = i - last[r] - 1
            allowed = GAP_SKIP
            if policy == "race":
                rank = sum(1 for q in range(4)
                           if cnt[q] > cnt[r] or (cnt[q] == cnt[r] and q < r))
                allowed = GAP_SKIP + 1 if rank < 2 else 0
            if force:
                allowed = FORCED_SKIP
            if skip > allowed:
                continue
            key = (1, (skip * 64 - cnt[r]) * 2048 + code, text)
        if bestkey is None or key < bestkey:
            best, bestkey = text, key
    return best


class RandomBot:
    """Uniformly random among the legal options (pass included): the weakest baseline.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=3, seed=2)
    >>> _ = g.roll()
    >>> RandomBot(seed=3).decide(g, 2) in g.options(2)
    True
    """

    name = "random"

    def __init__(self, seconds: float | None = None, seed: int | None = None, **_: Any) -> None:
        self.seconds = seconds
        self.rng = random.Random(seed)

    def decide(self, game: Game, player: int) -> str:
        return self.rng.choice(_my_options(game, player))


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
        _my_options(game, player)  # nothing to decide: IllegalMove before any fallback
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


class OddsBot:
    """The ``odds`` heuristic: :func:`qwixo.qwixx.playout.odds_choice` (the rule the ``strong``
    bot's playouts follow) with :data:`~qwixo.qwixx.playout.DEFAULT_PARAMS`; deterministic.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=5)
    >>> _ = g.roll([1, 1, 6, 6, 6, 6])
    >>> OddsBot().decide(g, 1)     # white 2: red 2 skips nothing
    'r2'
    """

    name = "odds"

    def __init__(self, seconds: float | None = None, seed: int | None = None,
                 params: Any = None, **_: Any) -> None:
        self.seconds = seconds
        self.seed = seed
        self.params = params

    def decide(self, game: Game, player: int) -> str:
        from qwixo.qwixx import batch, playout

        opts = _my_options(game, player)
        if len(opts) == 1:
            return opts[0]
        codes = [batch.option_code(game, player, t) for t in opts]
        code = playout.decide_code(batch.state_of(game), player, [c for c in codes if c != -1],
                                   facing_penalty(game, player), self.params)
        return opts[codes.index(code)] if code in codes else "pass"


def _strong(seconds: float | None = None, seed: int | None = None, **kw: Any) -> Any:
    from qwixo.qwixx.strong import StrongBot

    return StrongBot(seconds=seconds, seed=seed, **kw)


BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "race": RaceBot,
    "gap": GapBot,
    "optimal": OptimalBot,
    "odds": OddsBot,
    "strong": _strong,
}
