"""Quixo bots: the registry :data:`BOTS` (``name -> factory(seconds=None, seed=None, **kw)``,
weakest first), used by ``qwixo.make_bot("quixo", name)``.

Every bot plays every board size (3..7) and the 4-player game (any seat); ``decide(game,
player)`` returns the text of a legal option of ``player`` and never changes the game. A bot
given ``seconds`` keeps to that budget per decision.

========== ======================================================================================
name       what it does
========== ======================================================================================
random     a uniformly random legal move
greedy     1 ply: wins at once when it can, never makes the opponent's line nor leaves an
           immediate win to the opponent when it can help it, else the best line count
easy       2-ply alpha-beta with the strong evaluation
linecount2 the plain 2-ply line-counting player: its move and the reply, then the sum over
           lines of the squares of the cubes (no look beyond); its first move of a game (the
           first two plies) is random: a reference opponent
mcts       UCT Monte-Carlo tree search with random playouts (1 s by default)
medium     alpha-beta, at most 4 plies deep (0.5 s by default)
strong     alpha-beta with iterative deepening, transposition table, move ordering,
           repetition draws (1 s by default); on 4×4 the opening book's proven wins first
           (:mod:`qwixo.quixo.book`)
perfect    database play where a database covers the position (3×3, 4×4, 5×5 without blanks),
           the ``strong`` search elsewhere
========== ======================================================================================

>>> import qwixo
>>> g = qwixo.new_game("quixo", position="xx./oo./... x")
>>> qwixo.make_bot("quixo", "greedy").decide(g, 0) in {"c1c3", "c2c3", "c3a3"}  # wins
True
>>> qwixo.make_bot("quixo", "strong", seconds=0.2).decide(g, 0)
'c1c3'
>>> g.position                                       # the game is unchanged
'xx./oo./... x'
"""

from __future__ import annotations

import os
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from qwixo.bots import decision_options
from qwixo.core import Game, IllegalMove
from qwixo.quixo.notation import PASS_TEXT

# ---------------------------------------------------------------------------------------------
# Reading a game


class QuixoState:
    """What the search bots read from a game: normalised boards, who moves, the size, the
    number of players and the earlier positions that can still repeat (same cube count)."""

    def __init__(self, game: Game, player: int) -> None:
        from qwixo.quixo.notation import parse_position
        from qwixo.quixo.search import normalise

        if player not in game.to_act:
            if game.is_over:
                raise IllegalMove("game_over")
            raise IllegalMove("not_your_turn", player=player)
        p = parse_position(game.position)
        self.n = p.size
        self.players = p.players
        self.turn = p.turn
        self.boards = normalise(p.boards, p.turn, p.players)
        self.cubes = bin(sum(p.boards)).count("1")
        self.game = game
        self.ply = len(getattr(game, "history", []) or [])
        self._earlier: list[tuple[tuple[int, ...], int]] | None = None

    def earlier(self) -> list[tuple[tuple[int, ...], int]]:
        """Earlier positions (normalised boards, cubes), oldest first, that have as many cubes
        as this one (a position with fewer cubes can never come back)."""
        if self._earlier is None:
            from qwixo.quixo.notation import parse_position
            from qwixo.quixo.search import normalise

            out: list[tuple[tuple[int, ...], int]] = []
            g = self.game
            if self.ply and hasattr(g, "undo"):
                g = g.copy()
                for _ in range(min(self.ply, 400)):
                    try:
                        g.undo()
                    except IllegalMove:
                        break
                    p = parse_position(g.position)
                    cubes = bin(sum(p.boards)).count("1")
                    if cubes != self.cubes:
                        break
                    out.append((normalise(p.boards, p.turn, p.players), cubes))
            out.reverse()
            self._earlier = out
        return self._earlier


class QuixoBot:
    """Base of the Quixo bots: checks the turn, passes when passing is the only option, and
    makes sure the answer is a legal option."""

    name = "bot"

    def __init__(self, seconds: float | None = None, seed: int | None = None,
                 **kw: Any) -> None:
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (
                seconds > 0
            ):
                raise IllegalMove("bad_setting", name="seconds", value=seconds,
                                  why="why_positive_seconds")
            seconds = float(seconds)
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = kw
        self.last_info: dict[str, Any] = {}

    def decide(self, game: Game, player: int) -> str:
        options = decision_options(game, player)
        if options == [PASS_TEXT]:
            return PASS_TEXT
        text = self._choose(QuixoState(game, player), options)
        if text not in options:  # never hand back an illegal move
            text = str(self.rng.choice(options))
        return text

    def _choose(self, state: QuixoState, options: list[str]) -> str:  # pragma: no cover
        raise NotImplementedError


