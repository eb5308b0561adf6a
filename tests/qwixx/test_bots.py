"""Qwixx bots through the contract: legal, non-mutating, deterministic, every edition."""

import random
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from qwixx_helpers import play

import qwixo
from qwixo.core import IllegalMove
from qwixo.qwixx import batch, evrule, playout, strong
from qwixo.qwixx.bots import BOTS, OptimalBot, heuristic
from qwixo.qwixx.editions import EDITION_NAMES
from qwixo.qwixx.strong import OpponentModels, StrongBot, hint_lines


def rolled(dice, players=2, seed=1, edition="classic"):
    """A new game whose first roll is ``dice``."""
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=seed)
    g.roll(dice)
    return g


def plays_as_the_kernel_policy(bot, policy, edition, players, seed):
    """``bot`` plays every seat of a game through the contract (at most 200 rolls); the batch
    loop's ``policy`` on the same dice must end with the same scores."""
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=seed)
    dice = []
    while not g.is_over and len(dice) < 200:
        if g.needs_roll:
            dice.append([x or 0 for x in g.roll()])
            continue
        picks = {p: bot.decide(g, p) for p in list(g.to_act)}
        for p, pick in picks.items():
            g.choose(p, pick)
    res = batch.replay(edition, players, dice, [], policy=policy,
                       lucky=np.array(g.lucky or [(0, 0)] * players))
    assert res["scores"] == g.scores(), (edition, players)


def test_registry_order_and_names():
    assert qwixo.list_bots("qwixx") == ["random", "race", "gap", "optimal", "ev", "odds",
                                        "strong"]
    for name in BOTS:
        assert qwixo.make_bot("qwixx", name, seed=1).name == name


@pytest.mark.parametrize("edition", EDITION_NAMES)
@pytest.mark.parametrize("name", ["random", "race", "gap", "ev", "odds"])
def test_cheap_bots_play_every_edition(edition, name):
    for players in (1, 3, 5):
        bots = [qwixo.make_bot("qwixx", name, seed=s) for s in range(players)]
        g = play(bots, edition, seed=players)
        assert g.is_over and g.end_reason in ("locks", "penalties")


class _StubSolver:
    """Stands in for the solitaire solver (its table takes a minute to build)."""

    def __init__(self, ok=True, answer=None):
        self.ok, self.answer, self.calls = ok, answer, 0

    def supports(self, game):
        return self.ok and game.edition.name == "classic"

    def decide(self, game, p):
        self.calls += 1
        return self.answer or game.options(p)[-1]


def optimal(solver):
    """The optimal bot with ``solver`` standing in for the solitaire solver."""
    bot = OptimalBot(seed=1)
    bot._inner = solver
    return bot


def test_optimal_plays_the_solver_policy_where_supported():
    bot = optimal(_StubSolver())
    g = rolled([3, 4, 2, 2, 2, 2])
    assert bot.uses_solver(g)
    assert bot.decide(g, 0) == g.options(0)[-1] and bot.fallback is None


@pytest.mark.parametrize("edition", EDITION_NAMES)
def test_optimal_falls_back_to_gap_and_says_so(edition):
    bot = optimal(_StubSolver(ok=False))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = play([bot, qwixo.make_bot("qwixx", "random", seed=2)], edition, seed=4)
    assert g.is_over
    assert bot.fallback and len([w for w in caught if w.category is RuntimeWarning]) == 1
    # the fallback is exactly the gap heuristic
    g2 = qwixo.new_game("qwixx", edition=edition, players=2, seed=9)
    g2.roll()
    assert bot.decide(g2, 1) == heuristic(g2, 1, "gap")


