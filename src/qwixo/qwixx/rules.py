"""The Qwixx rules on one score sheet, for every edition, as Python objects.

:class:`Rules` and :class:`Sheet` are the Python face of :mod:`qwixo.qwixx.kernels`, where every
rule is written once (legality, options, crossing with locks, the Bonus A bar chain, the Bonus
B rewards, Longo lucky crosses, the score): a :class:`Sheet` is a block of a kernel state array
(its own, or one player's block of a game's state), and every method here calls the kernels.
The option texts and the name tables (``text``, ``cell_of``, ``numbers`` ...) live here; the
numbers come from :func:`qwixo.qwixx.editions.arrays`, like the kernels' table.

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

import numpy as np

from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import COLOURS, REWARD_KINDS, Edition, arrays, edition

PASS, CELL, LUCKY = 0, 1, 2
PASS_ACTION = (PASS, -1, -1, -1)

TWO_CROSSES, EACH_ROW, DOUBLE, PLUS_13, NO_PENALTY = range(5)
assert REWARD_KINDS[NO_PENALTY] == "no-penalty"

_EV_NAMES = {K.EV_LOCK: "lock", K.EV_BAR: "bar", K.EV_REWARD: "reward",
             K.EV_RCROSS: "reward_cross", K.EV_LUCKY: "lucky"}


class NeedChoice(Exception):
    """A Bonus B "two crosses" reward found several rows tied for the fewest crosses and the
    action did not say (correctly) which one the player takes. ``rows`` are the tied rows."""

    def __init__(self, rows: list[int]) -> None:
        super().__init__(rows)
        self.rows = rows


# the kernels' option-code helpers, as plain Python functions (one encoding)
_cell_code, _lucky_code, _tie_code = (K.cell_code.py_func, K.lucky_code.py_func,
                                      K.tie_code.py_func)
_code_row, _code_cell, _code_tie, _is_lucky = (K.code_row.py_func, K.code_cell.py_func,
                                               K.code_tie.py_func, K.is_lucky.py_func)
_die_in_play = K.die_in_play.py_func


def code_of(act: tuple) -> int:
    """The kernel option code of an action tuple."""
    kind, r, i, tie = act
    if kind == PASS:
        return -1
    return _tie_code(_lucky_code(r, i) if kind == LUCKY else _cell_code(r, i), tie)


def act_of_code(code: int) -> tuple:
    """The action tuple of a kernel option code."""
    if code < 0:
        return PASS_ACTION
    return (LUCKY if _is_lucky(code) else CELL, _code_row(code), _code_cell(code),
            _code_tie(code))


def dice_in_play(closed: int) -> list[int]:
    """The dice still rolled (``0..5`` = w1, w2, r, y, g, b) with the rows ``closed`` (a bit
    mask): :func:`qwixo.qwixx.kernels.die_in_play`.

    >>> dice_in_play(0b0101)   # red and green closed: their dice are out of the game
    [0, 1, 3, 5]
    """
    return [j for j in range(6) if _die_in_play(closed, j)]


def dice_removed(before: int, after: int) -> list[int]:
    """The coloured dice (``0..3`` = r, y, g, b) taken out of the game when the closed rows go
    from ``before`` to ``after``."""
    return [c for c in range(4) if _die_in_play(before, 2 + c) and not _die_in_play(after, 2 + c)]


def events_of(ev: np.ndarray | list, n: int, player: int | None = None) -> list[tuple]:
    """The kernel events ``ev[:n]`` (of ``player`` only, unless None) as the tuples of
    :meth:`Rules.apply` (``ev`` may be ``ev[:n].tolist()`` already)."""
    out = []
    for p, kind, a, b, c in (ev if ev.__class__ is list else ev[:n].tolist()):
        if player is not None and p != player:
            continue
        if kind == K.EV_LOCK or kind == K.EV_REWARD:
            out.append((_EV_NAMES[kind], a))
        elif kind == K.EV_LUCKY:
            out.append(("lucky", a, b))
        else:
            out.append((_EV_NAMES[kind], a, b, c))
    return out


class Cells:
    """Four values of a sheet's block (one per row) read and written as Python ints."""

    __slots__ = ("_s", "_o")

    def __init__(self, s: np.ndarray, o: int) -> None:
        self._s = s
        self._o = o

    def tolist(self) -> list[int]:
        return self._s[self._o:self._o + 4].tolist()

    def __getitem__(self, r):
        if r.__class__ is slice:
            return self.tolist()[r]
        if not -4 <= r < 4:
            raise IndexError(r)
        return self._s.item(self._o + r % 4)

    def __setitem__(self, r, value) -> None:
        if r.__class__ is slice:
            self._s[self._o:self._o + 4][r] = value
            return
        if not -4 <= r < 4:
            raise IndexError(r)
        self._s[self._o + r % 4] = value

    def __len__(self) -> int:
        return 4

    def __iter__(self):
        return iter(self.tolist())

    def __eq__(self, other: object) -> bool:
        try:
            return self.tolist() == list(other)  # type: ignore[call-overload]
        except TypeError:
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        return np.array(self.tolist(), dtype=dtype)

    def __repr__(self) -> str:
        return repr(self.tolist())


