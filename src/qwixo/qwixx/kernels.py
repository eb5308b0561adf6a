"""The Qwixx rules as numba kernels: the one implementation of every rule.

Legality, the options of action 1 and 2 (lucky crosses, Bonus B tie choices), crossing (locks,
the Bonus A bar chain, the Bonus B rewards), the score, the penalty and the end of the game are
written here once, as small ``@njit`` helpers over two flat ``int64`` arrays:

- ``T``, the edition table (:func:`table`, derived from :mod:`qwixo.qwixx.editions` by
  :func:`qwixo.qwixx.editions.arrays`): offsets ``T_*``;
- ``s``, the state: a header (offsets ``CLOSED`` ... ``DICE``) followed by one block of
  :data:`PB` values per player (offsets ``LAST`` ... ``LOCKED`` from the block's start ``b``).
  A single sheet is a block of its own (``b = 0``).

The contract game (:class:`~qwixo.qwixx.game.QwixxGame`, through :mod:`qwixo.qwixx.rules`), the
batch simulator and the bots' playouts (:mod:`qwixo.qwixx.batch`) and the hints all call these
helpers; none of them has rule code of its own. The helpers never allocate and are compiled
without numba's reference counting (``_nrt=False``, as the Quixo search): scratch space is
passed in.

A decision is an *option code*: ``-1`` pass, ``32 * r + i`` cell ``i`` of row ``r`` (rows 0..3 =
r, y, g, b), plus :data:`LUCKY_FLAG` for a Longo lucky cross, plus ``TIE_UNIT * (t + 1)`` for a
Bonus B "two crosses" reward given to row ``t`` on a tie. Events are written to ``ev`` (rows of
``[player, kind, a, b, c]``) while there is room: :data:`EV_LOCK` (row), :data:`EV_BAR` (box,
row, position or -1), :data:`EV_REWARD` (kind), :data:`EV_RCROSS` (kind, row, position or -1),
:data:`EV_LUCKY` (row, position).

>>> import numpy as np
>>> T = table("classic")
>>> s = new_state(T, 1)
>>> out = np.empty(OPTS_SIZE, np.int64)
>>> k = white_options(s, H, 0, 7, T, out, np.empty(PB, np.int64), np.empty((0, 5), np.int64))
>>> out[:k].tolist()          # red 7, yellow 7, green 7, blue 7
[5, 37, 69, 101]
"""

from __future__ import annotations

from functools import cache

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from qwixo.qwixx.editions import END_ROWS, PLUS_13_POINTS, REWARD_KINDS, arrays, edition
from qwixo.qwixx.editions import row_points as _row_points


def _drop_stale_caches() -> None:
    """Numba's on-disk cache of a function does not notice when a helper it inlined from
    another file changes (e.g. the table layout here), and a stale one can crash. So the cache
    files of the modules built on these kernels (:mod:`qwixo.qwixx.batch`,
    :mod:`qwixo.qwixx.odds`, :mod:`qwixo.qwixx.evrule`, :mod:`qwixo.qwixx.td`,
    :mod:`qwixo.qwixx.solitaire_kernels`, :mod:`qwixo.envs.vector`,
    :mod:`qwixo.qwixx.agent_step`, :mod:`qwixo.qwixx.kernel_bots`, :mod:`qwixo.qwixx.actions`)
    are dropped whenever this
    file, ``batch.py``, ``odds.py``, ``evrule.py``, ``td.py``, ``envs/vector.py`` or
    ``envs/rewards.py`` differs from the copy they were compiled against
    (:func:`qwixo.kernelcache.drop_stale`, stamp ``qwixo-qwixx-kernels``)."""
    from pathlib import Path

    from qwixo.kernelcache import drop_stale

    here = Path(__file__).parent
    envs = here.parent / "envs"
    drop_stale("qwixo-qwixx-kernels",
               modules=[here / "batch.py", here / "odds.py", here / "evrule.py", here / "td.py",
                        here / "solitaire_kernels.py", here / "agent_step.py",
                        here / "kernel_bots.py", here / "actions.py", envs / "vector.py"],
               sources=[here / f for f in ("kernels.py", "batch.py", "odds.py", "evrule.py",
                                           "td.py")] + [envs / "vector.py", envs / "rewards.py"])


_drop_stale_caches()

LUCKY_FLAG = 1024
TIE_UNIT = 128
TWO_CROSSES, EACH_ROW, DOUBLE, PLUS_13, NO_PENALTY = range(5)
assert REWARD_KINDS[NO_PENALTY] == "no-penalty"