class RandomBot(QuixoBot):
    """Plays a uniformly random legal option (through the contract only).

    >>> import qwixo
    >>> g = qwixo.new_game("quixo")
    >>> RandomBot(seed=3).decide(g, 0) in g.options(0)
    True
    """

    name = "random"
    light = True  # qwixo.bots.is_light: a server may run it inline

    def decide(self, game: Game, player: int) -> str:
        return str(self.rng.choice(decision_options(game, player)))


# ---------------------------------------------------------------------------------------------
# Search bots


_SEARCHERS: dict[tuple[int, int, bool, int], Any] = {}


def searcher(n: int, players: int, plain: bool = False, tt_bits: int = 20):
    """A shared :class:`~qwixo.quixo.search.Searcher` per (size, players, evaluation).

    Bots share them (the transposition table is only a cache of position values); use its
    ``lock`` around a search."""
    from qwixo.quixo.dfpn import Prover
    from qwixo.quixo.search import Searcher

    key = (n, players, plain, tt_bits)
    s = _SEARCHERS.get(key)
    if s is None:
        s = Searcher(n, players, tt_bits=tt_bits, plain=plain)
        s.prover_class = Prover
        s.tt.fill(0)  # its pages now, not in the first search's time budget
        if players == 2 and not plain and n == 4:
            s.prover()  # loads the proof-number kernel now too (see DFPN_MAX_CUBES)
        _SEARCHERS[key] = s
    return s


def _history_hashes(s, state: QuixoState) -> list[tuple[int, int]]:
    return [s.hash_of(b) for b, _ in state.earlier()]


@contextmanager
def exact_search(state: QuixoState, plain: bool = False
                 ) -> Iterator[tuple[Any, list[tuple[int, int]]]]:
    """The shared :func:`searcher` of ``state``'s board, locked for one search, with no
    contempt (a repetition is worth a draw: the exact scores the shallow bots, the hint and the
    puzzles want), and the hashes of the earlier positions that can still repeat::

        with exact_search(state) as (s, history):
            scores = s.root_scores(*state.boards, depth=d, history=history)
    """
    s = searcher(state.n, state.players, plain)
    with s.lock:
        s.contempt = 0
        yield s, _history_hashes(s, state)


class ShallowBot(QuixoBot):
    """A fixed-depth search that scores every move exactly and picks at random among the best.

    ``depth`` plies; ``plain`` uses the plain line-counting evaluation; ``random_plies``: while
    the board has fewer cubes than that (the first plies of a game), play at random.
    """

    name = "shallow"
    depth = 1
    plain = False
    random_plies = 0

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any):
        super().__init__(seconds, seed, **kw)
        self.depth = int(kw.get("depth", self.depth))
        self.random_plies = int(kw.get("random_plies", self.random_plies))

    def _choose(self, state: QuixoState, options: list[str]) -> str:
        if state.cubes < self.random_plies:  # the first plies of a game from the empty board
            return str(self.rng.choice(options))
        with exact_search(state, self.plain) as (s, history):
            scores = s.root_scores(*state.boards, depth=self.depth, history=history)
        best = max(scores.values())
        moves = sorted(m for m, v in scores.items() if v == best)
        move = self.rng.choice(moves)
        self.last_info = {"score": best, "depth": self.depth}
        return s.move_text(move, state.turn)


class GreedyBot(ShallowBot):
    """1 ply: an immediate win, else a move that neither makes the opponent's line nor leaves
    them an immediate win (when there is one), else the best line count."""

    name = "greedy"
    depth = 1


class LineCount2Bot(ShallowBot):
    """The plain 2-ply line-counting player (random during the first two plies)."""

    name = "linecount2"
    depth = 2
    plain = True
    random_plies = 2


class EasyBot(ShallowBot):
    """2-ply search with the strong evaluation."""

    name = "easy"
    depth = 2


#: the strong bot's second thread looks for forced wins (instead of searching like the first)
#: on boards up to this size, where the game's wins are within its reach (4×4: 21 plies from
#: the start), except on the empty board (no win is in reach of the first move: there the
#: second thread deepens the first's search, which leaves a richer table for the next move)
PROOF_HELPER_MAX_SIZE = 4
#: ... and on 4×4, while the board holds 1 to this many cubes (the second and third moves of
#: the first player, plies 2 and 4, where a win is 19 and 17 plies ahead), the main thread
#: joins the proof with a proof-number search (:mod:`qwixo.quixo.dfpn`), which needs fewer
#: nodes and less time there than the null-window searches (ply 4, from empty tables: 0.6–1.1 s
#: of CPU against 1.0–1.7 s on six positions), while the helper keeps its null-window searches
#: (which use the table the earlier moves' searches filled)
DFPN_MAX_CUBES = 5
#: the board size of the opening book (:mod:`qwixo.quixo.book`: the first player's first plies
#: on 4×4)
BOOK_SIZE = 4