def test_optimal_refuses_an_illegal_solver_answer():
    bot = optimal(_StubSolver(answer="r99"))
    g = rolled([3, 4, 2, 2, 2, 2], players=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert bot.decide(g, 0) == heuristic(g, 0, "gap")
    assert "r99" in bot.fallback


@pytest.mark.parametrize("edition", EDITION_NAMES)
def test_strong_plays_every_edition(edition):
    bots = [StrongBot(seed=1, playouts=16), qwixo.make_bot("qwixx", "gap")]
    g = play(bots, edition, seed=3)
    assert g.is_over


def test_strong_solitaire_and_five_players():
    assert play([StrongBot(seed=2, playouts=16)], "classic", seed=1).is_over
    bots = [StrongBot(seed=s, playouts=16) for s in range(5)]
    assert play(bots, "longo", seed=2, check=False).is_over


def test_bots_are_deterministic_from_seed():
    def run(seed):
        bots = [qwixo.make_bot("qwixx", "random", seed=seed), StrongBot(seed=seed, playouts=16)]
        return play(bots, seed=7).history

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_python_heuristics_agree_with_kernel_policies():
    """The gap/race bots and the kernel's gap/race policies make the same choices."""
    for policy in ("gap", "race"):
        for edition in batch.KERNEL_EDITIONS:
            for seed in range(4):
                players = 1 + seed
                bots = [qwixo.make_bot("qwixx", policy) for _ in range(players)]
                g = play(bots, edition, seed=seed, check=False)
                dice = [h[1] for h in g.history if h[0] == "roll"]
                dice = [[x or 0 for x in d] for d in dice]
                res = batch.replay(edition, players, dice, [],
                                   lucky=np.array(g.lucky or [(0, 0)] * players),
                                   policy=policy)
                assert res["scores"] == g.scores(), (policy, edition, seed)


def test_gap_takes_locks_and_skips_at_most_one():
    g = qwixo.new_game("qwixx", players=2, seed=1)
    # five red crosses for player 0 (2, 3, 4, 5, 6), then a 12 in white: the lock is taken
    for a, b in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3)]:
        g.roll([a, b, 6, 6, 6, 6])
        g.choose(0, f"r{a + b}")
        g.choose(1, "pass")
        g.choose(g.active, "pass")
    g.roll([6, 6, 1, 1, 1, 1])
    assert heuristic(g, 0) == "r12"
    assert heuristic(g, 1) == "g12"  # red 12 is no option for player 1: green 12 skips nothing


def test_gap_avoids_a_penalty_with_a_short_skip():
    g = rolled([6, 6, 1, 1, 4, 4], players=1)   # white 12: red 12 is no option
    g.choose(0, "pass")
    # action 2: g10 (skip 2: 12, 11) or b10; no cross yet this turn -> a penalty is coming
    assert heuristic(g, 0) in ("g10", "b10")


def test_bad_requests_raise_illegal_move():
    g = qwixo.new_game("qwixx", players=2, seed=1)
    for name in BOTS:
        bot = qwixo.make_bot("qwixx", name, seed=1)
        with pytest.raises(IllegalMove):
            bot.decide(g, 0)  # the dice must be rolled first: nothing to decide
    g.roll([3, 4, 2, 2, 2, 2])
    g.choose(0, "pass")
    with pytest.raises(IllegalMove):
        qwixo.make_bot("qwixx", "strong").decide(g, 0)  # already decided in action 1


def test_hint_lines_rank_every_option():
    g = rolled([1, 1, 6, 6, 6, 6], seed=4)
    lines = hint_lines(g, 0, "en", playouts=32)
    assert len(lines) == len(g.options(0))
    assert lines[0].startswith("1. ") and "win" in lines[0]
    assert hint_lines(g, 1, "pl", playouts=32)[0].startswith("1. ")
    solo = rolled([1, 1, 6, 6, 6, 6], players=1, seed=4)
    assert "expected score" in hint_lines(solo, 0, "en", playouts=32)[0]
    g2 = qwixo.new_game("qwixx", players=2, seed=4)
    with pytest.raises(IllegalMove):
        hint_lines(g2, 0)


