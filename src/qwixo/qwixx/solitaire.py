"""The exact solution of one-player Qwixx, and the ``optimal`` bot that plays it.

Solitaire Qwixx is a finite, acyclic game against the dice: every turn adds a cross or a
penalty. Backward induction over every sheet state gives the best expected final score and,
with it, the best decision in every position. :func:`solve` does that for the editions whose
rules are "cells in rows": ``classic``, ``mixx-a``, ``mixx-b`` and ``longo`` (for one pair of
lucky numbers).

**Row kinds.** What matters about a row for the rest of the game is the position of its last
cross and its number of crosses (the points still to come only depend on them), or that it is
locked. For classic that is 57 kinds: empty, 55 ``(last cross, crosses)`` pairs and "locked"
(a locked row scores a constant, so one kind serves all of them). In Longo the crosses of a
locked row still matter (the lucky cross goes to the row with the fewest crosses), so a locked
row keeps its count there. A state is four kinds and a penalty count; its value is the
expected number of points *still to come*.

**Symmetries** (found from the edition data and checked, see :func:`symmetries`): classic has
red ↔ yellow, green ↔ blue and (red, yellow) ↔ (green, blue) under ``d → 7 − d``; Longo keeps
the first two; Mixx A keeps the pair swap (with its colours); Mixx B has none.

>>> model = build_model("classic")
>>> model.kinds, model.symmetry
(57, ('r<->y', 'g<->b', 'pairs'))
>>> sol = solve(tiny_edition(), progress=False)     # a 3-cell toy sheet: see tiny_edition()
>>> round(sol.expected, 4)
24.9717
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from qwixo.core import IllegalMove
from qwixo.qwixx.editions import (
    COLOURS,
    Edition,
    Row,
    edition,
    edition_arrays,
    row_points,
)

#: editions the solver handles (the bonus editions have rules beyond "cells in rows")
SOLVABLE: tuple[str, ...] = ("classic", "mixx-a", "mixx-b", "longo")
#: the published optimum of classic solitaire (Howe; realead/qwixxmaster)
CLASSIC_OPTIMUM = 115.4831
FILE_FORMAT = 1


# -- the model: row kinds, transitions, layout ----------------------------------------------
@dataclass
class Model:
    """Everything the kernels need about one edition (and lucky pair), as arrays.

    Row kinds are numbered so that a cross always leads to a larger kind: ``0`` is the empty
    row, then ``(last, crosses)`` by position, then the locked kinds.
    """

    name: str
    faces: int
    row_length: int
    lock_from: int
    lock_need: int
    lucky: tuple[int, ...]
    max_penalties: int
    penalty_points: int
    kinds: int
    trans: np.ndarray      # [K, L] kind after crossing a position (-1: not allowed)
    gain: np.ndarray       # [K, L] points gained by that cross (lock box included)
    closed: np.ndarray     # [K] 1 for a locked row
    count: np.ndarray      # [K] crosses of the row (lock box included)
    last: np.ndarray       # [K] position of the last cross (-1: empty; L: locked)
    nextpos: np.ndarray    # [K] the cell right of the last cross (lucky cross), -1 if locked
    level: np.ndarray      # [K] strictly increases with every cross
    index_of: np.ndarray   # [4, S] position of a white sum in each row (-1: none)
    tgt_cnt: np.ndarray    # [4, S] action-2 targets of die colour c and sum s
    tgt_row: np.ndarray    # [4, S, 4]
    tgt_pos: np.ndarray    # [4, S, 4]
    lucky_mask: np.ndarray  # [S] 1 for a lucky sum
    A: np.ndarray          # [K, K] index part of rows 0, 1
    B: np.ndarray          # [K, K] index part of rows 2, 3
    size: int              # entries per penalty layer
    symmetry: tuple[str, ...]
    tri: bool              # red<->yellow and green<->blue folded into the layout
    pairswap: bool         # (r, y) <-> (g, b) images written too
    kind_of: dict[tuple[int, int], int] = field(default_factory=dict)  # (last, crosses) -> kind
    closed_kind: dict[int, int] = field(default_factory=dict)         # crosses -> locked kind

    @property
    def label(self) -> str:
        """``classic`` or ``longo-5-8``: the name of the policy table."""
        if self.lucky:
            return f"{self.name}-" + "-".join(str(n) for n in self.lucky)
        return self.name

    def index(self, kinds: Sequence[int]) -> int:
        k0, k1, k2, k3 = (int(k) for k in kinds)
        return int(self.A[k0, k1] + self.B[k2, k3])

    def over(self, kinds: Sequence[int], penalties: int) -> bool:
        """Is the game of row kinds ``kinds`` with ``penalties`` boxes over? (The kernels'
        end rule: :func:`qwixo.qwixx.solitaire_kernels.game_over`.)"""
        from qwixo.qwixx.solitaire_kernels import game_over

        return bool(game_over(self.closed, np.asarray(kinds, np.int64), penalties,
                              self.max_penalties))

    def die_present(self, kinds: Sequence[int], c: int) -> bool:
        """Is the die of row ``c`` still rolled with the row kinds ``kinds``
        (:func:`qwixo.qwixx.solitaire_kernels.die_present`)?"""
        from qwixo.qwixx.solitaire_kernels import die_present

        return bool(die_present(self.closed, np.asarray(kinds, np.int64), c))

    def row_kind(self, last: int, crosses: int, locked: bool = False) -> int:
        """The kind of a row with its last cross at position ``last`` (-1: empty).

        A locked row's crosses only matter with lucky numbers; a count the solitaire game
        cannot reach (another player locked the row early) is clamped to the nearest kind.

        >>> m = build_model("classic")
        >>> m.row_kind(-1, 0), m.row_kind(0, 1), m.row_kind(3, 2), m.row_kind(0, 0, locked=True)
        (0, 1, 8, 56)
        """
        if locked:
            counts = sorted(self.closed_kind)
            c = min(max(crosses, counts[0]), counts[-1])
            return self.closed_kind[c]
        if last < 0:
            return 0
        if not (0 <= last < self.lock_from):
            raise IllegalMove("bad_save", why=f"row cross at {last} without a lock")
        crosses = min(max(crosses, 1), last + 1)
        return self.kind_of[(last, crosses)]


def _edition_arrays(ed: Edition):
    """The solver's view of :func:`qwixo.qwixx.editions.edition_arrays` (int64): cell numbers
    and colours, ``index_of``, and per die colour and sum the cells action 2 may cross as
    (count, rows, positions)."""
    a = edition_arrays(ed)
    S = a.index_of.shape[1]
    tgt_cnt = np.zeros((4, S), dtype=np.int64)
    tgt_row = np.zeros((4, S, 4), dtype=np.int64)
    tgt_pos = np.zeros((4, S, 4), dtype=np.int64)
    for c in range(4):
        for s in range(S):
            for r in range(4):
                i = int(a.cells_by_colour[c, s, r])
                if i >= 0:
                    tgt_row[c, s, tgt_cnt[c, s]] = r
                    tgt_pos[c, s, tgt_cnt[c, s]] = i
                    tgt_cnt[c, s] += 1
    return (a.numbers.astype(np.int64), a.colours.astype(np.int64),
            a.index_of.astype(np.int64), tgt_cnt, tgt_row, tgt_pos)


def symmetries(ed: Edition, lucky: Sequence[int] = ()) -> tuple[str, ...]:
    """The symmetries of an edition's solitaire game, checked on its data.

    A symmetry maps rows (and dice colours with them) and possibly every die ``d → faces+1−d``
    (every sum ``s → 2·faces+2−s``) so that cells, colours and lucky numbers map onto each other.

    >>> symmetries(edition("classic")), symmetries(edition("mixx-a")), symmetries(edition("mixx-b"))
    (('r<->y', 'g<->b', 'pairs'), ('pairs',), ())
    >>> symmetries(edition("longo"), (5, 8)), symmetries(edition("longo"), (6, 12))
    (('r<->y', 'g<->b'), ('r<->y', 'g<->b', 'pairs'))
    """
    numbers, colours, *_ = _edition_arrays(ed)
    top = 2 * ed.faces + 2
    lucky_set = set(lucky)

    def holds(perm: tuple[int, ...], mirror: bool) -> bool:
        if mirror and {top - n for n in lucky_set} != lucky_set:
            return False
        if len({ed.rows[r].lock_from for r in range(4)}) != 1:
            return False
        for r in range(4):
            for i in range(ed.row_length):
                n = top - numbers[r, i] if mirror else numbers[r, i]
                if numbers[perm[r], i] != n or colours[perm[r], i] != perm[colours[r, i]]:
                    return False
        return True

    out = []
    if holds((1, 0, 2, 3), False):
        out.append("r<->y")
    if holds((0, 1, 3, 2), False):
        out.append("g<->b")
    if holds((2, 3, 0, 1), True) or holds((2, 3, 0, 1), False):
        out.append("pairs")
    return tuple(out)


def build_model(ed: str | Edition, lucky: Sequence[int] | None = None, *,
                symmetry: bool = True) -> Model:
    """The solver's model of an edition. ``lucky`` (Longo only): the sheet's two lucky numbers.

    >>> m = build_model("longo", (5, 8))
    >>> m.kinds, m.label, m.tri, m.pairswap
    (100, 'longo-5-8', True, False)
    >>> build_model("bonus-a")
    Traceback (most recent call last):
    ...
    qwixo.core.IllegalMove: The solver handles classic, mixx-a, mixx-b, longo; not bonus-a.
    """
    ed = edition(ed)
    if ed.bonus_cells or ed.bar or ed.pairs:
        raise IllegalMove("solver_edition", name=ed.name, choices=", ".join(SOLVABLE))
    L = ed.row_length
    S = 2 * ed.faces + 1
    lock_from = ed.rows[0].lock_from
    if any(row.lock_from != lock_from or len(row) != L for row in ed.rows):
        raise IllegalMove("solver_edition", name=ed.name, choices=", ".join(SOLVABLE))
    if ed.lucky:
        if lucky is None:
            raise IllegalMove("solver_lucky_needed", name=ed.name)
        lucky_t = tuple(sorted(int(n) for n in lucky))
        if len(lucky_t) != 2 or lucky_t[0] == lucky_t[1] or not all(2 <= n < S for n in lucky_t):
            raise IllegalMove("solver_bad_lucky", lucky=",".join(map(str, lucky)), top=S - 1)
    else:
        if lucky:
            raise IllegalMove("solver_no_lucky", name=ed.name)
        lucky_t = ()
    need = ed.lock_need
    # -- kinds
    kind_of: dict[tuple[int, int], int] = {}
    last_l, count_l = [-1], [0]
    for i in range(lock_from):
        for k in range(1, i + 2):
            kind_of[(i, k)] = len(last_l)
            last_l.append(i)
            count_l.append(k)
    n_open = len(last_l)
    closed_counts = list(range(need + 2, lock_from + 3)) if lucky_t else [lock_from + 2]
    closed_kind = {}
    for c in closed_counts:
        closed_kind[c] = len(last_l)
        last_l.append(L)
        count_l.append(c)
    K = len(last_l)
    if K > 127:
        raise IllegalMove("solver_edition", name=ed.name, choices=", ".join(SOLVABLE))
    last = np.array(last_l, dtype=np.int64)
    count = np.array(count_l, dtype=np.int64)
    closed = (np.arange(K) >= n_open).astype(np.int64)
    trans = np.full((K, L), -1, dtype=np.int64)
    gain = np.zeros((K, L), dtype=np.float64)
    for k in range(n_open):
        for pos in range(last[k] + 1, L):
            c = count[k]
            if pos >= lock_from:
                if c < need:
                    continue
                nk = closed_kind[c + 2] if lucky_t else closed_kind[closed_counts[0]]
                trans[k, pos] = nk
                gain[k, pos] = row_points(c + 2) - row_points(c)
            else:
                trans[k, pos] = kind_of[(pos, c + 1)]
                gain[k, pos] = row_points(c + 1) - row_points(c)
    nextpos = np.where(closed == 1, -1, last + 1).astype(np.int64)
    level = np.where(closed == 1, lock_from + 1, last + 1).astype(np.int64)
    _, _, index_of, tgt_cnt, tgt_row, tgt_pos = _edition_arrays(ed)
    lucky_mask = np.zeros(S, dtype=np.int64)
    for n in lucky_t:
        lucky_mask[n] = 1
    sym = symmetries(ed, lucky_t) if symmetry else ()
    tri = "r<->y" in sym and "g<->b" in sym
    pairswap = "pairs" in sym
    if tri:
        T = np.zeros((K, K), dtype=np.int64)
        n = 0
        for a in range(K):
            for b in range(a, K):
                T[a, b] = T[b, a] = n
                n += 1
        A, B, size = T * n, T.copy(), n * n
    else:
        ar = np.arange(K, dtype=np.int64)
        P = ar[:, None] * K + ar[None, :]
        A, B, size = P * K * K, P.copy(), K ** 4
    return Model(
        name=ed.name, faces=ed.faces, row_length=L, lock_from=lock_from, lock_need=need,
        lucky=lucky_t, max_penalties=ed.max_penalties, penalty_points=ed.penalty_points,
        kinds=K, trans=trans, gain=gain, closed=closed, count=count, last=last,
        nextpos=nextpos, level=level, index_of=index_of, tgt_cnt=tgt_cnt, tgt_row=tgt_row,
        tgt_pos=tgt_pos, lucky_mask=lucky_mask, A=A, B=B, size=int(size), symmetry=sym,
        tri=tri, pairswap=pairswap, kind_of=kind_of, closed_kind=closed_kind,
    )


def canonical_states(model: Model) -> tuple[np.ndarray, np.ndarray]:
    """The states the solver computes (one per symmetry class, fewer than two locked rows),
    packed ``k0<<21 | k1<<14 | k2<<7 | k3`` and sorted by decreasing level, with the block
    boundaries of equal level (a state only depends on states of a higher level)."""
    K = model.kinds
    ar = np.arange(K)
    a, b = np.meshgrid(ar, ar, indexing="ij")
    a, b = a.ravel(), b.ravel()
    if model.tri:
        keep = a <= b
        a, b = a[keep], b[keep]
    pid = model.B[a, b]
    pcl = model.closed[a] + model.closed[b]
    plev = model.level[a] + model.level[b]
    n = len(a)
    i01 = np.repeat(np.arange(n), n)
    i23 = np.tile(np.arange(n), n)
    keep = (pcl[i01] + pcl[i23]) <= 1
    if model.pairswap:
        keep &= pid[i01] <= pid[i23]
    i01, i23 = i01[keep], i23[keep]
    codes = ((a[i01] << 21) | (b[i01] << 14) | (a[i23] << 7) | b[i23]).astype(np.int32)
    lev = (plev[i01] + plev[i23]).astype(np.int32)
    del i01, i23, keep
    order = np.argsort(-lev, kind="stable")
    codes = codes[order]
    lev = lev[order]
    changes = np.flatnonzero(np.diff(lev)) + 1
    bounds = np.concatenate(([0], changes, [len(lev)])).astype(np.int64)
    return codes, bounds


# -- solving ------------------------------------------------------------------------------
@dataclass
class Solution:
    """A solved edition: ``values[p, index]`` = expected points still to come."""

    model: Model
    values: np.ndarray
    seconds: float = 0.0
    states: int = 0
    threads: int = 0  # threads that solved it (0: not known, e.g. loaded from a file)

    @property
    def expected(self) -> float:
        """Expected final score of the empty sheet under optimal play."""
        return float(self.values[0, self.model.index((0, 0, 0, 0))])

    def value(self, kinds: Sequence[int], penalties: int) -> float:
        """Expected points still to come from a state (0 once the game is over)."""
        if self.model.over(kinds, penalties):
            return 0.0
        return float(self.values[penalties, self.model.index(kinds)])

    # -- files
    def save(self, path: str | os.PathLike) -> Path:
        """Write the table (float32) atomically: a temporary file renamed into place."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"format": FILE_FORMAT, "edition": self.model.name, "lucky": list(self.model.lucky),
                "expected": self.expected, "seconds": self.seconds, "states": self.states,
                "symmetry": list(self.model.symmetry), "size": self.model.size,
                "kinds": self.model.kinds}
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            np.savez(fh, values=self.values.astype(np.float32), meta=np.array(json.dumps(meta)))
        os.replace(tmp, path)
        return path

    @classmethod
    def load(cls, path: str | os.PathLike, ed: str | Edition | None = None,
             lucky: Sequence[int] | None = None) -> Solution:
        """Read a table written by :meth:`save` (checked against the edition's model)."""
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            values = data["values"]
        if meta.get("format") != FILE_FORMAT:
            raise IllegalMove("bad_save", why=f"policy table format {meta.get('format')!r}")
        model = build_model(ed if ed is not None else meta["edition"],
                            lucky if lucky is not None else (meta["lucky"] or None))
        if values.shape != (model.max_penalties, model.size) or meta["edition"] != model.name:
            raise IllegalMove("bad_save", why=f"policy table {path} does not fit {model.label}")
        return cls(model, values, float(meta.get("seconds", 0.0)), int(meta.get("states", 0)))


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, label: str, enabled: bool, stream=None) -> None:
        self.total, self.label, self.enabled = max(total, 1), label, enabled
        self.stream = stream or sys.stderr
        self.done = 0
        self.t0 = time.perf_counter()
        self.last = -1.0

    def update(self, n: int, extra: str = "") -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.2 and self.done < self.total:
            return
        self.last = now
        frac = self.done / self.total
        bar = "#" * int(30 * frac)
        el = now - self.t0
        eta = el / frac - el if frac > 0 else 0.0
        self.stream.write(f"\r{self.label} [{bar:<30}] {100 * frac:5.1f}% {el:6.1f}s "
                          f"eta {eta:5.0f}s {extra}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def solve(ed: str | Edition | Model, lucky: Sequence[int] | None = None, *,
          progress: bool = True, symmetry: bool = True, threads: int | None = None,
          kernels: Any = None) -> Solution:
    """Backward induction over every sheet state of one-player Qwixx.

    ``progress`` draws a bar on stderr. ``symmetry=False`` solves every state (a check of the
    symmetry claims; several times slower). ``threads``: how many threads solve the states of
    one level (default: numba's, i.e. every core). ``kernels``: a module with ``solve_block``
    (default :mod:`qwixo.qwixx.solitaire_kernels`; the benchmark passes an older version to
    compare).
    """
    import numba

    if kernels is None:
        from qwixo.qwixx import solitaire_kernels as kernels

    model = ed if isinstance(ed, Model) else build_model(ed, lucky, symmetry=symmetry)
    before = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(max(1, min(int(threads), numba.config.NUMBA_NUM_THREADS)))
    try:
        t0 = time.perf_counter()
        codes, bounds = canonical_states(model)
        n_pen = model.max_penalties
        m = model
        args = (float(m.penalty_points), m.trans, m.gain, m.closed, m.count, m.nextpos,
                m.index_of, m.tgt_cnt, m.tgt_row, m.tgt_pos, m.lucky_mask, m.A, m.B, m.faces,
                m.pairswap)
        bar = _Progress(len(codes) * n_pen, f"solve {model.label}", progress)
        if hasattr(kernels, "solve_level"):
            # every penalty layer of a level at once, the layers side by side in memory
            side = np.zeros((model.size, n_pen), dtype=np.float64)
            for blk in range(len(bounds) - 1):
                lo, hi = int(bounds[blk]), int(bounds[blk + 1])
                kernels.solve_level(side, codes, lo, hi, *args)
                bar.update((hi - lo) * n_pen)
            values = np.ascontiguousarray(side.T)
            del side
        else:  # an older kernel: one penalty layer after the other
            values = np.zeros((n_pen, model.size), dtype=np.float64)
            for p in range(n_pen - 1, -1, -1):
                for blk in range(len(bounds) - 1):
                    lo, hi = int(bounds[blk]), int(bounds[blk + 1])
                    kernels.solve_block(values, p, codes, lo, hi, p + 1 < n_pen, *args)
                    bar.update(hi - lo, f"penalties {p}")
        bar.close()
        used = numba.get_num_threads()
    finally:
        numba.set_num_threads(before)
    return Solution(model, values, time.perf_counter() - t0, len(codes) * n_pen, used)


