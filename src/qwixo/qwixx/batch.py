"""Batch simulation of Qwixx: numba kernels that play many games at once.

The kernel :func:`play` plays one game from any position to its end; :func:`run_games` and
:func:`rollouts` loop it over many games inside numba (games where every seat plays ``random``
have a loop of their own, :func:`_run_random`, on the same kernels). Every rule it plays — options, crossing,
chains, rewards, score, penalty, end — is a helper of :mod:`qwixo.qwixx.kernels`, the same code
the contract game calls, on the same state layout; this module adds only the dice, the
policies and the loops. It plays every edition.

A position in Python (what :func:`state_of` extracts from a
:class:`~qwixo.qwixx.game.QwixxGame`, a :class:`Position`):

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

:func:`pack` turns it into the kernels' flat state (the ``st`` fields are the header's first
ten values).

A decision is an *option code* (see :mod:`qwixo.qwixx.kernels`): ``-1`` pass, ``32 * r + i``
cell ``i`` of row ``r``, plus :data:`LUCKY_FLAG` for a Longo lucky cross, plus
``TIE_UNIT * (t + 1)`` for a Bonus B tie choice.

Policies (per seat): ``random`` (uniform among the options, pass included: the game of the C
reference loop ``qwixx_fast.c``, see ``benchmarks/qwixx_batch.py``), ``gap`` (skip at most one
cell, take locks), ``race`` (race to lock the two longest rows) and ``odds``
(:func:`qwixo.qwixx.playout.odds_choice`, with a parameter vector per seat: ``params``).

>>> res = run_games("classic", 2000, players=4, seed=1)
>>> 20 < res["rolls_per_game"] < 28 and 6 < res["mean_score"] < 11
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import COLOURS, edition
from qwixo.qwixx.evrule import EJOINT, EV, EV_PARAMS, ev_choice
from qwixo.qwixx.heuristics import FORCED_SKIP, GAP_SKIP
from qwixo.qwixx.kernels import (
    A1CROSSED,
    ACTIVE,
    CIDX,
    CLOSED,
    CNT,
    DICE,
    END_NONE,
    ERR,
    FIXED2,
    LAST,
    LUCKY_FLAG,
    NPL,
    OPTS_SIZE,
    P_ACTION1,
    P_OVER,
    P_ROLL,
    PB,
    PHASE,
    ROLLS,
    SIDX,
    T_FACES,
    T_LOCKFROM,
    TIDX,
    TIE_UNIT,
    H,
    below,
    colour_options,
    finish_action2,
    fresh_game,
    lucky_code,
    mix,
    resolve_action1,
    white_options,
)
from qwixo.qwixx.odds import JOINT, N_PARAMS, ODDS, W_SIZE, odds_choice, params_table, weights
from qwixo.qwixx.rules import CELL, Rules, code_of
from qwixo.qwixx.td import ROW, TD, td_choice
from qwixo.qwixx.td import value as td_value

RANDOM, GAP, RACE, SCRIPT = 0, 1, 2, 3
POLICY_IDS = {"random": RANDOM, "gap": GAP, "race": RACE, "odds": ODDS, "ev": EV, "td": TD}
KERNEL_EDITIONS = ("classic", "mixx-a", "mixx-b", "longo", "bonus-a", "bonus-b")
TRACE_WIDTH = 67
ST_SIZE = 10

__all__ = ["A1CROSSED", "ACTIVE", "CIDX", "CLOSED", "ERR", "FIXED2", "LUCKY_FLAG", "PHASE",
           "ROLLS", "SIDX", "TIDX", "TIE_UNIT", "KERNEL_EDITIONS", "POLICY_IDS", "Position",
           "Tables", "below", "bench", "decide", "default_lucky", "heuristic_code", "mix",
           "option_code", "pack", "play", "replay", "rollouts", "rollouts_value", "run_games",
           "seat_params", "seed_state", "state_of", "supports", "tables"]


def supports(edition_name: str) -> bool:
    """Whether the kernels play ``edition_name``.

    >>> supports("classic"), supports("bonus-a"), supports("bonus-b")
    (True, True, True)
    """
    return edition_name in KERNEL_EDITIONS


@dataclass(frozen=True)
class Tables:
    """The kernel table of one edition: ``T`` (:func:`qwixo.qwixx.kernels.table`) and the
    cell ``numbers[r][i]`` (for option texts)."""

    name: str
    T: np.ndarray
    numbers: tuple[tuple[int, ...], ...]

    def args(self) -> tuple[Any, ...]:
        return (self.T,)

    def code_text(self, code: int) -> str:
        """The contract text of an option code.

        >>> tables("longo").code_text(LUCKY_FLAG + 32 * 2 + 0), tables("classic").code_text(5)
        ('L:g', 'r7')
        """
        return "pass" if code < 0 else Rules.of(self.name).code_text[code]


_TABLES: dict[str, Tables] = {}


def tables(name: str = "classic") -> Tables:
    """The (cached) kernel table of an edition."""
    ed = edition(name)
    if ed.name not in _TABLES:
        _TABLES[ed.name] = Tables(ed.name, K.table(ed.name),
                                  tuple(tuple(row.numbers) for row in ed.rows))
    return _TABLES[ed.name]


#: a kernel random state from an integer seed, as every engine seeds it (:func:`kernels.seed_rng`)
seed_state = K.seed_rng


# -- the random loop's numbers: one xorshift64* output split into many uniform draws ------------
@intrinsic
def _mulhi(typingctx, a, b):
    """The high 64 bits of the 128-bit product of two ``uint64`` (one ``mul`` instruction)."""
    if a != types.uint64 or b != types.uint64:
        return None

    def codegen(context, builder, sig, args):
        wide = ir.IntType(128)
        p = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(p, ir.Constant(wide, 64)), ir.IntType(64))
    return types.uint64(types.uint64, types.uint64), codegen


_LIMIT = 1 << 32  # a fraction serves draws until their ranges multiply past this


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _draw(x, f, used, n):
    """A uniform draw in ``0..n-1`` from the fraction ``f / 2**64`` (its digits in base
    ``n``: ``mulhi(f, n)``, then ``f * n`` keeps the rest); ``used`` is the product of the
    ranges drawn from ``f`` so far. A fresh xorshift64* output (state ``x``) replaces ``f``
    before that product passes 2**32, so every draw is uniform to within 2**-32. Returns
    ``(x, f, used, draw)``."""
    if used * n > _LIMIT:
        x ^= x >> np.uint64(12)
        x ^= x << np.uint64(25)
        x ^= x >> np.uint64(27)
        f = x * np.uint64(2685821657736338717)
        used = 1
    un = np.uint64(n)
    return x, f * un, used * n, np.int64(_mulhi(f, un))

# -- one game ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def decide(s, q, action, k, opts, fixed, policies, rng, schoice, trace, T, prm, wcell, w, ev):
    """The decision of player ``q`` among ``opts[:k]`` (pass always allowed) in ``action``."""
    pol = policies[q]
    if pol == RANDOM and fixed[q] == -2 and (action == 1 or s[FIXED2] == 0):  # the hot path
        j = below(rng, k + 1)
        return -1 if j == k else opts[j]
    if fixed[q] >= -1:
        c = fixed[q]
        fixed[q] = -2
        return c
    if action == 2 and s[FIXED2] > 0:
        # the active player's action 2 fixed by the caller (code + 2), when still legal
        want = s[FIXED2] - 2
        s[FIXED2] = 0
        for j in range(k):
            if opts[j] == want:
                return want
        return -1
    if pol == RANDOM:
        j = below(rng, k + 1)
        return -1 if j == k else opts[j]
    if pol == SCRIPT:
        t = s[TIDX]
        if t < trace.shape[0]:
            trace[t, 0] = q
            trace[t, 1] = action
            trace[t, 2] = k
            for j in range(k):
                if 3 + j < trace.shape[1]:
                    trace[t, 3 + j] = opts[j]
            s[TIDX] = t + 1
        if s[CIDX] >= schoice.shape[0]:
            if s[ERR] == 0:
                s[ERR] = 2
            return -1
        want = schoice[s[CIDX]]
        s[CIDX] += 1
        if want == -1:
            return -1
        for j in range(k):
            if opts[j] == want:
                return want
        if s[ERR] == 0:
            s[ERR] = 1
        return -1
    # the rules below get the action as an int64, not the callers' literal 1 or 2: one
    # compilation of each (and of all it calls) for both actions
    a = np.int64(action)
    if pol == ODDS:
        return odds_choice(s, q, a, a == 2 and s[A1CROSSED] == 0, opts, k, T, wcell,
                           prm[q], a == 1 and q == s[ACTIVE] and prm[q, JOINT] > 0, w, ev)
    if pol == EV:
        return ev_choice(s, q, a, a == 2 and s[A1CROSSED] == 0, opts, k, T, wcell,
                         prm[q], a == 1 and q == s[ACTIVE] and prm[q, EJOINT] > 0, w, ev)
    if pol == TD:
        return td_choice(s, q, a, a == 2 and s[A1CROSSED] == 0, opts, k, T, wcell,
                         prm[q], a == 1 and q == s[ACTIVE], w, ev)
    return _heuristic(s, q, a, k, opts, pol, T)


def heuristic_code(pos: Position, player: int, codes: list[int], policy: str = "gap") -> int:
    """The ``gap`` or ``race`` heuristic's choice (an option code, -1 pass) of ``player``
    among ``codes`` (the legal option codes but pass) in ``pos``: a lock first; else the
    option skipping the fewest cells (ties: more crosses in the row, then the lower code, then
    the lower Bonus B tie row), if it skips at most :data:`GAP_SKIP` cells (``race``: one more
    in its two rows with the most crosses, none elsewhere), :data:`FORCED_SKIP` when passing
    costs a penalty. The batch games' ``gap``/``race`` seats play this same kernel."""
    action = 2 if int(pos.st[PHASE]) == K.P_ACTION2 else 1
    return int(_heuristic(pack(pos), player, action, len(codes), np.array(codes, np.int64),
                          POLICY_IDS[policy], tables(pos.edition).T))


