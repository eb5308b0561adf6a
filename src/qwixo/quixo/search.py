"""The Quixo bots' searcher (:class:`Searcher`): iterative-deepening alpha-beta over the numba
core of :mod:`qwixo.quixo.negamax` (a transposition table keyed by the Zobrist hashes of
:mod:`qwixo.quixo.zobrist`, move ordering, immediate-win / must-block checks, repetition scored
as a draw, the static evaluation of :mod:`qwixo.quixo.evaluation` and the tables of
:mod:`qwixo.quixo.search_tables`), with a node budget derived from the time budget, lazy-SMP
helper threads and the proof-number prover. Every name of those modules is importable from
here too.

Positions are *normalised*: the side to move comes first.

- 2 players: ``(me, op)``, the bitboards of the side to move and of the other side.
- 4 players: ``(b0, b1, b2, b3)``, cubes whose dot points at the seat to move, the next seat
  (an opponent), the partner and the previous seat (an opponent). After a move the boards are
  rotated by one seat, so the mover is always board 0 and teams alternate: a plain negamax on
  the team value is exact (the 4-player game is a 2-team zero-sum game of perfect information).

Bit conventions and move masks are those of :mod:`qwixo.quixo.tables`; the rules (move
generation, pushes, the result of a move) are the engine's numba kernels of
:mod:`qwixo.quixo.kernels`, called from inside the search. Bitboards are ``np.uint64``.

Scores are from the side to move: ``MATE - plies`` for a win found ``plies`` plies ahead,
``-(MATE - plies)`` for a loss, 0 for a draw (a repetition), else the heuristic evaluation.

>>> boards, turn, n, players = boards_of("xx./oo./... x")
>>> s = Searcher(n, players)
>>> r = s.search(*boards, max_depth=3)
>>> s.move_text(r.move), r.score == MATE - 1
('c1c3', True)
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import numpy as np

from qwixo.quixo.evaluation import evaluate2, evaluate4, max_counts, popcount, scan_lines
from qwixo.quixo.negamax import (
    EXACT,
    INF,
    LOWER,
    MATE,
    MATE_BOUND,
    MAX_PLY,
    S_ABORT,
    S_BEST,
    S_CONTEMPT,
    S_DEADLINE,
    S_GEN,
    S_LIMIT,
    S_LMR,
    S_NODES,
    S_NSYM,
    S_PLAIN,
    S_ROOTDONE,
    S_SELDEPTH,
    THREAT_BONUS,
    UPPER,
    clock_us,
    negamax2,
    negamax4,
    root_scores2,
    root_scores4,
)
from qwixo.quixo.negamax import _out_of_budget as _out_of_budget
from qwixo.quixo.negamax import _tt_probe as _tt_probe
from qwixo.quixo.negamax import _tt_store as _tt_store
from qwixo.quixo.notation import code_text, parse_position
from qwixo.quixo.search_cache import _drop_stale_caches as _drop_stale_caches
from qwixo.quixo.search_cache import numba_cache_dirs
from qwixo.quixo.search_tables import (
    BORDER_WEIGHT,
    TEMPO,
    SearchTables,
    search_tables,
    square_images,
    symmetry,
)
from qwixo.quixo.zobrist import table_key, zobrist2, zobrist4

__all__ = [
    "BORDER_WEIGHT", "EXACT", "INF", "LOWER", "MATE", "MATE_BOUND", "MAX_PLY", "S_ABORT",
    "S_BEST", "S_CONTEMPT", "S_DEADLINE", "S_GEN", "S_LIMIT", "S_LMR", "S_NODES", "S_NSYM",
    "S_PLAIN", "S_ROOTDONE", "S_SELDEPTH", "TEMPO", "THREAT_BONUS", "UPPER", "SearchResult",
    "SearchTables", "Searcher", "boards_of", "clock_us", "evaluate2", "evaluate4", "max_counts",
    "negamax2", "negamax4", "normalise", "numba_cache_dirs", "popcount", "root_scores2",
    "root_scores4", "scan_lines", "score_outcome", "search_tables", "square_images", "symmetry",
    "table_key", "zobrist2", "zobrist4",
]


def normalise(boards: tuple[int, int, int, int], turn: int, players: int) -> tuple[int, ...]:
    """Normalised boards (side to move first) from absolute ones (``ParsedPosition.boards``).

    >>> normalise((1, 2, 0, 0), 1, 2)
    (2, 1)
    >>> normalise((1, 2, 4, 8), 1, 4)
    (2, 4, 8, 1)
    """
    if players == 2:
        return (int(boards[turn]), int(boards[1 - turn]))
    return tuple(int(boards[(turn + i) % 4]) for i in range(4))


def boards_of(position: str) -> tuple[tuple[int, ...], int, int, int]:
    """``(normalised boards, turn, size, players)`` of a position text.

    >>> boards_of("xx./oo./... x")
    ((192, 24), 0, 3, 2)
    """
    p = parse_position(position)
    return normalise(p.boards, p.turn, p.players), p.turn, p.size, p.players


@dataclass
class SearchResult:
    """The outcome of one search: best move (index or 4-player code), score, depth, nodes."""

    move: int
    score: int
    depth: int
    nodes: int = 0
    seconds: float = 0.0
    seldepth: int = 0

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def outcome(self) -> tuple[str, int] | None:
        """("win"|"loss", plies) when the score is a proven result, else None."""
        return score_outcome(self.score)


def score_outcome(score: int) -> tuple[str, int] | None:
    """("win"|"loss", plies) for a proven score, else None.

    >>> score_outcome(MATE - 3), score_outcome(-(MATE - 4)), score_outcome(12)
    (('win', 3), ('loss', 4), None)
    """
    if score > MATE_BOUND:
        return "win", MATE - score
    if score < -MATE_BOUND:
        return "loss", MATE + score
    return None


class _Work:
    """The working arrays of one search thread (the transposition table is shared)."""

    def __init__(self, M: int, players: int) -> None:
        width = 4 * M
        self.killers = np.full((MAX_PLY, 2), -1, dtype=np.int64)
        self.history = np.zeros(width, dtype=np.int64)
        self.path = np.zeros(MAX_PLY + 1024, dtype=np.uint64)
        self.pathcount = np.full(MAX_PLY + 1024, -1, dtype=np.int64)
        self.cst = np.zeros((MAX_PLY, width), dtype=np.int64)
        self.order = np.zeros((MAX_PLY, width), dtype=np.int64)
        self.cb = np.zeros((MAX_PLY, width, 4 if players == 4 else 2), dtype=np.uint64)
        self.st = np.zeros(16, dtype=np.int64)
        self.total = 0
        self.proof: tuple[int, int, int] | None = None
        self.proving = 0

    def new_search(self) -> None:
        """Before a search: no killers, older history worth less, nothing counted or proven."""
        self.killers[:] = -1
        self.history //= 8
        self.total = 0
        self.proof = None
        self.proving = 0


class Searcher:
    """Iterative-deepening alpha-beta over one board size, for 2 or 4 players.

    Positions are given normalised (see :func:`normalise`). The transposition table
    (``2**tt_bits`` entries) persists between searches; ``plain=True`` makes a plain
    fixed-depth line counter: the evaluation is the sum of squares of the cubes per line, and
    the horizon does not look for a win in one of the side to move.

    >>> s = Searcher(3)
    >>> r = s.search(192, 24, max_depth=3)          # xx./oo./... x: c1c3 makes a line
    >>> s.move_text(r.move), r.outcome()
    ('c1c3', ('win', 1))
    """

    def __init__(self, n: int, players: int = 2, tt_bits: int = 20, plain: bool = False):
        self.n = n
        self.players = players
        self.t = search_tables(n)
        self.w = self.t.plain if plain else self.t.weights
        M = self.t.M
        self.M = M
        size = 1 << tt_bits
        self.tt = np.zeros((size, 2), dtype=np.uint64)  # see _tt_store
        self.generation = 0
        # the main thread's working arrays (helper threads have their own, see `threads`)
        self.work = _Work(M, players)
        self.out = np.zeros(4 * M, dtype=np.int64)
        self.nps_estimate = 500_000.0
        #: how much worse than 0 the side to move at the root finds a draw by repetition
        self.contempt = 0
        #: plain mode: at the horizon, no look for a win in one of the side to move (a plain
        #: fixed-depth search); set with ``plain=True``
        self.plain_horizon = plain
        #: start a new iteration only when at least this many times the last one is left
        self.restart = 0.3
        #: late-move reductions: quiet moves from this index on are searched shallower first
        #: (0: off)
        self.lmr = 0
        #: 2 players: the transposition table folds the 8 symmetries of the board (a position
        #: and its mirror images share an entry); 1: each position its own
        self.symmetries = 8 if players == 2 else 1
        #: threads of a search (lazy SMP): helper threads search the same position (the first
        #: one a ply deeper) and share the transposition table; the main thread's iterations
        #: decide. 1: the main thread alone
        self.threads = 1
        self._helpers: list[_Work] = []
        self._stop_lock = threading.Lock()
        #: with threads: the first helper searches for a forced win only (see _prove)
        self.proof_helper = False
        #: with the proof helper and a time budget: after this share of the budget the main
        #: thread stops its own search (keeping its result) and joins the proof, two plies
        #: deeper than the helper
        self.proof_share = 0.5
        #: with the proof helper and a time budget (2 players): when the main thread joins the
        #: proof (see :attr:`proof_share`), it runs a proof-number search
        #: (:mod:`qwixo.quixo.dfpn`) instead of the helper's null-window searches two plies
        #: deeper; its table is kept from search to search, so a proof found once answers the
        #: next moves of the game at once
        self.dfpn_helper = False
        #: the proof-number prover's class (:class:`qwixo.quixo.dfpn.Prover`, given by the
        #: owner, so that this module does not import the prover that builds on it)
        self.prover_class = None
        self._prover = None
        self._main_proving = False
        #: held by callers that share this searcher between threads
        self.lock = threading.RLock()

    # -- helpers ---------------------------------------------------------------------------
    def move_text(self, move: int, seat: int = 0) -> str:
        """The notation of a move index (2 players) or code (4 players, ``seat`` to move):
        :func:`qwixo.quixo.notation.code_text`."""
        return code_text(int(move), self.n, self.players, seat)

    def hash_of(self, boards: tuple[int, ...]) -> tuple[int, int]:
        """(Zobrist hash, cube count) of a normalised position, for ``history``."""
        n = self.n
        u = [np.uint64(b) for b in boards]
        if self.players == 2:
            return int(zobrist2(u[0], u[1], n, self.t.zrow)), bin(sum(boards)).count("1")
        return (int(zobrist4(u[0], u[1], u[2], u[3], n, self.t.zrow4)),
                bin(sum(boards)).count("1"))

    def _set_history(self, history: list[tuple[int, int]] | None,
                     work: _Work | None = None) -> int:
        """Put earlier positions (hash, cube count), oldest first, below the root."""
        work = work or self.work
        work.pathcount[:] = -1
        hist = list(history or [])[-1000:]
        for i, (h, c) in enumerate(hist):
            work.path[i] = np.uint64(h)
            work.pathcount[i] = c
        return len(hist)

    def _arm(self, work: _Work, limit: int, deadline: int, symmetries: int | None = None):
        """Reset a thread's counters and settings before a kernel call."""
        st = work.st
        st[:] = 0
        st[S_LIMIT] = limit
        st[S_DEADLINE] = deadline
        st[S_CONTEMPT] = self.contempt
        st[S_PLAIN] = self.plain_horizon
        st[S_LMR] = self.lmr
        st[S_NSYM] = self.symmetries if symmetries is None else symmetries
        st[S_GEN] = self.generation
        st[S_BEST] = -2

    def _call(self, boards, depth, base, work: _Work | None = None, alpha: int = -INF,
              beta: int = INF):
        t = self.t
        w = work or self.work
        u = [np.uint64(b) for b in boards]
        if self.players == 2:
            return negamax2(u[0], u[1], depth, alpha, beta, 0, self.n, t.T, t.L, t.zsym,
                            t.mperm, self.w, self.tt, w.killers,
                            w.history, w.path, w.pathcount, base, w.cb, w.cst, w.order, w.st)
        return negamax4(u[0], u[1], u[2], u[3], depth, alpha, beta, 0, self.n, t.T, t.L,
                        t.zrow4, self.w, self.tt, w.killers,
                        w.history, w.path, w.pathcount, base, w.cb, w.cst, w.order, w.st)

    def clear(self) -> None:
        """Forget the transposition table and the move-ordering statistics."""
        self.tt[:] = 0
        if self._prover is not None:
            self._prover.clear()
        for work in [self.work, *self._helpers]:
            work.history[:] = 0

    def _start_helpers(self, boards, history, deadline: int, max_depth: int):
        """Start ``threads - 1`` helper threads on ``boards``; returns (threads, stop flag)."""
        while len(self._helpers) < self.threads - 1:
            self._helpers.append(_Work(self.M, self.players))
        stop = [False]
        started = []
        for i, work in enumerate(self._helpers[: self.threads - 1]):
            base = self._set_history(history, work)
            work.new_search()
            th = threading.Thread(target=self._helper, daemon=True, name=f"quixo-search-{i + 1}",
                                  args=(work, boards, base, deadline, max_depth, stop, i,
                                        history))
            th.start()
            started.append((th, work))
        return started, stop

    def _helper(self, work: _Work, boards, base: int, deadline: int, max_depth: int,
                stop: list[bool], i: int, history=None) -> None:
        """A helper thread: iterative deepening of its own, one ply ahead of the main thread's
        (the odd helpers) or level with it, until the main thread stops it (or a result is
        proven). With :attr:`proof_helper`, the first helper looks for a forced win only."""
        if i == 0 and self.proof_helper:
            self._prove(work, boards, base, deadline, max_depth, stop)
            return
        for depth in range(1, max_depth + 1):
            d = min(max_depth, depth + (i + 1) % 2)
            with self._stop_lock:
                if stop[0]:
                    return
                self._arm(work, 1 << 62, deadline)
            score = self._call(boards, d, base, work)
            work.total += int(work.st[S_NODES])
            if work.st[S_ABORT] or abs(score) > MATE_BOUND:
                return

    def _prove(self, work: _Work, boards, base: int, deadline: int, max_depth: int,
               stop: list[bool], start: int = 1) -> None:
        """Iterative deepening of null-window searches at the win bound: is there a forced
        win within d plies (d odd, from ``start``; threats seen beyond the horizon count too)?
        Every leaf that is not a win fails at once, so these go much deeper than the full
        search. A proof goes to ``work.proof`` (move, score, d); it also stops the main
        thread when that one is proving too (see :attr:`proof_share`)."""
        for d in range(start, max_depth + 1, 2):
            with self._stop_lock:
                if stop[0]:
                    return
                self._arm(work, 1 << 62, deadline)
                work.proving = d
            v = int(self._call(boards, d, base, work, MATE_BOUND, MATE_BOUND + 1))
            work.total += int(work.st[S_NODES])
            if work.st[S_ABORT]:
                return
            if v > MATE_BOUND and work.st[S_BEST] >= 0:
                with self._stop_lock:
                    work.proof = (int(work.st[S_BEST]), v, d)
                    if work is not self.work and self._main_proving:
                        self.st[S_ABORT] = 1
                return

    def prover(self):
        """The proof-number prover of this board (2 players), made on first use from
        :attr:`prover_class`."""
        if self._prover is None:
            if self.prover_class is None:
                raise RuntimeError("dfpn_helper needs Searcher.prover_class (qwixo.quixo.dfpn)")
            self._prover = self.prover_class(self.n)
        return self._prover

    def _prove_dfpn(self, work: _Work, boards, history, deadline: int,
                    stop: list[bool]) -> None:
        """A proof-number search in the thread of ``work`` (see :attr:`dfpn_helper`): a proof
        goes to ``work.proof`` (move, score, 0) with the score of the slowest win, since df-pn
        does not count plies."""
        p = self.prover()
        with self._stop_lock:  # (a helper's proof may have set the abort slot: keep it)
            if stop[0]:
                return
            abort = int(work.st[S_ABORT])
            work.st[:] = 0
            work.st[S_ABORT] = abort
            work.proving = 0
        won = p.prove(boards[0], boards[1], deadline_us=deadline, history=history, st=work.st)
        work.total += p.nodes
        if won:
            with self._stop_lock:
                work.proof = (p.best, MATE_BOUND + 1, 0)

    def _stop_helpers(self, started, stop) -> int:
        """Stop the helper threads; returns the nodes they searched."""
        with self._stop_lock:
            stop[0] = True
            for _, work in started:
                work.st[S_ABORT] = 1
        for th, _ in started:
            th.join()
        return sum(work.total for _, work in started)

    # -- searches --------------------------------------------------------------------------
    def search(self, *boards: int, seconds: float | None = None, max_depth: int = 64,
               history: list[tuple[int, int]] | None = None,
               node_limit: int | None = None) -> SearchResult:
        """Iterative deepening from the normalised position ``boards`` (2 or 4 ints).

        Stops at ``max_depth``, when a win or loss is proven, or when the time budget
        (``seconds``) or ``node_limit`` runs out; the kernel reads the clock every 1024 nodes. ``history``: (hash,
        cubes) of the positions before this one (:meth:`hash_of`), for repetition draws.
        """
        t0 = time.perf_counter()
        self.generation = (self.generation + 1) % 64
        base = self._set_history(history)
        self.work.new_search()
        max_depth = max(1, min(max_depth, MAX_PLY - 8))
        deadline = int((t0 + seconds) * 1e6) if seconds is not None else 0
        helpers = self._start_helpers(boards, history, deadline, max_depth) \
            if self.threads > 1 else None
        best: SearchResult | None = None
        total_nodes = 0
        last_iter = 0.0
        join_proof = False
        try:
            for depth in range(1, max_depth + 1):
                now = time.perf_counter()
                if (helpers is not None and self.proof_helper and seconds is not None
                        and best is not None and now - t0 > self.proof_share * seconds):
                    join_proof = True
                    break
                if seconds is not None and best is not None:
                    remaining = seconds - (now - t0)
                    # an iteration costs a few times the previous one; a partial one still
                    # helps (a root move that beats the previous best is searched fully),
                    # unless there is not even time for the first root move (the previous
                    # best, about as costly as a third of the last iteration): then stop
                    if remaining <= 0 or (depth > 3 and remaining < self.restart * last_iter):
                        break
                limit = 1 << 62
                if node_limit is not None:
                    limit = min(limit, max(1024, node_limit - total_nodes))
                with self._stop_lock:
                    if helpers is not None and helpers[1][0]:  # a helper proved a win
                        break
                    self._arm(self.work, limit, deadline)
                ti = time.perf_counter()
                score = int(self._call(boards, depth, base))
                dt = time.perf_counter() - ti
                nodes = int(self.st[S_NODES])
                total_nodes += nodes
                last_iter = dt
                if dt > 0.05:
                    self.nps_estimate = max(20_000.0,
                                            0.5 * self.nps_estimate + 0.5 * nodes / dt)
                if self.st[S_ABORT]:
                    if self.st[S_ROOTDONE] > 0 and self.st[S_BEST] != -2:
                        if best is None:
                            best = SearchResult(int(self.st[S_BEST]), 0, depth - 1)
                        else:  # a fully searched move beat the previous best move
                            best.move = int(self.st[S_BEST])
                    break
                best = SearchResult(int(self.st[S_BEST]), score, depth, 0, 0.0,
                                    int(self.st[S_SELDEPTH]))
                if abs(score) > MATE_BOUND:
                    break
                if node_limit is not None and total_nodes >= node_limit:
                    break
            if join_proof and not any(w.proof for _, w in helpers[0]):
                with self._stop_lock:
                    self._main_proving = True
                    start = helpers[0][0][1].proving + 2
                if self.dfpn_helper and self.players == 2:
                    self._prove_dfpn(self.work, boards, history, deadline, [False])
                else:
                    self._prove(self.work, boards, base, deadline, max_depth, [False], start)
                total_nodes += self.work.total
        finally:
            with self._stop_lock:
                self._main_proving = False
            if helpers is not None:
                total_nodes += self._stop_helpers(*helpers)
        proofs = [w.proof for _, w in helpers[0] if w.proof] if helpers is not None else []
        if self.work.proof:
            proofs.append(self.work.proof)
        proofs.sort(key=lambda p: -p[1])
        if proofs and (best is None or best.score < proofs[0][1]):
            move, score, d = proofs[0]
            best = SearchResult(move, score, d)
        if best is None or best.move == -2:  # no time at all: a depth-1 choice
            self._arm(self.work, 1 << 62, 0)
            score = int(self._call(boards, 1, base))
            best = SearchResult(int(self.st[S_BEST]), score, 1)
            total_nodes += int(self.st[S_NODES])
        best.nodes = total_nodes
        best.seconds = time.perf_counter() - t0
        return best

    def root_scores(self, *boards: int, depth: int,
                    history: list[tuple[int, int]] | None = None,
                    node_limit: int | None = None,
                    deadline: float | None = None) -> dict[int, int] | None:
        """Exact ``depth``-ply score of every legal root move: ``{move: score}`` (None when
        ``node_limit`` ran out or the ``deadline`` (a ``time.perf_counter()`` value) passed
        first).

        >>> Searcher(3).root_scores(192, 24, depth=1)[6]   # move 6 is c1c3: a win
        999999
        """
        base = self._set_history(history)
        # exact scores: no folding of mirror images, whose values can differ by a repetition
        # on the way (the table is a cache of this search's path-dependent values)
        self._arm(self.work, (1 << 62) if node_limit is None else max(1024, int(node_limit)),
                  0 if deadline is None else int(deadline * 1e6), symmetries=1)
        t, w = self.t, self.work
        u = [np.uint64(b) for b in boards]
        if self.players == 2:
            root_scores2(u[0], u[1], depth, self.n, t.T, t.L, t.zsym, t.mperm, self.w,
                         self.tt, w.killers, w.history, w.path,
                         w.pathcount, base, w.cb, w.cst, w.order, w.st, self.out)
            width = self.M
        else:
            root_scores4(u[0], u[1], u[2], u[3], depth, self.n, t.T, t.L, t.zrow4, self.w,
                         self.tt, w.killers, w.history,
                         w.path, w.pathcount, base, w.cb, w.cst, w.order, w.st,
                         self.out)
            width = 4 * self.M
        if self.st[S_ABORT]:
            return None
        return {m: int(self.out[m]) for m in range(width) if self.out[m] > -INF}

    @property
    def st(self) -> np.ndarray:
        """The main thread's counters and settings (the ``S_*`` slots)."""
        return self.work.st

    @property
    def nodes(self) -> int:
        """Nodes of the last kernel call."""
        return int(self.st[S_NODES])
