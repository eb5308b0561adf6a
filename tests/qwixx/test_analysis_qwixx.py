"""The Qwixx analysis (qwixo.qwixx.analysis): solitaire values from the exact solitaire
programme, games with opponents scored by the strong bot's search (estimates)."""

import math

import pytest

import qwixo
from qwixo.qwixx import analysis, solitaire


def _play(players, seed, bot="odds", edition="classic"):
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=seed)
    b = qwixo.make_bot("qwixx", bot, seed=seed)
    while not g.is_over:
        if g.needs_roll:
            g.roll()
            continue
        p = g.to_act[0]
        g.choose(p, b.decide(g, p))
    return g


@pytest.mark.slow
def test_solitaire_points_lost_are_the_dps(classic_solution):
    classic = classic_solution
    g = _play(1, seed=3)
    a = analysis.analyse(g, solution=classic)
    assert a["exact"] and a["metric"] == "expected_score"
    # every decision again, by hand: the DP's value of each option, plus the points on the sheet
    replay = analysis.start_of(g)
    snapshot = None
    checked = 0
    points = {p["index"]: p for p in a["points"]}
    for k, entry in enumerate(g.to_dict()["history"]):
        if entry[0] == "roll":
            replay.roll(entry[1])
            snapshot = replay.copy()
            continue
        seen = snapshot if replay.phase == "action1" else replay
        opts = seen.options(0)
        if len(opts) > 1:
            sh = seen.sheets_state[0]
            ranked = dict(solitaire.rank_options(classic, sh.last, sh.count, seen.closed,
                                                 sh.penalties, seen.phase, True, seen.dice,
                                                 seen.a1_crossed, opts))
            base = seen.scores()[0]
            p = points[k]
            best = max(ranked.values())
            assert p["chosen_value"] == pytest.approx(base + ranked[entry[2]], abs=1e-3)
            assert p["best_value"] == pytest.approx(base + best, abs=1e-3)
            assert p["loss"] == pytest.approx(best - ranked[entry[2]], abs=2e-4)
            checked += 1
        replay.choose(0, entry[2])
    assert checked == len(a["points"]) > 10
    # the first decision's best value averages out to the optimum over the rolls; the start's
    # value is the published optimum, and the accuracy is the expectation kept
    s = a["summary"]["seats"][0]
    assert s["optimum"] == pytest.approx(solitaire.CLASSIC_OPTIMUM, abs=1e-3)
    assert s["accuracy"] == pytest.approx(100 * (s["optimum"] - s["lost"]) / s["optimum"], abs=0.1)
    # the optimal bot's own game gives nothing away
    bot = solitaire.OptimalBot(solution=classic)
    g = qwixo.new_game("qwixx", players=1, seed=11)
    while not g.is_over:
        if g.needs_roll:
            g.roll()
            continue
        g.choose(0, bot.decide(g, 0))
    b = analysis.analyse(g, solution=classic)
    assert all(p["loss"] < 1e-6 for p in b["points"]) and b["key"] == []
    assert b["summary"]["seats"][0]["accuracy"] == 100.0


def test_three_players_are_estimates_with_their_budget():
    g = _play(3, seed=5)
    a = analysis.analyse(g, playouts=16)
    assert not a["exact"] and a["metric"] == "win_chance"
    assert a["budget"] == {"exact": False, "bot": "strong", "playouts": 16, "seconds": None}
    assert a["points"] and all(0 <= p["chosen_value"] <= p["best_value"] <= 1 for p in a["points"])
    # one row of the graph per roll, each player's chance after it (the one before when a
    # roll left a player no choice)
    rolls = sum(1 for e in g.to_dict()["history"] if e[0] == "roll")
    assert len(a["series"]) == rolls
    assert all(x is None or 0 <= x <= 1 for row in a["series"] for x in row)
    assert a["key"] == [p["index"] for p in sorted(
        (p for p in a["points"] if p["loss"] > 0), key=lambda p: (-p["loss"], p["index"]))][:5]
    # the game is not changed, and the same seed gives the same analysis
    assert analysis.analyse(g, playouts=16)["points"] == a["points"]


def test_bonus_solitaire_has_no_exact_table_so_it_is_estimated():
    g = _play(1, seed=2, edition="bonus-a")
    a = analysis.analyse(g, playouts=8)
    assert not a["exact"] and a["metric"] == "expected_score"
    assert all(not math.isnan(p["chosen_value"]) for p in a["points"])
