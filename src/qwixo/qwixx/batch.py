"""Batch simulation of Qwixx: numba kernels that play many games at once.

The kernel :func:`play` plays one game from any position to its end; :func:`run_games` and
:func:`rollouts` loop it over many games inside numba. It reads the edition arrays of
:func:`qwixo.qwixx.editions.arrays` (rows, lock cells, the cells each die may cross), so it plays
every edition whose sheet is "cells in rows": ``classic``, ``mixx-a``, ``mixx-b`` and ``longo``
(lucky numbers included), ``bonus-a`` (the bonus bar's chains) and ``bonus-b`` (reward pairs,
with the player's choice of a row on ties as options, as in the contract): every edition.

State of one game (what :func:`state_of` extracts from a :class:`~qwixo.qwixx.game.QwixxGame`):

- ``last[p, r]``: position of player ``p``'s last cross in row ``r`` (-1: none)
- ``cnt[p, r]``: crosses in that row (the lock box counts as one more)
- ``pen[p]``: penalty boxes; ``lucky[p]``: Longo lucky numbers (0, 0 elsewhere);
  ``barpos[p]``: Bonus A, the next bar box to look at; ``marks[p, r]``, ``rewards[p]``: Bonus
  B, the crossed cells (bit masks) and the rewards earned
- ``st``: ``[closed, active, phase, a1crossed, rolls, sidx, cidx, tidx, err, fixed2]`` — the bit mask
  of locked rows (their dice are gone), the active player, the phase (0: a roll is due, 1:
  action 1 on ``dice``, 2: action 2 on ``dice``), whether the active player crossed in action
  1 already, counters, and the active player's first action-2 decision fixed by the caller
  (its code + 2; 0: none).

A decision is an *option code*: ``-1`` pass, ``32 * r + i`` cell ``i`` of row ``r``, plus
:data:`LUCKY_FLAG` for a Longo lucky cross. The kernel offers exactly the contract's options (the
tests replay the same dice and choices through both and compare options and scores).

Policies (per seat): ``random`` (uniform among the options, pass included: the game of
the C reference loop ``qwixx_fast.c``), ``gap`` (skip at most one cell, take locks) and ``race``
(race to lock the two longest rows).

>>> res = run_games("classic", 2000, players=4, seed=1)
>>> 20 < res["rolls_per_game"] < 28 and 6 < res["mean_score"] < 11
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx.editions import COLOURS, arrays, edition

RANDOM, GAP, RACE, SCRIPT = 0, 1, 2, 3
POLICY_IDS = {"random": RANDOM, "gap": GAP, "race": RACE}
LUCKY_FLAG = 1024
KERNEL_EDITIONS = ("classic", "mixx-a", "mixx-b", "longo", "bonus-a", "bonus-b")
#: Bonus B: option code + TIE_UNIT * (row + 1) gives the row a "two crosses" reward takes
TIE_UNIT = 128
TRACE_WIDTH = 67

# st[] fields
CLOSED, ACTIVE, PHASE, A1CROSSED, ROLLS, SIDX, CIDX, TIDX, ERR, FIXED2 = range(10)
ST_SIZE = 10


def supports(edition_name: str) -> bool:
    """Whether the kernels play ``edition_name``.

    >>> supports("classic"), supports("bonus-a"), supports("bonus-b")
    (True, True, True)
    """
    return edition_name in KERNEL_EDITIONS


@dataclass(frozen=True)
class Tables:
    """Kernel arrays of one edition, from :func:`~qwixo.qwixx.editions.arrays` (int64):
    ``index_of[r, n]`` position of number n in row r (-1: none), ``lock_from[r]`` first lock
    position, ``by_colour[c, s, k]`` the cells (codes ``32 * r + i``, -1 after the last) a die
    of colour c may cross in action 2 with sum s, ``numbers[r, i]``, ``lock_need``, ``faces``,
    Bonus A's ``bonus[r, i]`` cells and ``bar`` colours (empty elsewhere), Bonus B's
    ``pair_kind[r, i]`` (reward kind of a cell, -1) and ``pair_cells[k]`` (its two cells).
    """

    name: str
    index_of: np.ndarray
    lock_from: np.ndarray
    by_colour: np.ndarray
    numbers: np.ndarray
    lock_need: int
    faces: int
    bonus: np.ndarray
    bar: np.ndarray
    pair_kind: np.ndarray
    pair_cells: np.ndarray

    def args(self) -> tuple[Any, ...]:
        return (self.index_of, self.lock_from, self.by_colour, self.numbers, self.lock_need,
                self.faces, self.bonus, self.bar, self.pair_kind, self.pair_cells)

    def code_text(self, code: int) -> str:
        """The contract text of an option code.

        >>> tables("longo").code_text(LUCKY_FLAG + 32 * 2 + 0), tables("classic").code_text(5)
        ('L:g', 'r7')
        """
        if code < 0:
            return "pass"
        r, i = (code & 127) >> 5, code & 31
        if code >= LUCKY_FLAG:
            return "L:" + COLOURS[r]
        tie = (code // TIE_UNIT) % 8 - 1
        text = f"{COLOURS[r]}{int(self.numbers[r, i])}"
        return text if tie < 0 else f"{text}+{COLOURS[tie]}"


_TABLES: dict[str, Tables] = {}


def tables(name: str = "classic") -> Tables:
    """The (cached) kernel arrays of an edition."""
    name = edition(name).name
    if name in _TABLES:
        return _TABLES[name]
    if name not in KERNEL_EDITIONS:
        raise ValueError(f"no batch kernel for edition {name!r}")
    a = arrays(name)
    # action 2, compact: for die colour c and sum s, the codes 32 * r + i of the cells that
    # die may cross, -1 after the last one
    cbc = a.cells_by_colour
    packed = -np.ones((4, cbc.shape[1], 5), np.int64)
    for c in range(4):
        for s in range(cbc.shape[1]):
            k = 0
            for r in range(4):
                if cbc[c, s, r] >= 0:
                    packed[c, s, k] = 32 * r + int(cbc[c, s, r])
                    k += 1
    # Bonus B: the two cells (row, position) of each reward kind, -1 when the kind is absent
    pair_kind = a.pair_kind.astype(np.int64)
    pair_cells = -np.ones((5, 2, 2), np.int64)
    seen = np.zeros(5, np.int64)
    for r in range(4):
        for i in range(pair_kind.shape[1]):
            k = pair_kind[r, i]
            if k >= 0:
                pair_cells[k, seen[k]] = (r, i)
                seen[k] += 1
    tab = Tables(name, a.index_of.astype(np.int64), a.lock_from.astype(np.int64), packed,
                 a.numbers.astype(np.int64), int(a.lock_need), int(a.faces),
                 a.bonus.astype(np.int64), a.bar.astype(np.int64), pair_kind, pair_cells)
    _TABLES[name] = tab
    return tab


# -- random numbers: xorshift64* in a 1-element state array ---------------------------------
@njit(cache=True)
def _next(rng):
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return x * np.uint64(2685821657736338717)


@njit(cache=True)
def _below(rng, n):
    """Uniform in 0..n-1 (multiply-shift on the top 32 bits)."""
    return np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


def seed_state(seed: int) -> np.ndarray:
    """A kernel random state from an integer seed (never zero)."""
    s = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % (1 << 64)
    return np.array([s or 1], np.uint64)


@njit(cache=True)
def _mix(seed):
    """A non-zero 64-bit state from an integer (splitmix64)."""
    z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    if z == 0:
        z = np.uint64(1)
    return z


# -- the one rule of legality (scalars only: numba array arguments cost a reference count) -
@njit(cache=True)
def _legal(last_pr, cnt_pr, closed, r, i, lock_from_r, need):
    """May a sheet whose last cross in row r is ``last_pr`` cross position i there?"""
    if i < 0 or (closed >> r) & 1 or i <= last_pr:
        return False
    if i >= lock_from_r:
        return cnt_pr >= need
    return True


@njit(cache=True)
def _cross_chain(last, cnt, barpos, p, r, i, cl, lock_from, need, bonus, bar):
    """Bonus A: player p crosses cell i of row r, then follows the bonus bar: a bonus cell
    crosses the next free bar box (boxes of closed colours are struck out) and the next
    possible cell of that box's colour, which may be a bonus cell again. ``cl``: the closed
    rows this player sees; returns it with the rows this player locked added."""
    length = bonus.shape[1]
    nbar = bar.shape[0]
    while True:
        last[p, r] = i
        cnt[p, r] += 1
        if i >= lock_from[r]:
            cnt[p, r] += 1
            cl |= 1 << r
        if bonus[r, i] == 0:
            break
        b = barpos[p]
        while b < nbar and (cl >> bar[b]) & 1:
            b += 1
        if b >= nbar:
            break
        barpos[p] = b + 1
        c = bar[b]
        j = last[p, c] + 1
        if j >= length or (j >= lock_from[c] and cnt[p, c] < need):
            break  # that bonus cross is lost
        r = c
        i = j
    return cl


@njit(cache=True)
def _cross_b(last, cnt, marks, rewards, p, r, i, cl, lock_from, pair_kind, pair_cells, queue,
             qn):
    """Bonus B: one cross; a completed pair earns its reward (queued). Returns (cl, qn)."""
    marks[p, r] |= 1 << i
    last[p, r] = i
    cnt[p, r] += 1
    if i >= lock_from[r]:
        cnt[p, r] += 1
        cl |= 1 << r
    k = pair_kind[r, i]
    if k >= 0 and not (rewards[p] >> k) & 1:
        r1 = pair_cells[k, 0, 0]
        i1 = pair_cells[k, 0, 1]
        r2 = pair_cells[k, 1, 0]
        i2 = pair_cells[k, 1, 1]
        if (marks[p, r1] >> i1) & 1 and (marks[p, r2] >> i2) & 1:
            rewards[p] |= 1 << k
            queue[qn] = k
            qn += 1
    return cl, qn


@njit(cache=True)
def _next_possible(last, cnt, p, cl, row, lock_from, need, length):
    if (cl >> row) & 1:
        return -1
    j = last[p, row] + 1
    if j >= length or (j >= lock_from[row] and cnt[p, row] < need):
        return -1
    return j


@njit(cache=True)
def _cross_pairs(last, cnt, marks, rewards, p, r, i, cl, tie, lock_from, need, pair_kind,
                 pair_cells):
    """Bonus B: player p crosses cell i of row r and resolves the rewards it earns, first
    earned first (a reward cross may earn another): "two crosses" crosses the next two
    possible cells of the row with the fewest crosses (``tie`` when rows tie), "each row"
    the next possible cell of every row. Returns ``(cl, status, tied)``: status 0 done, 1 the
    rows in bit mask ``tied`` tie and ``tie`` is not one of them, 2 ``tie`` was not needed."""
    length = pair_kind.shape[1]
    queue = np.empty(8, np.int64)
    cl, qn = _cross_b(last, cnt, marks, rewards, p, r, i, cl, lock_from, pair_kind, pair_cells,
                      queue, 0)
    qh = 0
    used = False
    while qh < qn:
        k = queue[qh]
        qh += 1
        if k == 0:  # two crosses
            fewest = cnt[p, 0]
            for q in range(1, 4):
                if cnt[p, q] < fewest:
                    fewest = cnt[p, q]
            tied = 0
            row = -1
            for q in range(4):
                if cnt[p, q] == fewest:
                    tied |= 1 << q
                    row = q
            if _popcount(tied) > 1:
                if tie < 0 or not (tied >> tie) & 1:
                    return cl, 1, tied
                used = True
                row = tie
            for _ in range(2):
                j = _next_possible(last, cnt, p, cl, row, lock_from, need, length)
                if j >= 0:
                    cl, qn = _cross_b(last, cnt, marks, rewards, p, row, j, cl, lock_from,
                                      pair_kind, pair_cells, queue, qn)
        elif k == 1:  # one cross in each row
            for row in range(4):
                j = _next_possible(last, cnt, p, cl, row, lock_from, need, length)
                if j >= 0:
                    cl, qn = _cross_b(last, cnt, marks, rewards, p, row, j, cl, lock_from,
                                      pair_kind, pair_cells, queue, qn)
    if tie >= 0 and not used:
        return cl, 2, 0
    return cl, 0, 0


@njit(cache=True)
def _expand_ties(q, k, opts, last, cnt, marks, rewards, closed, lock_from, need, pair_kind,
                 pair_cells, scratch):
    """Bonus B: an option whose rewards meet a tie becomes one option per tied row (the
    contract's ``"g9+y"``). Returns the new number of options in ``opts``."""
    sl = np.empty((1, 4), np.int64)
    sc = np.empty((1, 4), np.int64)
    sm = np.empty((1, 4), np.int64)
    sr = np.empty(1, np.int64)
    n = 0
    for j in range(k):
        code = opts[j]
        r = (code & 127) >> 5
        i = code & 31
        kind = pair_kind[r, i]
        tied = 0
        if kind >= 0 and not (rewards[q] >> kind) & 1:
            for x in range(4):
                sl[0, x] = last[q, x]
                sc[0, x] = cnt[q, x]
                sm[0, x] = marks[q, x]
            sr[0] = rewards[q]
            _, status, tied = _cross_pairs(sl, sc, sm, sr, 0, r, i, closed, -1, lock_from, need,
                                           pair_kind, pair_cells)
            if status != 1:
                tied = 0
        if tied == 0:
            scratch[n] = code
            n += 1
        else:
            for t in range(4):
                if (tied >> t) & 1:
                    scratch[n] = code + TIE_UNIT * (t + 1)
                    n += 1
    for j in range(n):
        opts[j] = scratch[j]
    return n


@njit(cache=True)
def _final_score(cnt, pen, rewards, p):
    """Points of player p at the end, Bonus B's end rewards included."""
    pts = 0
    low = cnt[p, 0]
    for r in range(4):
        pts += cnt[p, r] * (cnt[p, r] + 1) // 2
        if cnt[p, r] < low:
            low = cnt[p, r]
    rw = rewards[p]
    if (rw >> 2) & 1:  # double: the row with the fewest crosses counts twice
        pts += low * (low + 1) // 2
    if (rw >> 3) & 1:  # plus-13
        pts += 13
    if not (rw >> 4) & 1:  # no-penalty
        pts -= 5 * pen[p]
    return pts


@njit(cache=True)
def _popcount(x):
    c = 0
    while x:
        c += x & 1
        x >>= 1
    return c


@njit(cache=True)
def _score(cnt, pen, p):
    s = -5 * pen[p]
    for r in range(4):
        s += cnt[p, r] * (cnt[p, r] + 1) // 2
    return s


@njit(cache=True, error_model="numpy")
def play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed, policies, rng, index_of,
         lock_from, by_colour, numbers, need, faces, bonus, bar, pair_kind, pair_cells, sdice,
         schoice, trace, max_rolls):
    """Play one game from the state given to its end, in place; returns the number of rolls.

    ``fixed[p] >= -1`` fixes player p's first decision (its option code; ``-2``: the policy
    decides). ``policies[p]``: :data:`RANDOM`, :data:`GAP`, :data:`RACE` or :data:`SCRIPT`
    (choices read from ``schoice``; then every decision is written to ``trace`` as
    ``[player, action, k, code_1 .. code_k]``). Dice come from ``sdice`` rows while there are
    any, else from ``rng``. ``st[ERR]`` is set to 1 when a scripted choice is not an option.

    The whole turn is one loop so that the decision code exists once, inline (numba calls
    with array arguments cost reference counting: a 7x slowdown here).
    """
    P = last.shape[0]
    has_bonus = bar.shape[0] > 0
    has_pairs = pair_cells[0, 0, 0] >= 0
    opts = np.empty(64, np.int64)
    scratch = np.empty(64, np.int64)
    choice = np.empty(P, np.int64)
    rolls = 0
    closed = st[CLOSED]
    active = st[ACTIVE]
    phase = st[PHASE]
    ended = False
    while not ended:
        if phase == 0:
            if st[SIDX] < sdice.shape[0]:
                for j in range(6):
                    dice[j] = sdice[st[SIDX], j]
                st[SIDX] += 1
            else:
                if rolls >= max_rolls:
                    break
                for j in range(6):
                    dice[j] = 1 + _below(rng, faces)
            rolls += 1
            phase = 1
        start = 0 if phase == 1 else P
        crossed = st[A1CROSSED] != 0  # a cross the caller already made this turn
        st[A1CROSSED] = 0
        for step in range(start, P + 1):
            k = 0
            if step < P:
                # -- action-1 options of q: the white sum in each row, then lucky crosses
                q = step
                action = 1
                force = False
                s = dice[0] + dice[1]
                for r in range(4):
                    i = index_of[r, s]
                    if _legal(last[q, r], cnt[q, r], closed, r, i, lock_from[r], need):
                        opts[k] = 32 * r + i
                        k += 1
                if lucky[q, 0] == s or lucky[q, 1] == s:
                    fewest = cnt[q, 0]
                    for r in range(1, 4):
                        if cnt[q, r] < fewest:
                            fewest = cnt[q, r]
                    for r in range(4):
                        i = last[q, r] + 1
                        if (cnt[q, r] == fewest and i < numbers.shape[1]
                                and numbers[r, i] != s
                                and _legal(last[q, r], cnt[q, r], closed, r, i, lock_from[r],
                                           need)):
                            opts[k] = LUCKY_FLAG + 32 * r + i
                            k += 1
                if has_pairs:
                    k = _expand_ties(q, k, opts, last, cnt, marks, rewards, closed, lock_from,
                                     need, pair_kind, pair_cells, scratch)
            else:
                if start == 0:
                    # -- action 1 takes effect for everyone at once
                    newly = 0
                    for p in range(P):
                        c = choice[p]
                        if c >= 0:
                            r = (c & 127) >> 5
                            i = c & 31
                            if has_pairs:  # each player's rewards see the start + own locks
                                cl, _, _ = _cross_pairs(last, cnt, marks, rewards, p, r, i,
                                                        closed, (c // TIE_UNIT) % 8 - 1,
                                                        lock_from, need, pair_kind, pair_cells)
                                newly |= cl
                            elif has_bonus:  # each chain sees the start and its own locks
                                newly |= _cross_chain(last, cnt, barpos, p, r, i, closed,
                                                      lock_from, need, bonus, bar)
                            else:
                                last[p, r] = i
                                cnt[p, r] += 1
                                if i >= lock_from[r]:
                                    cnt[p, r] += 1
                                    newly |= 1 << r
                            if p == active:
                                crossed = True
                    closed |= newly
                    if _popcount(closed) >= 2:
                        ended = True
                        break
                # -- action 2: a white die plus a coloured die still in play (distinct cells)
                q = active
                action = 2
                force = not crossed
                for cc in range(4):
                    if (closed >> cc) & 1:
                        continue
                    for w in range(2):
                        if w == 1 and dice[1] == dice[0]:
                            break
                        s = dice[w] + dice[2 + cc]
                        for j2 in range(4):
                            code = by_colour[cc, s, j2]
                            if code < 0:
                                break
                            r = code >> 5
                            i = code & 31
                            if _legal(last[q, r], cnt[q, r], closed, r, i, lock_from[r], need):
                                dup = False
                                for j in range(k):
                                    if opts[j] == code:
                                        dup = True
                                if not dup:
                                    opts[k] = code
                                    k += 1
                if has_pairs:
                    k = _expand_ties(q, k, opts, last, cnt, marks, rewards, closed, lock_from,
                                     need, pair_kind, pair_cells, scratch)
            # -- the decision of player q among opts[:k] (pass always allowed)
            pol = policies[q]
            if fixed[q] >= -1:
                c = fixed[q]
                fixed[q] = -2
            elif step == P and st[FIXED2] > 0:
                # the active player's action 2 fixed by the caller (code + 2), when still legal
                want = st[FIXED2] - 2
                st[FIXED2] = 0
                c = -1
                for j in range(k):
                    if opts[j] == want:
                        c = want
            elif pol == RANDOM:
                j = _below(rng, k + 1)
                c = -1 if j == k else opts[j]
            elif pol == SCRIPT:
                t = st[TIDX]
                if t < trace.shape[0]:
                    trace[t, 0] = q
                    trace[t, 1] = action
                    trace[t, 2] = k
                    for j in range(k):
                        if 3 + j < trace.shape[1]:
                            trace[t, 3 + j] = opts[j]
                    st[TIDX] = t + 1
                c = -1
                if st[CIDX] >= schoice.shape[0]:
                    if st[ERR] == 0:
                        st[ERR] = 2
                else:
                    want = schoice[st[CIDX]]
                    st[CIDX] += 1
                    if want != -1:
                        for j in range(k):
                            if opts[j] == want:
                                c = want
                        if c == -1 and st[ERR] == 0:
                            st[ERR] = 1
            else:
                # gap / race: a lock first, else the option skipping the fewest cells, if few
                # enough (ties: more crosses in the row, then the smaller code; the same rule
                # as qwixo.qwixx.bots.heuristic)
                c = -1
                bestkey = 1 << 40
                for j in range(k):
                    cj = opts[j] & 127
                    r = cj >> 5
                    i = cj & 31
                    cj = cj * 8 + (opts[j] // TIE_UNIT) % 8  # then the lowest tie row
                    if i >= lock_from[r]:
                        key = -(1 << 40) + cj
                        if key < bestkey:
                            bestkey = key
                            c = opts[j]
                        continue
                    if bestkey < -(1 << 39):  # a lock is offered
                        continue
                    skip = i - last[q, r] - 1
                    allowed = 1
                    if pol == RACE:
                        rank = 0
                        for r2 in range(4):
                            if cnt[q, r2] > cnt[q, r] or (cnt[q, r2] == cnt[q, r] and r2 < r):
                                rank += 1
                        allowed = 2 if rank < 2 else 0
                    if force:
                        allowed = 3
                    if skip > allowed:
                        continue
                    key = (skip * 64 - cnt[q, r]) * 2048 + cj
                    if key < bestkey:
                        bestkey = key
                        c = opts[j]
            if step < P:
                choice[q] = c
            else:
                # -- action 2 takes effect, then the penalty and the end checks
                if c >= 0:
                    crossed = True
                    r = (c & 127) >> 5
                    i = c & 31
                    if has_pairs:
                        closed, _, _ = _cross_pairs(last, cnt, marks, rewards, q, r, i, closed,
                                                    (c // TIE_UNIT) % 8 - 1, lock_from, need,
                                                    pair_kind, pair_cells)
                    elif has_bonus:
                        closed = _cross_chain(last, cnt, barpos, q, r, i, closed, lock_from,
                                              need, bonus, bar)
                    else:
                        last[q, r] = i
                        cnt[q, r] += 1
                        if i >= lock_from[r]:
                            cnt[q, r] += 1
                            closed |= 1 << r
                if not crossed:
                    pen[q] += 1
                    if pen[q] >= 4:
                        ended = True
                if _popcount(closed) >= 2:
                    ended = True
        if not ended:
            active = (active + 1) % P
            phase = 0
    st[CLOSED] = closed
    st[ACTIVE] = active
    st[ROLLS] += rolls
    return rolls


@njit(cache=True)
def _run(n, P, seed, lucky, policies, index_of, lock_from, by_colour, numbers, need, faces,
         bonus, bar, pair_kind, pair_cells, scores, rolls_out):
    last = np.empty((P, 4), np.int64)
    cnt = np.empty((P, 4), np.int64)
    pen = np.empty(P, np.int64)
    barpos = np.empty(P, np.int64)
    marks = np.empty((P, 4), np.int64)
    rewards = np.empty(P, np.int64)
    st = np.zeros(ST_SIZE, np.int64)
    dice = np.zeros(6, np.int64)
    fixed = np.empty(P, np.int64)
    sdice = np.zeros((0, 6), np.int64)
    schoice = np.zeros(0, np.int64)
    trace = np.zeros((0, TRACE_WIDTH), np.int64)
    rng = np.empty(1, np.uint64)
    rng[0] = _mix(seed)
    for g in range(n):
        last[:] = -1
        cnt[:] = 0
        pen[:] = 0
        barpos[:] = 0
        marks[:] = 0
        rewards[:] = 0
        st[:] = 0
        st[ACTIVE] = g % P  # rotate the first player
        fixed[:] = -2
        rolls_out[g] = play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed,
                            policies, rng, index_of, lock_from, by_colour, numbers, need, faces,
                            bonus, bar, pair_kind, pair_cells, sdice, schoice, trace, 1 << 20)
        for p in range(P):
            scores[g, p] = _final_score(cnt, pen, rewards, p)


def run_games(edition_name: str, games: int, players: int = 4, seed: int = 0,
              policies: str | list[str] = "random",
              lucky: np.ndarray | None = None) -> dict[str, Any]:
    """Play ``games`` kernel games; mean score, rolls per game and the score table.

    ``policies``: one policy for every seat or one per seat. The first player rotates.

    >>> r = run_games("classic", 200, players=2, seed=5, policies=["gap", "random"])
    >>> r["games"], bool(r["scores"][:, 0].mean() > r["scores"][:, 1].mean())
    (200, True)
    """
    tab = tables(edition_name)
    if isinstance(policies, str):
        policies = [policies] * players
    pol = np.array([POLICY_IDS[p] for p in policies], np.int64)
    if lucky is None:
        lucky = default_lucky(edition_name, players)
    scores = np.zeros((games, players), np.int64)
    rolls = np.zeros(games, np.int64)
    _run(games, players, seed, np.asarray(lucky, np.int64), pol, *tab.args(), scores, rolls)
    return {"games": games, "mean_score": float(scores.mean()) if games else 0.0,
            "rolls_per_game": float(rolls.mean()) if games else 0.0, "scores": scores,
            "rolls": rolls}


def default_lucky(edition_name: str, players: int) -> np.ndarray:
    """Lucky numbers for kernel games: the rulebook's pairs for Longo, none elsewhere."""
    out = np.zeros((players, 2), np.int64)
    if edition(edition_name).lucky:
        pairs = [(5, 8), (5, 10), (6, 11), (7, 12), (4, 9)]
        for p in range(players):
            out[p] = pairs[p % len(pairs)]
    return out


def bench(seconds: float = 3.0, players: int = 4, seed: int = 1) -> dict[str, float]:
    """Random-policy classic games on one core for about ``seconds`` seconds.

    The game of the C reference loop ``qwixx_fast.c``: every decision uniform among the legal
    options, pass included. Returns games/s and the checks (rolls per game, mean score).
    """
    run_games("classic", 10, players, seed)  # compile or load the numba cache
    done = 0
    total = 0.0
    rolls = 0.0
    chunk = 5000
    t0 = time.perf_counter()
    while True:
        r = run_games("classic", chunk, players, seed + done)
        done += chunk
        total += r["mean_score"] * chunk
        rolls += r["rolls_per_game"] * chunk
        el = time.perf_counter() - t0
        if el >= seconds:
            break
        chunk = min(chunk * 2, 400_000)
    return {"games": done, "seconds": el, "games_per_s": done / el,
            "mean_score": total / done, "rolls_per_game": rolls / done}


# -- rollouts from a position (the strong bot and hints) -----------------------------------
@njit(cache=True)
def _rollouts(n, seed, last0, cnt0, pen0, barpos0, marks0, rewards0, lucky, st0, dice0, fixed0,
              policies, index_of, lock_from, by_colour, numbers, need, faces, bonus, bar,
              pair_kind, pair_cells, scores):
    P = last0.shape[0]
    last = np.empty_like(last0)
    cnt = np.empty_like(cnt0)
    pen = np.empty_like(pen0)
    barpos = np.empty_like(barpos0)
    marks = np.empty_like(marks0)
    rewards = np.empty_like(rewards0)
    st = np.empty_like(st0)
    dice = np.empty(6, np.int64)
    fixed = np.empty_like(fixed0)
    sdice = np.zeros((0, 6), np.int64)
    schoice = np.zeros(0, np.int64)
    trace = np.zeros((0, TRACE_WIDTH), np.int64)
    rng = np.empty(1, np.uint64)
    for g in range(n):
        last[:] = last0
        cnt[:] = cnt0
        pen[:] = pen0
        barpos[:] = barpos0
        marks[:] = marks0
        rewards[:] = rewards0
        st[:] = st0
        dice[:] = dice0
        fixed[:] = fixed0
        rng[0] = _mix(seed * 1000003 + g)  # common random numbers across candidate moves
        play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed, policies, rng,
             index_of, lock_from, by_colour, numbers, need, faces, bonus, bar, pair_kind,
             pair_cells, sdice, schoice, trace, 1 << 20)
        for p in range(P):
            scores[g, p] = _final_score(cnt, pen, rewards, p)


@dataclass
class Position:
    """A game position in kernel form (see the module docstring)."""

    edition: str
    last: np.ndarray
    cnt: np.ndarray
    pen: np.ndarray
    lucky: np.ndarray
    st: np.ndarray
    dice: np.ndarray
    barpos: np.ndarray
    marks: np.ndarray
    rewards: np.ndarray

    @property
    def players(self) -> int:
        return int(self.last.shape[0])


def rollouts(pos: Position, n: int, seed: int, fixed: dict[int, int] | None = None,
             policies: list[str] | None = None, then: int | None = None) -> np.ndarray:
    """Final scores ``(n, players)`` of ``n`` games played on from ``pos``.

    ``fixed`` maps a player to its first decision (an option code); the other decisions follow
    ``policies`` (default ``gap`` for everyone). ``then``: the active player's action 2 on
    the same dice after action 1 (an option code; passes if it is no longer legal). Game g uses
    the same random dice for a given ``seed`` whatever ``fixed`` says (common random numbers).
    """
    tab = tables(pos.edition)
    P = pos.players
    fx = np.full(P, -2, np.int64)
    for p, c in (fixed or {}).items():
        fx[p] = c
    pol = np.array([POLICY_IDS[x] for x in (policies or ["gap"] * P)], np.int64)
    scores = np.zeros((n, P), np.int64)
    st = pos.st
    if then is not None:
        st = st.copy()
        st[FIXED2] = then + 2
    _rollouts(n, int(seed) % (1 << 62), pos.last, pos.cnt, pos.pen, pos.barpos, pos.marks,
              pos.rewards, pos.lucky, st, pos.dice, fx, pol, *tab.args(), scores)
    return scores


@njit(cache=True)
def _replay(P, lucky, first, sdice, schoice, policies, index_of, lock_from, by_colour,
            numbers, need, faces, bonus, bar, pair_kind, pair_cells, trace, out):
    last = -np.ones((P, 4), np.int64)
    cnt = np.zeros((P, 4), np.int64)
    pen = np.zeros(P, np.int64)
    barpos = np.zeros(P, np.int64)
    marks = np.zeros((P, 4), np.int64)
    rewards = np.zeros(P, np.int64)
    st = np.zeros(ST_SIZE, np.int64)
    st[ACTIVE] = first
    dice = np.zeros(6, np.int64)
    fixed = -2 * np.ones(P, np.int64)
    rng = np.ones(1, np.uint64)
    play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed, policies, rng,
         index_of, lock_from, by_colour, numbers, need, faces, bonus, bar, pair_kind,
         pair_cells, sdice, schoice, trace, 0)
    for p in range(P):
        out[p] = _final_score(cnt, pen, rewards, p)
    return st