def test_strong_search_prefers_the_obvious_cross():
    # white 2 with an empty sheet: red 2 or yellow 2 (no skip) beat passing and skipping
    g = rolled([1, 1, 6, 6, 6, 6], seed=4)
    best = StrongBot(seed=0, playouts=256).evaluate(g, 1)
    assert best[0].option in ("r2", "y2")
    assert best[-1].option not in ("r2", "y2")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), players=st.integers(1, 5),
       edition=st.sampled_from(EDITION_NAMES))
def test_every_bot_answers_legally_anywhere(seed, steps, players, edition):
    """From a random position (random play for some steps), every bot gives a legal option
    of every player who must decide, and leaves the game as it was."""
    rng = random.Random(seed)
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
        else:
            p = rng.choice(g.to_act)
            g.choose(p, rng.choice(g.options(p)))
    if g.is_over or g.needs_roll:
        return
    bots = [qwixo.make_bot("qwixx", n, seed=seed) for n in ("random", "race", "gap", "odds")]
    bots.append(StrongBot(seed=seed, playouts=8))
    bots.append(StrongBot(seed=seed, playouts=8, model="gap"))
    for p in g.to_act:
        for bot in bots:
            before = g.to_json()
            assert bot.decide(g, p) in g.options(p)
            assert g.to_json() == before


def test_strong_with_a_time_budget():
    g = rolled([2, 5, 3, 3, 3, 3], players=3, seed=2)
    bot = qwixo.make_bot("qwixx", "strong", seconds=0.05, seed=1)
    assert bot.decide(g, 0) in g.options(0)
    ev = bot.evaluate(g, 0)
    assert all(e.n >= 64 for e in ev) and len(ev) == len(g.options(0))
    with pytest.raises(ValueError):
        StrongBot(seconds=0)


def test_strong_time_budget_spent_plays_one_batch():
    """With its time spent at once, the search still plays one batch for every option and
    stops there (the deadline is checked between batches)."""
    g = rolled([2, 5, 3, 3, 3, 3], players=2, seed=2)
    ev = StrongBot(seconds=1e-9, seed=1).evaluate(g, 1)
    assert {e.n for e in ev} == {strong.BATCH} and len(ev) == len(g.options(1))


def test_strong_elimination_and_indifference():
    """Successive elimination on paired results: an option far behind is dropped; options
    known to be within ``INDIFFERENT`` of the leader end the search (any will do)."""
    rng = np.random.default_rng(0)
    base = rng.normal(0.5, 0.2, 256)

    def run(*shifts):
        vals = [[base + d + rng.normal(0, 0.001, 256)] for d in shifts]
        sums = np.array([[v[0].sum(), 0, 0, 0] for v in vals])
        alive = np.ones(len(shifts), bool)
        done = StrongBot._eliminate(sums, np.full(len(shifts), 256), vals, alive)
        return done, alive.tolist()

    assert run(0.0, -0.1) == (True, [True, False])      # far behind: dropped, one left
    assert run(0.0, 0.0) == (True, [True, True])        # a tie: settled
    noisy = [[base], [base + rng.normal(0, 0.3, 256)]]
    alive = np.ones(2, bool)
    sums = np.array([[v[0].sum(), 0, 0, 0] for v in noisy])
    assert not StrongBot._eliminate(sums, np.full(2, 256), noisy, alive)  # undecided
    assert alive.all()


def test_joint_search_names_the_action_two_to_follow():
    g = rolled([1, 1, 1, 1, 6, 6], players=1, seed=3)  # white 2; action 2: red/yellow 2 too
    ev = StrongBot(seed=0, playouts=128, joint=True).evaluate(g, 0)
    byopt = {e.option: e for e in ev}
    # crossing red 2 with the white sum, then yellow 2 with white + yellow, beats one cross
    assert byopt["r2"].then == "y2" and byopt["y2"].then == "r2"
    assert ev[0].option in ("r2", "y2")
    # no joint search for a player who is not active
    g2 = rolled([1, 1, 1, 1, 6, 6], seed=3)
    assert all(e.then is None for e in StrongBot(seed=0, playouts=64, joint=True).evaluate(g2, 1))


