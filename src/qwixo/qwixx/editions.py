"""The six Qwixx editions as data (docs/qwixx.md).

An :class:`Edition` is a declarative description of one score sheet and its dice: the four rows
(each cell a ``(number, colour)`` pair), which cells lock a row and how many crosses that needs,
the dice faces, the bonus cells and bonus bar (``bonus-a``), the reward pairs (``bonus-b``), the
lucky numbers (``longo``) and the action-2 rule (``mixx-a``: a coloured die may be used on any
cell of its colour). The rules engine (:mod:`qwixo.qwixx.rules`) reads nothing else, so adding an
edition means adding one entry to :data:`EDITIONS` (plus, at most, one rule hook).

Rows and dice colours are indexed ``0..3`` = ``r, y, g, b`` (red, yellow, green, blue). Dice are
indexed ``0..5`` = white 1, white 2, red, yellow, green, blue.

>>> ed = EDITIONS["classic"]
>>> ed.rows[2].numbers
(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
>>> ed.is_lock(2, ed.rows[2].index(2)), ed.lock_need
(True, 5)
>>> longo = edition("longo")
>>> longo.faces, longo.rows[0].lock_numbers, longo.lock_need
(8, (15, 16), 6)
>>> mixx = edition("mixx-a")
>>> mixx.rows[0].cells[3]          # the top row's 5 is a blue cell
(5, 'b')
>>> mixx.action2_any_row
True
>>> arrays("classic").index_of[0, 7]   # red 7 is the 6th cell
np.int8(5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from qwixo.core import IllegalMove

#: row / coloured-die letters, top to bottom
COLOURS: tuple[str, ...] = ("r", "y", "g", "b")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
#: the six dice, in the order of ``roll([w1, w2, r, y, g, b])``
DICE: tuple[str, ...] = ("w1", "w2", "r", "y", "g", "b")

MAX_PENALTIES = 4
PENALTY_POINTS = 5
#: locked rows that end the game (every edition)
END_ROWS = 2

#: bonus-b reward kinds, in sheet order
REWARD_KINDS: tuple[str, ...] = ("two-crosses", "each-row", "double", "plus-13", "no-penalty")
#: bonus-b: the points the ``plus-13`` reward adds to the final score
PLUS_13_POINTS = 13


def row_points(crosses: int) -> int:
    """Points of a row with ``crosses`` crosses (lock box included): n(n+1)/2.

    >>> [row_points(n) for n in range(8)]
    [0, 1, 3, 6, 10, 15, 21, 28]
    """
    return crosses * (crosses + 1) // 2


@dataclass(frozen=True)
class Row:
    """One row of a sheet: its lock colour, its cells left to right, where the lock cells begin.

    >>> r = EDITIONS["mixx-b"].rows[0]
    >>> r.numbers[-1], r.lock_numbers, r.index(11)
    (11, (11,), 10)
    """

    colour: str
    cells: tuple[tuple[int, str], ...]
    #: index of the first cell that locks the row (cells from there on are lock numbers)
    lock_from: int

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(n for n, _ in self.cells)

    @property
    def lock_numbers(self) -> tuple[int, ...]:
        return self.numbers[self.lock_from:]

    def index(self, number: int) -> int:
        """Position of ``number`` in this row, -1 when absent."""
        for i, (n, _) in enumerate(self.cells):
            if n == number:
                return i
        return -1

    def __len__(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Edition:
    """One sheet and its dice. See the module docstring."""

    name: str
    rows: tuple[Row, Row, Row, Row]
    #: faces of every die (6, or 8 for Longo)
    faces: int = 6
    #: crosses a row needs before one of its lock numbers may be crossed
    lock_need: int = 5
    #: ``mixx-a``: action 2 crosses a cell of the coloured die's colour in any row
    action2_any_row: bool = False
    #: ``longo``: every sheet has two lucky numbers
    lucky: bool = False
    #: ``longo``: the rulebook's lucky pairs, seat by seat (for examples and recorded runs;
    #: games are dealt by :func:`qwixo.qwixx.kernels.deal_lucky`, any two different sums)
    rulebook_lucky: tuple[tuple[int, int], ...] = ()
    #: ``bonus-a``: cells that trigger the bonus bar, as (row index, number)
    bonus_cells: frozenset[tuple[int, int]] = frozenset()
    #: ``bonus-a``: the bonus bar, colour letters left to right
    bar: tuple[str, ...] = ()
    #: ``bonus-b``: reward kind -> the two cells (row index, number) that earn it
    pairs: dict[str, tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=dict)
    max_penalties: int = MAX_PENALTIES
    penalty_points: int = PENALTY_POINTS
    #: the rulebook this sheet comes from
    source: str = ""

    # -- derived -----------------------------------------------------------------------
    @property
    def sums(self) -> range:
        """Every possible sum of two dice: 2..12 (2..16 for Longo)."""
        return range(2, 2 * self.faces + 1)

    @property
    def row_length(self) -> int:
        return len(self.rows[0])

    @property
    def max_crosses(self) -> int:
        """Most crosses a row can hold: the cells up to the first lock cell, plus the lock box."""
        return self.rows[0].lock_from + 2

    def is_lock(self, row: int, index: int) -> bool:
        return index >= self.rows[row].lock_from

    def cell(self, row: int, index: int) -> tuple[int, str]:
        return self.rows[row].cells[index]

    def score_table(self) -> tuple[int, ...]:
        """Points for 0, 1, 2, ... crosses in a row."""
        return tuple(row_points(n) for n in range(self.max_crosses + 1))

    def rules(self) -> dict[str, list[tuple[str, dict[str, int]]]]:
        """What the rules page says of this edition, as messages of the catalogues
        (``web_rules_*``) with the numbers they need, all read from this edition's data, so
        that no rules text can state other numbers than the engine plays by: ``intro``
        (before the example sheet) and ``play`` (after it).

        >>> [k for k, _ in edition("longo").rules()["play"]][3:]
        ['web_rules_qwixx_lock_two', 'web_rules_qwixx_end']
        >>> dict(edition("longo").rules()["play"])["web_rules_qwixx_lock_two"]
        {'need': 6}
        """
        locks = {len(row.lock_numbers) for row in self.rows}
        if locks == {1}:
            lock = "web_rules_qwixx_lock"
        elif locks == {2}:
            lock = "web_rules_qwixx_lock_two"
        else:  # a sheet of another shape needs a sentence of its own
            raise ValueError(f"{self.name}: no rules sentence for rows locked by {sorted(locks)} numbers")
        if END_ROWS != 2:  # the end sentence says "two rows"
            raise ValueError(f"no rules sentence for a game that ends with {END_ROWS} locked rows")
        sums = self.sums
        return {
            "intro": [("web_rules_qwixx_goal", {}),
                      (f"web_rules_ed_{self.name}", {"low": sums[0], "high": sums[-1],
                                                     "faces": self.faces, "need": self.lock_need}),
                      ("web_rules_qwixx_rows", {})],
            "play": [("web_rules_qwixx_action1", {}),
                     ("web_rules_qwixx_action2_any_row" if self.action2_any_row
                      else "web_rules_qwixx_action2", {}),
                     ("web_rules_qwixx_penalty", {"points": self.penalty_points}),
                     (lock, {"need": self.lock_need}),
                     ("web_rules_qwixx_end", {"penalties": self.max_penalties})],
        }

    def to_dict(self) -> dict:
        """A JSON-ready description (what the web app needs to draw a sheet).

        >>> d = edition("bonus-a").to_dict()
        >>> d["rows"][0]["cells"][1], d["bar"][:4]
        ({'number': 3, 'colour': 'r', 'lock': False, 'bonus': True, 'reward': None}, ['r', 'y', 'g', 'b'])
        """
        pair_of = {cell: kind for kind, cells in self.pairs.items() for cell in cells}
        return {
            "name": self.name,
            "faces": self.faces,
            "lock_need": self.lock_need,
            "action2_any_row": self.action2_any_row,
            "lucky": self.lucky,
            "max_penalties": self.max_penalties,
            "penalty_points": self.penalty_points,
            "rows": [
                {
                    "colour": row.colour,
                    "lock_from": row.lock_from,
                    "cells": [
                        {
                            "number": n,
                            "colour": c,
                            "lock": i >= row.lock_from,
                            "bonus": (r, n) in self.bonus_cells,
                            "reward": pair_of.get((r, n)),
                        }
                        for i, (n, c) in enumerate(row.cells)
                    ],
                }
                for r, row in enumerate(self.rows)
            ],
            "bar": list(self.bar),
            "pairs": {k: [[COLOURS[r], n] for r, n in v] for k, v in self.pairs.items()},
            "score_table": list(self.score_table()),
            "rules": {part: [[key, params] for key, params in statements]
                      for part, statements in self.rules().items()},
        }


def _plain_row(colour: str, numbers, lock_count: int = 1) -> Row:
    numbers = tuple(numbers)
    return Row(colour, tuple((n, colour) for n in numbers), len(numbers) - lock_count)


def _mixed_row(colour: str, spec: str) -> Row:
    """A row from text like ``"2Y 3Y 4Y 5B ..."`` (number + colour letter)."""
    cells = tuple((int(tok[:-1]), tok[-1].lower()) for tok in spec.split())
    return Row(colour, cells, len(cells) - 1)


def _classic_rows() -> tuple[Row, Row, Row, Row]:
    up, down = range(2, 13), range(12, 1, -1)
    return (_plain_row("r", up), _plain_row("y", up), _plain_row("g", down),
            _plain_row("b", down))


def _cells(text: str) -> frozenset[tuple[int, int]]:
    """``"r3 r6 g11"`` -> {(0, 3), (0, 6), (2, 11)}"""
    return frozenset((COLOUR_INDEX[tok[0]], int(tok[1:])) for tok in text.split())


_BOOK = "seeds/004 (Italian, all editions)"

EDITIONS: dict[str, Edition] = {
    "classic": Edition("classic", _classic_rows(), source=_BOOK + "; seeds/001 (Turkish)"),
    "longo": Edition(
        "longo",
        (_plain_row("r", range(2, 17), 2), _plain_row("y", range(2, 17), 2),
         _plain_row("g", range(16, 1, -1), 2), _plain_row("b", range(16, 1, -1), 2)),
        faces=8, lock_need=6, lucky=True,
        rulebook_lucky=((5, 8), (5, 10), (6, 11), (7, 12), (4, 9)),
        source=_BOOK + "; seeds/000 (Turkish), seeds/002 (Polish)",
    ),
    "mixx-a": Edition(
        "mixx-a",
        (_mixed_row("r", "2Y 3Y 4Y 5B 6B 7B 8G 9G 10G 11R 12R"),
         _mixed_row("y", "2R 3R 4G 5G 6G 7G 8B 9B 10Y 11Y 12Y"),
         _mixed_row("g", "12B 11B 10B 9Y 8Y 7Y 6R 5R 4R 3G 2G"),
         _mixed_row("b", "12G 11G 10R 9R 8R 7R 6Y 5Y 4B 3B 2B")),
        action2_any_row=True, source=_BOOK,
    ),
    "mixx-b": Edition(
        "mixx-b",
        (_plain_row("r", (10, 6, 2, 8, 3, 4, 12, 5, 9, 7, 11)),
         _plain_row("y", (9, 12, 4, 6, 7, 2, 5, 8, 11, 3, 10)),
         _plain_row("g", (8, 2, 10, 12, 6, 9, 7, 4, 5, 11, 3)),
         _plain_row("b", (5, 7, 11, 9, 12, 3, 8, 10, 2, 6, 4))),
        source=_BOOK,
    ),
    "bonus-a": Edition(
        "bonus-a", _classic_rows(),
        bonus_cells=_cells("r3 r6 r9 y5 y8 y11 g11 g7 g4 b10 b8 b5"),
        bar=tuple("r y g b g r b y r y b g".split()),
        source=_BOOK,
    ),
    "bonus-b": Edition(
        "bonus-b", _classic_rows(),
        pairs={
            "two-crosses": ((1, 11), (2, 9)),
            "each-row": ((1, 7), (3, 7)),
            "double": ((0, 8), (3, 10)),
            "plus-13": ((0, 6), (3, 4)),
            "no-penalty": ((1, 3), (2, 5)),
        },
        source=_BOOK,
    ),
}

EDITION_NAMES: tuple[str, ...] = tuple(EDITIONS)


def edition(name: str | Edition) -> Edition:
    """The edition called ``name`` (raises :class:`IllegalMove` ``unknown_edition``)."""
    if isinstance(name, Edition):
        return name
    if isinstance(name, str) and name.lower() in EDITIONS:
        return EDITIONS[name.lower()]
    raise IllegalMove("unknown_edition", name=name, choices=", ".join(EDITION_NAMES))


# -- compiled forms for kernels ------------------------------------------------------------
@dataclass(frozen=True)
class EditionArrays:
    """The same data as numpy arrays (int8/int16), ready for numba kernels.

    ``L`` = row length, ``S`` = 2 * faces + 1 (sums are indices 0..S-1).

    - ``numbers[4, L]``: number of each cell; ``colours[4, L]``: colour index of each cell
    - ``index_of[4, S]``: position of a number in a row (-1 when absent)
    - ``lock_from[4]``: first lock position per row; ``lock_need``: crosses needed first
    - ``cells_by_number[S, 4]``: for a white sum, the cell position in each row (-1: none)
    - ``cells_by_colour[4, S, 4]``: for die colour c and sum s, the position in each row of a
      cell that die may cross in action 2 (-1: none). Classic: only row c; Mixx A: any row whose
      cell of that number has colour c.
    - ``bonus[4, L]``: 1 for a bonus cell (bonus-a); ``bar[k]``: colour index of each bar box
    - ``pair_kind[4, L]``: reward kind index (see :data:`REWARD_KINDS`) of a cell, -1 for none
    - ``score[n]``: points for n crosses in a row
    """

    faces: int
    lock_need: int
    numbers: np.ndarray
    colours: np.ndarray
    index_of: np.ndarray
    lock_from: np.ndarray
    cells_by_number: np.ndarray
    cells_by_colour: np.ndarray
    bonus: np.ndarray
    bar: np.ndarray
    pair_kind: np.ndarray
    score: np.ndarray


@cache
def arrays(name: str) -> EditionArrays:
    """Compiled arrays of an edition (cached; treat them as read-only). The one place the
    numeric tables of a sheet are derived: the rules kernels' table
    (:func:`qwixo.qwixx.kernels.table`), :class:`~qwixo.qwixx.rules.Rules` and the solitaire
    solver read them from here."""
    return edition_arrays(edition(name))


def edition_arrays(ed: Edition) -> EditionArrays:
    """:func:`arrays` of any :class:`Edition`, registered or not (uncached)."""
    n_cells = ed.row_length
    n_sums = 2 * ed.faces + 1
    numbers = np.array([row.numbers for row in ed.rows], dtype=np.int8)
    colours = np.array([[COLOUR_INDEX[c] for _, c in row.cells] for row in ed.rows], dtype=np.int8)
    index_of = np.full((4, n_sums), -1, dtype=np.int8)
    for r in range(4):
        for i in range(n_cells):
            index_of[r, numbers[r, i]] = i
    cells_by_colour = np.full((4, n_sums, 4), -1, dtype=np.int8)
    for c in range(4):
        for s in range(n_sums):
            for r in range(4):
                i = index_of[r, s]
                if i < 0:
                    continue
                if (colours[r, i] == c) if ed.action2_any_row else (r == c):
                    cells_by_colour[c, s, r] = i
    bonus = np.zeros((4, n_cells), dtype=np.int8)
    for r, n in ed.bonus_cells:
        bonus[r, index_of[r, n]] = 1
    pair_kind = np.full((4, n_cells), -1, dtype=np.int8)
    for k, kind in enumerate(REWARD_KINDS):
        for r, n in ed.pairs.get(kind, ()):
            pair_kind[r, index_of[r, n]] = k
    out = EditionArrays(
        faces=ed.faces,
        lock_need=ed.lock_need,
        numbers=numbers,
        colours=colours,
        index_of=index_of,
        lock_from=np.array([row.lock_from for row in ed.rows], dtype=np.int8),
        cells_by_number=np.ascontiguousarray(index_of.T),
        cells_by_colour=cells_by_colour,
        bonus=bonus,
        bar=np.array([COLOUR_INDEX[c] for c in ed.bar], dtype=np.int8),
        pair_kind=pair_kind,
        score=np.array(ed.score_table(), dtype=np.int16),
    )
    for a in (numbers, colours, index_of, cells_by_colour, bonus, pair_kind):
        a.setflags(write=False)
    return out