def seat_params(params: Any, pol: np.ndarray, edition_name: str = "classic",
                td_weights: Any = None) -> np.ndarray:
    """The parameter table of the seats: ``params`` (see :func:`run_games`); without it, the
    ``ev`` seats get :data:`qwixo.qwixx.evrule.EV_PARAMS` and the others the ``odds`` ones.
    Each row goes on with the ``td`` weights and their scratch (:func:`qwixo.qwixx.td.seat_row`):
    ``td_weights`` (one vector for every seat, or one per seat: a 2-d array or a list of
    vectors, which may differ in their hidden units), by default the shipped ones of
    the edition and number of players when a seat plays ``td``."""
    from qwixo.qwixx import td

    P = pol.shape[0]
    base = params_table(params, P)
    if params is None:
        base[pol == EV] = EV_PARAMS
    prm = np.zeros((P, ROW), np.float64)
    prm[:, :N_PARAMS] = base
    if td_weights is None and (pol == TD).any():
        td_weights = td.load_weights(edition_name, P)
    if isinstance(td_weights, (list, tuple)):  # one vector per seat (any hidden units)
        for q in range(P):
            td.put_weights(prm[q], np.asarray(td_weights[q], np.float64))
    elif td_weights is not None:
        wt = np.asarray(td_weights, np.float64)
        td.put_weights(prm, wt if wt.ndim == 1 else wt[:P])
    return prm