@pytest.fixture(scope="module")
def lock_positions():
    """(ahead, behind): :func:`_lock_position` without and with player 1's yellow crosses
    (the tests only read them)."""
    return _lock_position(False), _lock_position(True)


def _lock_position(p1_yellow):
    """Player 0 has red 2-7 and may lock red with a white 12; player 1 locked blue (so red
    would be the second lock and end the game) and, with ``p1_yellow``, is ahead by 17 points
    (by 7 without)."""
    g = qwixo.new_game("qwixx", players=2, seed=1)

    def turn(dice, a1, a2="pass"):
        g.roll(dice)
        for p in (0, 1):
            g.choose(p, a1[p])
        if g.phase == "action2":
            g.choose(g.active, a2)

    def y(text):
        return text if p1_yellow else "pass"

    turn([1, 1, 6, 6, 6, 6], ["r2", "pass"])
    turn([6, 6, 1, 1, 1, 1], ["pass", "b12"], y("y7"))
    turn([1, 2, 6, 6, 6, 6], ["r3", "pass"])
    turn([6, 5, 1, 2, 1, 1], ["pass", "b11"], y("y8"))
    turn([2, 2, 6, 6, 6, 6], ["r4", "pass"])
    turn([5, 5, 1, 4, 1, 1], ["pass", "b10"], y("y9"))
    turn([2, 3, 6, 6, 6, 6], ["r5", "pass"])
    turn([5, 4, 1, 5, 1, 1], ["pass", "b9"], y("y10"))
    turn([3, 3, 6, 6, 6, 6], ["r6", "pass"])
    turn([5, 3, 1, 6, 1, 1], ["pass", "b8"])
    turn([1, 1, 6, 6, 6, 6], ["pass", "b2"], "r7")
    g.roll([6, 6, 1, 1, 1, None])
    return g


def test_strong_locks_to_win_and_not_to_lose(lock_positions):
    """Plays to win: the lock of a second row ends the game at once. Ahead (36 against 28
    after the lock) it locks; behind (36 against 38) it keeps the game going. The gap
    heuristic takes the lock in both cases."""
    ahead, behind = lock_positions
    assert ahead.scores() == [21, 28] and behind.scores() == [21, 38]
    assert "r12" in ahead.options(0) and "r12" in behind.options(0)
    assert heuristic(ahead, 0) == "r12" and heuristic(behind, 0) == "r12"
    assert StrongBot(seed=1).decide(ahead, 0) == "r12"
    ev = {e.option: e for e in StrongBot(seed=1).evaluate(behind, 0)}
    assert ev["r12"].win == 0.0 and max(e.win for e in ev.values()) > 0.3
    assert StrongBot(seed=1).decide(behind, 0) != "r12"


def test_strong_plays_the_end_game_out_with_end_depth(lock_positions):
    """Near the end (a row closed: the next lock ends the game) ``end_depth`` plays the
    playouts to the end: every playout is then valued by its exact win share (0, 1/2 or 1),
    not by the learnt win chance at the cut."""
    from qwixo.qwixx.strong import _near_end

    ahead, behind = lock_positions
    assert _near_end(ahead) and not _near_end(rolled([1, 1, 6, 6, 6, 6]))
    exact = StrongBot(seed=1, playouts=64, prune=False, end_depth=100).evaluate(behind, 0)
    assert all(float(e.win * 2 * e.n).is_integer() for e in exact)
    cut = StrongBot(seed=1, playouts=64, prune=False).evaluate(behind, 0)
    assert not all(float(e.win * 2 * e.n).is_integer() for e in cut)
    assert StrongBot(seed=1, end_depth=100).decide(ahead, 0) == "r12"
    assert StrongBot(seed=1, end_depth=100).decide(behind, 0) != "r12"