class Sheet:
    """One player's score sheet: a block of :data:`~qwixo.qwixx.kernels.PB` values of a kernel
    state array (``Sheet()`` has a block of its own; :meth:`view` is a player's block of a
    game's state, changed in place).

    - ``last[r]``: position of the rightmost cross in row r (-1: none)
    - ``count[r]``: crosses in row r, the lock box included
    - ``marks[r]``: bit mask of crossed positions
    - ``locked``: bit mask of the rows this player locked (lock box crossed)
    - ``penalties``: penalty boxes crossed
    - ``bar_used`` / ``bar_pos``: Bonus A bar boxes crossed, the next box to look at
    - ``rewards``: Bonus B reward kinds earned (indices of :data:`REWARD_KINDS`), in order
    - ``lucky``: Longo lucky numbers

    ``last``, ``count`` and ``marks`` are :class:`Cells` of the block (item assignment changes
    the sheet); the others are properties.
    """

    __slots__ = ("_s", "_b", "last", "count", "marks")

    def __init__(self, lucky: tuple[int, ...] = ()) -> None:
        s = np.zeros(K.PB, np.int64)
        s[K.LAST:K.LAST + 4] = -1
        if lucky:
            s[K.LUCKY:K.LUCKY + 2] = lucky
        self._attach(s, 0)

    def _attach(self, s: np.ndarray, b: int) -> None:
        self._s = s
        self._b = b
        object.__setattr__(self, "last", Cells(s, b + K.LAST))
        object.__setattr__(self, "count", Cells(s, b + K.CNT))
        object.__setattr__(self, "marks", Cells(s, b + K.MARKS))

    @classmethod
    def view(cls, s: np.ndarray, b: int) -> Sheet:
        """The sheet whose block starts at ``s[b]`` (shares the array)."""
        sh = cls.__new__(cls)
        sh._attach(s, b)
        return sh

    def block(self) -> np.ndarray:
        return self._s[self._b:self._b + K.PB]

    def __setattr__(self, name: str, value) -> None:
        if name in ("last", "count", "marks"):
            getattr(self, name)[:] = value  # assign into the block
        else:
            object.__setattr__(self, name, value)

    def _get(self, k: int) -> int:
        return int(self._s[self._b + k])

    def _set(self, k: int, v: int) -> None:
        self._s[self._b + k] = v

    locked = property(lambda self: self._get(K.LOCKED), lambda self, v: self._set(K.LOCKED, v))
    penalties = property(lambda self: self._get(K.PEN), lambda self, v: self._set(K.PEN, v))
    bar_pos = property(lambda self: self._get(K.BARPOS), lambda self, v: self._set(K.BARPOS, v))

    @property
    def bar_used(self) -> list[int]:
        m = self._get(K.BARUSED)
        return [k for k in range(m.bit_length()) if (m >> k) & 1]

    @bar_used.setter
    def bar_used(self, boxes: list[int]) -> None:
        self._set(K.BARUSED, sum(1 << k for k in set(boxes)))

    @property
    def rewards(self) -> list[int]:
        order = self._get(K.RORDER)
        out = []
        while order:
            out.append(order % 8 - 1)
            order //= 8
        return out[::-1]

    @rewards.setter
    def rewards(self, kinds: list[int]) -> None:
        order = mask = 0
        for k in kinds:
            order = order * 8 + k + 1
            mask |= 1 << k
        self._set(K.RORDER, order)
        self._set(K.REWARDS, mask)

    @property
    def lucky(self) -> tuple[int, ...]:
        a, b = self._get(K.LUCKY), self._get(K.LUCKY + 1)
        return (a, b) if a or b else ()

    def __reduce__(self):
        # pickle / deepcopy: a view of the (copied) state array, still shared with the game's
        # (the default slot-by-slot restore would go through __setattr__ before _attach)
        return (Sheet.view, (self._s, self._b))

    def copy(self) -> Sheet:
        sh = Sheet.__new__(Sheet)
        sh._attach(self.block().copy(), 0)
        return sh

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sheet):
            return NotImplemented
        return bool((self.block() == other.block()).all())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Sheet(last={self.last.tolist()}, count={self.count.tolist()}, "
                f"penalties={self.penalties}, locked={self.locked:#x})")