def simulate(sol: Solution, games: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Play ``games`` solitaire games with the policy of ``sol`` (a numba kernel making the
    same decisions as :class:`OptimalBot`); returns the final scores and the turns played.

    >>> sol = solve(tiny_edition(), progress=False)
    >>> scores, turns = simulate(sol, 20000, seed=1)
    >>> bool(abs(scores.mean() - sol.expected) < 4 * scores.std() / len(scores) ** 0.5)
    True
    """
    from qwixo.qwixx.solitaire_kernels import simulate_policy

    m = sol.model
    return simulate_policy(sol.values, int(games), int(seed), m.trans, m.gain, m.closed,
                           m.count, m.nextpos, m.index_of, m.tgt_cnt, m.tgt_row, m.tgt_pos,
                           m.lucky_mask, m.A, m.B, m.faces, float(m.penalty_points),
                           m.max_penalties)


# -- tiny editions for tests and examples ----------------------------------------------------
def tiny_edition(kind: str = "classic", cells: int = 3, faces: int = 2, lock_need: int = 1,
                 lucky: bool = False) -> Edition:
    """A toy sheet with the structure of a real edition but far fewer states.

    ``kind``: ``classic`` (rows 2.. and ..2, like classic), ``mixx-b`` (shuffled numbers),
    ``mixx-a`` (mixed colours: every number has one cell of each colour) or ``longo`` (the last
    two cells lock). The dice have ``faces`` faces, so sums run 2..2·faces; rows have ``cells``
    cells, which must be ``2·faces − 1``.

    >>> tiny_edition().rows[2].numbers
    (4, 3, 2)
    """
    if cells != 2 * faces - 1:
        raise ValueError("cells must be 2 * faces - 1")
    up = list(range(2, 2 * faces + 1))
    down = up[::-1]
    nlock = 2 if kind == "longo" else 1
    lf = cells - nlock
    if kind in ("classic", "longo"):
        nums = [up, up, down, down]
        cols = [[r] * cells for r in range(4)]
    elif kind == "mixx-b":
        # rotate the numbers in each row differently
        nums = [up[1:] + up[:1], up[::-1], up[2:] + up[:2], down[1:] + down[:1]]
        cols = [[r] * cells for r in range(4)]
    elif kind == "mixx-a":
        nums = [up, up, down, down]
        # number at position i of row r has colour (r + i) % 4 ... but the lock cell keeps the
        # row's colour, and every number gets one cell of each colour
        cols = [[(r + i) % 4 for i in range(cells)] for r in range(4)]
        for r in range(4):
            cols[r][-1] = r
        # mirror pairs: make (r, y) <-> (g, b) a symmetry with colours r<->g, y<->b
        perm = (2, 3, 0, 1)
        cols[2] = [perm[c] for c in cols[0]]
        cols[3] = [perm[c] for c in cols[1]]
    else:
        raise ValueError(kind)
    rows = tuple(
        Row(COLOURS[r], tuple((n, COLOURS[c]) for n, c in zip(nums[r], cols[r], strict=True)),
            lf)
        for r in range(4)
    )
    return Edition(f"tiny-{kind}", rows, faces=faces, lock_need=lock_need,
                   action2_any_row=(kind == "mixx-a"), lucky=lucky)


# -- policy tables on disk -------------------------------------------------------------------
_LOADED: dict[tuple[str, str], Solution] = {}


def table_path(label: str, directory: str | os.PathLike | None = None) -> Path:
    """Where the policy table ``label`` (``classic``, ``longo-5-8``) is kept."""
    if directory is None:
        from qwixo.paths import data_dir

        directory = data_dir("qwixx")
    return Path(directory) / f"solitaire-{label}.npz"


def load_or_solve(ed: str | Edition, lucky: Sequence[int] | None = None, *,
                  directory: str | os.PathLike | None = None, compute: bool = True,
                  progress: bool = False) -> Solution | None:
    """The saved policy table of an edition (kept in memory once loaded), solving and saving
    it first when it is missing and ``compute`` is true (else None)."""
    model = build_model(ed, lucky)
    path = table_path(model.label, directory)
    key = (str(path), model.label)
    sol = _LOADED.get(key)
    if sol is not None:
        return sol
    if path.exists():
        sol = Solution.load(path, model.name, model.lucky or None)
    elif compute:
        from qwixo.i18n import t

        print(t("solver_computing", None, label=model.label), file=sys.stderr)
        sol = solve(model, progress=progress)
        sol.save(path)
    else:
        return None
    _LOADED[key] = sol
    return sol


# -- the optimal bot --------------------------------------------------------------------------
class OptimalBot:
    """Plays its own sheet by the exact solitaire policy (``qwixo qwixx solve``).

    In every decision it picks the option with the highest expected final score of its own
    sheet, treating the game as its solitaire game: as the active player in action 1 it counts
    the best action 2 it can still make with the same dice (or the penalty); as a non-active
    player it may only use the white sum; rows locked by others are locked for it too.
    The policy table is loaded from ``directory`` (default: the data directory), and solved and
    saved first when it is missing (classic: under a minute).

    >>> import qwixo
    >>> bot = OptimalBot(solution=solve(tiny_edition(), progress=False))
    >>> bot.name
    'optimal'
    >>> bot.supports(qwixo.new_game("qwixx", edition="bonus-a"))
    False
    """

    name = "optimal"

    def __init__(self, seconds: float | None = None, seed: int | None = None, *,
                 directory: str | os.PathLike | None = None, solution: Solution | None = None,
                 compute: bool = True, **_: Any) -> None:
        self.seconds = seconds
        self.seed = seed
        self.directory = directory
        self.solution = solution
        self.compute = compute

    # -- which games
    def supports(self, game: Any, player: int | None = None) -> bool:
        """True when the policy table of the game's sheet (and, in Longo, of the player's
        lucky numbers) is given or saved; for classic also when it may be solved on first use
        (``compute``: under a minute). The others take minutes (Longo: about 10 CPU-minutes) to solve: make
        them with ``qwixo qwixx solve --edition E``."""
        ed = getattr(game, "edition", None)
        name = getattr(ed, "name", None)
        if name not in SOLVABLE:
            return False
        players = range(game.num_players) if player is None else [player]
        for p in players:
            lucky = tuple(sorted(game.lucky[p])) if ed.lucky else ()
            sol = self.solution
            if sol is not None and sol.model.name == name and sol.model.lucky == lucky:
                continue
            if name == "classic" and self.compute:
                continue
            label = build_model(name, lucky or None).label
            if not table_path(label, self.directory).exists():
                return False
        return True

    def _solution(self, game: Any, player: int) -> Solution:
        name = game.edition.name
        if name not in SOLVABLE:
            raise IllegalMove("optimal_unsupported", name=name)
        lucky = tuple(sorted(game.lucky[player])) if game.edition.lucky else ()
        sol = self.solution
        if sol is not None and sol.model.name == name and sol.model.lucky == lucky:
            return sol
        sol = load_or_solve(name, lucky or None, directory=self.directory, compute=self.compute)
        if sol is None:
            raise IllegalMove("optimal_unsupported", name=name)
        return sol

    # -- deciding
    def decide(self, game: Any, player: int) -> str:
        """The best option of ``player`` now (its text). Never changes ``game``."""
        opts = [str(o) for o in game.options(player)]
        if not opts:
            raise IllegalMove("not_your_turn", player=player)
        if len(opts) == 1:
            return opts[0]
        sol = self._solution(game, player)
        sheet = game.sheets_state[player]
        scored = rank_options(sol, sheet.last, sheet.count, game.closed, sheet.penalties,
                              game.phase, player == game.active, game.dice, game.a1_crossed,
                              opts)
        return max(scored, key=lambda x: x[1])[0]


def rank_options(sol: Solution, last: Sequence[int], count: Sequence[int], closed_mask: int,
                 penalties: int, phase: str, active: bool, dice: Sequence[int | None],
                 a1_crossed: bool, options: Sequence[str]) -> list[tuple[str, float]]:
    """Each option text with its expected final-score gain from now (pure function of the
    sheet; the optimal bot takes the best). Texts: ``pass``, ``r7``, ``L:g``."""
    m = sol.model
    kinds = [m.row_kind(last[r], count[r], bool((closed_mask >> r) & 1)) for r in range(4)]
    pen = penalties

    def after(ks, r, pos):
        nk = int(m.trans[ks[r], pos])
        if nk < 0:
            return None, 0.0
        out = list(ks)
        out[r] = nk
        return out, float(m.gain[ks[r], pos])

    def ended(ks):
        return m.over(ks, pen)

    def best_action2(ks, base_gain, pass_value):
        best = pass_value
        for c in range(4):
            if not m.die_present(ks, c) or dice[2 + c] is None:
                continue
            for w in (dice[0], dice[1]):
                t = w + dice[2 + c]
                for j in range(int(m.tgt_cnt[c, t])):
                    q, pos = int(m.tgt_row[c, t, j]), int(m.tgt_pos[c, t, j])
                    ks2, g = after(ks, q, pos)
                    if ks2 is not None:
                        best = max(best, base_gain + g + sol.value(ks2, pen))
        return best

    penalty_value = -m.penalty_points + sol.value(kinds, pen + 1)
    out = []
    for text in options:
        if text == "pass":
            if phase == "action1":
                val = best_action2(kinds, 0.0, penalty_value) if active else \
                    sol.value(kinds, pen)
            else:
                val = sol.value(kinds, pen) if a1_crossed else penalty_value
            out.append((text, val))
            continue
        if text.startswith("L:"):
            r = COLOURS.index(text[2])
            pos = int(m.nextpos[kinds[r]])
        else:
            r = COLOURS.index(text[0])
            pos = int(m.index_of[r, int(text[1:])])
        ks, g = after(kinds, r, pos) if pos >= 0 else (None, 0.0)
        if ks is None:  # the model does not know this move: rank it last
            out.append((text, -1e9))
            continue
        if phase == "action1" and active and not ended(ks):
            val = best_action2(ks, g, g + sol.value(ks, pen))
        else:
            val = g + sol.value(ks, pen)
        out.append((text, val))
    return out