# -- the edition table T ------------------------------------------------------------------------
MAXL = 16  #: cells per row, at most
MAXS = 17  #: sums 0..16
T_FACES, T_NEED, T_LEN, T_NBAR, T_PAIRS, T_PENPTS, T_MAXPEN = range(7)
T_LOCKFROM = 8
T_INDEX = T_LOCKFROM + 4                 # index_of[r, s] at T_INDEX + r * MAXS + s (-1: none)
T_NUM = T_INDEX + 4 * MAXS               # numbers[r, i] at T_NUM + r * MAXL + i
T_BONUS = T_NUM + 4 * MAXL               # Bonus A: bonus[r, i] at T_BONUS + r * MAXL + i
T_BAR = T_BONUS + 4 * MAXL               # Bonus A: colour of bar box k
T_PKIND = T_BAR + MAXL                   # Bonus B: reward kind of cell (r, i) or -1
T_PCELLS = T_PKIND + 4 * MAXL            # Bonus B: kind k -> r1, i1, r2, i2
T_CELLS = T_PCELLS + 4 * 5               # action 2: bit 16 * r + i of the cells of (c, s)
T_LOCKM = T_CELLS + 4 * MAXS             # bit mask of row r's lock cells
T_FULL = T_LOCKM + 4                     # bit mask of a row's cells
T_SIZE = T_FULL + 1

# -- the state s ---------------------------------------------------------------------------------
CLOSED, ACTIVE, PHASE, A1CROSSED, ROLLS, SIDX, CIDX, TIDX, ERR, FIXED2, NPL = range(11)
DICE = 11                                # w1, w2, r, y, g, b (0: removed)
H = 17                                   # header size: player p's block starts at H + p * PB
LAST, CNT, MARKS = 0, 4, 8               # four values each
PEN, BARPOS, REWARDS, LUCKY, BARUSED, RORDER, LOCKED = 12, 13, 14, 15, 17, 18, 19
PB = 20
#: phases in ``s[PHASE]``
P_ROLL, P_ACTION1, P_ACTION2, P_OVER = range(4)
#: end reasons returned by :func:`resolve_action1` / :func:`finish_action2`
END_NONE, END_LOCKS, END_PENALTIES = range(3)
#: room for the options of one decision (``OPTS_SIZE // 2`` before tie expansion)
OPTS_SIZE = 64
EV_LOCK, EV_BAR, EV_REWARD, EV_RCROSS, EV_LUCKY = range(1, 6)


@cache
def table(name: str) -> np.ndarray:
    """The packed table ``T`` of an edition (cached, read-only), from
    :func:`qwixo.qwixx.editions.arrays`.

    >>> T = table("longo")
    >>> int(T[T_FACES]), int(T[T_NEED]), int(T[T_LEN])
    (8, 6, 15)
    """
    ed = edition(name)
    a = arrays(ed.name)
    T = np.zeros(T_SIZE, np.int64)
    T[T_FACES] = a.faces
    T[T_NEED] = a.lock_need
    T[T_LEN] = a.numbers.shape[1]
    T[T_NBAR] = a.bar.shape[0]
    T[T_PAIRS] = int((a.pair_kind >= 0).any())
    T[T_PENPTS] = ed.penalty_points
    T[T_MAXPEN] = ed.max_penalties
    T[T_LOCKFROM:T_LOCKFROM + 4] = a.lock_from
    T[T_INDEX:T_INDEX + 4 * MAXS] = -1
    T[T_PKIND:T_PKIND + 4 * MAXL] = -1
    T[T_PCELLS:T_PCELLS + 20] = -1
    L = a.numbers.shape[1]
    S = a.index_of.shape[1]
    assert L < MAXL  # the action-2 masks hold a row in 16 bits, bit 63 unused
    T[T_FULL] = (1 << L) - 1
    for r in range(4):
        T[T_LOCKM + r] = ((1 << L) - 1) & ~((1 << int(a.lock_from[r])) - 1)
    for r in range(4):
        for n in range(S):
            T[T_INDEX + r * MAXS + n] = a.index_of[r, n]
        for i in range(L):
            T[T_NUM + r * MAXL + i] = a.numbers[r, i]
            T[T_BONUS + r * MAXL + i] = a.bonus[r, i]
            T[T_PKIND + r * MAXL + i] = a.pair_kind[r, i]
    for c in range(4):
        for n in range(S):
            for r in range(4):
                if a.cells_by_colour[c, n, r] >= 0:
                    T[T_CELLS + c * MAXS + n] |= 1 << (16 * r + int(a.cells_by_colour[c, n, r]))
    T[T_BAR:T_BAR + len(a.bar)] = a.bar
    seen = [0] * 5
    for r in range(4):
        for i in range(L):
            k = int(a.pair_kind[r, i])
            if k >= 0:
                T[T_PCELLS + 4 * k + 2 * seen[k]] = r
                T[T_PCELLS + 4 * k + 2 * seen[k] + 1] = i
                seen[k] += 1
    T.setflags(write=False)
    return T