@njit(cache=True, _nrt=False, error_model="numpy")
def _heuristic(s, q, action, k, opts, pol, T):
    """The gap and race policies (:func:`heuristic_code`)."""
    # gap / race: a lock first, else the option skipping the fewest cells, if few enough (ties:
    # more crosses in the row, then the smaller code, then the lower Bonus B tie row)
    b = H + q * PB
    force = action == 2 and s[A1CROSSED] == 0
    c = -1
    bestkey = 1 << 40
    for j in range(k):
        r = K.code_row(opts[j])
        i = K.code_cell(opts[j])
        cj = K.cell_code(r, i) * 8 + K.code_tie(opts[j]) + 1  # then the lowest tie row
        if i >= T[T_LOCKFROM + r]:
            key = -(1 << 40) + cj
            if key < bestkey:
                bestkey = key
                c = opts[j]
            continue
        if bestkey < -(1 << 39):  # a lock is offered
            continue
        skip = i - s[b + LAST + r] - 1
        allowed = GAP_SKIP
        if pol == RACE:
            rank = 0
            for r2 in range(4):
                if s[b + CNT + r2] > s[b + CNT + r] or (s[b + CNT + r2] == s[b + CNT + r]
                                                      and r2 < r):
                    rank += 1
            allowed = GAP_SKIP + 1 if rank < 2 else 0
        if force:
            allowed = FORCED_SKIP
        if skip > allowed:
            continue
        key = (skip * 64 - s[b + CNT + r]) * 2048 + cj
        if key < bestkey:
            bestkey = key
            c = opts[j]
    return c


