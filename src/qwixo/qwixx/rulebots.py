"""The rule-based Qwixx players that other bots build on: the ``gap``/``race`` heuristics
(:func:`heuristic`), the ``odds`` rule (:class:`OddsBot`), the ``ev`` rule (:class:`EvBot`) and the greedy policy of
the learnt value function (:class:`TdBot`). Kept apart from the registry
(:mod:`qwixo.qwixx.bots`, which re-exports them) so that :mod:`qwixo.qwixx.strong` can model its
opponents with them without importing the registry that imports it.
"""

from __future__ import annotations

from typing import Any

from qwixo.bots import decision_options
from qwixo.core import Game
from qwixo.qwixx.heuristics import FORCED_SKIP, GAP_SKIP  # noqa: F401  (re-exported)


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
    """The choice of the ``gap`` or ``race`` heuristic: the batch kernel's rule,
    :func:`qwixo.qwixx.batch.heuristic_code`.

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
    from qwixo.qwixx import batch

    opts = decision_options(game, player)
    codes = [batch.option_code(game, player, t) for t in opts]
    code = batch.heuristic_code(batch.state_of(game), player, [c for c in codes if c != -1],
                                policy)
    return opts[codes.index(code)] if code in codes else "pass"


class _KernelRuleBot:
    """A deterministic rule the kernels play (``odds``, ``ev``, ``td``): the game's options
    as kernel option codes, the rule's code (:meth:`_code`, -1: pass) back as the option."""

    def __init__(self, seconds: float | None = None, seed: int | None = None,
                 params: Any = None, **_: Any) -> None:
        self.seconds = seconds
        self.seed = seed
        self.params = params

    def _code(self, pos: Any, player: int, codes: list[int], force: bool) -> int:
        """The rule's choice among ``codes`` (the legal option codes but pass) in ``pos``
        (:func:`qwixo.qwixx.batch.state_of`); ``force``: passing costs a penalty."""
        raise NotImplementedError

    def decide(self, game: Game, player: int) -> str:
        from qwixo.qwixx import batch

        opts = decision_options(game, player)
        if len(opts) == 1:
            return opts[0]
        codes = [batch.option_code(game, player, t) for t in opts]
        code = self._code(batch.state_of(game), player, [c for c in codes if c != -1],
                          facing_penalty(game, player))
        return opts[codes.index(code)] if code in codes else "pass"


class OddsBot(_KernelRuleBot):
    """The ``odds`` heuristic: :func:`qwixo.qwixx.playout.odds_choice` (the rule the ``strong``
    bot's playouts follow) with :data:`~qwixo.qwixx.playout.DEFAULT_PARAMS`; deterministic.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=5)
    >>> _ = g.roll([1, 1, 6, 6, 6, 6])
    >>> OddsBot().decide(g, 1)     # white 2: red 2 skips nothing
    'r2'
    """

    name = "odds"

    def _code(self, pos: Any, player: int, codes: list[int], force: bool) -> int:
        from qwixo.qwixx import playout

        return playout.decide_code(pos, player, codes, force, self.params)


def ev_decide_code(pos: Any, player: int, codes: list[int], force: bool,
                params: Any = None) -> int:
    """The ``ev`` choice (an option code, -1 pass) of ``player`` among ``codes`` in ``pos``
    (a :class:`qwixo.qwixx.batch.Position`; the action is read from it)."""
    from qwixo.qwixx.evrule import EJOINT, _decide, ev_params
    from qwixo.qwixx.playout import rule_code

    prm = ev_params(params)
    return rule_code(_decide, pos, player, codes, force, prm, bool(prm[EJOINT] > 0))


class EvBot(_KernelRuleBot):
    """The ``ev`` heuristic (:func:`qwixo.qwixx.evrule.ev_choice` with
    :data:`~qwixo.qwixx.evrule.EV_PARAMS`); deterministic.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=5)
    >>> _ = g.roll([1, 1, 6, 6, 6, 6])
    >>> EvBot().decide(g, 1)     # white 2: red 2 skips nothing
    'r2'
    """

    name = "ev"

    def _code(self, pos: Any, player: int, codes: list[int], force: bool) -> int:
        return ev_decide_code(pos, player, codes, force, self.params)


def td_decide_code(pos: Any, player: int, codes: list[int], force: bool,
                   wts: Any = None) -> int:
    """The greedy ``td`` choice (an option code, -1 pass) of ``player`` among ``codes`` in
    ``pos`` (a :class:`qwixo.qwixx.batch.Position`; the action is read from it)."""
    from qwixo.qwixx import td
    from qwixo.qwixx.odds import DEFAULT_PARAMS
    from qwixo.qwixx.playout import rule_code

    if wts is None:
        wts = td.load_weights(pos.edition, pos.players)
    return rule_code(td._decide, pos, player, codes, force, td.seat_row(DEFAULT_PARAMS, wts))


class TdBot(_KernelRuleBot):
    """The greedy policy of the learnt value function (:func:`qwixo.qwixx.td.td_choice` with
    the shipped weights of the game's edition and number of players, or ``weights``);
    deterministic. Not in the registry: the ``strong`` bot plays it in its playouts and asks
    it to model its opponents.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=5)
    >>> _ = g.roll([1, 1, 6, 6, 6, 6])
    >>> TdBot().decide(g, 1)     # white 2: red 2 skips nothing
    'r2'
    """

    name = "td"

    def __init__(self, seconds: float | None = None, seed: int | None = None,
                 weights: Any = None, **_: Any) -> None:
        super().__init__(seconds, seed)
        self.weights = weights

    def _code(self, pos: Any, player: int, codes: list[int], force: bool) -> int:
        return td_decide_code(pos, player, codes, force, self.weights)