def new_state(T: np.ndarray, players: int) -> np.ndarray:
    """A fresh state: empty sheets, player 0 to roll (:func:`fresh_game`)."""
    s = np.zeros(H + players * PB, np.int64)
    fresh_game(s, players, np.zeros((players, 2), np.int64), 0)
    return s


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def fresh_game(s, P, lucky, first):
    """``s`` becomes a new game of ``P`` players: empty sheets with the lucky numbers
    ``lucky[p]`` (``0, 0`` outside Longo), ``first`` to roll."""
    for j in range(H + P * PB):
        s[j] = 0
    s[NPL] = P
    for p in range(P):
        b = H + p * PB
        for r in range(4):
            s[b + LAST + r] = -1
        s[b + LUCKY] = lucky[p, 0]
        s[b + LUCKY + 1] = lucky[p, 1]
    s[ACTIVE] = first


# -- random numbers: xorshift64* in a 1-element state array (every kernel game's dice) ----------
@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _next(rng):
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return x * np.uint64(2685821657736338717)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def below(rng, n):
    """Uniform in 0..n-1 (multiply-shift on the top 32 bits)."""
    return np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False, error_model="numpy")
def mix(seed):
    """A non-zero 64-bit state from an integer (splitmix64)."""
    z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    if z == 0:
        z = np.uint64(1)
    return z


def seed_rng(seed: int) -> np.ndarray:
    """The kernel random state of an integer seed (any int: taken modulo 2**64, then
    :func:`mix`), as every engine and adapter seeds it."""
    return np.array([mix(np.uint64(int(seed) % (1 << 64)))], np.uint64)