@njit(cache=True, _nrt=False, error_model="numpy")
def play(s, T, fixed, policies, rng, sdice, schoice, trace, max_rolls, opts, w, ev, choice, prm,
         wcell):
    """Play one game from state ``s`` to its end, in place; returns the number of rolls.

    ``fixed[p] >= -1`` fixes player p's first decision (its option code; ``-2``: the policy
    decides). ``policies[p]``: :data:`RANDOM`, :data:`GAP`, :data:`RACE`, ``ODDS`` (with the
    parameters ``prm[p]`` and the cell weights ``wcell``, :mod:`qwixo.qwixx.playout`) or
    :data:`SCRIPT`
    (choices read from ``schoice``; then every decision is written to ``trace`` as
    ``[player, action, k, code_1 .. code_k]``). Dice come from ``sdice`` rows while there are
    any, else from ``rng``. ``s[ERR]`` is set to 1 when a scripted choice is not an option.
    Scratch: ``opts`` (:data:`~qwixo.qwixx.kernels.OPTS_SIZE`), ``w`` (``PB``; ``W_SIZE`` of
    :mod:`qwixo.qwixx.playout` when a seat plays ``odds``), ``ev`` (any
    event buffer, e.g. ``(0, 5)``: the batch records no events), ``choice`` (one per player).
    """
    P = s[NPL]
    faces = T[T_FACES]
    full = ev.shape[0]
    rolls = 0
    while s[PHASE] != P_OVER:
        if s[PHASE] == P_ROLL:
            if s[SIDX] < sdice.shape[0]:
                for j in range(6):
                    s[DICE + j] = sdice[s[SIDX], j]
                s[SIDX] += 1
            else:
                if rolls >= max_rolls:
                    break
                for j in range(6):
                    s[DICE + j] = 1 + below(rng, faces)
            rolls += 1
            s[PHASE] = P_ACTION1
        if s[PHASE] == P_ACTION1:
            total = s[DICE] + s[DICE + 1]
            closed = s[CLOSED]
            for q in range(P):
                k = white_options(s, H + q * PB, closed, total, T, opts, w, ev)
                choice[q] = decide(s, q, 1, k, opts, fixed, policies, rng, schoice, trace, T, prm,
                                    wcell, w, ev)
            reason, _ = resolve_action1(s, T, choice, ev, full)
            if s[PHASE] == P_OVER:
                break
        q = s[ACTIVE]
        k = colour_options(s, H + q * PB, s[CLOSED], s[DICE], s[DICE + 1], s, DICE + 2, T, opts,
                           w, ev)
        c = decide(s, q, 2, k, opts, fixed, policies, rng, schoice, trace, T, prm, wcell, w,
                    ev)
        reason, _ = finish_action2(s, T, c, ev, full)
    s[ROLLS] += rolls
    return rolls


