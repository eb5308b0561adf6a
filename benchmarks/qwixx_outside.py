"""Qwixx opponents kept outside the package, to measure ``strong`` against players it has no
model of (issue 15: "build your own strong heuristic opponents to measure against").

``strong`` recognises the package's rules (``odds``, ``gap``, ``race``, ``ev``) after a few
decisions and lets them play themselves in its playouts; a player that is none of them must
not fool it. These players are a family of rule-based heuristics written for that purpose
only (not bots of the package, not in any opponent model), played through the public contract:

- ``x-rush``: race to lock — pushes its rows in the order of their crosses (skips up to 3, 2,
  1 and 0 cells in them), locks whenever it may;
- ``x-rush1``: the same with one skip less in every row (2, 1, 0, 0);
- ``x-greedy``: every cross that skips at most one cell in any row, the row with the most
  crosses first; locks whenever it may;
- ``x-points``: weighs each cross: the points it adds now (the row's crosses plus one) against
  the points the skipped cells would have given, each by its chance to come again (its white
  sum odds) and the game's progress; a lock when it leads or when the row is its best;
  passes when nothing weighs more than :data:`POINTS_PASS` (a penalty costs 5).

``qwixx_strength.py`` takes these names in its tables (``--tables strong,x-rush``).

>>> import qwixo
>>> g = qwixo.new_game("qwixx", players=2, seed=5)
>>> _ = g.roll([1, 2, 1, 1, 1, 1])
>>> make("x-rush", 0).decide(g, 1) in g.options(1)
True
"""

from __future__ import annotations

from typing import Any

from qwixo.qwixx.rulebots import facing_penalty, option_cell

#: the white sums' chances in 36 (2 .. 12), by the number a cell shows
WAYS = {n: 6 - abs(7 - n) for n in range(2, 13)}
#: below this weight ``x-points`` passes (when a pass costs nothing)
POINTS_PASS = 0.0


def _rank(cnt: Any, r: int) -> int:
    return sum(1 for q in range(4) if cnt[q] > cnt[r] or (cnt[q] == cnt[r] and q < r))


class SkipRule:
    """A lock whenever possible; otherwise the cross skipping the fewest cells (ties: the row
    with more crosses, then the option's text) if it skips at most ``skips[rank]`` cells in the
    row of that rank (0: the row with the most crosses), any cross when a penalty is coming
    (at most ``forced`` skipped)."""

    def __init__(self, skips: tuple[int, ...], forced: int = 4) -> None:
        self.skips = skips
        self.forced = forced

    def decide(self, game: Any, player: int) -> str:
        opts = [str(o) for o in game.options(player)]
        sheet = game.sheets_state[player]
        last, cnt = sheet.last, sheet.count
        lock_from = game.rules.lock_from
        force = facing_penalty(game, player)
        best, key = "pass", None
        for text in opts:
            cell = option_cell(game, player, text)
            if cell is None:
                continue
            r, i = cell
            if i >= lock_from[r]:
                k = (0, 0, text)
            else:
                skip = i - last[r] - 1
                if skip > (self.forced if force else self.skips[_rank(cnt, r)]):
                    continue
                k = (1, skip * 64 - int(cnt[r]), text)
            if key is None or k < key:
                best, key = text, k
        return best


class PointsRule:
    """Each cross weighed: the points it adds now against what the skipped cells were worth
    (their chance to come again, less as the game goes on); locks when it leads or the row is
    its best one."""

    def decide(self, game: Any, player: int) -> str:
        opts = [str(o) for o in game.options(player)]
        sheets = game.sheets_state
        me = sheets[player]
        rules = game.rules
        scores = [rules.score(sh, True) for sh in sheets]
        lead = scores[player] - max(s for p, s in enumerate(scores) if p != player) \
            if len(scores) > 1 else 0
        crosses = sum(int(c) for sh in sheets for c in sh.count)
        progress = min(1.0, crosses / (18.0 * len(sheets)))
        force = facing_penalty(game, player)
        best, bestw = "pass", (-5.0 if force else POINTS_PASS)
        for text in opts:
            cell = option_cell(game, player, text)
            if cell is None:
                continue
            r, i = cell
            n = int(me.count[r])
            if i >= rules.lock_from[r]:
                w = 2.0 * (n + 1) + (6.0 if lead > 0 or _rank(me.count, r) == 0 else -3.0)
            else:
                lost = 0.0
                for c in range(int(me.last[r]) + 1, i):
                    lost += WAYS.get(rules.numbers[r][c], 1) / 6.0 * (n + 2) * (1.0 - progress)
                w = (n + 1) * 0.5 - lost
            if w > bestw:
                best, bestw = text, w
        return best


RULES = {
    "x-rush": lambda: SkipRule((3, 2, 1, 0)),
    "x-rush1": lambda: SkipRule((2, 1, 0, 0)),
    "x-greedy": lambda: SkipRule((1, 1, 1, 1)),
    "x-points": PointsRule,
}


def make(name: str, seed: int | None = None) -> Any:
    """The outside player ``name`` (:data:`RULES`)."""
    try:
        return RULES[name]()
    except KeyError:
        raise ValueError(f"unknown outside player {name!r}: one of {', '.join(RULES)}") from None
