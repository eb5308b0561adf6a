"""The final score margins ``qwixo.qwixx.td_train.generate(..., margins=True)`` writes beside
the win-share labels (the margin-label experiment, ``benchmarks/qwixx_td_margin.py``)."""

import numpy as np

from qwixo.qwixx import td, td_train


def test_margins_agree_with_the_win_shares_and_leave_the_samples_unchanged():
    w = td.load_weights("classic", 2)
    args = ("classic", 300, 2, 777, ["td"] * 2)
    X, Y = td_train.generate(*args, td_weights=w, keep=0.25)
    Xm, Ym, M = td_train.generate(*args, td_weights=w, keep=0.25, margins=True)
    # asking for the margins changes neither the games nor the samples
    assert np.array_equal(X, Xm) and np.array_equal(Y, Ym)
    assert len(M) == len(Y) > 2000
    assert np.array_equal(M, np.round(M))
    # 2 players: won alone, tied, lost exactly when the margin is > 0, 0, < 0
    assert np.array_equal(M > 0, Y == 1.0)
    assert np.array_equal(M == 0, Y == 0.5)
    assert np.array_equal(M < 0, Y == 0.0)
    # every seat written down at a position, in seat order: the two rows' margins are opposite
    assert np.array_equal(M[0::2], -M[1::2])
    assert M.std() > 5 and np.abs(M).max() > 20  # scores, not just signs


def test_margins_are_against_the_best_other_player():
    args = ("classic", 200, 3, 5, ["odds", "ev", "gap"])
    X, Y = td_train.generate(*args, keep=0.5)
    Xm, Ym, M = td_train.generate(*args, keep=0.5, margins=True)
    assert np.array_equal(X, Xm) and np.array_equal(Y, Ym)
    assert np.array_equal(M > 0, Y == 1.0)
    assert np.array_equal(M == 0, (Y > 0) & (Y < 1))  # a shared first place
    assert np.array_equal(M < 0, Y == 0.0)
    # at each position (three rows, seats 0, 1, 2) the margins of the first player and of the
    # best other one are opposite, and nobody else's is above the negative of the leader's
    T = M.reshape(-1, 3)
    lead = T.max(axis=1)
    second = np.sort(T, axis=1)[:, -2]
    assert np.array_equal(second, -lead)
    # only the recorded seat's rows: the same margins as that seat's rows with every seat
    Xr, Yr, Mr = td_train.generate(*args, keep=0.5, record=[0], margins=True)
    assert np.array_equal(Mr, T[:, 0]) and np.array_equal(Yr, Y.reshape(-1, 3)[:, 0])
