"""The Qwixx rules on one score sheet, for every edition (spec/qwixx.md).

This is the single implementation of the per-sheet rules used by :class:`~qwixo.qwixx.game.QwixxGame`:
which cells a player may cross, crossing (locks, the Bonus A bar chain, the Bonus B rewards,
Longo lucky crosses), the option texts and the score. It is written as tight pure Python over
small lists (a contract call handles one decision at a time, where numba's call overhead would
not pay off); :mod:`qwixo.qwixx.editions` has the same data as numpy arrays for batch kernels.

Vocabulary: ``r`` is a row index 0..3 (r, y, g, b), ``i`` a cell position in that row (0 = the
leftmost cell), ``closed`` a bit mask of closed rows (bit r), an *action* a tuple
``(kind, r, i, tie)`` with kind :data:`PASS`, :data:`CELL` or :data:`LUCKY` and ``tie`` the row
the player chose for a Bonus B "two crosses" reward when rows tie (or -1).

>>> rules = Rules.of("classic")
>>> sheet = Sheet()
>>> [text for text, _ in rules.white_options(sheet, 0, 7)]
['pass', 'r7', 'y7', 'g7', 'b7']
>>> _ = rules.apply(sheet, 0, (CELL, 0, 5, -1), [])   # cross red 7
>>> [text for text, _ in rules.white_options(sheet, 0, 4)]
['pass', 'y4', 'g4', 'b4']
>>> rules.score(sheet)
1
"""

from __future__ import annotations

from functools import cache

from qwixo.qwixx.editions import COLOURS, REWARD_KINDS, Edition, edition, row_points

PASS, CELL, LUCKY = 0, 1, 2
PASS_ACTION = (PASS, -1, -1, -1)

TWO_CROSSES, EACH_ROW, DOUBLE, PLUS_13, NO_PENALTY = range(5)
assert REWARD_KINDS[NO_PENALTY] == "no-penalty"


class NeedChoice(Exception):
    """A Bonus B "two crosses" reward found several rows tied for the fewest crosses and the
    action did not say (correctly) which one the player takes. ``rows`` are the tied rows."""

    def __init__(self, rows: list[int]) -> None:
        super().__init__(rows)
        self.rows = rows


class Sheet:
    """One player's score sheet.

    - ``last[r]``: position of the rightmost cross in row r (-1: none)
    - ``count[r]``: crosses in row r, the lock box included
    - ``marks[r]``: bit mask of crossed positions
    - ``locked``: bit mask of the rows this player locked (lock box crossed)
    - ``penalties``: penalty boxes crossed
    - ``bar_used`` / ``bar_pos``: Bonus A bar boxes crossed, the next box to look at
    - ``rewards``: Bonus B reward kinds earned (indices of :data:`REWARD_KINDS`), in order
    - ``lucky``: Longo lucky numbers
    """

    __slots__ = ("last", "count", "marks", "locked", "penalties", "bar_used", "bar_pos",
                 "rewards", "lucky")

    def __init__(self, lucky: tuple[int, ...] = ()) -> None:
        self.last = [-1, -1, -1, -1]
        self.count = [0, 0, 0, 0]
        self.marks = [0, 0, 0, 0]
        self.locked = 0
        self.penalties = 0
        self.bar_used: list[int] = []
        self.bar_pos = 0
        self.rewards: list[int] = []
        self.lucky = tuple(lucky)

    def copy(self) -> Sheet:
        s = Sheet.__new__(Sheet)
        s.last = self.last[:]
        s.count = self.count[:]
        s.marks = self.marks[:]
        s.locked = self.locked
        s.penalties = self.penalties
        s.bar_used = self.bar_used[:]
        s.bar_pos = self.bar_pos
        s.rewards = self.rewards[:]
        s.lucky = self.lucky
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sheet):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Sheet(last={self.last}, count={self.count}, penalties={self.penalties}, "
                f"locked={self.locked:#x})")


