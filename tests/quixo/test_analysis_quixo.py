"""The Quixo analysis (qwixo.quixo.analysis) against the perfect databases: every value of an
analysed game where a database covers the position is the database's value."""

import doctest

import pytest

import qwixo
from qwixo.quixo import analysis, perfect


def _play(size, seeds=(4, 5), players=2):
    g = qwixo.new_game("quixo", size=size, players=players, ply_limit=60)
    bots = [qwixo.make_bot("quixo", "random", seed=seeds[0]),
            qwixo.make_bot("quixo", "greedy", seed=seeds[1])]
    while not g.is_over:
        p = g.to_act[0]
        g.choose(p, bots[p % 2].decide(g, p))
    return g


def _db_value(g):
    """The database's value of the position for the side to move."""
    return perfect.probe_game(g)


def _check_exact(g):
    a = analysis.analyse(g, seconds=5)
    assert a["exact"] and len(a["points"]) == len(g.history)
    replay = analysis.start_of(g)
    for point, move in zip(a["points"], g.history, strict=True):
        assert point["move"] == move and point["player"] == replay.to_act[0]
        value, plies = _db_value(replay)
        assert (point["before"]["value"], point["before"]["plies"]) == (value, plies)
        moves = {m: (v, p) for m, v, p in perfect.best_moves_of(replay)}
        replay.choose(replay.to_act[0], move)
        if replay.is_over:
            assert point["after"]["value"] in ("win", "loss", "draw")
        else:
            child = _db_value(replay)  # the opponent's value: the mover's is its opposite
            flip = {"win": "loss", "loss": "win", "draw": "draw"}[child[0]]
            assert point["after"]["value"] == flip == moves[move][0]
        # the moves listed as keeping the value keep it, and a change is a change of value
        for m in point["best"]:
            assert moves[m][0] == point["before"]["value"]
        rank = {"loss": 0, "draw": 1, "win": 2}
        assert point["changed"] == (rank[point["after"]["value"]] < rank[point["before"]["value"]])
    return a


def test_3x3_values_are_the_solvers():
    for seeds in [(1, 2), (4, 5), (7, 8)]:
        a = _check_exact(_play(3, seeds))
        assert all(p["loss"] in (0.0, 0.5, 1.0) for p in a["points"])
        # the key moments are the moves that changed the value, worst first
        worst = sorted((p for p in a["points"] if p["loss"] > 0),
                       key=lambda p: (-p["loss"], p["index"]))
        assert a["key"] == [p["index"] for p in worst[:analysis.KEY_MOMENTS]]
        assert all(p["changed"] for p in worst)


def test_4x4_values_are_the_databases(data_with_4x4):
    a = _check_exact(_play(4))
    seats = a["summary"]["seats"]
    assert [s["moves"] for s in seats] == [len(a["points"][0::2]), len(a["points"][1::2])]
    for s in seats:  # accuracy: the share of moves that kept the value
        assert s["accuracy"] == pytest.approx(100 * (s["moves"] - s["changed"]) / s["moves"], abs=0.05)
    # the graph: seat 0's and seat 1's numbers add up to 1 after every move
    assert all(abs(x + y - 1) < 1e-9 for x, y in a["series"])


def test_5x5_is_an_estimate_within_the_budget():
    g = _play(5)
    a = analysis.analyse(g, seconds=1)
    assert len(a["points"]) == len(g.history)
    assert not a["exact"] and a["budget"]["searched_plies"] > 0
    assert a["seconds"] < 1 + 2.5  # the budget, plus one depth's overrun at most
    assert all(s["accuracy"] is None for s in a["summary"]["seats"])
    assert all(0 <= x <= 1 for row in a["series"] for x in row)


def test_four_players_teams_share_the_graph():
    g = _play(5, players=4)
    a = analysis.analyse(g, seconds=0.5)
    for row in a["series"]:
        assert row[0] == row[2] and row[1] == row[3]


def test_docstring_examples():
    assert doctest.testmod(analysis, optionflags=doctest.ELLIPSIS).failed == 0