def replay(edition_name: str, players: int, dice: list[list[int]], choices: list[int],
           lucky: np.ndarray | None = None, policy: str | None = None) -> dict[str, Any]:
    """Replay scripted dice and option codes through the kernel (used to test it against the
    contract engine): the options offered at each decision, the scores and the end state.
    With ``policy`` (e.g. ``"gap"``) every seat follows that policy instead of ``choices``.

    >>> r = replay("classic", 1, [[3, 4, 1, 1, 1, 1]], [5, -1])   # r7, then pass in action 2
    >>> [tables("classic").code_text(c) for c in r["trace"][0]["options"]]
    ['r7', 'y7', 'g7', 'b7']
    >>> r["scores"]
    [1]
    """
    tab = tables(edition_name)
    lk = default_lucky(edition_name, players) if lucky is None else np.asarray(lucky, np.int64)
    sd = np.asarray(dice, np.int64).reshape(-1, 6)
    sc = np.asarray(choices, np.int64)
    trace = np.zeros((len(choices) + 1, TRACE_WIDTH), np.int64)
    out = np.zeros(players, np.int64)
    pol = np.full(players, SCRIPT if policy is None else POLICY_IDS[policy], np.int64)
    st = _replay(players, lk, 0, sd, sc, pol, *tab.args(), trace, out)
    steps = [{"player": int(row[0]), "action": int(row[1]),
              "options": [int(x) for x in row[3:3 + row[2]]]} for row in trace[:st[TIDX]]]
    return {"scores": [int(x) for x in out], "trace": steps, "error": int(st[ERR]),
            "closed": int(st[CLOSED]), "choices_used": int(st[CIDX])}


