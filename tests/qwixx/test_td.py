"""The learnt Qwixx value function (qwixo.qwixx.td), its greedy policy and the strong bot's
``td`` model."""

import math
import random
import time

import numpy as np
import pytest

import qwixo
from qwixo.qwixx import batch, td, td_train
from qwixo.qwixx.editions import arrays, edition
from qwixo.qwixx.odds import cell_weights
from qwixo.qwixx.rulebots import TdBot
from qwixo.qwixx.strong import StrongBot


def _tri(x):
    return 0.5 * x * (x + 1.0)


def _ref_sheet(pos, p, closed, ed):
    """The sheet features in plain Python, from the position's arrays and the edition."""
    a = arrays(ed.name)
    wc = cell_weights(ed.name)
    L = a.numbers.shape[1]
    need = ed.lock_need
    last, cnt = pos.last[p], pos.cnt[p]
    score = sum(int(c) * (int(c) + 1) // 2 for c in cnt) - int(pos.pen[p]) * ed.penalty_points
    rw = int(pos.rewards[p])
    if rw:  # Bonus B end rewards: no-penalty, +13, double the weakest row
        if rw >> 4 & 1:
            score += int(pos.pen[p]) * ed.penalty_points
        if rw >> 3 & 1:
            score += 13
        if rw >> 2 & 1:
            low = int(min(cnt))
            score += low * (low + 1) // 2
    x = [score / 10.0, float(pos.pen[p])] + [0.0] * (td.NS - 2)
    for r in range(4):
        if closed >> r & 1:
            continue
        n, lr, lf = int(cnt[r]), int(last[r]), int(a.lock_from[r])
        reach = n + (lf - 1 - lr if lr < lf else 0) >= need - 1
        W = sum(wc[r, c] for c in range(lr + 1, L) if reach or c < lf)
        x[2] += n / 10.0
        x[3] += W / 5.0
        for j, m in ((4, td.A1), (5, td.A2), (6, td.A3)):
            x[j] += (_tri(n + m * W) - _tri(n)) / 10.0
        x[7] += n >= need
        x[8] += not reach
        x[9] += n >= need - 2
        x[10] += n * n / 50.0
    return x


def _ref_features(pos, q, nxt):
    ed = edition(pos.edition)
    P = pos.players
    closed = int(pos.st[batch.CLOSED])
    me = _ref_sheet(pos, q, closed, ed)
    others = sorted(((_ref_sheet(pos, p, closed, ed), p) for p in range(P) if p != q),
                    key=lambda t: (-(t[0][0] + t[0][5]), t[1]))
    opp = others[0][0] if others else [0.0] * td.NS
    vals = [o[0] + o[5] for o, _ in others]
    second = (vals[1] - vals[0]) if P > 2 else 0.0
    ncl = bin(closed).count("1")
    prog = float(pos.cnt.sum()) / (10.0 * P)
    maxpen = float(pos.pen.max())
    near = 0
    for r in range(4):
        if closed >> r & 1:
            continue
        if any(pos.cnt[p, r] >= ed.lock_need - 1 and pos.last[p, r] >= ed.rows[r].lock_from - 3
               for p in range(P)):
            near += 1
    d = me[0] - opp[0]
    e = me[5] - opp[5]
    return me + opp + [1.0, ncl, prog, maxpen, float(nxt == q), near, d * ncl, d * prog,
                       d * maxpen, e * ncl, e * prog, d * near, second] + _ref_rows(
        pos, q, others[0][1] if others else None, closed, ed)


def _ref_rows(pos, q, o, closed, ed):
    """The per-row features in plain Python: per open row (sorted by my crosses, then the
    opponent's, then the row) both players' crosses and reachable odds, the opponent near
    its lock; then the three sums."""
    a = arrays(ed.name)
    wc = cell_weights(ed.name)
    L = a.numbers.shape[1]

    def state(p, r):
        if p is None:
            return 0, 0.0, False
        n, lr, lf = int(pos.cnt[p, r]), int(pos.last[p, r]), int(a.lock_from[r])
        reach = n + (lf - 1 - lr if lr < lf else 0) >= ed.lock_need - 1
        W = sum(wc[r, c] for c in range(lr + 1, L) if reach or c < lf)
        return n, W, n >= ed.lock_need - 1 and lr >= lf - 3

    rows = []
    risk = [0.0, 0.0, 0.0]
    for r in range(4):
        if closed >> r & 1:
            continue
        (n, W, near), (on, oW, onear) = state(q, r), state(o, r)
        rows.append(((-n, -on, r), [n / 10, on / 10, W / 5, oW / 5, float(onear)]))
        risk[0] += n / 10 * onear
        risk[1] += on / 10 * near
        risk[2] += near and onear
    out = [v for _, f in sorted(rows) for v in f]
    return out + [0.0] * (4 * td.NR - len(out)) + risk


def _random_positions(n, seed):
    rng = random.Random(seed)
    bot = qwixo.make_bot("qwixx", "gap")
    out = []
    for k in range(n):
        ed = batch.KERNEL_EDITIONS[k % len(batch.KERNEL_EDITIONS)]
        P = 2 + k % 4
        g = qwixo.new_game("qwixx", edition=ed, players=P, seed=rng.randrange(1 << 30))
        stop = rng.randrange(1, 40)
        rolls = 0
        while not g.is_over:
            if g.needs_roll:
                if rolls == stop:
                    break
                g.roll()
                rolls += 1
                continue
            for p in list(g.to_act):
                opts = [str(o) for o in g.options(p)]
                g.choose(p, rng.choice(opts) if rng.random() < 0.3 else bot.decide(g, p))
        out.append(g)
    return out


def test_features_and_value_match_a_plain_python_reference():
    """On random positions of every edition and 2-5 players, the kernel's features equal a
    plain-Python restatement, and the value is the logistic of the weights times them."""
    for g in _random_positions(36, 7):
        if g.is_over:
            continue
        pos = batch.state_of(g)
        s = batch.pack(pos)
        for q in range(g.num_players):
            for nxt in (q, (q + 1) % g.num_players):
                got = td_train.features_of(s, q, pos.edition, nxt)
                want = np.array(_ref_features(pos, q, nxt))
                assert np.allclose(got, want, atol=1e-9), (pos.edition, q, got - want)
            w = td.load_weights(pos.edition, g.num_players)
            x = np.array(_ref_features(pos, q, int(pos.st[batch.ACTIVE])))
            assert td_train.value_of(g, q) == pytest.approx(_ref_value(w, x), abs=1e-9)


def test_weights_of_the_first_layout_give_the_values_they_gave():
    """A weight vector of the 35 features before the per-row ones (linear, and a network)
    loads padded with zero weights and gives, through the kernel, exactly the value of the
    plain-Python formula over the first 35 features only; both layouts are told apart by
    length, and the padded vector is a fixed point."""
    rng = np.random.default_rng(9)
    assert td.NX0 == 35 and td.FEATURE_NAMES[34] == "second_opp" and td.NX > td.NX0
    for h in (0, 3, 32):
        w_old = rng.normal(0, 0.3, td.NX0 + h * (td.NX0 + 1))
        assert td.layout(len(w_old)) == (td.NX0, h) and td.hidden_units(w_old) == h
        w_new = td.pad_weights(w_old)
        assert td.layout(len(w_new)) == (td.NX, h)
        assert np.array_equal(td.pad_weights(w_new), w_new)
        assert np.array_equal(td.pad_weights(np.stack([w_old, w_old]))[1], w_new)
        for g in _random_positions(12, h + 1):
            pos = batch.state_of(g)
            for q in range(g.num_players):
                x = np.array(_ref_features(pos, q, int(pos.st[batch.ACTIVE])))
                got = td_train.value_of(g, q, w_old)
                assert got == td_train.value_of(g, q, w_new)
                if not g.is_over and g.num_players > 1:
                    assert got == pytest.approx(_ref_value(w_old, x[:td.NX0]), abs=1e-12)
                    assert td.model_value(x[None], w_old)[0] == pytest.approx(got, abs=1e-12)
                    # the kernel skips the per-row features for these weights; made to read
                    # them, it gives the same value (their weights are zero)
                    from qwixo.qwixx import kernels as K
                    from qwixo.qwixx.odds import DEFAULT_PARAMS, weights

                    row = td.seat_row(DEFAULT_PARAMS, w_old)
                    assert row[td.NXU] == td.NX0
                    row[td.NXU] = td.NX
                    s = batch.pack(pos)
                    s[K.PHASE] = K.P_ROLL
                    T = batch.tables(pos.edition).T
                    full = td.value(s, q, T, weights(pos.edition), row)
                    assert full == pytest.approx(got, abs=1e-12)


def _ref_value(w, x):
    """The model's value in plain Python: the logistic of the linear part plus, per hidden
    unit, its output weight times the tanh of its input weights times the features."""
    n = len(x)
    z = sum(float(a) * float(b) for a, b in zip(w[:n], x, strict=True))
    for k in range((len(w) - n) // (n + 1)):
        u = w[n + k * (n + 1):n + (k + 1) * (n + 1)]
        z += float(u[n]) * math.tanh(sum(float(a) * float(b) for a, b in zip(u[:n], x,
                                                                            strict=True)))
    return 1.0 / (1.0 + math.exp(-min(30.0, max(-30.0, z))))


def test_value_network_kernel_numpy_and_reference_agree():
    """A weight vector with hidden units: the kernel's value (through a seat's parameter
    row), :func:`td.model_value` and the plain-Python formula agree on random features;
    malformed vectors are refused."""
    from qwixo.qwixx.odds import DEFAULT_PARAMS

    rng = np.random.default_rng(3)
    for h in (0, 1, 5, td.HMAX):
        w = rng.normal(0, 0.3, td.NX + h * (td.NX + 1))
        assert td.hidden_units(w) == h
        row = td.seat_row(DEFAULT_PARAMS, w)
        assert row[td.NXU] == td.NX
        X = rng.normal(0, 1, (5, td.NX))
        got = td.model_value(X, w)
        for x, v in zip(X, got, strict=True):
            assert td._logit(x.copy(), row, td.N_PARAMS) == pytest.approx(v, abs=1e-12)
            assert v == pytest.approx(_ref_value(w, x), abs=1e-12)
    for bad in (td.NX - 1, td.NX + 3, td.NX + (td.HMAX + 1) * (td.NX + 1),
                td.NX0 + 1, td.NX0 + (td.HMAX + 1) * (td.NX0 + 1)):
        with pytest.raises(ValueError):
            td.hidden_units(np.zeros(bad))


def test_a_trained_value_network_beats_an_untrained_one():
    """fit_net on a few odds/ev games gives a lower loss than the logistic start on held-out
    games, and its greedy policy beats the same network untrained (all weights 0) in the
    kernel."""
    X, Y = td_train.generate("classic", 600, 2, 11, ["odds", "ev"], keep=0.5)
    Xv, Yv = td_train.generate("classic", 300, 2, 12, ["odds", "ev"], keep=0.5)
    w = td_train.fit_net(X, Y, 4, epochs=3, seed=1)
    assert td.hidden_units(w) == 4 and np.isfinite(w).all()
    assert td_train.log_loss(Xv, Yv, w) < math.log(2) - 0.05
    zero = np.zeros_like(w)
    r = batch.run_games("classic", 300, 2, seed=4, policies=["td", "td"], paired=True,
                        td_weights=np.stack([w, zero]))
    s = r["scores"]
    assert ((s[:, 0] > s[:, 1]) + 0.5 * (s[:, 0] == s[:, 1])).mean() > 0.65


def test_weights_load_for_every_edition_and_rank_positions_sanely():
    for ed in batch.KERNEL_EDITIONS:
        for P in range(2, 6):
            assert td.has_weights(ed, P), (ed, P)
            w = td.load_weights(ed, P)
            assert w.shape == (td.NX + td.hidden_units(w) * (td.NX + 1),)
            assert np.isfinite(w).all()
    even = qwixo.new_game("qwixx", players=2, seed=1)
    v0, v1 = td_train.value_of(even, 0), td_train.value_of(even, 1)
    assert 0.35 < v0 < 0.65 and 0.35 < v1 < 0.65
    # player 0 far ahead (five crosses in two rows) against a sheet with two penalties
    from qwixo.qwixx import kernels as K
    from qwixo.qwixx.odds import DEFAULT_PARAMS, weights

    T = K.table("classic")
    s = K.new_state(T, 2)
    for r in (0, 1):
        s[K.H + K.LAST + r] = 4
        s[K.H + K.CNT + r] = 5
    s[K.H + K.PB + K.PEN] = 2
    row = td.seat_row(DEFAULT_PARAMS, td.load_weights("classic", 2))
    wc = weights("classic")
    assert td.value(s, 0, T, wc, row) > 0.8 > 0.2 > td.value(s, 1, T, wc, row)


def test_greedy_policy_of_the_batch_loop_plays_as_the_td_bot():
    """The ``td`` policy of the batch turn loop and :class:`TdBot` through the contract play
    the same games on the same dice, and every answer of the bot is one of its options."""
    bot = TdBot()
    for ed, players in (("classic", 2), ("bonus-b", 3), ("longo", 2), ("mixx-a", 4)):
        g = qwixo.new_game("qwixx", edition=ed, players=players, seed=players + 3)
        dice = []
        while not g.is_over:
            if g.needs_roll:
                dice.append([x or 0 for x in g.roll()])
                continue
            picks = {p: bot.decide(g, p) for p in list(g.to_act)}
            for p, pick in picks.items():
                assert pick in [str(o) for o in g.options(p)]
                g.choose(p, pick)
        res = batch.replay(ed, players, dice, [], policy="td",
                           lucky=np.array(g.lucky or [(0, 0)] * players))
        assert res["scores"] == g.scores(), (ed, players)


def test_greedy_policy_beats_gap_and_training_runs():
    r = batch.run_games("classic", 1000, 2, seed=3, policies=["td", "gap"], paired=True)
    s = r["scores"]
    assert ((s[:, 0] > s[:, 1]) + 0.5 * (s[:, 0] == s[:, 1])).mean() > 0.55
    X, Y = td_train.generate("classic", 200, 2, 1, ["odds", "ev"], keep=0.5)
    assert X.shape[1] == td.NX and len(X) == len(Y) > 1000
    assert set(np.unique(Y)) <= {0.0, 0.5, 1.0}
    w = td_train.fit(X, Y)
    assert td_train.log_loss(X, Y, w) < math.log(2)
    i = td.FEATURE_NAMES.index
    assert w[i("me_score")] > 0 > w[i("opp_score")]


def test_strong_td_model_is_legal_deterministic_and_keeps_its_time():
    g = qwixo.new_game("qwixx", players=3, edition="bonus-a", seed=11)
    g.roll()
    for p in list(g.to_act):
        a = StrongBot(seed=5, playouts=128, model="td").decide(g, p)
        b = StrongBot(seed=5, playouts=128, model="td").decide(g, p)
        assert a == b and a in [str(o) for o in g.options(p)]
    g = qwixo.new_game("qwixx", players=2, seed=2)
    g.roll([2, 3, 4, 4, 4, 4])
    bot = StrongBot(seed=1, seconds=0.2, model="td")
    bot.decide(g, 0)  # warm
    t0 = time.perf_counter()
    bot.decide(g, 0)
    assert time.perf_counter() - t0 < 1.0
    solo = qwixo.new_game("qwixx", players=1, seed=2)
    solo.roll()
    assert StrongBot(seed=1, playouts=64, model="td").decide(solo, 0) in [
        str(o) for o in solo.options(0)]


def test_lambda_returns_label_the_same_positions():
    """TD(lambda) labels: the same positions as the Monte Carlo ones; lambda near 1 gives the
    final shares, lambda 0 the value of the next roll position (inside (0, 1) but for the
    last roll of a game); no value weights, no lambda-returns."""
    w = td.load_weights("classic", 2)
    X1, Y1 = td_train.generate("classic", 60, 2, 5, ["td"] * 2, td_weights=w, keep=1.0)
    Xa, Ya = td_train.generate("classic", 60, 2, 5, ["td"] * 2, td_weights=w, keep=1.0,
                               lam=1.0 - 1e-12)
    X0, Y0 = td_train.generate("classic", 60, 2, 5, ["td"] * 2, td_weights=w, keep=1.0,
                               lam=0.0)
    assert np.array_equal(X1, Xa) and np.array_equal(X1, X0)
    assert np.allclose(Y1, Ya, atol=1e-9)
    v = td.model_value(X0, w)
    # with every roll position kept, two rows per position: the label of a position is the
    # value of the same player's next one, within a game
    inner = np.isclose(Y0[:-2], v[2:], atol=1e-9)
    assert inner.mean() > 0.9
    assert ((Y0 > 0) & (Y0 < 1)).mean() > 0.9
    with pytest.raises(ValueError):
        td_train.generate("classic", 5, 2, 5, ["odds"] * 2, lam=0.5)


def test_average_networks_averages_the_log_odds_into_one_network():
    """``td_train.average_networks`` (an ensemble of value networks as one network): the shipped
    network and one of twice its log-odds average to a network of twice the units and 1.5 times
    the log-odds; two copies give the same values; more than ``td.HMAX`` units are refused."""
    w = td.load_weights("classic", 2)
    w2 = w.copy()  # twice the log-odds: the linear and the output weights doubled
    w2[:td.NX] *= 2
    w2[td.NX + td.NX::td.NX + 1] *= 2
    ens = td_train.average_networks([w, w2])
    assert td.hidden_units(ens) == 2 * td.hidden_units(w)
    X = np.random.default_rng(5).normal(0, 1, (20, td.NX))

    def logit(p):
        return np.log(p / (1 - p))

    # the log-odds of w and twice them: their mean is 1.5 times w's
    assert np.allclose(logit(td.model_value(X, ens)), 1.5 * logit(td.model_value(X, w)))
    same = td_train.average_networks([w, w])
    assert np.allclose(td.model_value(X, same), td.model_value(X, w))
    with pytest.raises(ValueError):
        td_train.average_networks([w] * (td.HMAX // td.hidden_units(w) + 1))
