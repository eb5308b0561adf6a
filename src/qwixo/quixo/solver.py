"""Retrograde solver of Quixo: who wins every position, and in how many plies.

The method of the 2020 solution of Quixo (Tanaka, Bonnet, Tixeuil, Tamura), with retrograde
counting:

- A position is ``(me, op)``, the cubes of the side to move and of the other side; after a move
  the colours are swapped, so the mover is always "me". Values are for the side to move.
- Positions fall into *classes* ``(a, b)`` by their numbers of cubes. Taking a blank cube leads
  to the class ``(b, a + 1)`` (one more cube in all); taking one's own cube to ``(b, a)``. So
  classes are solved from the most cubes down, a class together with its colour-swapped twin.
- Inside a pair, positions repeat (cycles), so values come from retrograde counting: every
  undecided position keeps a counter of undecided moves; walking back from each decided
  position through its un-moves, a lost child makes every parent won, a won child takes one off
  each parent's counter and a counter reaching 0 makes a loss. Levels are processed in order of
  distance, so the winner wins as fast as possible and the loser loses as slowly as possible
  (distance to the end in plies, like DTM in chess). Whatever is left undecided is a draw.
- A terminal position (someone has a line) is won by the side to move if it has a line (the
  opponent made it, even together with its own), lost otherwise; its distance is 0.

>>> res = solve(3)
>>> res.summary()["win"], res.summary()["loss"], res.summary()["draw"]
(12748, 6935, 0)
>>> res.probe(0, 0)
('win', 7)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb

import numpy as np

from qwixo.quixo.retro import MAX_SOLVE_SIZE

#: a solve is refused above this estimate of memory (bytes)
MEMORY_LIMIT = 8 * 1024**3
#: pairs of classes smaller than this are solved on one thread
PARALLEL_MIN = 1 << 20


def class_order(n: int, blanks: int | None = None) -> list[tuple[int, int]]:
    """The classes ``(a, b)`` solved, in storage order: totals from the most cubes down, each
    class followed by its colour-swapped twin. ``blanks`` limits the blank cubes (None: all).

    >>> class_order(3, blanks=0)[:4]
    [(0, 9), (9, 0), (1, 8), (8, 1)]
    """
    nn = n * n
    lowest = 0 if blanks is None else max(0, nn - blanks)
    out = []
    for total in range(nn, lowest - 1, -1):
        for a in range(total // 2 + 1):
            b = total - a
            out.append((a, b))
            if a != b:
                out.append((b, a))
    return out


def class_size(n: int, a: int, b: int) -> int:
    nn = n * n
    return comb(nn, a) * comb(nn - a, b)


@dataclass
class Layout:
    """Where each class lives in the flat array of a solve or a database."""

    n: int
    classes: list[tuple[int, int]]
    offsets: dict[tuple[int, int], int] = field(init=False)
    total: int = field(init=False)

    def __post_init__(self) -> None:
        self.offsets = {}
        pos = 0
        for a, b in self.classes:
            self.offsets[(a, b)] = pos
            pos += class_size(self.n, a, b)
        self.total = pos

    def offset_table(self) -> np.ndarray:
        """``int64[nn + 2, nn + 2]`` of class offsets, ``-1`` where a class is not stored."""
        nn = self.n * self.n
        table = np.full((nn + 2, nn + 2), -1, dtype=np.int64)
        for (a, b), off in self.offsets.items():
            table[a, b] = off
        return table

    def index(self, me: int, op: int) -> int | None:
        """The flat index of a position, or None when its class is not stored."""
        a, b = me.bit_count(), op.bit_count()
        off = self.offsets.get((a, b))
        if off is None:
            return None
        nn = self.n * self.n
        return off + colex_rank_py(me) * comb(nn - a, b) + colex_rank_py(pext_py(op, ~me, nn))


def colex_rank_py(x: int) -> int:
    """Pure Python colex rank of a bit set (the same as the kernels').

    >>> [colex_rank_py(x) for x in (0b011, 0b101, 0b110, 0b1001)]
    [0, 1, 2, 3]
    """
    r, j = 0, 0
    while x:
        low = x & -x
        r += comb(low.bit_length() - 1, j + 1)
        j += 1
        x ^= low
    return r


def pext_py(x: int, mask: int, nn: int) -> int:
    r, k = 0, 0
    for i in range(nn):
        if mask >> i & 1:
            if x >> i & 1:
                r |= 1 << k
            k += 1
    return r


def memory_estimate(n: int, blanks: int | None = None) -> int:
    """Bytes a solve needs at its peak (an upper bound): 2 bytes a position for every class,
    plus 66 bytes a position of the largest pair of classes while it is solved (boards 16, work
    word 4, next-class summary 4, schedule 4, two frontiers of boards 34, and the copy back 4).

    >>> round(memory_estimate(4) / 1e6), round(memory_estimate(5, 1) / 1e9, 1)
    (352, 9.1)
    """
    classes = class_order(n, blanks)
    total = sum(class_size(n, a, b) for a, b in classes)
    biggest = max(class_size(n, a, b) + (class_size(n, b, a) if a != b else 0)
                  for a, b in classes)
    return 2 * total + 66 * biggest


def decode(code: int) -> tuple[str, int | None]:
    """``(value, plies)`` of a solver code (0 draw, 2d+1 win in d, 2d+2 loss in d).

    >>> decode(0), decode(15), decode(2)
    (('draw', None), ('win', 7), ('loss', 0))
    """
    if code == 0:
        return "draw", None
    if code & 1:
        return "win", code >> 1
    return "loss", (code >> 1) - 1


@dataclass
class SolveResult:
    """The outcome of :func:`solve`: a code for every position of the layout's classes."""

    n: int
    blanks: int | None
    layout: Layout
    codes: np.ndarray  # uint16, one a position (see decode)
    seconds: float
    class_stats: list[dict]

    def probe(self, me: int, op: int) -> tuple[str, int | None] | None:
        i = self.layout.index(me, op)
        return None if i is None else decode(int(self.codes[i]))

    def summary(self) -> dict:
        c = self.codes
        win = int(np.count_nonzero(c & 1))
        draw = int(np.count_nonzero(c == 0))
        out: dict = {"size": self.n}
        if self.blanks is not None:
            out["blanks"] = self.blanks
        out.update(states=int(c.size), win=win, loss=int(c.size) - win - draw, draw=draw)
        start = self.probe(0, 0)
        if start is not None:
            out["start"], out["plies"] = start
        out["seconds"] = round(self.seconds, 3)
        return out

    def verify(self) -> int:
        """Re-check every stored value against its children; returns the number of errors."""
        return verify_codes(self.n, self.layout, self.codes)


def _check_args(n: int, blanks: int | None) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 3 <= n <= MAX_SOLVE_SIZE:
        raise ValueError(f"size must be 3..{MAX_SOLVE_SIZE}, not {n!r}")
    if blanks is not None and (isinstance(blanks, bool) or not isinstance(blanks, int)
                               or blanks < 0):
        raise ValueError(f"blanks must be a whole number >= 0, not {blanks!r}")


def solve(n: int, blanks: int | None = None, *,
          progress: Callable[[dict], None] | None = None,
          memory_limit: int = MEMORY_LIMIT, threads: int | None = None) -> SolveResult:
    """Solve every N×N position with at most ``blanks`` blank cubes (None: all positions).

    ``threads`` (default: numba's default, all cores): the pairs of classes of one total of
    cubes, which depend only on the total above, are solved side by side, one a thread, largest
    first (when the memory allows: 66 bytes a position of the pairs in flight); a total with a
    single large pair gets the numba threads for its first pass instead. ``threads=1`` solves
    every pair on the calling thread.

    ``progress`` is called after each class with ``{"to_move", "other", "win", "loss", "draw",
    "states", "levels", "seconds", "init_seconds", "cpu_seconds", "group", "side_by_side"}``
    (``cpu_seconds``: the CPU time of the thread that solved the pair, halved for a pair of two
    classes; ``group``: the total of cubes; ``side_by_side``: solved beside other pairs), once
    every pair of a total is solved. Raises ``MemoryError`` (before allocating anything) when
    the estimate is above ``memory_limit``, and ``ValueError`` on bad arguments.
    """
    import numba

    _check_args(n, blanks)
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int)
                                or threads < 1):
        raise ValueError(f"threads must be a whole number >= 1, not {threads!r}")
    if blanks is not None and blanks >= n * n:
        blanks = None
    need = memory_estimate(n, blanks)
    if need > memory_limit:
        raise MemoryError(need)
    t0 = time.perf_counter()
    layout = Layout(n, class_order(n, blanks))
    off = layout.offset_table()
    codes = np.zeros(layout.total, dtype=np.uint16)
    stats: list[dict] = []
    classes = layout.classes
    saved_threads = numba.get_num_threads()
    many = min(threads or numba.config.NUMBA_NUM_THREADS, numba.config.NUMBA_NUM_THREADS)
    try:
        _solve_pairs(n, layout, off, codes, classes, stats, progress, many, memory_limit)
    finally:
        numba.set_num_threads(saved_threads)
    return SolveResult(n, blanks, layout, codes, time.perf_counter() - t0, stats)


