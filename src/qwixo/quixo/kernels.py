"""Bitboard kernels of Quixo, compiled with numba: the one implementation of the rules.

Everything here is ``@njit(cache=True)`` and callable from other numba code (the search bots,
the solver). The board geometry comes from :mod:`qwixo.quixo.tables`; the kernels take it as two
arrays so that one compiled kernel serves every size 3..7:

- ``T = packed_tables(n)[0]``: ``uint64[6, M]`` with rows :data:`SRC`, :data:`DST`,
  :data:`SEG_ALL`, :data:`SEG_MOVE`, :data:`LSH`, :data:`RSH` (``M = 12n - 16`` moves, in the
  order of ``move_tables(n)``);
- ``L = packed_tables(n)[1]``: ``uint64[2n + 2]``, the line masks.

**Every bitboard argument must be a** ``np.uint64`` (numba would otherwise compile an ``int64``
variant, and mixing signed and unsigned integers makes floats). The one exception is the
retrograde solver (:mod:`qwixo.quixo.retro`), whose boards are ``int64`` (it indexes with them):
it calls :func:`push`, :func:`legal` and :func:`apply_move` with an ``int64`` copy of ``T``,
never mixing the two.

Two players: the kernels see the position from the mover's side, ``me`` and ``op``. A move is
the index ``m`` of the tables; it is legal when the cube at ``src`` is not the opponent's.

Four players: one bitboard per seat N, E, S, W (0..3) holding the cubes whose dot points at that
seat; team X = N|S, team O = E|W. A 4-player move code is ``4 * m + dot`` (``dot`` the seat the
new cube's dot points at: the mover or the partner); :data:`PASS` (-1) is a pass.

>>> import numpy as np
>>> T, L = packed_tables(5)
>>> out = np.empty(MAX_MOVES, np.int64)
>>> gen_moves(np.uint64(0), np.uint64(0), T, out)
44
>>> perft(np.uint64(0), np.uint64(0), 2, T, L)
1836
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from qwixo.quixo.tables import PASS, move_tables

SRC, DST, SEG_ALL, SEG_MOVE, LSH, RSH = range(6)
#: an upper bound of the number of 2-player moves (7×7: 68) — size move buffers with it
MAX_MOVES = 68
#: an upper bound of the number of 4-player move codes (two dots per move, or one pass)
MAX_MOVES4 = 2 * MAX_MOVES

ONGOING, MOVER_WINS, MOVER_LOSES = 0, 1, -1


@cache
def packed_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``(T, L)`` for an n×n board (cached; read-only arrays).

    >>> T, L = packed_tables(3)
    >>> T.shape, L.shape
    ((6, 20), (8,))
    """
    mt = move_tables(n)
    shift = mt.shift.astype(np.int64)
    T = np.zeros((6, len(mt.src)), dtype=np.uint64)
    T[SRC] = mt.src_bit
    T[DST] = mt.dst_bit
    T[SEG_ALL] = mt.seg_all
    T[SEG_MOVE] = mt.seg_move
    T[LSH] = np.where(shift > 0, shift, 0).astype(np.uint64)
    T[RSH] = np.where(shift < 0, -shift, 0).astype(np.uint64)
    L = np.array(mt.lines, dtype=np.uint64)
    T.setflags(write=False)
    L.setflags(write=False)
    return T, L


# -- primitives ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def push(x, m, T):
    """Bitboard ``x`` after move ``m`` slid the cubes of its segment (the new cube not added)."""
    return (x & ~T[SEG_ALL, m]) | (((x & T[SEG_MOVE, m]) << T[LSH, m]) >> T[RSH, m])


@njit(cache=True, inline="always")
def legal(op, m, T):
    """May the side to move play move ``m``: its source cube is not the opponent's (``op``:
    the opponents' cubes; 4 players: both opponents')? The one legality test of the engine,
    the searches, the proof-number search, the perfect player, the opening book and the
    retrograde solver."""
    return (op & T[SRC, m]) == 0


@njit(cache=True)
def has_line(x, L):
    """True when bitboard ``x`` covers one of the lines (rank, file or diagonal)."""
    found = False
    for i in range(L.shape[0]):  # branch-free: the compiler vectorises it
        found |= (x & L[i]) == L[i]
    return found