def _whole(kw: dict[str, Any], name: str, default: int | None, why: str,
           low: int | None = None, high: int | None = None, optional: bool = False):
    """The setting ``name`` of ``kw`` (``default`` when absent): a whole number (not a bool)
    from ``low`` to ``high``, or None when ``optional``; else ``IllegalMove`` saying ``why``."""
    v = kw.get(name, default)
    if v is None and optional:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or (low is not None and v < low) or (
            high is not None and v > high):
        raise IllegalMove("bad_setting", name=name, value=v, why=why, lo=low, hi=high)
    return v


def default_contempt(n: int) -> int:
    """The search bots' default contempt on an ``n``×``n`` board: 150·4^(n−4), about 1.2 times
    the evaluation of a line one cube short (2·4^(n−1)), whatever the size.

    >>> default_contempt(4), default_contempt(5)
    (150, 600)
    """
    return 150 * 4 ** (n - 4) if n >= 4 else 150 // 4 ** (4 - n)


class AlphaBetaBot(QuixoBot):
    """Iterative-deepening alpha-beta (see :mod:`qwixo.quixo.search`).

    ``max_depth`` caps the depth; the time budget is ``seconds`` (default
    :attr:`default_seconds`); ``contempt`` (evaluation units) makes a draw by repetition look
    that much worse than 0 to the bot, so it plays on unless it is clearly worse; by default
    :func:`default_contempt` of the board size, a bit more than a line one cube short;
    ``lmr`` (default 3, 0 for off): late-move reductions from that move on (2-player search);
    ``threads`` (default 2, or 1 on a one-core machine): search threads sharing one
    transposition table; ``proof`` (default: on boards up to 4×4 but for the first move): the
    second thread searches for a forced win only (null-window searches at the win bound)
    instead of searching like the first (lazy SMP); ``dfpn`` (default: on 4×4 while the board
    holds 1 to :data:`DFPN_MAX_CUBES` cubes): when the main thread joins the proof after half
    the budget, it runs a proof-number search instead of the null-window searches;
    ``nodes``: a node budget instead of the
    time budget (reproducible with one thread); ``book`` (default: on for ``strong`` on 4×4 with
    2 players): play the opening book's proven winning move (:mod:`qwixo.quixo.book`) where
    it covers the position, without searching.
    """

    name = "strong"
    default_seconds = 1.0
    #: the opening book by default (4×4, 2 players; see :mod:`qwixo.quixo.book`)
    use_book = True
    max_depth = 64
    contempt: int | None = None
    lmr = 3
    #: search threads (lazy SMP): both cores of a 2-core machine by default
    threads = max(1, min(2, os.cpu_count() or 1))

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any):
        super().__init__(seconds, seed, **kw)
        self.max_depth = int(kw.get("max_depth", self.max_depth))
        self.contempt = _whole(kw, "contempt", self.contempt, optional=True,
                               why="why_integer")
        self.lmr = _whole(kw, "lmr", self.lmr, low=0,
                          why="why_lmr")
        self.nodes = _whole(kw, "nodes", None, low=1, optional=True,
                            why="why_at_least")
        self.threads = _whole(kw, "threads", self.threads, low=1, high=64,
                              why="why_range")
        proof = kw.get("proof")
        if proof is not None and not isinstance(proof, bool):
            raise IllegalMove("bad_setting", name="proof", value=proof,
                              why="why_true_false_none")
        self.proof = proof
        dfpn = kw.get("dfpn")
        if dfpn is not None and not isinstance(dfpn, bool):
            raise IllegalMove("bad_setting", name="dfpn", value=dfpn,
                              why="why_true_false_none")
        self.dfpn = dfpn
        book = kw.get("book")
        if book is not None and not isinstance(book, bool):
            raise IllegalMove("bad_setting", name="book", value=book,
                              why="why_true_false_none")
        self.book = book

    def budget(self) -> float:
        return self.seconds if self.seconds is not None else self.default_seconds

    def search(self, state: QuixoState):
        s = searcher(state.n, state.players)
        with s.lock:  # one search at a time on a shared searcher (threads of a server)
            s.contempt = (default_contempt(state.n) if self.contempt is None
                          else self.contempt)
            s.lmr = self.lmr
            s.threads = self.threads
            s.proof_helper = (self.proof if self.proof is not None
                              else state.n <= PROOF_HELPER_MAX_SIZE and state.cubes > 0)
            s.dfpn_helper = (self.dfpn if self.dfpn is not None
                             else state.n == 4 and 0 < state.cubes <= DFPN_MAX_CUBES)
            seconds = None if self.nodes and self.seconds is None else self.budget()
            res = s.search(*state.boards, seconds=seconds, max_depth=self.max_depth,
                           node_limit=self.nodes,
                           history=_history_hashes(s, state))
        self.last_info = {"score": res.score, "depth": res.depth, "nodes": res.nodes,
                          "seconds": res.seconds, "nps": res.nps,
                          "proven": res.outcome() is not None}
        return s, res

    def book_move(self, state: QuixoState) -> str | None:
        """The opening book's move (see :attr:`use_book`), or None: out of the book, or the move
        would repeat an earlier position of the game (the search then handles the repetition)."""
        on = self.book if self.book is not None else self.use_book
        if not on or state.n != BOOK_SIZE or state.players != 2:
            return None
        import numpy as np

        from qwixo.quixo.book import book_move
        from qwixo.quixo.kernels import apply_move

        t0 = time.perf_counter()
        m = book_move(*state.boards)
        if m is None:
            return None
        # the shared searcher is made now (its tables' pages, the prover), not in the budget of
        # the first search after the book
        s = searcher(state.n, state.players)
        me, op = (np.uint64(b) for b in state.boards)
        nme, nop = apply_move(me, op, m, s.t.T)
        if s.hash_of((int(nop), int(nme))) in set(_history_hashes(s, state)):
            return None
        self.last_info = {"score": None, "depth": 0, "nodes": 0,
                          "seconds": time.perf_counter() - t0, "nps": 0.0, "proven": True,
                          "source": "book"}
        return s.move_text(m, state.turn)

    def _choose(self, state: QuixoState, options: list[str]) -> str:
        text = self.book_move(state)
        if text is not None:
            return text
        s, res = self.search(state)
        return s.move_text(res.move, state.turn)


