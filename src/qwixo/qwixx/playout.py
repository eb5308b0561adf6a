"""The ``odds`` Qwixx policy and a playout kernel that plays it (for the ``strong`` bot).

``odds`` weighs what a cross costs by the dice odds of the cells it skips: skipping a 2 or a 12
(1 roll in 36) costs little, skipping a 7 (6 in 36) a whole cell. It accepts the cheapest
option while that cost stays under a threshold that grows as the game nears its end (closed
rows, rows some player may lock soon, penalties), prefers rows with more crosses, avoids
making a row unlockable, takes a penalty only when every cross costs too much, and takes a
lock at once unless that lock ends the game while its player is not ahead. The rule is one
numba function, :func:`odds_choice`, used by the ``odds`` bot (:class:`OddsBot`, through the
contract) and inside the playout kernel :func:`rollouts` that the ``strong`` bot searches with.

The kernel :func:`play` is the turn loop of :func:`qwixo.qwixx.batch.play` (every edition, the
same legality, bonus and reward helpers, imported from there) with the seats' policies
``random``, ``gap``, ``race`` or ``odds`` and per-seat ``odds`` parameters, so that policies and
parameter sets can be played against each other in batches (:func:`run_games`).

>>> r = run_games("classic", 2000, players=2, seed=1, policies=["odds", "gap"])
>>> bool(r["scores"][:, 0].mean() > r["scores"][:, 1].mean())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx.batch import (
    A1CROSSED,
    ACTIVE,
    CLOSED,
    FIXED2,
    LUCKY_FLAG,
    PHASE,
    ROLLS,
    TIE_UNIT,
    Position,
    _below,
    _cross_chain,
    _cross_pairs,
    _expand_ties,
    _final_score,
    _legal,
    _mix,
    _popcount,
    default_lucky,
    tables,
)
from qwixo.qwixx.editions import arrays

RANDOM, GAP, RACE, ODDS = 0, 1, 2, 4
POLICY_IDS = {"random": RANDOM, "gap": GAP, "race": RACE, "odds": ODDS}

#: the ``odds`` parameters (indices into a parameter vector)
T1, T2, TF, TU, UNEAR, UPEN, BCNT, DEAD, TM, LOCKM, UPROG, SCNT, JOINT, THREAT, PEN4 = range(15)
N_PARAMS = 15
PARAM_NAMES = ("t1", "t2", "tforce", "turgent", "unear", "upen", "bcount", "dead", "tmargin",
               "lockmargin", "uprogress", "scount", "joint", "threat", "pen4")
#: default parameters, tuned by ``benchmarks/qwixx_tune.py`` (2 players, classic)
DEFAULT_PARAMS = np.array([0.7, 1.0, 3.0, 0.2, 0.5, 0.25, 0.3, 0.5, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
                           0.0])


def cell_weights(edition_name: str) -> np.ndarray:
    """``w[r, i]``: the chance of rolling the number of cell i of row r with two dice, relative
    to the likeliest sum (a 7 with six faces: 1.0; a 2: 1/6).

    >>> w = cell_weights("classic")
    >>> round(float(w[0, 0]), 3), float(w[0, 5]), round(float(w[2, 5]), 3)
    (0.167, 1.0, 1.0)
    """
    a = arrays(edition_name)
    f = int(a.faces)
    num = a.numbers.astype(np.int64)
    ways = np.maximum(0, f - np.abs(num - (f + 1)))
    return ways.astype(np.float64) / f


@njit(cache=True, inline="always")
def _points(cnt, pen, p):
    s = -5 * pen[p]
    for r in range(4):
        s += cnt[p, r] * (cnt[p, r] + 1) // 2
    return s


@njit(cache=True, inline="always")
def _cost(code, lastr, cntr, r, i, closed, lead, P, lock_from, need, wcell, prm, threats):
    """What crossing cell i of row r costs (the skipped cells' odds, less a bonus for long
    rows, plus the loss of the row's lock); a lock: very negative, or 1e9 when it would end
    the game while its player is not ahead by more than ``prm[LOCKM]``."""
    if i >= lock_from[r]:
        if P > 1 and _popcount(closed | (1 << r)) >= 2 and lead + 2 * cntr + 3 <= prm[LOCKM]:
            return 1e9
        return -100.0 - cntr
    if code >= LUCKY_FLAG:
        return -1.0
    cost = 0.0
    for x in range(lastr + 1, i):
        cost += wcell[r, x]
    cost *= 1.0 + prm[SCNT] * cntr / need
    if (threats >> r) & 1:  # another player may lock this row soon: its cells are worth less
        cost *= 1.0 - prm[THREAT]
    cost -= prm[BCNT] * cntr / need
    room = cntr + lock_from[r] - 1 - lastr
    if room >= need and cntr + lock_from[r] - i < need:
        cost += prm[DEAD]
    return cost + 1e-6 * (code // TIE_UNIT % 8)  # ties: the lowest Bonus B tie row


@njit(cache=True, inline="always")
def _best_colour(q, last, cnt, closed, lead, dice, by_colour, lock_from, need, wcell, prm,
                 threats, r0, i0):
    """The lowest cost of the active player's action-2 crosses on ``dice`` after crossing
    cell i0 of row r0 in action 1 (r0 = -1: nothing crossed); 1e9 when there is none."""
    P = last.shape[0]
    cl = closed
    if r0 >= 0 and i0 >= lock_from[r0]:
        cl |= 1 << r0
    best = 1e9
    for cc in range(4):
        if (cl >> cc) & 1:
            continue
        for w in range(2):
            if w == 1 and dice[1] == dice[0]:
                break
            s = dice[w] + dice[2 + cc]
            for j2 in range(by_colour.shape[2]):
                code = by_colour[cc, s, j2]
                if code < 0:
                    break
                r = code >> 5
                i = code & 31
                lr = last[q, r]
                cr = cnt[q, r]
                if r == r0:
                    lr = i0
                    cr += 1
                if not _legal(lr, cr, cl, r, i, lock_from[r], need):
                    continue
                c = _cost(code, lr, cr, r, i, cl, lead, P, lock_from, need, wcell, prm, threats)
                if c < best:
                    best = c
    return best


@njit(cache=True, inline="always")
def odds_choice(q, action, force, opts, k, last, cnt, pen, closed, lock_from, need, wcell, prm,
                joint, dice, by_colour):
    """The ``odds`` decision of player q among the option codes ``opts[:k]`` (-1: pass).

    ``action``: 1 or 2; ``force``: a pass now costs a penalty; ``prm``: the parameters;
    ``joint``: q is the active player in action 1, who scores each option together with its
    best action 2 on ``dice`` (``by_colour``: the kernel's action-2 cell table).
    """
    P = last.shape[0]
    ncl = 0
    near = 0
    maxpen = 0
    most = 0
    threats = 0
    for p in range(P):
        if pen[p] > maxpen:
            maxpen = pen[p]
        tot = cnt[p, 0] + cnt[p, 1] + cnt[p, 2] + cnt[p, 3]
        if tot > most:
            most = tot
    for r in range(4):
        if (closed >> r) & 1:
            ncl += 1
            continue
        seen = False
        for p in range(P):
            if cnt[p, r] >= need - 1 and last[p, r] >= lock_from[r] - 3:
                if not seen:
                    near += 1
                    seen = True
                if p != q:
                    threats |= 1 << r
    urgency = ncl + prm[UNEAR] * near + prm[UPEN] * maxpen + prm[UPROG] * most / 10.0
    me = _points(cnt, pen, q)
    opp = -1 << 30
    for p in range(P):
        if p != q:
            s = _points(cnt, pen, p)
            if s > opp:
                opp = s
    lead = me - opp
    margin = 0.0
    if P > 1:
        margin = lead / 10.0
        if margin > 1.0:
            margin = 1.0
        elif margin < -1.0:
            margin = -1.0
    extra = prm[TU] * urgency + prm[TM] * margin
    thr = (prm[T1] if action == 1 else prm[T2]) + extra
    if force and thr < prm[TF]:
        thr = prm[TF]
    # the last penalty ends the game: take it to win when ahead by more than its 5 points,
    # else cross anything rather than lose
    last_pen = P > 1 and prm[PEN4] > 0 and pen[q] == 3
    if force and last_pen:
        if lead > 5:
            return -1
        thr = 1e8
    if not joint:
        best = -1
        bestcost = thr
        for j in range(k):
            code = opts[j]
            c = code & 127
            cost = _cost(code, last[q, c >> 5], cnt[q, c >> 5], c >> 5, c & 31, closed, lead, P,
                         lock_from, need, wcell, prm, threats)
            if cost < bestcost:
                bestcost = cost
                best = code
        return best
    # the active player's action 1 with the action 2 it allows: value = (threshold - cost)
    # of each cross taken; passing both costs the penalty (threshold tforce in action 2)
    thr2 = prm[T2] + extra
    tf = prm[TF] if prm[TF] > thr2 else thr2
    c2 = _best_colour(q, last, cnt, closed, lead, dice, by_colour, lock_from, need, wcell, prm,
                      threats, -1, -1)
    best = -1
    bestval = thr2 - c2 if c2 < tf else thr2 - tf
    if last_pen:
        bestval = 1e6 if lead > 5 else (thr2 - c2 if c2 < 1e8 else -1e6)
    for j in range(k):
        code = opts[j]
        c = code & 127
        r = c >> 5
        i = c & 31
        cost = _cost(code, last[q, r], cnt[q, r], r, i, closed, lead, P, lock_from, need, wcell,
                     prm, threats)
        if cost >= 1e8:
            continue
        c2 = _best_colour(q, last, cnt, closed, lead, dice, by_colour, lock_from, need, wcell,
                          prm, threats, r, i)
        val = thr - cost
        if c2 < thr2:
            val += thr2 - c2
        if val > bestval:
            bestval = val
            best = code
    return best


@njit(cache=True, inline="always")
def gap_choice(q, force, race, opts, k, last, cnt, lock_from):
    """The ``gap`` / ``race`` rule of :func:`qwixo.qwixx.bots.heuristic` (for mixed tables)."""
    c = -1
    bestkey = 1 << 40
    for j in range(k):
        cj = opts[j] & 127
        r = cj >> 5
        i = cj & 31
        cj = cj * 8 + (opts[j] // TIE_UNIT) % 8
        if i >= lock_from[r]:
            key = -(1 << 40) + cj
            if key < bestkey:
                bestkey = key
                c = opts[j]
            continue
        if bestkey < -(1 << 39):
            continue
        skip = i - last[q, r] - 1
        allowed = 1
        if race:
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
    return c


@njit(cache=True, error_model="numpy")
def play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed, policies, prm, wcell,
         rng, index_of, lock_from, by_colour, numbers, need, faces, bonus, bar, pair_kind,
         pair_cells, max_rolls):
    """Play one game from the state given to its end, in place (see
    :func:`qwixo.qwixx.batch.play`); ``policies[p]`` is :data:`RANDOM`, :data:`GAP`,
    :data:`RACE` or :data:`ODDS` with the parameters ``prm[p]``."""
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
            elif pol == ODDS:
                c = odds_choice(q, action, force, opts, k, last, cnt, pen, closed, lock_from,
                                need, wcell, prm[q], q == active and step < P and prm[q, JOINT] > 0,
                                dice, by_colour)
            else:
                c = gap_choice(q, force, pol == RACE, opts, k, last, cnt, lock_from)
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




def _params(params: Any, P: int) -> np.ndarray:
    """A ``(P, N_PARAMS)`` parameter table: one vector for every seat or one per seat."""
    a = np.asarray(DEFAULT_PARAMS if params is None else params, np.float64)
    if a.ndim == 1:
        a = np.tile(a, (P, 1))
    if a.shape != (P, N_PARAMS):
        raise ValueError(f"odds parameters: want {N_PARAMS} values per seat, got {a.shape}")
    return np.ascontiguousarray(a)


def _policies(policies: str | list[str] | None, P: int) -> np.ndarray:
    if policies is None:
        policies = "odds"
    if isinstance(policies, str):
        policies = [policies] * P
    return np.array([POLICY_IDS[x] for x in policies], np.int64)


@njit(cache=True)
def _run(n, P, seed, lucky, policies, prm, wcell, index_of, lock_from, by_colour, numbers, need,
         faces, bonus, bar, pair_kind, pair_cells, scores):
    last = np.empty((P, 4), np.int64)
    cnt = np.empty((P, 4), np.int64)
    pen = np.empty(P, np.int64)
    barpos = np.empty(P, np.int64)
    marks = np.empty((P, 4), np.int64)
    rewards = np.empty(P, np.int64)
    st = np.zeros(10, np.int64)
    dice = np.zeros(6, np.int64)
    fixed = np.empty(P, np.int64)
    rng = np.empty(1, np.uint64)
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
        rng[0] = _mix(seed * 1000003 + g // P)  # the same dice for every rotation
        play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed, policies, prm,
             wcell, rng, index_of, lock_from, by_colour, numbers, need, faces, bonus, bar,
             pair_kind, pair_cells, 1 << 20)
        for p in range(P):
            scores[g, p] = _final_score(cnt, pen, rewards, p)


def run_games(edition_name: str, games: int, players: int = 2, seed: int = 0,
              policies: str | list[str] | None = None, params: Any = None) -> dict[str, Any]:
    """Play ``games`` kernel games with per-seat policies (default ``odds``) and ``odds``
    parameters (one vector, or one per seat). The first player rotates; games ``P·j`` to
    ``P·j + P - 1`` share their dice (the seats' rotations see the same rolls).
    """
    tab = tables(edition_name)
    scores = np.zeros((games, players), np.int64)
    _run(games, players, int(seed) % (1 << 62), default_lucky(edition_name, players),
         _policies(policies, players), _params(params, players), cell_weights(edition_name),
         *tab.args(), scores)
    return {"games": games, "scores": scores,
            "mean_score": float(scores.mean()) if games else 0.0}


@njit(cache=True)
def _rollouts(n, seed, last0, cnt0, pen0, barpos0, marks0, rewards0, lucky, st0, dice0, fixed0,
              policies, prm, wcell, index_of, lock_from, by_colour, numbers, need, faces, bonus,
              bar, pair_kind, pair_cells, scores):
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
        play(last, cnt, pen, barpos, marks, rewards, lucky, st, dice, fixed, policies, prm,
             wcell, rng, index_of, lock_from, by_colour, numbers, need, faces, bonus, bar,
             pair_kind, pair_cells, 1 << 20)
        for p in range(P):
            scores[g, p] = _final_score(cnt, pen, rewards, p)


_WEIGHTS: dict[str, np.ndarray] = {}


def weights(edition_name: str) -> np.ndarray:
    """The cached :func:`cell_weights` of an edition."""
    if edition_name not in _WEIGHTS:
        _WEIGHTS[edition_name] = cell_weights(edition_name)
    return _WEIGHTS[edition_name]


def rollouts(pos: Position, n: int, seed: int, fixed: dict[int, int] | None = None,
             policies: str | list[str] | None = None, params: Any = None,
             then: int | None = None) -> np.ndarray:
    """Final scores ``(n, players)`` of ``n`` games played on from ``pos``, as
    :func:`qwixo.qwixx.batch.rollouts` but every player following ``policies`` (default
    ``odds`` with ``params``)."""
    tab = tables(pos.edition)
    P = pos.players
    fx = np.full(P, -2, np.int64)
    for p, c in (fixed or {}).items():
        fx[p] = c
    scores = np.zeros((n, P), np.int64)
    st = pos.st
    if then is not None:
        st = st.copy()
        st[FIXED2] = then + 2
    _rollouts(n, int(seed) % (1 << 62), pos.last, pos.cnt, pos.pen, pos.barpos, pos.marks,
              pos.rewards, pos.lucky, st, pos.dice, fx, _policies(policies, P), _params(params, P),
              weights(pos.edition), *tab.args(), scores)
    return scores


@njit(cache=True)
def _decide(q, action, force, opts, last, cnt, pen, closed, lock_from, need, wcell, prm, joint,
            dice, by_colour):
    return odds_choice(q, action, force, opts, opts.shape[0], last, cnt, pen, closed, lock_from,
                       need, wcell, prm, joint, dice, by_colour)


def decide_code(pos: Position, player: int, codes: list[int], force: bool,
                params: Any = None) -> int:
    """The ``odds`` choice (an option code, -1 pass) of ``player`` among ``codes`` in ``pos``
    (the action is read from ``pos``: action 1 or action 2)."""
    tab = tables(pos.edition)
    prm = np.asarray(DEFAULT_PARAMS if params is None else params, np.float64)
    action = 2 if int(pos.st[PHASE]) == 2 else 1
    joint = action == 1 and player == int(pos.st[ACTIVE]) and bool(prm[JOINT] > 0)
    return int(_decide(player, action, bool(force), np.array(codes, np.int64), pos.last,
                       pos.cnt, pos.pen, int(pos.st[CLOSED]), tab.lock_from, tab.lock_need,
                       weights(pos.edition), prm, joint, pos.dice, tab.by_colour))


__all__ = ["odds_choice", "run_games", "rollouts", "decide_code", "DEFAULT_PARAMS", "A1CROSSED",
           "ROLLS"]