class Rules:
    """The rules of one edition, precomputed as plain Python tables. Get one with :meth:`of`."""

    def __init__(self, ed: Edition) -> None:
        self.edition = ed
        self.name = ed.name
        self.faces = ed.faces
        self.need = ed.lock_need
        self.length = ed.row_length
        self.lock_from = [row.lock_from for row in ed.rows]
        n_sums = 2 * ed.faces + 1
        self.numbers = [list(row.numbers) for row in ed.rows]
        self.colours = [[COLOURS.index(c) for _, c in row.cells] for row in ed.rows]
        self.index_of = [[-1] * n_sums for _ in range(4)]
        for r in range(4):
            for i, n in enumerate(self.numbers[r]):
                self.index_of[r][n] = i
        #: white sum -> the cells with that number, row by row
        self.by_number = [tuple((r, self.index_of[r][s]) for r in range(4)
                                if self.index_of[r][s] >= 0) for s in range(n_sums)]
        #: die colour c, sum s -> the cells action 2 may cross with them
        self.by_colour = [[tuple((r, i) for r, i in self.by_number[s]
                                 if (self.colours[r][i] == c if ed.action2_any_row else r == c))
                           for s in range(n_sums)] for c in range(4)]
        self.text = [[f"{COLOURS[r]}{n}" for n in self.numbers[r]] for r in range(4)]
        self.cell_of = {self.text[r][i]: (r, i) for r in range(4) for i in range(self.length)}
        self.cell_act = [[(CELL, r, i, -1) for i in range(self.length)] for r in range(4)]
        #: text -> action of "pass" and of every cell
        self.act_of = {self.text[r][i]: self.cell_act[r][i]
                       for r in range(4) for i in range(self.length)}
        self.act_of["pass"] = PASS_ACTION
        self.lucky = ed.lucky
        self.any_row = ed.action2_any_row
        self.bonus = [[(r, n) in ed.bonus_cells for n in self.numbers[r]] for r in range(4)]
        self.has_bonus = bool(ed.bonus_cells)
        self.bar = [COLOURS.index(c) for c in ed.bar]
        self.pair_kind = [[-1] * self.length for _ in range(4)]
        self.pair_cells: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for k, kind in enumerate(REWARD_KINDS):
            cells = ed.pairs.get(kind)
            if cells is None:
                self.pair_cells.append(((-1, -1), (-1, -1)))
                continue
            pos = tuple((r, self.index_of[r][n]) for r, n in cells)
            self.pair_cells.append(pos)  # type: ignore[arg-type]
            for r, i in pos:
                self.pair_kind[r][i] = k
        self.has_pairs = bool(ed.pairs)
        self.has_chain = self.has_pairs or self.has_bonus
        self.max_penalties = ed.max_penalties
        self.penalty_points = ed.penalty_points

    @staticmethod
    def of(name: str | Edition) -> Rules:
        """The (cached) rules of an edition."""
        return _rules(edition(name).name)

    # -- legality ----------------------------------------------------------------------
    def can_cross(self, sh: Sheet, closed: int, r: int, i: int) -> bool:
        """May ``sh`` cross position ``i`` of row ``r`` (rows in ``closed`` are closed)?"""
        return (not (closed >> r) & 1 and i > sh.last[r]
                and (i < self.lock_from[r] or sh.count[r] >= self.need))

    def next_possible(self, sh: Sheet, closed: int, r: int) -> int:
        """The leftmost position right of the last cross in row r that ``sh`` may cross, or -1."""
        if (closed >> r) & 1:
            return -1
        j = sh.last[r] + 1
        if j >= self.length or (j >= self.lock_from[r] and sh.count[r] < self.need):
            return -1
        return j

    def fewest_rows(self, sh: Sheet) -> list[int]:
        """The rows (all four, closed ones included) with the fewest crosses."""
        c = sh.count
        m = min(c)
        return [r for r in range(4) if c[r] == m]

    def lucky_targets(self, sh: Sheet, closed: int, total: int) -> list[tuple[int, int]]:
        """Longo: cells a lucky cross may take when the white sum is ``total``.

        The sum must be one of the sheet's lucky numbers; the target is the next cell of a row
        with the fewest crosses (ties: each is a choice), when that cell may be crossed.
        """
        if total not in sh.lucky:
            return []
        out = []
        for r in self.fewest_rows(sh):
            j = self.next_possible(sh, closed, r)
            if j >= 0:
                out.append((r, j))
        return out

    # -- options -----------------------------------------------------------------------
    def white_options(self, sh: Sheet, closed: int, total: int) -> list[tuple[str, tuple]]:
        """Action 1 options ``(text, action)`` for white sum ``total``, "pass" first."""
        return self._pairs(*self.white_table(sh, closed, total))

    def colour_options(self, sh: Sheet, closed: int, dice: list) -> list[tuple[str, tuple]]:
        """Action 2 options ``(text, action)``: a white die plus a coloured die in play."""
        return self._pairs(*self.colour_table(sh, closed, dice))

    def action_of(self, text: str, extra: dict | None) -> tuple:
        """The action of an option text from :meth:`white_table` / :meth:`colour_table`."""
        if extra and text in extra:
            return extra[text]
        return self.act_of[text]

    def _pairs(self, texts: list[str], extra: dict | None) -> list[tuple[str, tuple]]:
        return [(t, self.action_of(t, extra)) for t in texts]

    def white_table(self, sh: Sheet, closed: int, total: int) -> tuple[list[str], dict | None]:
        """Action 1 options as texts, plus a dict text -> action for the texts that are not
        plain cells (lucky crosses, tie choices), or None when there are none."""
        texts = ["pass"]
        last = sh.last
        text = self.text
        for r, i in self.by_number[total]:
            if (not (closed >> r) & 1 and i > last[r]
                    and (i < self.lock_from[r] or sh.count[r] >= self.need)):
                texts.append(text[r][i])
        extra = None
        if self.lucky and total in sh.lucky:
            extra = {}
            for r, j in self.lucky_targets(sh, closed, total):
                if self.numbers[r][j] != total:  # else it is the same cross as the plain one
                    t = "L:" + COLOURS[r]
                    texts.append(t)
                    extra[t] = (LUCKY, r, j, -1)
        if self.has_pairs:
            return self._expand_ties(sh, closed, texts, extra)
        return texts, extra

    def colour_table(self, sh: Sheet, closed: int, dice: list) -> tuple[list[str], dict | None]:
        """Action 2 options as texts (cells in sheet order) and the extra dict (see
        :meth:`white_table`)."""
        w1, w2 = dice[0], dice[1]
        last = sh.last
        if not self.any_row:  # each die crosses in its own row only: cells come out in order
            texts = ["pass"]
            count, need, lock_from, index_of = sh.count, self.need, self.lock_from, self.index_of
            for r in range(4):
                if (closed >> r) & 1:
                    continue
                d = dice[2 + r]
                i1 = index_of[r][w1 + d]
                i2 = index_of[r][w2 + d]
                if i2 < i1:
                    i1, i2 = i2, i1
                lo = last[r]
                ok_lock = count[r] >= need
                lf = lock_from[r]
                if i1 > lo and (i1 < lf or ok_lock):
                    texts.append(self.text[r][i1])
                if i2 != i1 and i2 > lo and (i2 < lf or ok_lock):
                    texts.append(self.text[r][i2])
            if self.has_pairs:
                return self._expand_ties(sh, closed, texts, None)
            return texts, None
        cells: list[tuple[int, int]] = []
        for c in range(4):
            if (closed >> c) & 1:
                continue  # that die is out of the game
            d = dice[2 + c]
            table = self.by_colour[c]
            for s in (w1 + d, w2 + d) if w1 != w2 else (w1 + d,):
                for r, i in table[s]:
                    if (not (closed >> r) & 1 and i > last[r]
                            and (i < self.lock_from[r] or sh.count[r] >= self.need)):
                        cells.append((r, i))
        if len(cells) > 1:
            cells = sorted(set(cells))
        text = self.text
        texts = ["pass"]
        texts.extend([text[r][i] for r, i in cells])
        if self.has_pairs:
            return self._expand_ties(sh, closed, texts, None)
        return texts, None

    def _expand_ties(self, sh: Sheet, closed: int, texts: list,
                     extra: dict | None) -> tuple[list, dict | None]:
        """Bonus B: an option whose reward chain meets a tie becomes one option per tied row,
        ``"<text>+<row>"`` (e.g. ``"g9+y"``)."""
        out: list[str] = []
        for text in texts:
            act = self.action_of(text, extra)
            if act[0] != PASS and self._may_reward(sh, act):
                try:
                    self.apply(sh.copy(), closed, act, [])
                except NeedChoice as nc:
                    extra = extra if extra is not None else {}
                    for r in nc.rows:
                        t = f"{text}+{COLOURS[r]}"
                        out.append(t)
                        extra[t] = (act[0], act[1], act[2], r)
                    continue
            out.append(text)
        return out, extra

    def _may_reward(self, sh: Sheet, act: tuple) -> bool:
        k = self.pair_kind[act[1]][act[2]]
        if k < 0:
            return False
        (r1, i1), (r2, i2) = self.pair_cells[k]
        other = (r2, i2) if (r1, i1) == (act[1], act[2]) else (r1, i1)
        return bool((sh.marks[other[0]] >> other[1]) & 1)

    # -- crossing ----------------------------------------------------------------------
    def apply(self, sh: Sheet, closed: int, act: tuple, events: list) -> int:
        """Carry out ``act`` (not pass) on ``sh``; returns ``closed`` plus the rows ``sh`` locked.

        Chains (bonus bar, rewards) resolve at once and see this sheet's own new locks.
        ``events`` receives ``("lock", r)``, ``("bar", box, r, i)`` (``i`` -1: cross lost),
        ``("reward", kind)``, ``("reward_cross", kind, r, i)`` and ``("lucky", r, i)`` tuples.
        Raises :class:`NeedChoice` when a tie needs the player's choice and ``act`` has none.
        """
        kind, r, i, tie = act
        if kind == PASS:
            return closed
        if kind == CELL and not (self.has_pairs or (self.has_bonus and self.bonus[r][i])):
            sh.marks[r] |= 1 << i
            sh.last[r] = i
            sh.count[r] += 1
            if i >= self.lock_from[r]:
                sh.count[r] += 1  # the lock box
                sh.locked |= 1 << r
                events.append(("lock", r))
                return closed | 1 << r
            return closed
        queue: list[int] = []
        if kind == LUCKY:
            events.append(("lucky", r, i))
        closed = self._cross(sh, closed, r, i, events, queue)
        if queue:
            closed = self._rewards(sh, closed, queue, tie, events)
        elif tie >= 0:
            raise NeedChoice([])
        return closed

    def _cross(self, sh: Sheet, closed: int, r: int, i: int, events: list, queue: list) -> int:
        sh.marks[r] |= 1 << i
        sh.last[r] = i
        sh.count[r] += 1
        if i >= self.lock_from[r]:
            sh.count[r] += 1  # the lock box
            sh.locked |= 1 << r
            closed |= 1 << r
            events.append(("lock", r))
        if self.has_bonus and self.bonus[r][i]:
            closed = self._bar(sh, closed, events, queue)
        if self.has_pairs:
            k = self.pair_kind[r][i]
            if k >= 0 and k not in sh.rewards:
                (r1, i1), (r2, i2) = self.pair_cells[k]
                if (sh.marks[r1] >> i1) & 1 and (sh.marks[r2] >> i2) & 1:
                    sh.rewards.append(k)
                    events.append(("reward", k))
                    queue.append(k)
        return closed

    def _bar(self, sh: Sheet, closed: int, events: list, queue: list) -> int:
        """Bonus A: cross the next free bar box, then the next possible cell of its colour."""
        bar = self.bar
        b = sh.bar_pos
        while b < len(bar) and (closed >> bar[b]) & 1:
            b += 1  # boxes of closed colours are struck out
        if b >= len(bar):
            return closed
        sh.bar_pos = b + 1
        sh.bar_used.append(b)
        c = bar[b]
        j = self.next_possible(sh, closed, c)
        events.append(("bar", b, c, j))
        if j < 0:
            return closed  # that bonus cross is lost
        return self._cross(sh, closed, c, j, events, queue)

    def _rewards(self, sh: Sheet, closed: int, queue: list, tie: int, events: list) -> int:
        """Bonus B rewards, first earned first resolved (a reward cross may earn another)."""
        used_tie = False
        while queue:
            k = queue.pop(0)
            if k == TWO_CROSSES:
                rows = self.fewest_rows(sh)
                if len(rows) > 1:
                    if tie not in rows:
                        raise NeedChoice(rows)
                    used_tie = True
                    row = tie
                else:
                    row = rows[0]
                for _ in range(2):
                    j = self.next_possible(sh, closed, row)
                    events.append(("reward_cross", k, row, j))
                    if j >= 0:
                        closed = self._cross(sh, closed, row, j, events, queue)
            elif k == EACH_ROW:
                for row in range(4):
                    j = self.next_possible(sh, closed, row)
                    events.append(("reward_cross", k, row, j))
                    if j >= 0:
                        closed = self._cross(sh, closed, row, j, events, queue)
        if tie >= 0 and not used_tie:
            raise NeedChoice([])
        return closed

    # -- scoring -----------------------------------------------------------------------
    def score(self, sh: Sheet, final: bool = False) -> int:
        """Points of a sheet; ``final`` adds the end-of-game Bonus B rewards.

        >>> rules = Rules.of("classic")
        >>> s = Sheet()
        >>> s.count, s.penalties = [4, 3, 7, 8], 2
        >>> rules.score(s)
        70
        """
        c = sh.count
        pts = row_points(c[0]) + row_points(c[1]) + row_points(c[2]) + row_points(c[3])
        pen = sh.penalties * self.penalty_points
        if final and sh.rewards:
            if NO_PENALTY in sh.rewards:
                pen = 0
            if PLUS_13 in sh.rewards:
                pts += 13
            if DOUBLE in sh.rewards:
                pts += row_points(min(c))
        return pts - pen


@cache
def _rules(name: str) -> Rules:
    return Rules(edition(name))