def _pairs_by_total(classes: list[tuple[int, int]]) -> list[list[list[tuple[int, int]]]]:
    """The pairs of classes (a class with its colour-swapped twin), in storage order, grouped
    by their total of cubes: the pairs of one total depend only on the total above, not on
    each other, so they can be solved side by side.

    >>> _pairs_by_total(class_order(3, blanks=0))
    [[[(0, 9), (9, 0)], [(1, 8), (8, 1)], [(2, 7), (7, 2)], [(3, 6), (6, 3)], [(4, 5), (5, 4)]]]
    """
    out: list[list[list[tuple[int, int]]]] = []
    k = 0
    while k < len(classes):
        a, b = classes[k]
        pair = [(a, b)] if a == b else [(a, b), (b, a)]
        k += len(pair)
        if not out or sum(out[-1][0][0]) != a + b:
            out.append([])
        out[-1].append(pair)
    return out


def _solve_pair(n, layout, off, codes, pair, threads: int
                ) -> tuple[int, float, float, float]:
    """Solve one pair of classes into ``codes``; returns (levels, seconds, first-pass seconds,
    CPU seconds of this thread). ``threads``: numba threads of the first pass (the setting is
    the calling thread's own); the kernels run without the GIL."""
    import numba

    from qwixo.quixo import retro

    numba.set_num_threads(threads)
    tb = retro.rank_tables(n)
    nn = n * n
    a, b = pair[0]
    tp = time.perf_counter()
    cpu0 = time.thread_time()
    base = layout.offsets[(a, b)]
    size = sum(class_size(n, x, y) for x, y in pair)
    me_arr = np.empty(size, dtype=np.int64)
    op_arr = np.empty(size, dtype=np.int64)
    work = np.empty(size, dtype=np.uint32)
    lt = np.empty(size, dtype=np.uint16)
    we = np.empty(size, dtype=np.uint16)
    for x, y in pair:
        retro.init_class(x, y, layout.offsets[(x, y)] - base, nn, off, codes,
                         me_arr, op_arr, work, lt, we, tb.comb, tb.rt, tb.pop8, tb.pext8,
                         tb.pdep8, tb.line, tb.T)
    t_init = time.perf_counter() - tp
    base_ba = layout.offsets[(b, a)] - base
    levels = retro.run_pair(a, b, 0, base_ba, size, nn, me_arr, op_arr, work, lt, we,
                            tb.comb, tb.rt, tb.pop8, tb.pext8, tb.T)
    np.bitwise_and(work, 0xFFFF, out=codes[base:base + size], casting="unsafe")
    return int(levels), time.perf_counter() - tp, t_init, time.thread_time() - cpu0