# -- Longo: the lucky-number deal, the one deal of every engine and adapter ----------------------
@njit(cache=True, _nrt=False, error_model="numpy")
def deal_lucky(s, P, T, rng):
    """Longo's deal into the sheets of state ``s``: every player gets two different lucky
    numbers (sums ``2..2·faces``) and no two players the same pair (the rulebook: each score
    sheet shows two lucky numbers, every player's different), every such deal equally likely.
    ``P`` draws from ``rng`` (:func:`below`): player ``p`` takes the ``k``-th pair, in the order
    ``(2, 3), (2, 4), ..., (2·faces - 1, 2·faces)``, of those not dealt yet."""
    top = 2 * T[T_FACES]
    sums = top - 1
    for p in range(P):
        k = below(rng, sums * (sums - 1) // 2 - p)
        b = H + p * PB
        done = False
        for a in range(2, top + 1):
            for c in range(a + 1, top + 1):
                dealt = False
                for q in range(p):
                    if s[H + q * PB + LUCKY] == a and s[H + q * PB + LUCKY + 1] == c:
                        dealt = True
                if dealt:
                    continue
                if k == 0:
                    s[b + LUCKY] = a
                    s[b + LUCKY + 1] = c
                    done = True
                    break
                k -= 1
            if done:
                break


def lucky_deal(edition_name: str, players: int, seed: int) -> list[tuple[int, int]]:
    """The lucky numbers :func:`deal_lucky` deals ``players`` players of the edition from the
    seed ``seed`` (:func:`seed_rng`), one pair per player; ``[]`` outside Longo. A contract
    game, the OpenSpiel game and a kernel run of that seed deal exactly these, as does game 0 of
    a vectorised environment reset with it.

    >>> lucky_deal("longo", 3, 7) == lucky_deal("longo", 3, 7)
    True
    >>> lucky_deal("classic", 3, 7)
    []
    """
    if not edition(edition_name).lucky:
        return []
    s = np.zeros(H + players * PB, np.int64)
    deal_lucky(s, players, table(edition_name), seed_rng(seed))
    return [(int(s[H + p * PB + LUCKY]), int(s[H + p * PB + LUCKY + 1])) for p in range(players)]


# -- the dice -------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def die_in_play(closed, j):
    """Die ``j`` (``0, 1`` white, ``2 + c`` the die of row ``c``) is still rolled with the rows
    ``closed`` (a bit mask): the white dice always, a coloured die until its row is closed —
    then it is out of the game (the removed-die rule)."""
    return j < 2 or ((closed >> (j - 2)) & 1) == 0


# -- option codes: the one encoding (see the module docstring); ``.py_func`` from Python ----------
@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def cell_code(r, i):
    """The option code of crossing position ``i`` of row ``r``."""
    return 32 * r + i


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def lucky_code(r, i):
    """The option code of a Longo lucky cross on position ``i`` of row ``r``."""
    return LUCKY_FLAG + 32 * r + i


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def tie_code(code, t):
    """Option ``code`` with the Bonus B tie choice of row ``t`` (``t`` < 0: ``code``)."""
    return code + TIE_UNIT * (t + 1) if t >= 0 else code


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def code_row(code):
    """The row of an option code (not pass)."""
    return (code & 127) >> 5


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def code_cell(code):
    """The position in its row of an option code (not pass)."""
    return code & 31


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def code_tie(code):
    """The Bonus B tie row an option code names, or -1."""
    return (code // TIE_UNIT) % 8 - 1


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def is_lucky(code):
    """Is the option code a Longo lucky cross?"""
    return code >= LUCKY_FLAG


# -- legality ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def legal(s, b, closed, r, i, T):
    """May the sheet at ``b`` cross position ``i`` of row ``r`` (``closed``: closed rows)?
    (Written without branches: every operand is safe to evaluate.)"""
    return ((i >= 0) & (((closed >> r) & 1) == 0) & (i > s[b + LAST + r])
            & ((i < T[T_LOCKFROM + r]) | (s[b + CNT + r] >= T[T_NEED])))


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def open_cells(s, b, closed, r, T):
    """Bit mask of the positions of row ``r`` the sheet at ``b`` may cross (bit ``i``:
    :func:`legal` for position ``i``), computed without branches."""
    full = T[T_FULL]
    m = (full << (s[b + LAST + r] + 1)) & full
    m &= ~(T[T_LOCKM + r] & -np.int64(s[b + CNT + r] < T[T_NEED]))
    return m & (((closed >> r) & 1) - 1)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def next_possible(s, b, closed, r, T):
    """The leftmost position right of the last cross in row ``r`` the sheet may cross
    (:func:`legal`), or -1."""
    j = s[b + LAST + r] + 1
    if j < T[T_LEN] and legal(s, b, closed, r, j, T):
        return j
    return -1


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def fewest_mask(s, b):
    """Bit mask of the rows (closed ones included) with the fewest crosses."""
    low = s[b + CNT]
    for r in range(1, 4):
        if s[b + CNT + r] < low:
            low = s[b + CNT + r]
    m = 0
    for r in range(4):
        if s[b + CNT + r] == low:
            m |= 1 << r
    return m


@intrinsic
def _ctpop(typingctx, x):
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])
    return x(x), codegen


@intrinsic
def _cttz(typingctx, x):
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return x(x), codegen


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def popcount(x):
    """The number of set bits of an integer (the CPU's popcount instruction)."""
    return _ctpop(x)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def lowest_bit(x):
    """The position of the lowest set bit of a non-zero integer (count trailing zeros)."""
    return _cttz(x)