@njit(cache=True)
def gen_moves(me, op, T, out):
    """2 players: write the legal moves of the side ``me`` into ``out``; return their number.
    ``out`` must have room for every move of the board (``T.shape[1]``, or :data:`MAX_MOVES`)."""
    k = 0
    for m in range(T.shape[1]):  # branch-free: write always, advance when legal
        out[k] = m
        k += legal(op, m, T)
    return k


@njit(cache=True)
def apply_move(me, op, m, T):
    """2 players: ``(me, op)`` after the side ``me`` plays ``m`` (not swapped)."""
    return push(me, m, T) | T[DST, m], push(op, m, T)


@njit(cache=True)
def outcome(me, op, L):
    """Result for the side that just moved and now owns ``me``: -1 when the opponent has a line
    (the mover loses, even with a line of their own), 1 when the mover has one, else 0."""
    if has_line(op, L):
        return MOVER_LOSES
    if has_line(me, L):
        return MOVER_WINS
    return ONGOING


@njit(cache=True)
def status_to_move(me, op, L):
    """Result of a position for the side to move (``me``): 1 when it has a line (the opponent
    made it), -1 when only the opponent has one, else 0: :func:`outcome` seen from the other
    side (the one rule of a move that makes lines for both sides)."""
    return -outcome(op, me, L)


@njit(cache=True)
def gen_moves4(b0, b1, b2, b3, seat, T, out):
    """4 players: write the codes ``4*m + dot`` of seat ``seat`` into ``out``; return their
    number (0: the seat must pass). A seat may take a blank cube or one whose dot points at it.
    ``out`` must have room for ``2 * T.shape[1]`` codes (:data:`MAX_MOVES4`)."""
    allc = b0 | b1 | b2 | b3
    if seat == 0:
        mine = b0
    elif seat == 1:
        mine = b1
    elif seat == 2:
        mine = b2
    else:
        mine = b3
    blocked = allc & ~mine
    partner = seat ^ 2
    lo = min(seat, partner)
    hi = max(seat, partner)
    k = 0
    for m in range(T.shape[1]):
        out[k] = 4 * m + lo
        out[k + 1] = 4 * m + hi
        k += 2 * legal(blocked, m, T)
    return k


@njit(cache=True)
def apply_move4(b0, b1, b2, b3, code, T):
    """4 players: the four seat bitboards after move code ``code`` (a pass changes nothing)."""
    if code < 0:
        return b0, b1, b2, b3
    m = code >> 2
    dot = code & 3
    d = T[DST, m]
    n0 = push(b0, m, T)
    n1 = push(b1, m, T)
    n2 = push(b2, m, T)
    n3 = push(b3, m, T)
    if dot == 0:
        n0 |= d
    elif dot == 1:
        n1 |= d
    elif dot == 2:
        n2 |= d
    else:
        n3 |= d
    return n0, n1, n2, n3


@njit(cache=True, inline="always")
def same_side(p, q, players):
    """Do seats ``p`` and ``q`` win and lose together? (4 players: the teams of seats 0 and 2,
    and of 1 and 3; 2 players: only the same seat.)"""
    return (q & 1) == (p & 1) if players == 4 else q == p


@njit(cache=True)
def outcome4(b0, b1, b2, b3, seat, L):
    """Result for seat ``seat``'s team after its move: -1 when the other team has a line."""
    x = b0 | b2
    o = b1 | b3
    if seat & 1:
        return outcome(o, x, L)
    return outcome(x, o, L)


# -- a whole position in one array (what QuixoGame uses) ---------------------------------------
# st: uint64[5]: st[0..3] bitboards (2 players: st[0] = X cubes, st[1] = O cubes; 4 players: the
# seats N, E, S, W), st[4] = the player to move.
@njit(cache=True)
def state_moves(st, players, T, out):
    """Legal move codes of the player to move (0 when a 4-player seat must pass)."""
    p = np.int64(st[4])
    if players == 2:
        if p == 0:
            return gen_moves(st[0], st[1], T, out)
        return gen_moves(st[1], st[0], T, out)
    return gen_moves4(st[0], st[1], st[2], st[3], p, T, out)