def state_of(game: Any) -> Position:
    """The visible position of a :class:`~qwixo.qwixx.game.QwixxGame` in kernel form.

    Hidden action-1 decisions are not part of it (they are not on the sheets yet).

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=1)
    >>> _ = g.roll([3, 4, 1, 1, 1, 1])
    >>> pos = state_of(g)
    >>> pos.edition, pos.players, int(pos.st[PHASE]), pos.dice.tolist()
    ('classic', 2, 1, [3, 4, 1, 1, 1, 1])
    """
    name = game.edition.name
    kname = name
    P = game.num_players
    last = np.array([s.last for s in game.sheets_state], np.int64).reshape(P, 4)
    cnt = np.array([s.count for s in game.sheets_state], np.int64).reshape(P, 4)
    pen = np.array([s.penalties for s in game.sheets_state], np.int64)
    lucky = np.zeros((P, 2), np.int64)
    for p, s in enumerate(game.sheets_state):
        if len(s.lucky) == 2:
            lucky[p] = s.lucky
    st = np.zeros(ST_SIZE, np.int64)
    st[CLOSED] = game.closed
    st[ACTIVE] = game.active
    st[PHASE] = {"roll": 0, "action1": 1, "action2": 2}.get(game.phase, 0)
    st[A1CROSSED] = int(bool(game.a1_crossed)) if st[PHASE] == 2 else 0
    dice = np.array([d or 0 for d in game.dice], np.int64)
    barpos = np.array([s.bar_pos for s in game.sheets_state], np.int64)
    marks = np.array([s.marks for s in game.sheets_state], np.int64).reshape(P, 4)
    rewards = np.array([sum(1 << k for k in s.rewards) for s in game.sheets_state], np.int64)
    return Position(kname, last, cnt, pen, lucky, st, dice, barpos, marks, rewards)


def option_code(game: Any, player: int, text: str) -> int:
    """The kernel code of a contract option text of ``player`` (a Bonus B ``"+row"`` tie
    choice adds ``TIE_UNIT * (row + 1)``).

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=1)
    >>> _ = g.roll([3, 4, 1, 1, 1, 1])
    >>> option_code(g, 0, "g7"), option_code(g, 0, "pass")
    (69, -1)
    """
    if text == "pass":
        return -1
    if text.startswith("L:"):
        r = COLOURS.index(text[2])
        return LUCKY_FLAG + 32 * r + game.sheets_state[player].last[r] + 1
    cell, _, tie = text.partition("+")
    r, i = game.rules.cell_of[cell]
    return 32 * r + i + (TIE_UNIT * (COLOURS.index(tie) + 1) if tie else 0)