# -- named rules: the end of the game, a penalty, a lock in reach (every caller uses these) ---


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def closed_rows_end_game(n):
    """Do ``n`` closed rows end the game (two locked rows, ``END_ROWS``)?"""
    return n >= END_ROWS


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def rows_end_game(closed):
    """Do the closed rows ``closed`` (bit mask) end the game (:func:`closed_rows_end_game`)?"""
    return closed_rows_end_game(popcount(closed))


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def penalty_count_ends_game(pen, max_pen):
    """Do ``pen`` penalty boxes of one sheet end the game when it has ``max_pen`` (its last
    box crossed)?"""
    return pen >= max_pen


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def penalties_end_game(pen, T):
    """Does ``pen`` penalty boxes of one sheet end the game (the edition's last box,
    :func:`penalty_count_ends_game`)?"""
    return penalty_count_ends_game(pen, T[T_MAXPEN])


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def game_ends(s, b, closed, T):
    """Is a game over whose rows ``closed`` are closed and where the sheet at ``b`` (the one
    that just acted) has its penalties? (Two locked rows, or that sheet's last penalty.)"""
    return rows_end_game(closed) or penalties_end_game(s[b + PEN], T)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def add_penalty(s, b, T):
    """The sheet at ``b`` takes a penalty box; returns whether that ends the game."""
    s[b + PEN] += 1
    return penalties_end_game(s[b + PEN], T)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def lock_reachable(s, b, r, T):
    """Can the sheet at ``b`` still reach row ``r``'s lock: its crosses plus the free cells
    left of the lock cells give at least ``need - 1`` (the lock cell itself is the last)?"""
    n = s[b + CNT + r]
    last = s[b + LAST + r]
    lf = T[T_LOCKFROM + r]
    return n + (lf - 1 - last if last < lf else 0) >= T[T_NEED] - 1


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def near_lock(s, b, r, T):
    """Is the sheet at ``b`` near row ``r``'s lock: at least ``need - 1`` crosses, the last
    at most three cells before the first lock cell?"""
    return s[b + CNT + r] >= T[T_NEED] - 1 and s[b + LAST + r] >= T[T_LOCKFROM + r] - 3


# -- crossing ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _event(ev, en, p, kind, a, b2, c):
    if en < ev.shape[0]:
        ev[en, 0] = p
        ev[en, 1] = kind
        ev[en, 2] = a
        ev[en, 3] = b2
        ev[en, 4] = c
        return en + 1
    return en


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _mark(s, b, p, r, i, closed, T, ev, en):
    """Cross (r, i), and the lock box with it when (r, i) is a lock cell. Returns
    ``(closed, en)``."""
    s[b + MARKS + r] |= 1 << i
    s[b + LAST + r] = i
    s[b + CNT + r] += 1
    if i >= T[T_LOCKFROM + r]:
        s[b + CNT + r] += 1  # the lock box
        s[b + LOCKED] |= 1 << r
        closed |= 1 << r
        en = _event(ev, en, p, EV_LOCK, r, 0, 0)
    return closed, en


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def bar_box_free(s, b, closed, x, T):
    """Bonus A: box ``x`` of the bar of the sheet at ``s[b]`` may still be crossed — not passed
    yet, and its colour's row not closed (the boxes of a closed colour are struck out)."""
    return x >= s[b + BARPOS] and ((closed >> T[T_BAR + x]) & 1) == 0