def test_strong_margin_weight():
    """``margin_weight=0``: the value of an option is its win share alone."""
    g = rolled([2, 5, 3, 3, 3, 3])
    for e in StrongBot(seed=0, playouts=64, margin_weight=0.0).evaluate(g, 1):
        assert e.value == pytest.approx(e.win)
    for e in StrongBot(seed=0, playouts=64, margin_weight=0.01).evaluate(g, 1):
        assert e.value == pytest.approx(e.win + 0.01 * e.margin)


@pytest.mark.parametrize("rule", ["odds", "ev"])
def test_odds_and_ev_lock_to_win_and_not_to_lose(rule, lock_positions):
    """The lock that ends the game: taken ahead, avoided behind (ev: by the margin)."""
    ahead, behind = lock_positions
    bot = qwixo.make_bot("qwixx", rule)
    assert bot.decide(ahead, 0) == "r12"
    assert bot.decide(behind, 0) != "r12"


def test_odds_weighs_skipped_cells_by_their_odds():
    g = rolled([1, 2, 6, 6, 6, 6])    # white 3: red 3 / yellow 3 skip only a 2 (1 roll in 36)
    assert qwixo.make_bot("qwixx", "odds").decide(g, 1) in ("r3", "y3")
    g2 = rolled([4, 4, 6, 6, 6, 6])   # white 8: red/yellow 8 skip five likely cells, green/blue
    assert qwixo.make_bot("qwixx", "odds").decide(g2, 1) == "pass"   # 8 skip four


@pytest.mark.parametrize("edition", batch.KERNEL_EDITIONS)
def test_odds_policy_of_the_batch_loop_plays_as_the_odds_bot(edition):
    """The ``odds`` policy of the batch turn loop and the ``odds`` bot through the contract
    play the same games on the same dice (1-4 players), and the playout wrappers are the batch
    loop's rollouts for the policies both name."""
    bot = qwixo.make_bot("qwixx", "odds")
    for players in range(1, 5):
        plays_as_the_kernel_policy(bot, "odds", edition, players, seed=players)
    g = qwixo.new_game("qwixx", edition=edition, players=3, seed=2)
    g.roll()
    pos = batch.state_of(g)
    for pol in ("gap", "odds"):
        a = batch.rollouts(pos, 40, seed=3, policies=[pol] * 3)
        b = playout.rollouts(pos, 40, seed=3, policies=[pol] * 3)
        assert (a == b).all(), (edition, pol)


def test_odds_kernel_and_bot_are_deterministic():
    r1 = playout.run_games("longo", 50, players=3, seed=4, policies=["odds", "gap", "race"])
    r2 = playout.run_games("longo", 50, players=3, seed=4, policies=["odds", "gap", "race"])
    assert (r1["scores"] == r2["scores"]).all()
    with pytest.raises(ValueError):
        playout.run_games("classic", 2, players=2, params=[1.0, 2.0])


def test_strong_models():
    g = rolled([1, 1, 6, 6, 6, 6], seed=4)
    for model in playout.POLICY_IDS.keys() & {"odds", "gap"}:
        assert StrongBot(seed=0, playouts=64, model=model).decide(g, 1) in ("r2", "y2")
    with pytest.raises(ValueError):
        StrongBot(model="nope")


def test_strong_models_each_opponent_by_the_rule_that_predicts_it():
    """After a few decisions the opponent of a gap bot is modelled by gap, of a race bot by
    race; the opponents' hidden action-1 decisions of the current roll are not looked at."""
    for opp in ("gap", "race"):
        bots = [StrongBot(seed=1, playouts=16), qwixo.make_bot("qwixx", opp)]
        g = play(bots, seed=3, check=False)
        assert bots[0]._watch.policies(g) == ["td", opp]  # its own model: td
    g = rolled([1, 1, 6, 6, 6, 6], seed=3)
    g.choose(1, "r2")                      # hidden from player 0 until action 1 resolves
    bot = StrongBot(seed=1, playouts=16)
    bot.decide(g, 0)
    assert bot._watch.done == 1 and bot._watch.seen.sum() == 0