@njit(cache=True)
def state_play(st, players, code, T, L):
    """Play ``code`` (legal: not checked here; :data:`PASS` for a 4-player seat without a
    move) in place; return the result for the mover's side (1 win, -1 loss, 0 the game goes
    on) and hand the turn on."""
    p = np.int64(st[4])
    if code == PASS:
        st[4] = np.uint64((p + 1) % players)
        return ONGOING
    if players == 2:
        if p == 0:
            me, op = apply_move(st[0], st[1], code, T)
            st[0] = me
            st[1] = op
        else:
            me, op = apply_move(st[1], st[0], code, T)
            st[1] = me
            st[0] = op
        st[4] = np.uint64(1 - p)
        return outcome(me, op, L)
    n0, n1, n2, n3 = apply_move4(st[0], st[1], st[2], st[3], code, T)
    st[0] = n0
    st[1] = n1
    st[2] = n2
    st[3] = n3
    st[4] = np.uint64((p + 1) & 3)
    return outcome4(n0, n1, n2, n3, p, L)


@njit(cache=True)
def state_status(st, players, L):
    """Result of the position for the side to move (1 it has won, -1 lost, 0 ongoing)."""
    p = np.int64(st[4])
    if players == 2:
        if p == 0:
            return status_to_move(st[0], st[1], L)
        return status_to_move(st[1], st[0], L)
    x = st[0] | st[2]
    o = st[1] | st[3]
    if p & 1:
        return status_to_move(o, x, L)
    return status_to_move(x, o, L)


# -- perft and random playouts -----------------------------------------------------------------
@njit(cache=True)
def perft(me, op, depth, T, L):
    """2 players: the number of move sequences of length ``depth`` from a position that is not
    over (every legal move counted; none after a move that ends the game)."""
    out = np.empty(MAX_MOVES, np.int64)
    k = gen_moves(me, op, T, out)
    if depth <= 1:
        return k if depth == 1 else 1
    total = 0
    for i in range(k):
        m = out[i]
        nme, nop = apply_move(me, op, m, T)
        if outcome(nme, nop, L) == ONGOING:
            total += perft(nop, nme, depth - 1, T, L)
    return total


@njit(cache=True)
def perft4(b0, b1, b2, b3, seat, depth, T, L):
    """4 players: like :func:`perft`; a forced pass counts as one move."""
    out = np.empty(MAX_MOVES4, np.int64)
    k = gen_moves4(b0, b1, b2, b3, seat, T, out)
    if k == 0:
        out[0] = PASS
        k = 1
    if depth <= 1:
        return k if depth == 1 else 1
    total = 0
    nxt = (seat + 1) & 3
    for i in range(k):
        n0, n1, n2, n3 = apply_move4(b0, b1, b2, b3, out[i], T)
        if outcome4(n0, n1, n2, n3, seat, L) == ONGOING:
            total += perft4(n0, n1, n2, n3, nxt, depth - 1, T, L)
    return total


@njit(cache=True)
def random_games(games, seed, max_plies, T, L):
    """2 players from the empty board: play ``games`` uniformly random games (each stopped
    after ``max_plies`` plies at most). ``seed`` is a ``np.uint64``. Returns ``(plies, x_wins,
    o_wins, state)``: the xorshift generator's state, so batches can go on."""
    out = np.empty(MAX_MOVES, np.int64)
    rng = seed | np.uint64(1)
    s13 = np.uint64(13)
    s7 = np.uint64(7)
    s17 = np.uint64(17)
    zero = np.uint64(0)
    plies = 0
    xw = 0
    ow = 0
    for _ in range(games):
        me = zero
        op = zero
        for ply in range(max_plies):
            k = gen_moves(me, op, T, out)
            rng ^= rng << s13
            rng ^= rng >> s7
            rng ^= rng << s17
            m = out[rng % np.uint64(k)]
            me, op = apply_move(me, op, m, T)
            plies += 1
            r = outcome(me, op, L)
            if r != ONGOING:
                if (r == MOVER_WINS) == (ply % 2 == 0):
                    xw += 1
                else:
                    ow += 1
                break
            me, op = op, me
    return plies, xw, ow, rng


def warm_up() -> None:
    """Compile (or load from the cache) every kernel once."""
    T, L = packed_tables(3)
    z = np.uint64(0)
    perft(z, z, 2, T, L)
    perft4(z, z, z, z, 0, 2, T, L)
    random_games(1, np.uint64(1), 10, T, L)
    st = np.zeros(5, np.uint64)
    out = np.empty(MAX_MOVES4, np.int64)
    state_moves(st, 2, T, out)
    state_status(st, 2, L)
    state_play(st, 2, 0, T, L)
    st[:] = 0
    state_moves(st, 4, T, out)
    state_play(st, 4, 0, T, L)
    state_status(st, 4, L)