@njit(cache=True, _nrt=False, error_model="numpy")
def _cross(s, b, p, r, i, closed, T, ev, en, queue, qn):
    """Cross (r, i) and follow the Bonus A bar: a bonus cell crosses the next free bar box
    (boxes of closed colours are struck out) and the next possible cell of its colour, which
    may be a bonus cell again. A completed Bonus B pair queues its reward (``queue``: kinds
    packed 3 bits each, ``qn`` of them). Returns ``(closed, en, queue, qn)``."""
    nbar = T[T_NBAR]
    while True:
        closed, en = _mark(s, b, p, r, i, closed, T, ev, en)
        if T[T_PAIRS]:
            k = T[T_PKIND + r * MAXL + i]
            if k >= 0 and not (s[b + REWARDS] >> k) & 1:
                o = T_PCELLS + 4 * k
                if ((s[b + MARKS + T[o]] >> T[o + 1]) & 1
                        and (s[b + MARKS + T[o + 2]] >> T[o + 3]) & 1):
                    s[b + REWARDS] |= 1 << k
                    s[b + RORDER] = s[b + RORDER] * 8 + k + 1
                    en = _event(ev, en, p, EV_REWARD, k, 0, 0)
                    queue |= k << (3 * qn)
                    qn += 1
        if nbar == 0 or T[T_BONUS + r * MAXL + i] == 0:
            break
        box = s[b + BARPOS]
        while box < nbar and not bar_box_free(s, b, closed, box, T):
            box += 1
        if box >= nbar:
            break
        s[b + BARPOS] = box + 1
        s[b + BARUSED] |= 1 << box
        c = T[T_BAR + box]
        j = next_possible(s, b, closed, c, T)
        en = _event(ev, en, p, EV_BAR, box, c, j)
        if j < 0:
            break  # that bonus cross is lost
        r = c
        i = j
    return closed, en, queue, qn


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def apply(s, b, p, closed, code, T, ev, en):
    """Player ``p`` (sheet at ``b``) carries out option ``code`` (not pass); chains and
    rewards resolve at once and see this sheet's own new locks. Returns ``(closed, en,
    status, tied)``: ``closed`` plus the rows locked; status 0 done, 1 a "two crosses"
    reward meets the rows ``tied`` (bit mask) and the code names none of them (the sheet is
    then partly changed: simulate on a copy), 2 the code names a tie row that was not needed.
    """
    r = code_row(code)
    i = code_cell(code)
    tie = code_tie(code)
    if is_lucky(code):
        en = _event(ev, en, p, EV_LUCKY, r, i, 0)
    if T[T_NBAR] == 0 and T[T_PAIRS] == 0:  # no chains in this edition
        closed, en = _mark(s, b, p, r, i, closed, T, ev, en)
        return closed, en, (2 if tie >= 0 else 0), 0
    return _chains(s, b, p, closed, r, i, tie, T, ev, en)


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def apply_on_copy(src, sb, p, closed, code, T, w, wb, ev):
    """How a rule tries an option without touching the game: player ``p``'s sheet at
    ``src[sb:]`` copied to ``w[wb:]`` (``PB`` values) and option ``code`` carried out there
    by :func:`apply`, writing no event (``code`` -1: nothing crossed, the copy only). Returns
    the closed rows after it."""
    for x in range(PB):
        w[wb + x] = src[sb + x]
    if code < 0:
        return closed
    cl, _, _, _ = apply(w, wb, p, closed, code, T, ev, ev.shape[0])
    return cl


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _reward_cross(s, b, p, k, row, closed, T, ev, en, queue, qn):
    """Reward ``k``'s cross in ``row``: its leftmost possible cell, announced (-1: that cross
    is lost); returns ``(closed, en, queue, qn)`` as :func:`_cross`."""
    j = next_possible(s, b, closed, row, T)
    en = _event(ev, en, p, EV_RCROSS, k, row, j)
    if j >= 0:
        closed, en, queue, qn = _cross(s, b, p, row, j, closed, T, ev, en, queue, qn)
    return closed, en, queue, qn


@njit(cache=True, _nrt=False, error_model="numpy")
def _chains(s, b, p, closed, r, i, tie, T, ev, en):
    """:func:`apply` in the editions with chains (Bonus A bar, Bonus B rewards)."""
    # the queue starts empty (int64s, not literals: one compilation of _cross and its callees)
    closed, en, queue, qn = _cross(s, b, p, r, i, closed, T, ev, en, np.int64(0), np.int64(0))
    used = False
    qh = 0
    while qh < qn:
        k = (queue >> (3 * qh)) & 7
        qh += 1
        if k == TWO_CROSSES:
            tied = fewest_mask(s, b)
            if popcount(tied) > 1:
                if tie < 0 or not (tied >> tie) & 1:
                    return closed, en, 1, tied
                used = True
                row = tie
            else:
                row = 0
                while not (tied >> row) & 1:
                    row += 1
            for _ in range(2):
                closed, en, queue, qn = _reward_cross(s, b, p, k, row, closed, T, ev, en, queue,
                                                      qn)
        elif k == EACH_ROW:
            for row in range(4):
                closed, en, queue, qn = _reward_cross(s, b, p, k, row, closed, T, ev, en, queue,
                                                      qn)
    if tie >= 0 and not used:
        return closed, en, 2, 0
    return closed, en, 0, 0