class MediumBot(AlphaBetaBot):
    name = "medium"
    default_seconds = 0.5
    max_depth = 4
    threads = 1
    use_book = False


class MctsBot(QuixoBot):
    """UCT Monte-Carlo tree search (see :mod:`qwixo.quixo.mcts`); 1 s a move by default, or
    ``iterations=N`` playouts."""

    name = "mcts"
    default_seconds = 1.0

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any):
        super().__init__(seconds, seed, **kw)
        self.iterations = kw.get("iterations")
        self._trees: dict[tuple[int, int], Any] = {}

    def _choose(self, state: QuixoState, options: list[str]) -> str:
        from qwixo.quixo.mcts import Mcts

        key = (state.n, state.players)
        tree = self._trees.get(key)
        if tree is None:
            tree = self._trees[key] = Mcts(state.n, state.players)
        seconds = None if self.iterations and self.seconds is None else (
            self.seconds or self.default_seconds)
        code, visits = tree.run(state.boards, seconds=seconds, iterations=self.iterations,
                                seed=self.rng.randrange(1 << 30))
        self.last_info = {"iterations": tree.iterations, "visits": visits}
        return tree.move_text(code, state.turn)


class PerfectBot(AlphaBetaBot):
    """Database play where a database covers the position: wins as fast as possible, loses as
    slowly as possible, keeps a draw; the ``strong`` search elsewhere."""

    name = "perfect"

    def _choose(self, state: QuixoState, options: list[str]) -> str:
        from qwixo.quixo.perfect import best_moves

        ranked = best_moves(state)
        if ranked:
            best = ranked[0][1:]
            moves = [m for m, *v in ranked if tuple(v) == best]
            self.last_info = {"value": best[0], "plies": best[1], "source": "database"}
            return self.rng.choice(moves)
        return super()._choose(state, options)


BOTS: OrderedDict[str, Callable[..., Any]] = OrderedDict(
    [
        ("random", RandomBot),
        ("greedy", GreedyBot),
        ("easy", EasyBot),
        ("linecount2", LineCount2Bot),
        ("mcts", MctsBot),
        ("medium", MediumBot),
        ("strong", AlphaBetaBot),
        ("perfect", PerfectBot),
    ]
)