def test_strong_drops_the_options_far_behind():
    """Successive elimination: an obvious loser gets fewer playouts than the best option;
    without elimination every option gets the same number; hints keep every option."""
    g = rolled([3, 3, 6, 6, 6, 6], seed=4)            # white 6: r6 / y6 skip four cells, g6 / b6 six
    ev = StrongBot(seed=0, playouts=512, model="odds").evaluate(g, 1)
    assert len(ev) == len(g.options(1))
    assert ev[-1].n < ev[0].n <= 512
    # the td model's short playouts vary less: every other option is dropped at once, and
    # the search stops when one is left
    ev = StrongBot(seed=0, playouts=512).evaluate(g, 1)
    assert len(ev) == len(g.options(1)) and ev[-1].n <= ev[0].n < 512
    flat = StrongBot(seed=0, playouts=128, prune=False).evaluate(g, 1)
    assert {e.n for e in flat} == {128}



@pytest.mark.parametrize("edition", batch.KERNEL_EDITIONS)
def test_ev_policy_of_the_batch_loop_plays_as_the_ev_bot(edition):
    bot = qwixo.make_bot("qwixx", "ev")
    for players in (1, 2, 4):
        plays_as_the_kernel_policy(bot, "ev", edition, players, seed=players + 7)


def test_ev_prefers_cheap_skips_and_beats_the_gap_rule():
    g = rolled([4, 4, 6, 6, 6, 6])   # white 8: red/yellow 8 skip five likely cells
    assert qwixo.make_bot("qwixx", "ev").decide(g, 1) == "pass"
    r = batch.run_games("classic", 2000, 2, seed=3, policies=["ev", "gap"], paired=True)
    assert r["scores"][:, 0].mean() > r["scores"][:, 1].mean()
    with pytest.raises(ValueError):
        evrule.ev_params([1.0, 2.0])


def test_strong_recognises_an_ev_opponent_and_can_play_ev_playouts():
    """The ev rule predicts every decision of an ev opponent (the others do not), so it
    becomes that opponent's model once it leads; the bot's own playouts follow ev."""
    bots = [StrongBot(seed=0, playouts=64, model="ev"), qwixo.make_bot("qwixx", "ev")]
    g = play(bots, seed=5, check=False)
    watch = bots[0]._watch
    assert isinstance(watch, OpponentModels)
    ev_col = OpponentModels.RULES.index("ev")
    assert watch.seen[1] >= 3 and watch.hits[1, ev_col] == watch.seen[1]
    assert watch.hits[1].max() == watch.hits[1, ev_col]
    want = "ev" if watch.hits[1, 0] < watch.hits[1, ev_col] else "odds"  # odds on ties
    assert watch.policies(g) == ["ev", want]


def test_rollouts_mixed_mixes_the_cut_value_with_the_final_result():
    """``lam`` 0: the learnt value at the cut (as :func:`batch.rollouts_value` on the same
    dice); ``lam`` 1: the final win share of each game (played on to its end)."""
    g = rolled([2, 5, 3, 3, 3, 3], seed=4)
    pos = batch.state_of(g)
    pol = ["td", "odds"]
    _, cut = batch.rollouts_value(pos, 32, 7, 0, 2, {0: -1}, pol)
    _, mixed0 = batch.rollouts_mixed(pos, 32, 7, 0, 2, 0.0, {0: -1}, pol)
    assert np.allclose(cut, mixed0)
    final, mixed1 = batch.rollouts_mixed(pos, 32, 7, 0, 2, 1.0, {0: -1}, pol, ["odds", "odds"])
    share = np.where(final[:, 0] > final[:, 1], 1.0, np.where(final[:, 0] == final[:, 1], 0.5, 0))
    assert np.allclose(mixed1, share)
    ev = StrongBot(seed=0, playouts=64, mix=0.5).evaluate(g, 1)
    assert {e.option for e in ev} == set(g.options(1))