# -- options -------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, error_model="numpy")
def _expand_ties(s, b, closed, T, out, k, w, ev):
    """Bonus B: an option whose reward chain meets a tie becomes one option per tied row
    (``code + TIE_UNIT * (row + 1)``), in place. ``w``: scratch of ``PB`` values; ``ev``
    any event buffer (nothing is written to it)."""
    full = ev.shape[0]
    half = OPTS_SIZE // 2
    n = 0
    for j in range(k):
        code = out[j]
        r = code_row(code)
        i = code_cell(code)
        kind = T[T_PKIND + r * MAXL + i]
        tied = 0
        if kind >= 0 and not (s[b + REWARDS] >> kind) & 1:
            for x in range(PB):
                w[x] = s[b + x]
            _, _, status, tied = apply(w, np.int64(0), np.int64(0), closed, code, T, ev, full)
            if status != 1:
                tied = 0
        if tied == 0:
            out[half + n] = code
            n += 1
        else:
            for t in range(4):
                if (tied >> t) & 1:
                    out[half + n] = tie_code(code, t)
                    n += 1
    for j in range(n):
        out[j] = out[half + j]
    return n


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def white_options(s, b, closed, total, T, out, w, ev):
    """Action 1 on white sum ``total``: the option codes (pass not included) written to
    ``out``, in the contract's order (rows r, y, g, b; then lucky crosses; a tie choice in
    place of its option); returns their number. ``w``: scratch of :data:`PB` values; ``ev``:
    any event buffer (the options are simulated on the scratch, writing no event)."""
    k = 0
    for r in range(4):
        i = T[T_INDEX + r * MAXS + total]
        out[k] = cell_code(r, i)
        k += legal(s, b, closed, r, i, T)  # written anyway, kept when legal: no branch
    if s[b + LUCKY] == total or s[b + LUCKY + 1] == total:
        tied = fewest_mask(s, b)
        for r in range(4):
            if (tied >> r) & 1:
                j = next_possible(s, b, closed, r, T)
                if j >= 0 and T[T_NUM + r * MAXL + j] != total:
                    out[k] = lucky_code(r, j)
                    k += 1
    if T[T_PAIRS]:
        k = _expand_ties(s, b, closed, T, out, np.int64(k), w, ev)  # k: never a literal
    return k


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def colour_options(s, b, closed, w1, w2, dice, d0, T, out, w, ev):
    """Action 2 with white dice ``w1``, ``w2`` and the coloured dice ``dice[d0 + c]``: the
    distinct cells a white die plus a coloured die in play may cross, in sheet order (pass
    not included); returns their number. The candidate cells of every die pair are a bit mask
    of the table (bit ``16 * r + i``), intersected with each row's :func:`open_cells`."""
    cand = 0
    for c in range(4):
        if die_in_play(closed, 2 + c):
            d = dice[d0 + c]
            cand |= T[T_CELLS + c * MAXS + w1 + d] | T[T_CELLS + c * MAXS + w2 + d]
    k = 0
    for r in range(4):
        m = (cand >> (16 * r)) & open_cells(s, b, closed, r, T)
        while m:
            out[k] = cell_code(r, lowest_bit(m))
            k += 1
            m &= m - 1
    if T[T_PAIRS]:
        k = _expand_ties(s, b, closed, T, out, np.int64(k), w, ev)  # k: never a literal
    return k


# -- score and the flow of a turn ----------------------------------------------------------------
#: the points of a row of ``c`` crosses (:func:`qwixo.qwixx.editions.row_points`, compiled)
row_points = njit(cache=True, _nrt=False, error_model="numpy", inline="always")(_row_points)


@njit(cache=True, _nrt=False, error_model="numpy")
def score(s, b, T, final):
    """Points of the sheet at ``b``; ``final`` adds the end-of-game Bonus B rewards."""
    pts = 0
    low = s[b + CNT]
    for r in range(4):
        c = s[b + CNT + r]
        pts += row_points(c)
        if c < low:
            low = c
    pen = s[b + PEN] * T[T_PENPTS]
    rw = s[b + REWARDS]
    if final and rw:
        if (rw >> NO_PENALTY) & 1:
            pen = 0
        if (rw >> PLUS_13) & 1:
            pts += PLUS_13_POINTS
        if (rw >> DOUBLE) & 1:
            pts += row_points(low)
    return pts - pen


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def resolve_action1(s, T, choices, ev, en):
    """Everyone's action-1 decisions ``choices[p]`` take effect together (each sheet's chains
    see the rows closed before plus its own locks); then the end check. Returns
    ``(end reason, en)``; the phase becomes action 2 or over."""
    P = s[NPL]
    start = s[CLOSED]
    closed = start
    for p in range(P):
        c = choices[p]
        if c >= 0:
            cl, en, _, _ = apply(s, H + p * PB, p, start, c, T, ev, en)
            closed |= cl
            if p == s[ACTIVE]:
                s[A1CROSSED] = 1
    s[CLOSED] = closed
    if rows_end_game(closed):
        s[PHASE] = P_OVER
        return END_LOCKS, en
    s[PHASE] = P_ACTION2
    return END_NONE, en


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def finish_action2(s, T, code, ev, en):
    """The active player's action 2 (``code``, -1 pass) takes effect: a pass after no cross
    in action 1 costs a penalty box; the 4th penalty or a 2nd closed row ends the game, else
    the next player is to roll. Returns ``(end reason, en)``."""
    q = s[ACTIVE]
    b = H + q * PB
    if code >= 0:
        cl, en, _, _ = apply(s, b, q, s[CLOSED], code, T, ev, en)
        s[CLOSED] = cl
    elif s[A1CROSSED] == 0:
        if add_penalty(s, b, T):
            s[PHASE] = P_OVER
            return END_PENALTIES, en
    if rows_end_game(s[CLOSED]):
        s[PHASE] = P_OVER
        return END_LOCKS, en
    s[ACTIVE] = (q + 1) % s[NPL]
    s[PHASE] = P_ROLL
    s[A1CROSSED] = 0
    return END_NONE, en


