"""The batch kernel against the contract engine: same dice and choices -> same options, scores
and end; and the random-policy statistics of the C reference loop (benchmarks/qwixx_batch.py)."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import qwixo
from qwixo.core import IllegalMove
from qwixo.qwixx import batch
from qwixo.qwixx.batch import KERNEL_EDITIONS, option_code, replay, run_games, tables
from qwixo.qwixx.editions import EDITION_NAMES


def _contract_game(edition, players, seed, pass_bias=0.3):
    """A random contract game; returns (dice rows, choice codes, option sets, game)."""
    rng = random.Random(seed)
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=seed)
    dice, codes, offered = [], [], []
    while not g.is_over:
        if g.needs_roll:
            d = g.roll()
            dice.append([x or 0 for x in d])
            continue
        for p in list(g.to_act):
            opts = g.options(p)
            offered.append((p, sorted(opts)))
            pick = "pass" if rng.random() < pass_bias else rng.choice(opts)
            codes.append(option_code(g, p, pick))
            g.choose(p, pick)
    return dice, codes, offered, g


@pytest.mark.parametrize("edition", KERNEL_EDITIONS)
@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_kernel_agrees_with_contract(edition, players):
    tab = tables(edition)
    for seed in range(6):
        dice, codes, offered, g = _contract_game(edition, players, 1000 * players + seed)
        res = replay(edition, players, dice, codes, lucky=np.array(g.lucky or
                                                                     [(0, 0)] * players))
        assert res["error"] == 0
        assert res["choices_used"] == len(codes)
        kernel = [(s["player"], sorted(["pass"] + [tab.code_text(c) for c in s["options"]]))
                  for s in res["trace"]]
        assert kernel == offered
        assert res["scores"] == g.scores()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(1, 5),
       edition=st.sampled_from(KERNEL_EDITIONS), bias=st.floats(0.0, 0.9))
def test_kernel_agrees_property(seed, players, edition, bias):
    dice, codes, offered, g = _contract_game(edition, players, seed, bias)
    res = replay(edition, players, dice, codes,
                 lucky=np.array(g.lucky or [(0, 0)] * players))
    assert res["error"] == 0 and res["scores"] == g.scores()
    assert len(res["trace"]) == len(offered)
    assert bin(res["closed"]).count("1") == len(g.closed_rows)


def test_replay_refuses_an_illegal_choice():
    # red 12 needs five red crosses first
    res = replay("classic", 1, [[6, 6, 1, 1, 1, 1]], [10])
    assert res["error"] == 1


def test_random_policy_matches_c_reference():
    # the C reference prints rolls_per_game 24.02 and mean_score 8.399 (1e6 games)
    r = run_games("classic", 40000, players=4, seed=11)
    assert abs(r["rolls_per_game"] - 24.02) < 0.15
    assert abs(r["mean_score"] - 8.40) < 0.2


def test_runs_are_reproducible_and_seeded():
    a = run_games("mixx-a", 300, players=3, seed=4, policies="gap")
    b = run_games("mixx-a", 300, players=3, seed=4, policies="gap")
    c = run_games("mixx-a", 300, players=3, seed=5, policies="gap")
    assert (a["scores"] == b["scores"]).all()
    assert not (a["scores"] == c["scores"]).all()


def test_heuristics_beat_random():
    r = run_games("classic", 2000, players=2, seed=3, policies=["gap", "random"])
    assert r["scores"][:, 0].mean() > r["scores"][:, 1].mean() + 30


def test_rollouts_from_a_position_use_common_random_numbers():
    g = qwixo.new_game("qwixx", players=2, seed=9)
    g.roll([3, 4, 2, 2, 2, 2])
    pos = batch.state_of(g)
    a = batch.rollouts(pos, 50, seed=1, fixed={0: option_code(g, 0, "r7")})
    b = batch.rollouts(pos, 50, seed=1, fixed={0: option_code(g, 0, "r7")})
    assert (a == b).all() and a.shape == (50, 2)
    # a fixed cross of red 7 is on the sheet in every rollout: at least that row's point
    assert (a[:, 0] > -20).all()


def test_every_edition_is_in_the_kernel():
    assert all(batch.supports(e) for e in EDITION_NAMES)
    with pytest.raises(IllegalMove):
        tables("nope")


def test_bonus_a_chain_in_the_kernel():
    # rulebook: green 11 is a bonus cell; the first bar box is red: the next red cell (red 2)
    res = replay("bonus-a", 1, [[5, 6, 1, 1, 1, 1]], [32 * 2 + 1, -1])
    assert res["error"] == 0 and res["scores"] == [2]
    g = qwixo.new_game("qwixx", edition="bonus-a", players=1, seed=1)
    g.roll([5, 6, 1, 1, 1, 1])
    g.choose(0, "g11")
    g.choose(0, "pass")
    assert g.scores() == [2]
    pos = batch.state_of(g)
    assert pos.barpos.tolist() == [1] and pos.last[0].tolist() == [0, -1, 1, -1]


def test_bonus_b_rewards_and_tie_choices_agree_with_the_contract():
    """Uniformly random Bonus B games earn rewards and meet "+row" tie choices; the kernel
    offers the same options (tie choices included) and ends with the same scores (end
    rewards included)."""
    tab = tables("bonus-b")
    ties = rewards = 0
    for seed in range(60):
        players = 1 + seed % 3
        dice, codes, offered, g = _contract_game("bonus-b", players, seed, pass_bias=0.0)
        ties += sum(1 for _, opts in offered for o in opts if "+" in o)
        rewards += sum(len(s.rewards) for s in g.sheets_state)
        res = replay("bonus-b", players, dice, codes)
        assert res["error"] == 0 and res["scores"] == g.scores()
        assert [(s["player"], sorted(["pass"] + [tab.code_text(c) for c in s["options"]]))
                for s in res["trace"]] == offered
    assert ties > 0 and rewards > 0


@pytest.mark.parametrize("players", [2, 4])
def test_random_loop_replays_in_the_contract_engine(players):
    """The all-random batch loop (the C reference's game, benchmarks/qwixx_batch.py) plays the
    contract's game: its dice and decisions, replayed through qwixo.new_game, are always among
    the contract's options and end with the same scores (seats relabelled so that the game's
    first player is the contract's player 0)."""
    tab = tables("classic")
    games = 60
    res = batch.random_log("classic", games, players=players, seed=7, rows=40 * games)
    assert res["rolls"].sum() <= len(res["log"])
    t = 0
    for gi in range(games):
        first = gi % players
        seat = [(first + j) % players for j in range(players)]  # contract j = kernel seat[j]
        g = qwixo.new_game("qwixx", players=players, seed=0)
        for _ in range(res["rolls"][gi]):
            row = res["log"][t]
            t += 1
            assert not g.is_over
            g.roll([int(d) for d in row[:6]])
            for j in range(players):
                code = int(row[6 + seat[j]])
                text = tab.code_text(code)
                assert text in g.options(j) or text == "pass"
                g.choose(j, text)
            if row[6 + players] == -2:
                assert g.is_over
                break
            active = g.to_act[0]
            text = tab.code_text(int(row[6 + players]))
            assert text in g.options(active) or text == "pass"
            g.choose(active, text)
        assert g.is_over
        assert g.scores() == [int(res["scores"][gi, seat[j]]) for j in range(players)]


def test_random_loop_statistics_do_not_depend_on_the_loop():
    """The fast all-random loop (run_games with every seat random) and the general loop
    (batch.play, with its own random numbers) play the same game: over 20000 games each the
    mean score (standard error of the difference about 0.05) and rolls per game (about 0.03)
    agree within three standard errors, and so does the 90th percentile."""
    fast = run_games("classic", 20000, players=4, seed=3)
    # the general loop: batch.play with every seat random, through _run directly
    tab = tables("classic")
    scores = np.zeros((20000, 4), np.int64)
    rolls = np.zeros(20000, np.int64)
    batch._run(20000, 4, 3, np.zeros((4, 2), np.int64), np.zeros(4, np.int64), tab.T, scores,
               rolls, batch.params_table(None, 4), batch.weights("classic"), False)
    assert abs(fast["mean_score"] - scores.mean()) < 0.15
    assert abs(fast["rolls_per_game"] - rolls.mean()) < 0.15
    assert abs(np.percentile(fast["scores"], 90) - np.percentile(scores, 90)) <= 1
