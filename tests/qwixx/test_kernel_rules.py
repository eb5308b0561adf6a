"""The named rules of the Qwixx kernels that the bots, the batch simulator, the solitaire model
and the vectorised environments call (every rule once): each against the rulebook by hand."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import qwixo
from qwixo.qwixx import batch, rules
from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import EDITIONS, END_ROWS, MAX_PENALTIES, edition


def test_two_locked_rows_end_the_game():
    assert END_ROWS == 2
    for mask in range(16):
        assert bool(K.rows_end_game(mask)) == (bin(mask).count("1") >= 2)


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_the_last_penalty_ends_the_game(name):
    T = K.table(name)
    s = K.new_state(T, 2)
    b = K.H + K.PB  # player 1's sheet
    for pen in range(1, MAX_PENALTIES + 1):
        ends = K.add_penalty(s, b, T)
        assert s[b + K.PEN] == pen and bool(ends) == (pen == edition(name).max_penalties)
        assert bool(K.penalties_end_game(pen, T)) == ends
        assert bool(K.game_ends(s, b, 0, T)) == ends
    assert s[K.H + K.PEN] == 0  # player 0's sheet untouched
    assert K.game_ends(s, K.H, 0b0101, T)  # two locked rows end it whoever acted


def test_lock_reachable_and_near_lock_by_hand():
    T = K.table("classic")  # 11 cells a row, lock from position 10, 5 crosses needed
    s = K.new_state(T, 1)
    b = K.H
    # red: 3 crosses, the last on position 7: positions 8 and 9 are left before the lock
    s[b + K.CNT], s[b + K.LAST] = 3, 7
    assert K.lock_reachable(s, b, 0, T)          # 3 + 2 >= 4
    assert not K.near_lock(s, b, 0, T)           # 3 < need - 1
    s[b + K.CNT], s[b + K.LAST] = 2, 8           # 2 + 1 < 4: the lock is out of reach
    assert not K.lock_reachable(s, b, 0, T)
    s[b + K.CNT], s[b + K.LAST] = 4, 7           # 4 crosses, the last 3 cells before the lock
    assert K.near_lock(s, b, 0, T) and K.lock_reachable(s, b, 0, T)
    s[b + K.LAST] = 6                            # 4 cells before it: not near
    assert not K.near_lock(s, b, 0, T)


def test_option_codes_one_encoding():
    for r in range(4):
        for i in range(16):
            for t in range(-1, 4):
                code = K.tie_code(K.cell_code(r, i), t)
                assert (K.code_row(code), K.code_cell(code), K.code_tie(code)) == (r, i, t)
                assert not K.is_lucky(code)
                act = rules.act_of_code(code)
                assert act == (rules.CELL, r, i, t) and rules.code_of(act) == code
            lucky = K.lucky_code(r, i)
            assert K.is_lucky(lucky) and (K.code_row(lucky), K.code_cell(lucky)) == (r, i)
            assert rules.act_of_code(lucky) == (rules.LUCKY, r, i, -1)
            assert rules.code_of(rules.act_of_code(lucky)) == lucky
    assert rules.code_of(rules.PASS_ACTION) == -1 and rules.act_of_code(-1) == rules.PASS_ACTION


def test_option_texts_and_codes_agree_with_the_game():
    g = qwixo.new_game("qwixx", edition="bonus-b", players=2, seed=4)
    tab = batch.tables("bonus-b")
    for _ in range(30):
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
            continue
        for p in list(g.to_act):
            opts = g.options(p)
            for text in opts:
                assert tab.code_text(batch.option_code(g, p, text)) == text
            g.choose(p, opts[-1])


def test_fresh_game_takes_the_lucky_numbers_given():
    T = K.table("longo")
    s = np.full(K.H + 3 * K.PB, 7, np.int64)
    lucky = batch.default_lucky("longo", 3, seed=11)
    assert lucky.tolist() == [list(x) for x in K.lucky_deal("longo", 3, 11)]
    K.fresh_game(s, 3, lucky, 2)
    assert s[K.NPL] == 3 and s[K.ACTIVE] == 2 and s[K.CLOSED] == 0 and s[K.PHASE] == K.P_ROLL
    for p in range(3):
        b = K.H + p * K.PB
        assert s[b + K.LAST:b + K.LAST + 4].tolist() == [-1] * 4
        assert s[b + K.LUCKY:b + K.LUCKY + 2].tolist() == list(lucky[p])
    assert not batch.default_lucky("classic", 3).any()
    assert np.array_equal(K.new_state(T, 3)[:K.H], np.r_[np.zeros(K.NPL), 3,
                                                         np.zeros(K.H - K.NPL - 1)])


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 5), seed=st.integers(-2**70, 2**70))
def test_the_lucky_deal_gives_every_player_a_different_pair(players, seed):
    # the rulebook: every score sheet shows two lucky numbers, each player's sheet different
    deal = K.lucky_deal("longo", players, seed)
    assert deal == K.lucky_deal("longo", players, seed)  # the seed fixes it
    assert len(deal) == players and len(set(deal)) == players
    assert all(2 <= a < c <= 16 for a, c in deal)


def test_the_lucky_deal_is_uniform_over_the_pairs_and_over_the_deals():
    # 105 pairs of two different sums 2..16: every pair equally likely for every seat, and the
    # second seat never takes the first one's (every ordered deal of two pairs equally likely)
    n = 21_000
    first = np.zeros(105, np.int64)
    second = np.zeros(105, np.int64)
    index = {pair: k for k, pair in enumerate(
        (a, c) for a in range(2, 17) for c in range(a + 1, 17))}
    for seed in range(n):
        a, c = K.lucky_deal("longo", 2, seed)
        assert a != c
        first[index[a]] += 1
        second[index[c]] += 1
    expected = n / 105
    for counts in (first, second):
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < 170  # 104 degrees of freedom: p < 1e-4 above 170
        assert counts.min() > 0


def test_the_heuristics_take_a_lock_first_then_the_smallest_skip():
    g = qwixo.new_game("qwixx", players=2, seed=1)
    g.roll([1, 2, 6, 6, 6, 6])  # white 3: red 3 and yellow 3 skip one cell
    pos, codes = batch.state_of(g), [batch.option_code(g, 0, t) for t in g.options(0)]
    codes = [c for c in codes if c != -1]
    gap = batch.heuristic_code(pos, 0, codes, "gap")
    assert g.rules.code_text[gap] == "r3"  # ties: more crosses, then the lower row
    assert batch.heuristic_code(pos, 0, codes, "race") == gap  # red: one of its two rows
    # green 3 and blue 3 only: nine skipped cells, too many for either (pass)
    greens = [c for c in codes if K.code_row(c) >= 2]
    assert [g.rules.code_text[c] for c in greens] == ["g3", "b3"]
    assert batch.heuristic_code(pos, 0, greens, "gap") == -1
    assert batch.heuristic_code(pos, 0, greens, "race") == -1
    # yellow only, with two crosses more in green and blue: yellow drops out of race's two rows
    pos.cnt[0, 2:] = 2
    yellow = [c for c in codes if K.code_row(c) == 1]
    assert batch.heuristic_code(pos, 0, yellow, "gap") == yellow[0]   # one skipped cell
    assert batch.heuristic_code(pos, 0, yellow, "race") == -1         # none outside its rows
    assert batch.heuristic_code(pos, 0, [], "gap") == -1


@settings(max_examples=80, deadline=None)
@given(name=st.sampled_from(sorted(EDITIONS)), r=st.integers(0, 3), last=st.integers(-1, 14),
       crosses=st.integers(0, 12), closed=st.integers(0, 15))
def test_open_cells_and_next_possible_are_the_legal_rule(name, r, last, crosses, closed):
    # the bit-mask form and the next cell both say what legal() says, cell by cell
    T = K.table(name)
    L = int(T[K.T_LEN])
    s = K.new_state(T, 1)
    s[K.H + K.LAST + r] = min(last, L - 1)
    s[K.H + K.CNT + r] = crosses
    mask = int(K.open_cells(s, K.H, closed, r, T))
    legal = [bool(K.legal(s, K.H, closed, r, i, T)) for i in range(L)]
    assert [bool((mask >> i) & 1) for i in range(L)] == legal
    nxt = int(s[K.H + K.LAST + r]) + 1
    assert int(K.next_possible(s, K.H, closed, r, T)) == (nxt if nxt < L and legal[nxt] else -1)


def test_a_closed_row_takes_its_die_out_of_the_game():
    for closed in range(16):
        assert rules.dice_in_play(closed) == [0, 1] + [2 + c for c in range(4)
                                                       if not (closed >> c) & 1]
        for j in range(6):
            assert bool(K.die_in_play(closed, j)) == (j in rules.dice_in_play(closed))
        for after in range(16):
            if after & closed == closed:  # rows only ever close
                assert rules.dice_removed(closed, after) == [c for c in range(4)
                                                             if (after & ~closed) >> c & 1]
    g = qwixo.new_game("qwixx", players=2, seed=3)
    g.closed = 0b0101  # red and green closed
    assert g.removed_dice == ["r", "g"] and len(rules.dice_in_play(g.closed)) == 4
    assert [d is None for d in g.roll()] == [False, False, True, False, True, False]