# -- the contract's steps (one kernel call per step of a turn) -----------------------------------
# The contract keeps everything in one array ``m`` (one argument to unbox per call): the state
# (``m`` is ``s``: the state comes first), then ``wk``, ``players + 1`` rows of OPTS_SIZE (row p:
# player p's option codes, their number in the last column and a key of the whole list, or -1,
# in the one before; row ``players``: scratch), then ``ev``, EVN rows of 5 events.
EVN = 256


def contract_memory(players: int) -> int:
    """The size of a contract's array ``m``."""
    return H + players * PB + (players + 1) * OPTS_SIZE + EVN * 5


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _work(m):
    P = m[NPL]
    a = H + P * PB
    b = a + (P + 1) * OPTS_SIZE
    return m[a:b].reshape((P + 1, OPTS_SIZE)), m[b:b + EVN * 5].reshape((EVN, 5))


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _keyed(wk, p, k):
    wk[p, OPTS_SIZE - 1] = k
    key = -1
    if k <= 5:
        key = 0
        for j in range(k):
            key = key * 2048 + wk[p, j] + 1
    wk[p, OPTS_SIZE - 2] = key


@njit(cache=True, _nrt=False, error_model="numpy")
def _turn_options(s, T, wk, ev):
    P = s[NPL]
    w = wk[P]
    if s[PHASE] == P_ACTION1:
        total = s[DICE] + s[DICE + 1]
        for p in range(P):
            _keyed(wk, p, white_options(s, H + p * PB, s[CLOSED], total, T, wk[p], w, ev))
    elif s[PHASE] == P_ACTION2:
        q = s[ACTIVE]
        _keyed(wk, q, colour_options(s, H + q * PB, s[CLOSED], s[DICE], s[DICE + 1], s,
                                     DICE + 2, T, wk[q], w, ev))


@njit(cache=True, _nrt=False, error_model="numpy")
def turn_options(m, T):
    """The options of everyone who decides now: in action 1 every player's, in action 2 the
    active player's (row p of ``wk``, see above)."""
    wk, ev = _work(m)
    _turn_options(m, T, wk, ev)


@njit(cache=True, _nrt=False, error_model="numpy")
def begin_action1(m, T, w1, w2, r, y, g, b):
    """The dice are rolled (0 for a removed die): action 1 begins; everyone's options."""
    m[DICE] = w1
    m[DICE + 1] = w2
    m[DICE + 2] = r
    m[DICE + 3] = y
    m[DICE + 4] = g
    m[DICE + 5] = b
    m[PHASE] = P_ACTION1
    wk, ev = _work(m)
    _turn_options(m, T, wk, ev)


@njit(cache=True, _nrt=False, error_model="numpy")
def step_action1(m, T, c0, c1, c2, c3, c4):
    """:func:`resolve_action1` on the choices ``c0`` ... (one per player), then (when the game
    goes on) the active player's action-2 options. Returns ``(end reason, number of events,
    closed rows)``."""
    wk, ev = _work(m)
    ch = wk[m[NPL]]
    ch[0] = c0
    ch[1] = c1
    ch[2] = c2
    ch[3] = c3
    ch[4] = c4
    reason, en = resolve_action1(m, T, ch, ev, 0)
    if reason == END_NONE:
        _turn_options(m, T, wk, ev)
    return reason, en, m[CLOSED]


@njit(cache=True, _nrt=False, error_model="numpy")
def step_action2(m, T, code):
    """:func:`finish_action2`; returns ``(end reason, number of events, closed rows before,
    closed rows after, active player, whether the active player had crossed in action 1)``."""
    _, ev = _work(m)
    crossed = m[A1CROSSED]
    before = m[CLOSED]
    reason, en = finish_action2(m, T, code, ev, 0)
    return reason, en, before, m[CLOSED], m[ACTIVE], crossed