def _threadsafe_layer() -> bool:
    """Whether numba's threading layer may be entered from several threads at once (omp and
    tbb may; workqueue may not)."""
    import numba

    from qwixo.quixo import retro

    try:
        layer = numba.threading_layer()
    except ValueError:  # not started yet
        retro.launch_threads(np.zeros(4, dtype=np.int64))
        layer = numba.threading_layer()
    return layer in ("omp", "tbb")


def _solve_pairs(n, layout, off, codes, classes, stats, progress, many,
                 memory_limit: int = MEMORY_LIMIT) -> None:
    """Solve the classes total by total. With ``many`` > 1 threads, the pairs of a total are
    solved side by side, one a thread (largest first), when there are several, the memory
    allows it and numba's threading layer may be entered from several threads at once (omp,
    tbb; not workqueue); otherwise one after the other, a large pair's first pass on every
    numba thread."""
    from concurrent.futures import ThreadPoolExecutor

    from qwixo.quixo import retro

    retro.rank_tables(n)  # built once, before any worker thread asks for them
    kept = 2 * layout.total
    pool = ThreadPoolExecutor(max_workers=many) if many > 1 and _threadsafe_layer() else None
    try:
        for group in _pairs_by_total(classes):
            sizes = [sum(class_size(n, x, y) for x, y in pair) for pair in group]
            side = (pool is not None and len(group) > 1
                    and kept + 66 * sum(sorted(sizes)[-many:]) <= memory_limit)
            results: dict[int, tuple[int, float, float, float]] = {}
            if side:
                order = sorted(range(len(group)), key=lambda i: -sizes[i])
                futures = {i: pool.submit(_solve_pair, n, layout, off, codes, group[i], 1)
                           for i in order}
                for i, fut in futures.items():
                    results[i] = fut.result()
            else:
                for i, pair in enumerate(group):
                    big = many > 1 and sizes[i] >= PARALLEL_MIN
                    results[i] = _solve_pair(n, layout, off, codes, pair, many if big else 1)
            for i, pair in enumerate(group):
                levels, dt, t_init, cpu = results[i]
                for x, y in pair:
                    o = layout.offsets[(x, y)]
                    part = codes[o:o + class_size(n, x, y)]
                    win = int(np.count_nonzero(part & 1))
                    draw = int(np.count_nonzero(part == 0))
                    st = {"to_move": x, "other": y, "states": int(part.size), "win": win,
                          "loss": int(part.size) - win - draw, "draw": draw,
                          "levels": levels, "seconds": round(dt / len(pair), 4),
                          "init_seconds": round(t_init / len(pair), 4),
                          "cpu_seconds": round(cpu / len(pair), 4), "group": x + y,
                          "side_by_side": side}
                    stats.append(st)
                    if progress is not None:
                        progress(st)
    finally:
        if pool is not None:
            pool.shutdown()


def verify_codes(n: int, layout: Layout, codes: np.ndarray) -> int:
    """Number of positions whose stored code is not what their children's codes imply.

    Classes whose children are not stored (the lowest total of a partial solve has its children
    stored, so this only matters for hand-made layouts) are skipped.
    """
    from qwixo.quixo import retro

    tb = retro.rank_tables(n)
    off = layout.offset_table()
    nn = n * n
    bad = 0
    for a, b in layout.classes:
        if a + b < nn and off[b, a + 1] < 0:
            continue
        bad += int(retro.verify_class(a, b, nn, off, codes, tb.comb, tb.rt, tb.pop8, tb.pext8,
                                      tb.pdep8, tb.line, tb.T))
    return bad