@njit(cache=True, _nrt=False, error_model="numpy")
def _run_random(n, seed, lucky, T, scores, rolls_out, paired, s, opts, w, ev, choice, log):
    """:func:`_run` when every seat plays ``random`` (the game of the C reference loop): the
    same kernels on the same state, with the decisions inline, the random state in a register
    and one 64-bit xorshift64* output split into several draws (:func:`_draw`: a roll's six
    dice and most of its decisions). ``log`` rows (while there are any): a roll's six dice
    (0: out of the game),
    every player's action-1 decision, then the active player's action 2 (-2: none, the game
    ended in action 1). Scratch ``s``, ``opts``, ``w``, ``ev``, ``choice`` as :func:`play`."""
    P = choice.shape[0]
    uf = np.uint64(T[T_FACES])
    f6 = T[T_FACES] ** 6  # at most 8**6: far below 2**32
    full = ev.shape[0]
    nlog = log.shape[0]
    t = 0
    x = mix(seed)
    f = np.uint64(0)
    used = _LIMIT
    for g in range(n):
        fresh_game(s, P, lucky, g % P)
        if paired:
            x = mix(seed * 1000003 + g // P)  # the same numbers for every rotation
            used = _LIMIT
        rolls = 0
        while True:
            # the six dice: the first base-``faces`` digits of a fresh output
            x ^= x >> np.uint64(12)
            x ^= x << np.uint64(25)
            x ^= x >> np.uint64(27)
            f = x * np.uint64(2685821657736338717)
            for j in range(6):
                s[DICE + j] = 1 + np.int64(_mulhi(f, uf))
                f *= uf
            used = f6
            rolls += 1
            if t < nlog:
                for j in range(6):  # 0: the die of a closed row, out of the game
                    log[t, j] = s[DICE + j] if K.die_in_play(s[CLOSED], j) else 0
            total = s[DICE] + s[DICE + 1]
            closed = s[CLOSED]
            for q in range(P):
                k = white_options(s, H + q * PB, closed, total, T, opts, w, ev)
                opts[k] = -1  # pass: the last of k + 1 equally likely choices
                x, f, used, j = _draw(x, f, used, k + 1)
                choice[q] = opts[j]
                if t < nlog:
                    log[t, 6 + q] = opts[j]
            reason, _ = resolve_action1(s, T, choice, ev, full)
            if reason != END_NONE:
                if t < nlog:
                    log[t, 6 + P] = -2
                    t += 1
                break
            q = s[ACTIVE]
            k = colour_options(s, H + q * PB, s[CLOSED], s[DICE], s[DICE + 1], s, DICE + 2, T,
                               opts, w, ev)
            opts[k] = -1
            x, f, used, j = _draw(x, f, used, k + 1)
            if t < nlog:
                log[t, 6 + P] = opts[j]
                t += 1
            reason, _ = finish_action2(s, T, opts[j], ev, full)
            if reason != END_NONE:
                break
        s[ROLLS] += rolls
        rolls_out[g] = rolls
        for p in range(P):
            scores[g, p] = K.score(s, H + p * PB, T, np.bool_(True))


#: "no limit" for :func:`play`'s ``max_rolls``. Numba compiles a kernel once per distinct
#: integer literal its jitted callers pass (``Literal[int](1048576)``, ``Literal[int](0)``...
#: each a full compilation of the biggest kernel), so the callers pass ``int64`` values.
NO_LIMIT = np.int64(1 << 20)

@njit(cache=True)
def play_scratch(P):
    """What :func:`play` needs besides the game, for ``P`` players, nothing recorded: ``(s,
    fixed, sdice, schoice, trace, opts, w, ev, choice, rng)`` — a zeroed state, the fixed
    decisions, empty dice/choice/trace recordings, the options' and weights' scratch, no
    events, the players' choices and the random state (one word). The game kernels
    (:func:`_run`, :func:`_rollouts_value`, :func:`qwixo.qwixx.td_train.generate`) take theirs
    here."""
    return (np.zeros(H + P * PB, np.int64), np.empty(P, np.int64), np.zeros((0, 6), np.int64),
            np.zeros(0, np.int64), np.zeros((0, TRACE_WIDTH), np.int64),
            np.empty(OPTS_SIZE, np.int64), np.empty(W_SIZE, np.int64),
            np.zeros((0, 5), np.int64), np.empty(P, np.int64), np.empty(1, np.uint64))


@njit(cache=True)
def _run(n, P, seed, lucky, policies, T, scores, rolls_out, prm, wcell, paired):
    s, fixed, sdice, schoice, trace, opts, w, ev, choice, rng = play_scratch(P)
    rng[0] = mix(seed)
    for g in range(n):
        fresh_game(s, P, lucky, g % P)  # rotate the first player
        fixed[:] = -2
        if paired:
            rng[0] = mix(seed * 1000003 + g // P)  # the same dice for every rotation
        rolls_out[g] = play(s, T, fixed, policies, rng, sdice, schoice, trace, NO_LIMIT, opts, w,
                            ev, choice, prm, wcell)
        for p in range(P):
            scores[g, p] = K.score(s, H + p * PB, T, np.bool_(True))


def run_games(edition_name: str, games: int, players: int = 4, seed: int = 0,
              policies: str | list[str] = "random",
              lucky: np.ndarray | None = None, params: Any = None,
              paired: bool = False, td_weights: Any = None) -> dict[str, Any]:
    """Play ``games`` kernel games; mean score, rolls per game and the score table.

    ``policies``: one policy for every seat or one per seat. The first player rotates.
    ``params``: the ``odds`` parameters (one vector, or one per seat; default
    :data:`qwixo.qwixx.playout.DEFAULT_PARAMS`). ``paired``: games ``P·j`` to ``P·j + P - 1``
    share their dice (the seats' rotations see the same rolls). ``td_weights``: the ``td``
    seats' weights (default the shipped ones, :mod:`qwixo.qwixx.td`). ``lucky`` (Longo): the
    lucky numbers of every game, one pair per seat (default :func:`default_lucky` of ``seed``).

    >>> r = run_games("classic", 200, players=2, seed=5, policies=["gap", "random"])
    >>> r["games"], bool(r["scores"][:, 0].mean() > r["scores"][:, 1].mean())
    (200, True)
    """
    tab = tables(edition_name)
    if isinstance(policies, str):
        policies = [policies] * players
    pol = np.array([POLICY_IDS[p] for p in policies], np.int64)
    if lucky is None:
        lucky = default_lucky(edition_name, players, seed)
    scores = np.zeros((games, players), np.int64)
    rolls = np.zeros(games, np.int64)
    if (pol == RANDOM).all():
        _run_random(games, seed, np.asarray(lucky, np.int64), tab.T, scores, rolls, paired,
                    *_scratch(players), np.zeros((0, 7 + players), np.int64))
    else:
        _run(games, players, seed, np.asarray(lucky, np.int64), pol, tab.T, scores, rolls,
             seat_params(params, pol, tab.name, td_weights), weights(tab.name), paired)
    return {"games": games, "mean_score": float(scores.mean()) if games else 0.0,
            "rolls_per_game": float(rolls.mean()) if games else 0.0, "scores": scores,
            "rolls": rolls}


def _scratch(players: int) -> tuple[np.ndarray, ...]:
    """Scratch arrays of :func:`_run_random`: ``s``, ``opts``, ``w``, ``ev``, ``choice``."""
    return (np.zeros(H + players * PB, np.int64), np.empty(OPTS_SIZE, np.int64),
            np.empty(PB, np.int64), np.zeros((0, 5), np.int64), np.empty(players, np.int64))


def random_log(edition_name: str, games: int, players: int = 4, seed: int = 0,
               rows: int = 10_000) -> dict[str, Any]:
    """:func:`run_games` with every seat ``random``, and the first ``rows`` rolls written
    down: ``log[t]`` = the six dice (0: out of the game), each player's action-1 option code, the active player's
    action-2 code (-2: none, the game ended in action 1). Game ``g`` begins with player
    ``g % players``; its rolls follow those of the games before it (``rolls``). For checking
    the loop against the contract engine (tests/qwixx/test_batch.py)."""
    tab = tables(edition_name)
    scores = np.zeros((games, players), np.int64)
    rolls = np.zeros(games, np.int64)
    log = np.zeros((rows, 7 + players), np.int64)
    _run_random(games, seed, default_lucky(edition_name, players, seed), tab.T, scores, rolls, False,
                *_scratch(players), log)
    return {"scores": scores, "rolls": rolls, "log": log}


def default_lucky(edition_name: str, players: int, seed: int = 0) -> np.ndarray:
    """Lucky numbers ``(players, 2)`` for kernel games: Longo's one deal from ``seed``
    (:func:`qwixo.qwixx.kernels.lucky_deal`, as a contract game of that seed is dealt), zeros
    outside Longo."""
    out = np.zeros((players, 2), np.int64)
    for p, pair in enumerate(K.lucky_deal(edition_name, players, seed)):
        out[p] = pair
    return out


def bench(seconds: float = 3.0, players: int = 4, seed: int = 1, *,
          edition: str = "classic", policies: str | list[str] = "random",
          clock: Any = time.perf_counter, chunk: int = 5000,
          max_chunk: int = 400_000) -> dict[str, float]:
    """Random-policy classic games on one core for about ``seconds`` seconds.

    The game of the C reference loop ``qwixx_fast.c`` (``benchmarks/qwixx_batch.py``): every
    decision uniform among the legal options, pass included. Returns games/s and the checks
    (rolls per game, mean score). Games are played in calls of ``chunk`` games (doubling up to
    ``max_chunk``), game ``k`` with the seed ``seed + k``; ``edition``, ``policies`` (as
    :func:`run_games`) and ``clock`` (``time.process_time``: CPU seconds) are the
    benchmark's choices.
    """
    run_games(edition, 10, players, seed, policies=policies)  # compile or load the cache
    done = 0
    total = 0.0
    rolls = 0.0
    t0 = clock()
    while True:
        r = run_games(edition, chunk, players, seed + done, policies=policies)
        done += chunk
        total += r["mean_score"] * chunk
        rolls += r["rolls_per_game"] * chunk
        el = clock() - t0
        if el >= seconds:
            break
        chunk = min(chunk * 2, max_chunk)
    return {"games": done, "seconds": el, "games_per_s": done / el,
            "mean_score": total / done, "rolls_per_game": rolls / done}


# -- rollouts from a position (the strong bot and hints) -----------------------------------
@njit(cache=True)
def _rollouts(n, seed, s0, fixed0, policies, T, scores, prm, wcell):
    """``n`` games from ``s0`` to their end: the final ``scores``."""
    _rollouts_value(n, seed, s0, fixed0, policies, T, scores, np.zeros(0, np.float64), prm,
                    wcell, NO_LIMIT, np.int64(-1), np.zeros(0, np.int64), 0.0,
                    np.zeros(0, np.float64))


@njit(cache=True)
def _rollouts_value(n, seed, s0, fixed0, policies, T, scores, vals, prm, wcell, depth, me,
                    policies2, lam, vrow):
    """:func:`_rollouts` cut after ``depth`` more rolls: ``vals[g]`` is player ``me``'s win
    share when the game ended, else its learnt win chance (:func:`qwixo.qwixx.td.value`);
    ``me`` -1: no values (``vals`` may be empty). With ``policies2`` (not empty) each game
    then goes on to its end by them, ``vals[g]`` becoming ``(1 - lam)`` times the chance at
    the cut plus ``lam`` times the final win share (:func:`rollouts_mixed`). ``scores``:
    where the games stopped. ``vrow`` (not empty): the parameter row whose weights value the
    games instead of ``prm[me]`` (which still plays ``me``'s moves)."""
    P = s0[NPL]
    s, fixed, sdice, schoice, trace, opts, w, ev, choice, rng = play_scratch(P)
    go_on = policies2.shape[0] > 0
    for g in range(n):
        s[:] = s0
        fixed[:] = fixed0
        rng[0] = mix(seed * 1000003 + g)  # common random numbers across candidate moves
        play(s, T, fixed, policies, rng, sdice, schoice, trace, depth, opts, w, ev, choice, prm,
             wcell)
        if me >= 0:
            vr = prm[me] if vrow.shape[0] == 0 else vrow
            v = td_value(s, me, T, wcell, vr)
            if go_on and s[PHASE] != P_OVER:
                play(s, T, fixed, policies2, rng, sdice, schoice, trace, NO_LIMIT, opts, w, ev,
                     choice, prm, wcell)
                v = (1.0 - lam) * v + lam * td_value(s, me, T, wcell, vr)
            vals[g] = v
        for p in range(P):
            scores[g, p] = K.score(s, H + p * PB, T, np.bool_(True))


def _rollout_inputs(pos: Position, n: int, fixed: dict[int, int] | None, policies: list[str],
                    then: int | None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray,
                                               np.ndarray]:
    """The kernel inputs of :func:`rollouts` and :func:`rollouts_value`: the edition's tables,
    the packed state (with ``then``), the fixed first decisions, the policy ids and the
    scores' array."""
    fx = np.full(pos.players, -2, np.int64)
    for p, c in (fixed or {}).items():
        fx[p] = c
    pol = np.array([POLICY_IDS[x] for x in policies], np.int64)
    s = pack(pos)
    if then is not None:
        s[FIXED2] = then + 2
    return tables(pos.edition), s, fx, pol, np.zeros((n, pos.players), np.int64)


def rollouts_value(pos: Position, n: int, seed: int, player: int, depth: int,
                   fixed: dict[int, int] | None = None, policies: list[str] | None = None,
                   then: int | None = None, params: Any = None,
                   td_weights: Any = None, *, after: list[str] | None = None,
                   lam: float = 0.0, value_weights: Any = None
                   ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`rollouts` cut after ``depth`` more rolls (``depth`` 0: at the end of the current
    turn), each game valued for ``player`` by the learnt value function
    (:mod:`qwixo.qwixx.td`; the exact win share when the game ended): ``(scores, values)``,
    the scores at the cut. With ``after`` (the policies of the seats after the cut) the games
    go on to their end (:func:`rollouts_mixed`). ``value_weights``: the weights that value
    the games for ``player`` (default: its seat's ``td_weights``, which play its moves)."""
    tab, s, fx, pol, scores = _rollout_inputs(pos, n, fixed, policies or ["td"] * pos.players,
                                              then)
    vals = np.zeros(n, np.float64)
    if td_weights is None:
        from qwixo.qwixx import td

        td_weights = td.load_weights(tab.name, pos.players)
    pol2 = np.array([POLICY_IDS[x] for x in after or ()], np.int64)
    prm = seat_params(params, pol, tab.name, td_weights)
    vrow = np.zeros(0, np.float64)
    if value_weights is not None:
        from qwixo.qwixx import td

        vrow = td.seat_row(prm[int(player), :N_PARAMS], value_weights)
    _rollouts_value(n, int(seed) % (1 << 62), s, fx, pol, tab.T, scores, vals, prm,
                    weights(tab.name), max(0, int(depth)), int(player), pol2, float(lam), vrow)
    return scores, vals


def rollouts_mixed(pos: Position, n: int, seed: int, player: int, depth: int, lam: float,
                   fixed: dict[int, int] | None = None, policies: list[str] | None = None,
                   after: list[str] | None = None, then: int | None = None,
                   params: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`rollouts_value` whose games go on after the cut to their end, every seat then
    following ``after`` (default ``policies``): each game is valued for ``player`` by
    ``(1 - lam)`` times the learnt win chance at the cut plus ``lam`` times the final win
    share. ``(final scores, values)``."""
    policies = policies or ["td"] * pos.players
    return rollouts_value(pos, n, seed, player, depth, fixed, policies, then, params,
                          after=after or policies, lam=lam)


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


def pack(pos: Position) -> np.ndarray:
    """The kernels' flat state of a :class:`Position`.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", players=2, seed=1)
    >>> _ = g.roll([3, 4, 1, 1, 1, 1])
    >>> bool((pack(state_of(g)) == g._s).all())
    True
    """
    P = pos.players
    s = np.zeros(H + P * PB, np.int64)
    s[:ST_SIZE] = pos.st[:ST_SIZE]
    s[NPL] = P
    s[DICE:DICE + 6] = pos.dice
    for p in range(P):
        b = H + p * PB
        s[b + LAST:b + LAST + 4] = pos.last[p]
        s[b + CNT:b + CNT + 4] = pos.cnt[p]
        s[b + K.MARKS:b + K.MARKS + 4] = pos.marks[p]
        s[b + K.PEN] = pos.pen[p]
        s[b + K.BARPOS] = pos.barpos[p]
        s[b + K.REWARDS] = pos.rewards[p]
        s[b + K.LUCKY:b + K.LUCKY + 2] = pos.lucky[p]
    return s


def rollouts(pos: Position, n: int, seed: int, fixed: dict[int, int] | None = None,
             policies: list[str] | None = None, then: int | None = None,
             params: Any = None) -> np.ndarray:
    """Final scores ``(n, players)`` of ``n`` games played on from ``pos``.

    ``fixed`` maps a player to its first decision (an option code); the other decisions follow
    ``policies`` (default ``gap`` for everyone). ``then``: the active player's action 2 on
    the same dice after action 1 (an option code; passes if it is no longer legal). ``params``:
    the ``odds`` parameters (as in :func:`run_games`). Game g uses
    the same random dice for a given ``seed`` whatever ``fixed`` says (common random numbers).
    """
    tab, s, fx, pol, scores = _rollout_inputs(pos, n, fixed, policies or ["gap"] * pos.players,
                                              then)
    _rollouts(n, int(seed) % (1 << 62), s, fx, pol, tab.T, scores,
              seat_params(params, pol, tab.name), weights(tab.name))
    return scores


@njit(cache=True)
def _replay(P, lucky, first, sdice, schoice, policies, T, trace, out, prm, wcell):
    s = np.empty(H + P * PB, np.int64)
    fresh_game(s, P, lucky, first)
    fixed = -2 * np.ones(P, np.int64)
    rng = np.ones(1, np.uint64)
    opts = np.empty(OPTS_SIZE, np.int64)
    w = np.empty(W_SIZE, np.int64)
    ev = np.zeros((0, 5), np.int64)
    choice = np.empty(P, np.int64)
    play(s, T, fixed, policies, rng, sdice, schoice, trace, np.int64(0), opts, w, ev, choice, prm,
         wcell)
    for p in range(P):
        out[p] = K.score(s, H + p * PB, T, np.bool_(True))
    return s


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
    s = _replay(players, lk, 0, sd, sc, pol, tab.T, trace, out,
                seat_params(None, pol, tab.name), weights(tab.name))
    steps = [{"player": int(row[0]), "action": int(row[1]),
              "options": [int(x) for x in row[3:3 + row[2]]]} for row in trace[:s[TIDX]]]
    return {"scores": [int(x) for x in out], "trace": steps, "error": int(s[ERR]),
            "closed": int(s[CLOSED]), "choices_used": int(s[CIDX])}


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
    s = game._s
    P = game.num_players
    blocks = s[H:H + P * PB].reshape(P, PB)
    st = s[:ST_SIZE].copy()
    st[ROLLS:] = 0
    if st[PHASE] == K.P_OVER:
        st[PHASE] = P_ROLL
    if st[PHASE] != K.P_ACTION2:
        st[A1CROSSED] = 0
    return Position(game.edition.name, blocks[:, LAST:LAST + 4].copy(),
                    blocks[:, CNT:CNT + 4].copy(), blocks[:, K.PEN].copy(),
                    blocks[:, K.LUCKY:K.LUCKY + 2].copy(), st, s[DICE:DICE + 6].copy(),
                    blocks[:, K.BARPOS].copy(), blocks[:, K.MARKS:K.MARKS + 4].copy(),
                    blocks[:, K.REWARDS].copy())


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
        return lucky_code(r, int(game.sheets_state[player].last[r]) + 1)
    cell, _, tie = text.partition("+")
    return code_of((CELL, *game.rules.cell_of[cell], COLOURS.index(tie) if tie else -1))