class Rules:
    """The rules of one edition: the kernels' table ``T`` and the names of cells and options.
    Get one with :meth:`of`."""

    def __init__(self, ed: Edition) -> None:
        a = arrays(ed.name)
        self.edition = ed
        self.name = ed.name
        self.T = K.table(ed.name)
        self.faces = ed.faces
        self.need = ed.lock_need
        self.length = ed.row_length
        self.lock_from = a.lock_from.tolist()
        self.numbers = a.numbers.tolist()
        self.index_of = a.index_of.tolist()
        self.text = [[f"{COLOURS[r]}{n}" for n in self.numbers[r]] for r in range(4)]
        self.cell_of = {self.text[r][i]: (r, i) for r in range(4) for i in range(self.length)}
        #: text -> action of "pass" and of every cell
        self.act_of = {self.text[r][i]: (CELL, r, i, -1)
                       for r in range(4) for i in range(self.length)}
        self.act_of["pass"] = PASS_ACTION
        #: option code -> text (codes below 2 * LUCKY_FLAG)
        self.code_text: list[str | None] = [None] * (2 * K.LUCKY_FLAG)
        for r in range(4):
            for i in range(self.length):
                self.code_text[_lucky_code(r, i)] = "L:" + COLOURS[r]
                self.code_text[_cell_code(r, i)] = self.text[r][i]
                for t in range(4):
                    self.code_text[_tie_code(_cell_code(r, i), t)] = (
                        f"{self.text[r][i]}+{COLOURS[t]}")
        self.lucky = ed.lucky
        self.any_row = ed.action2_any_row
        self.bonus = a.bonus.astype(bool).tolist()
        self.has_bonus = bool(ed.bonus_cells)
        self.bar = a.bar.tolist()
        self.pair_kind = a.pair_kind.tolist()
        self.has_pairs = bool(ed.pairs)
        self.has_chain = self.has_pairs or self.has_bonus
        self.max_penalties = ed.max_penalties
        self.penalty_points = ed.penalty_points
        #: option lists seen, by key (at most 5 codes of 11 bits: a bounded number)
        self._known: dict[int, tuple[list[str], dict | None, list[int], dict]] = {}

    @staticmethod
    def of(name: str | Edition) -> Rules:
        """The (cached) rules of an edition."""
        return _rules(edition(name).name)

    def __reduce__(self):
        # a pickled or deep-copied game gets the edition's cached rules back, with the kernels'
        # read-only table: a writable copy of it is another argument type to numba, which
        # would compile every kernel again for it (seconds at the copy's first move)
        return (Rules.of, (self.name,))

    # -- legality ----------------------------------------------------------------------
    def can_cross(self, sh: Sheet, closed: int, r: int, i: int) -> bool:
        """May ``sh`` cross position ``i`` of row ``r`` (rows in ``closed`` are closed)?"""
        return bool(K.legal(sh._s, sh._b, closed, r, i, self.T))

    def next_possible(self, sh: Sheet, closed: int, r: int) -> int:
        """The leftmost position right of the last cross in row r that ``sh`` may cross, or -1."""
        return int(K.next_possible(sh._s, sh._b, closed, r, self.T))

    def bar_box_free(self, sh: Sheet, closed: int, x: int) -> bool:
        """Bonus A: may bar box ``x`` of ``sh`` still be crossed (rows in ``closed`` closed)?"""
        return bool(K.bar_box_free(sh._s, sh._b, closed, x, self.T))

    def fewest_rows(self, sh: Sheet) -> list[int]:
        """The rows (all four, closed ones included) with the fewest crosses."""
        m = int(K.fewest_mask(sh._s, sh._b))
        return [r for r in range(4) if (m >> r) & 1]

    def lucky_targets(self, sh: Sheet, closed: int, total: int) -> list[tuple[int, int]]:
        """Longo: cells a lucky cross may take when the white sum is ``total``.

        The sum must be one of the sheet's lucky numbers; the target is the next cell of a row
        with the fewest crosses (ties: each is a choice), when that cell may be crossed.
        """
        if total not in sh.lucky:
            return []
        return [(r, j) for r in self.fewest_rows(sh)
                if (j := self.next_possible(sh, closed, r)) >= 0]

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

    def options_of(self, wk: np.ndarray, p: int, key: int | None = None) -> tuple:
        """:meth:`texts_of` of row ``p`` of a contract work array (see
        :func:`qwixo.qwixx.kernels.turn_options`), remembered by the row's key (``key``:
        that key when the caller has read it already)."""
        if key is None:
            key = wk.item(p, K.OPTS_SIZE - 2)
        res = self._known.get(key) if key >= 0 else None
        if res is None:
            res = self.texts_of(wk[p, :wk.item(p, K.OPTS_SIZE - 1)].tolist())
            if key >= 0:
                self._known[key] = res
        return res

    def texts_of(self, codes: list[int]) -> tuple[list[str], dict | None, list[int], dict]:
        """Option texts of kernel codes, "pass" first; the dict text -> action of those that
        are not plain cells (lucky crosses, tie choices), or None; the codes, pass (-1) first;
        the dict text -> code.
        """
        ct = self.code_text
        texts = ["pass"]
        extra = None
        for c in codes:
            t = ct[c]
            texts.append(t)
            if c >= K.TIE_UNIT:
                if extra is None:
                    extra = {}
                extra[t] = act_of_code(c)
        codes.insert(0, -1)
        return texts, extra, codes, dict(zip(texts, codes, strict=True))

    def white_table(self, sh: Sheet, closed: int, total: int) -> tuple[list[str], dict | None]:
        """Action 1 options as texts, plus a dict text -> action for the texts that are not
        plain cells (lucky crosses, tie choices), or None when there are none."""
        out, w, ev = _scratch()
        k = K.white_options(sh._s, sh._b, closed, total, self.T, out, w, ev)
        return self.texts_of(out[:k].tolist())[:2]

    def colour_table(self, sh: Sheet, closed: int, dice: list) -> tuple[list[str], dict | None]:
        """Action 2 options as texts (cells in sheet order) and the extra dict (see
        :meth:`white_table`)."""
        d = np.array([x or 0 for x in dice], np.int64)
        out, w, ev = _scratch()
        k = K.colour_options(sh._s, sh._b, closed, d[0], d[1], d, 2, self.T, out, w, ev)
        return self.texts_of(out[:k].tolist())[:2]

    # -- crossing ----------------------------------------------------------------------
    def apply(self, sh: Sheet, closed: int, act: tuple, events: list) -> int:
        """Carry out ``act`` (not pass) on ``sh``; returns ``closed`` plus the rows ``sh`` locked.

        Chains (bonus bar, rewards) resolve at once and see this sheet's own new locks.
        ``events`` receives ``("lock", r)``, ``("bar", box, r, i)`` (``i`` -1: cross lost),
        ``("reward", kind)``, ``("reward_cross", kind, r, i)`` and ``("lucky", r, i)`` tuples.
        Raises :class:`NeedChoice` when a tie needs the player's choice and ``act`` has none.
        """
        if act[0] == PASS:
            return closed
        ev = _scratch()[2]
        cl, en, status, tied = K.apply(sh._s, sh._b, 0, closed, code_of(act), self.T, ev, 0)
        events.extend(events_of(ev, en))
        if status == 1:
            raise NeedChoice([r for r in range(4) if (tied >> r) & 1])
        if status == 2:
            raise NeedChoice([])
        return int(cl)

    # -- scoring -----------------------------------------------------------------------
    def score(self, sh: Sheet, final: bool = False) -> int:
        """Points of a sheet; ``final`` adds the end-of-game Bonus B rewards.

        >>> rules = Rules.of("classic")
        >>> s = Sheet()
        >>> s.count, s.penalties = [4, 3, 7, 8], 2
        >>> rules.score(s)
        70
        """
        return int(K.score(sh._s, sh._b, self.T, final))


def _scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fresh scratch buffers for one kernel call (options, a sheet block, events): the rules
    of an edition are shared, so they keep none."""
    return np.empty(K.OPTS_SIZE, np.int64), np.empty(K.PB, np.int64), np.zeros((64, 5), np.int64)


@cache
def _rules(name: str) -> Rules:
    return Rules(edition(name))
