"""A learnt Qwixx value function: the win chance of a position, from self-play.

The value of a position for player ``q`` is a small network over features of the sheets:
``V = 1 / (1 + exp(-(w·x + sum_k v_k tanh(u_k·x))))`` — a logistic model plus ``h`` hidden
tanh units (``h`` = 0: the plain logistic model; the weight vector's length tells ``h``:
:func:`hidden_units`). The features (:func:`features`, :data:`NX` of them) are, for ``q``'s
own sheet and the best opponent's (the highest score plus promise), :data:`NS` values each:

- the score (with the Bonus B end rewards), the penalties;
- over the open rows: the crosses, the dice odds of the free cells still reachable
  (:func:`qwixo.qwixx.odds.cell_weights`: a 7 counts 1, a 2 1/6), the points that ``a`` times
  those odds more crosses would add (three values of ``a``), the rows that may be locked now,
  the rows that can no longer reach their lock, the rows within two crosses of a lock and the
  sum of the squared crosses;

and the game: a bias, the closed rows, all crosses so far, the most penalties, whether ``q``
rolls next, the rows near a lock, the score difference and the promise difference times
some of these (the margin weighs more as the end nears), and the second best opponent's
value (3 players and more). An edition is data: the features read only its table ``T`` and its
cell odds, so one function serves every edition; the weights are learnt per edition and number
of players.

Then the **per-row** features (:func:`row_features`), against the best opponent: per row
slot (the open rows sorted by ``q``'s crosses, then the opponent's, so the model is the same
for every colour) both players' crosses and reachable odds and whether the opponent is near
that row's lock; and over the rows, ``q``'s crosses in rows the opponent is near locking,
the opponent's in rows ``q`` is near locking, and the rows both are near locking. Weight
vectors of the first layout (the :data:`NX0` features before the per-row ones) still load:
zero weights on the new features (:func:`pad_weights`).

The weights are fitted by **Monte Carlo regression** (TD(1); TD(lambda) labels on request)
on self-play games of the batch kernel (:mod:`qwixo.qwixx.td_train`: ``generate``, ``fit``
for the logistic model, ``fit_net`` for the network): generation 0 is played by the ``odds``
and ``ev`` rules, every later generation by the greedy policy of the previous weights (policy
iteration).
``tools/qwixx_td_train.py`` is the training command; the shipped weights are
``data/td_weights.json`` (its header holds the command that made them).

The **greedy policy** ``td`` (:func:`td_choice`, a policy of the batch turn loop
:func:`qwixo.qwixx.batch.play`, with the signature of :func:`qwixo.qwixx.odds.odds_choice`)
takes the option whose resulting position has the best value; the active player in action 1
scores each option together with its best action 2 on the same dice. An option that ends the
game is scored by the final scores. The weights ride in the seat's parameter row
(``prm[q, N_PARAMS:N_PARAMS + NX]``, scratch for the features after them, then at
:data:`HID` the number of hidden units and their weights: :func:`seat_row`,
:func:`put_weights`). The same :func:`value_at` values the greedy policy's options, the cut
playouts of :func:`qwixo.qwixx.batch.rollouts_value` (the ``strong`` bot) and the training
labels; :func:`model_value` is its numpy twin for fitting.

>>> import numpy as np
>>> w = load_weights("classic", 2)
>>> hidden_units(w), w.shape == (NX + hidden_units(w) * (NX + 1),)
(32, True)
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx import kernels as K
from qwixo.qwixx.kernels import (
    ACTIVE,
    CLOSED,
    CNT,
    DICE,
    NPL,
    OPTS_SIZE,
    PB,
    PEN,
    T_NEED,
    H,
    apply_on_copy,
    colour_options,
)
from qwixo.qwixx.odds import N_PARAMS, reachable_odds

#: the batch policy id of ``td`` (:data:`qwixo.qwixx.batch.POLICY_IDS`)
TD = 6
#: features of one sheet, of the game, and in all (the first layout: :data:`NX0`)
NS = 11
NG = 13
NX0 = 2 * NS + NG
#: the per-row features: :data:`NR` per row slot (the open rows sorted by my crosses, then
#: the opponent's, then the row's index; a closed row last, all zero), then :data:`NRA`
#: sums over the rows
NR = 5
NRA = 3
NX = NX0 + 4 * NR + NRA
#: the promise multipliers of the three "expected points" features
A1, A2, A3 = 0.3, 0.7, 1.2
#: the most hidden units of the value network (:func:`_logit`): a model's weights are
#: ``NX`` linear ones, then per hidden unit ``NX`` input weights and one output weight
HMAX = 160
#: a seat's parameter row: the rules' parameters, the linear weights, the feature scratch, the
#: number of hidden units and their weights (:func:`seat_row`)
HID = N_PARAMS + 2 * NX
#: where a seat's row holds the features its weights use: :data:`NX`, or :data:`NX0` when
#: every weight on the per-row features is zero (:func:`put_weights`; the kernel then skips
#: them)
NXU = HID + 1 + HMAX * (NX + 1)
ROW = NXU + 1
FEATURE_NAMES = tuple(
    [f"{who}_{n}" for who in ("me", "opp") for n in (
        "score", "pen", "crosses", "odds", "exp_a1", "exp_a2", "exp_a3", "lockable", "dead",
        "near", "crosses2")]
    + ["bias", "closed", "progress", "maxpen", "my_roll", "near_lock", "d_x_closed",
       "d_x_progress", "d_x_maxpen", "e_x_closed", "e_x_progress", "d_x_near", "second_opp"]
    + [f"row{i}_{n}" for i in range(1, 5) for n in (
        "me_crosses", "opp_crosses", "me_odds", "opp_odds", "opp_near")]
    + ["me_at_risk", "opp_at_risk", "race"])
assert len(FEATURE_NAMES) == NX


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _tri(x):
    return 0.5 * x * (x + 1.0)


@njit(cache=True, _nrt=False, error_model="numpy")
def sheet_features(src, bb, closed, T, wcell, x, o):
    """The :data:`NS` features of the sheet at ``src[bb:]`` (rows ``closed`` closed), written
    to ``x[o:o + NS]``."""
    need = T[T_NEED]
    x[o] = K.score(src, bb, T, np.bool_(True)) / 10.0
    x[o + 1] = float(src[bb + PEN])
    for j in range(2, NS):
        x[o + j] = 0.0
    for r in range(4):
        if (closed >> r) & 1:
            continue
        n, W, reach, _ = _row_state(src, bb, r, T, wcell)
        fn = float(n)
        x[o + 2] += fn / 10.0
        x[o + 3] += W / 5.0
        x[o + 4] += (_tri(fn + A1 * W) - _tri(fn)) / 10.0
        x[o + 5] += (_tri(fn + A2 * W) - _tri(fn)) / 10.0
        x[o + 6] += (_tri(fn + A3 * W) - _tri(fn)) / 10.0
        if n >= need:
            x[o + 7] += 1.0
        if not reach:
            x[o + 8] += 1.0
        if n >= need - 2:
            x[o + 9] += 1.0
        x[o + 10] += fn * fn / 50.0


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _row_state(src, b, r, T, wcell):
    """Row ``r`` of the sheet at ``src[b:]``: its crosses, the dice odds of its free cells
    still reachable, whether it can still reach its lock and whether it is near its lock (at
    least ``need - 1`` crosses, the last within three cells of the lock's first cell)."""
    n = src[b + CNT + r]
    W, _, reach = reachable_odds(src, b, r, T, wcell)
    near = 1.0 if K.near_lock(src, b, r, T) else 0.0
    return n, W, reach, near


@njit(cache=True, _nrt=False, error_model="numpy")
def row_features(src, bq, s, bo, closed, T, wcell, x, o):
    """The per-row features of ``q``'s sheet at ``src[bq:]`` against the opponent's at
    ``s[bo:]`` (``bo`` < 0: none), written to ``x[o:o + 4 * NR + NRA]``: per row slot my
    crosses / 10, the opponent's, my reachable odds / 5, the opponent's, whether the opponent
    is near its lock; the slots are the open rows by my crosses, then the opponent's, then the
    row (closed rows last, zero). Then my crosses in the rows the opponent is near locking,
    the opponent's in the rows I am near locking (/ 10), and the rows both are near
    locking."""
    for j in range(4 * NR + NRA):
        x[o + j] = 0.0
    a = o + 4 * NR
    slot = 0
    for r in range(4):
        if (closed >> r) & 1:
            continue
        n, W, _, near = _row_state(src, bq, r, T, wcell)
        on = 0
        oW = 0.0
        onear = 0.0
        if bo >= 0:
            on, oW, _, onear = _row_state(s, bo, r, T, wcell)
        # insertion: slots before hold rows with more (my, then opponent's) crosses
        i = slot
        key = n * 64 + on
        while i > 0:
            p = o + (i - 1) * NR
            pk = int(x[p] * 10.0 + 0.5) * 64 + int(x[p + 1] * 10.0 + 0.5)
            if pk >= key:
                break
            for j in range(NR):
                x[p + NR + j] = x[p + j]
            i -= 1
        b = o + i * NR
        x[b] = n / 10.0
        x[b + 1] = on / 10.0
        x[b + 2] = W / 5.0
        x[b + 3] = oW / 5.0
        x[b + 4] = onear
        slot += 1
        x[a] += onear * n / 10.0
        x[a + 1] += near * on / 10.0
        x[a + 2] += near * onear


@njit(cache=True, _nrt=False, error_model="numpy")
def features(s, q, src, bq, closed, nxt, T, wcell, x):
    """The :data:`NX` features of the position ``s`` for player ``q`` whose sheet is at
    ``src[bq:]`` (a copy after an option, or ``s`` itself with ``bq = H + q * PB``), with the
    rows ``closed`` closed and player ``nxt`` to roll next; written to ``x``."""
    best = _features0(s, q, src, bq, closed, nxt, T, wcell, x)
    row_features(src, bq, s, H + best * PB if best >= 0 else -1, closed, T, wcell, x,
                 np.int64(NX0))


@njit(cache=True, _nrt=False, error_model="numpy")
def _features0(s, q, src, bq, closed, nxt, T, wcell, x):
    """The first :data:`NX0` features (:func:`features`); returns the best opponent (-1:
    none)."""
    P = s[NPL]
    sheet_features(src, bq, closed, T, wcell, x, np.int64(0))
    # the best opponent by score plus promise; the second best's value
    best = -1
    bv = -1e18
    second = -1e18
    for p in range(P):
        if p == q:
            continue
        sheet_features(s, H + p * PB, closed, T, wcell, x, np.int64(NS))
        v = x[NS] + x[NS + 5]
        if v > bv:
            second = bv
            bv = v
            best = p
        elif v > second:
            second = v
    if best >= 0:
        sheet_features(s, H + best * PB, closed, T, wcell, x, np.int64(NS))
    else:
        for j in range(NS):
            x[NS + j] = 0.0
    g = 2 * NS
    ncl = float(K.popcount(closed))
    tot = 0.0
    maxpen = 0.0
    for p in range(P):
        sb = src if p == q else s
        b = bq if p == q else H + p * PB
        tot += sb[b + CNT] + sb[b + CNT + 1] + sb[b + CNT + 2] + sb[b + CNT + 3]
        if sb[b + PEN] > maxpen:
            maxpen = float(sb[b + PEN])
    near = 0.0
    for r in range(4):
        if (closed >> r) & 1:
            continue
        for p in range(P):
            sb = src if p == q else s
            b = bq if p == q else H + p * PB
            if K.near_lock(sb, b, r, T):
                near += 1.0
                break
    prog = tot / (10.0 * P)
    d = x[0] - x[NS]
    e = x[5] - x[NS + 5]
    x[g] = 1.0
    x[g + 1] = ncl
    x[g + 2] = prog
    x[g + 3] = maxpen
    x[g + 4] = 1.0 if nxt == q else 0.0
    x[g + 5] = near
    x[g + 6] = d * ncl
    x[g + 7] = d * prog
    x[g + 8] = d * maxpen
    x[g + 9] = e * ncl
    x[g + 10] = e * prog
    x[g + 11] = d * near
    x[g + 12] = (second - bv) if P > 2 else 0.0
    return best


@njit(cache=True, _nrt=False, error_model="numpy", fastmath={"reassoc", "contract"})
def _logit(x, wts, o):
    """The model's win chance of the features ``x`` with the weights of the parameter row
    ``wts`` (linear ones at ``o``): ``sigmoid(w·x + sum_k v_k tanh(u_k·x))`` over the row's
    hidden units (none: the logistic model); the per-row features only when the row's
    weights use them (:data:`NXU`), in sums of their own (zero weights: the same values
    as before them, to the bit)."""
    z = 0.0
    for j in range(NX0):
        z += wts[o + j] * x[j]
    full = wts[NXU] > NX0
    if full:
        z1 = 0.0
        for j in range(NX0, NX):
            z1 += wts[o + j] * x[j]
        z += z1
    nh = int(wts[HID])
    b = HID + 1
    for _ in range(nh):
        a = 0.0
        for j in range(NX0):
            a += wts[b + j] * x[j]
        if full:
            a1 = 0.0
            for j in range(NX0, NX):
                a1 += wts[b + j] * x[j]
            a += a1
        z += wts[b + NX] * np.tanh(a)
        b += NX + 1
    if z > 30.0:
        z = 30.0
    elif z < -30.0:
        z = -30.0
    return 1.0 / (1.0 + np.exp(-z))


@njit(cache=True, _nrt=False, error_model="numpy")
def final_share(s, q, src, bq, T):
    """The win share of ``q`` when the game ends now (``q``'s sheet at ``src[bq:]``)."""
    P = s[NPL]
    me = K.score(src, bq, T, np.bool_(True))
    ties = 1
    for p in range(P):
        if p == q:
            continue
        sc = K.score(s, H + p * PB, T, np.bool_(True))
        if sc > me:
            return 0.0
        if sc == me:
            ties += 1
    return 1.0 / ties


@njit(cache=True, _nrt=False, error_model="numpy")
def value_at(s, q, src, bq, closed, nxt, T, wcell, row):
    """The value for ``q`` (its sheet at ``src[bq:]``, rows ``closed`` closed, ``nxt`` to roll
    next) with the weights of the parameter row ``row`` (:func:`seat_row`): the exact win share
    when the game is over (two closed rows, the last penalty), else the learnt win chance."""
    if K.game_ends(src, bq, closed, T):
        return final_share(s, q, src, bq, T)
    if s[NPL] == 1:
        return 0.0
    x = row[N_PARAMS + NX:N_PARAMS + 2 * NX]
    best = _features0(s, q, src, bq, closed, nxt, T, wcell, x)
    if row[NXU] > NX0:
        row_features(src, bq, s, H + best * PB if best >= 0 else -1, closed, T, wcell, x,
                     np.int64(NX0))
    return _logit(x, row, np.int64(N_PARAMS))


@njit(cache=True, _nrt=False, error_model="numpy")
def value(s, q, T, wcell, row):
    """The value of the kernel state ``s`` (a roll due or the game over) for player ``q``."""
    over = s[K.PHASE] == K.P_OVER
    if over:
        return final_share(s, q, s, H + q * PB, T)
    return value_at(s, q, s, H + q * PB, s[CLOSED], s[ACTIVE], T, wcell, row)


@njit(cache=True, _nrt=False, error_model="numpy")
def _after(s, q, src, b, closed, code, force, T, wcell, row, nxt, w, A, ev):
    """The value of ``q`` after option ``code`` (-1 pass: a penalty when ``force``) on a copy
    of its sheet ``src[b:]`` written to ``w[A:]``."""
    cl = apply_on_copy(src, b, q, closed, code, T, w, A, ev)
    if code < 0 and force:
        K.add_penalty(w, A, T)
    return value_at(s, q, w, A, cl, nxt, T, wcell, row), cl


@njit(cache=True, _nrt=False, error_model="numpy")
def td_choice(s, q, action, force, opts, k, T, wcell, row, joint, w, ev):
    """The greedy ``td`` decision of player q among the option codes ``opts[:k]`` (-1: pass);
    the arguments are those of :func:`qwixo.qwixx.odds.odds_choice`, ``row`` the seat's
    parameter row (:func:`seat_row`). ``w``: scratch of :data:`qwixo.qwixx.odds.W_SIZE`
    values."""
    P = s[NPL]
    closed = s[CLOSED]
    bq = H + q * PB
    nxt = (s[ACTIVE] + 1) % P
    A = np.int64(PB)  # int64s, not literals: one compilation of the kernels they go to
    B = np.int64(2 * PB + OPTS_SIZE)
    no = np.int64(-1)
    opts2 = w[2 * PB:2 * PB + OPTS_SIZE]
    if not joint:
        best = -1
        bestval, _ = _after(s, q, s, bq, closed, no, force, T, wcell, row, nxt, w, A, ev)
        for j in range(k):
            v, _ = _after(s, q, s, bq, closed, opts[j], np.bool_(False), T, wcell, row, nxt, w,
                          A, ev)
            if v > bestval + 1e-12:
                bestval = v
                best = opts[j]
        return best
    best = -1
    bestval = -1.0
    for j in range(-1, k):
        code = -1 if j < 0 else opts[j]
        cl = apply_on_copy(s, bq, q, closed, code, T, w, A, ev)
        if code >= 0:
            if K.rows_end_game(cl):  # the game ends in action 1
                v = final_share(s, q, w, A, T)
                if v > bestval + 1e-12:
                    bestval = v
                    best = code
                continue
        # the best action 2 on the same dice: pass (a penalty when nothing crossed) or a cross
        b2, _ = _after(s, q, w, A, cl, no, code < 0, T, wcell, row, nxt, w, B, ev)
        k2 = colour_options(w, A, cl, s[DICE], s[DICE + 1], s, DICE + 2, T, opts2, w[:PB], ev)
        for j2 in range(k2):
            v2, _ = _after(s, q, w, A, cl, opts2[j2], np.bool_(False), T, wcell, row, nxt, w,
                           B, ev)
            if v2 > b2:
                b2 = v2
        if b2 > bestval + 1e-12:
            bestval = b2
            best = code
    return best


# -- weights -----------------------------------------------------------------------------------
@cache
def _weights_file() -> dict[str, Any]:
    """The shipped weights file, its vectors read once into read-only arrays of the current
    layout (:func:`pad_weights`), shared by every later call."""
    text = resources.files("qwixo.qwixx").joinpath("data/td_weights.json").read_text("utf-8")
    data = json.loads(text)
    for key, wts in data["weights"].items():
        w = pad_weights(wts)
        w.flags.writeable = False
        data["weights"][key] = w
    return data


def has_weights(edition_name: str, players: int) -> bool:
    """Whether weights were learnt for this edition and number of players."""
    return f"{edition_name}/{players}" in _weights_file()["weights"]


def layout(n: int) -> tuple[int, int]:
    """The features and hidden units of a weight vector of ``n`` values: ``NX + h * (NX + 1)``
    values (the current layout) or ``NX0 + h * (NX0 + 1)`` (the first one, of the
    :data:`NX0` features before the per-row ones: :func:`pad_weights`). No length up to
    ``HMAX`` hidden units fits both but ``NX + 35 * (NX + 1)`` and ``NX + 71 * (NX + 1)``
    (also 58 and 117 units of the first layout), read as the current layout.

    >>> layout(NX0), layout(NX + 2 * (NX + 1)), layout(NX0 + 32 * (NX0 + 1))
    ((35, 0), (58, 2), (35, 32))
    >>> old = [divmod(NX + h * (NX + 1) - NX0, NX0 + 1) for h in range(HMAX + 1)]
    >>> [h for h, (k, rest) in enumerate(old) if not rest and k <= HMAX]
    [35, 71]
    """
    for nx in (NX, NX0):
        h, rest = divmod(n - nx, nx + 1)
        if n >= nx and not rest and h <= HMAX:
            return nx, h
    raise ValueError(f"not a td weight vector: {n} values")


def hidden_units(wts: np.ndarray) -> int:
    """The hidden units of a weight vector (``NX + h * (NX + 1)`` values, or of the first
    layout ``NX0 + h * (NX0 + 1)``: :func:`layout`; 0: the logistic model)."""
    return layout(np.asarray(wts).shape[-1])[1]


def pad_weights(wts: np.ndarray) -> np.ndarray:
    """The weights ``wts`` (one vector or a stack) in the current layout: a vector of the
    first layout (:data:`NX0` features) gets zero weights on the per-row features, linear
    and per hidden unit, so that it gives exactly the values it gave before them."""
    wts = np.asarray(wts, np.float64)
    nx, h = layout(wts.shape[-1])
    if nx == NX:
        return wts
    out = np.zeros(wts.shape[:-1] + (NX + h * (NX + 1),), np.float64)
    out[..., :NX0] = wts[..., :NX0]
    for k in range(h):
        a, b = NX0 + k * (NX0 + 1), NX + k * (NX + 1)
        out[..., b:b + NX0] = wts[..., a:a + NX0]
        out[..., b + NX] = wts[..., a + NX0]
    return out


def load_weights(edition_name: str, players: int) -> np.ndarray:
    """The shipped weights of an edition and number of players (:data:`NX` linear values, then
    those of the hidden units: :func:`hidden_units`); for a number of players without weights
    of its own, the nearest one's of that edition, else classic's."""
    table = _weights_file()["weights"]
    for p in [players] + sorted(range(2, 6), key=lambda x: (abs(x - players), x)):
        for ed in (edition_name, "classic"):
            key = f"{ed}/{p}"
            if key in table:
                return pad_weights(table[key])
    raise KeyError(f"no td weights for {edition_name}/{players}")


def rule_weights(edition_name: str, players: int, rule: str) -> np.ndarray | None:
    """The weights learnt against opponents that all play ``rule`` (key
    ``edition/players@rule``: :func:`qwixo.qwixx.td_train.train_against`), None if there are
    none (no fallback to another edition or number of players)."""
    w = _weights_file()["weights"].get(f"{edition_name}/{players}@{rule}")
    if w is None:
        return None
    return pad_weights(w)


def put_weights(row: np.ndarray, wts: np.ndarray) -> None:
    """Write the weights ``wts`` (any number of hidden units, either layout:
    :func:`pad_weights`) into the parameter row(s) ``row``."""
    wts = pad_weights(wts)
    h = hidden_units(wts)
    row[..., N_PARAMS:N_PARAMS + NX] = wts[..., :NX]
    row[..., HID] = h
    row[..., HID + 1:HID + 1 + h * (NX + 1)] = wts[..., NX:]
    lin = wts[..., NX0:NX]
    units = wts[..., NX:].reshape(wts.shape[:-1] + (h, NX + 1))[..., NX0:NX]
    row[..., NXU] = np.where((lin != 0).any(axis=-1) | (units != 0).any(axis=(-2, -1)),
                             NX, NX0)


def seat_row(base: np.ndarray, wts: np.ndarray) -> np.ndarray:
    """A seat's parameter row: the rule parameters ``base`` (:data:`N_PARAMS`), the weights,
    scratch."""
    row = np.zeros(ROW, np.float64)
    row[:N_PARAMS] = base
    put_weights(row, wts)
    return row


def model_value(X: np.ndarray, wts: np.ndarray) -> np.ndarray:
    """The model's win chances of the feature rows ``X`` (:data:`NX` columns) in numpy (as
    :func:`_logit`; weights of either layout: :func:`pad_weights`)."""
    wts = pad_weights(wts)
    h = hidden_units(wts)
    z = X @ wts[:NX]
    if h:
        U = wts[NX:].reshape(h, NX + 1)
        z = z + np.tanh(X @ U[:, :NX].T) @ U[:, NX]
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


__all__ = ["TD", "NX", "NS", "FEATURE_NAMES", "features", "value", "value_at",
           "td_choice", "load_weights", "has_weights", "seat_row", "put_weights", "rule_weights",
           "hidden_units", "model_value", "HMAX", "NX0", "NR", "NRA", "layout", "pad_weights",
           "row_features"]


@njit(cache=True)
def _decide(s, q, action, force, opts, T, wcell, row, joint):
    w = np.empty(3 * PB + OPTS_SIZE, np.int64)
    ev = np.zeros((0, 5), np.int64)
    r = row.copy()
    return td_choice(s, q, action, force, opts, opts.shape[0], T, wcell, r, joint, w, ev)
