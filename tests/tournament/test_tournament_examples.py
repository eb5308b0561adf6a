"""The examples that the tournament modules' docstrings gave with a game's name
(those modules name no game, even in their docstrings; each example is checked here instead):
``qwixo.tournament`` and ``qwixo.tournament.runner`` (small tournaments),
``runner.results_of`` (the share of the win by the game's utility),
``ratings.rating_class`` and ``ratings.bot_ratings`` (the shipped classes)."""

from __future__ import annotations

from qwixo.tournament import run_tournament
from qwixo.tournament.ratings import bot_ratings, rating_class
from qwixo.tournament.runner import results_of


def test_a_small_qwixx_tournament_reports_its_bots_and_games():
    res = run_tournament("qwixx", ["random", "gap"], games=4, players=2, seed=1)
    assert [e["bot"] for e in res["bots"]] == ["random", "gap"]
    assert res["games"] == 4


def test_a_small_quixo_tournament_on_a_3x3_board():
    res = run_tournament("quixo", ["random", "greedy"], games=2, size=3, seed=3)
    assert res["bots"][0]["games"] == 2
    assert sorted(res["end_reasons"]) != []
    assert res["settings"]["size"] == 3


def test_results_of_points_and_win_loss():
    assert results_of("qwixx", [30, 50, 50], 3) == [0.0, 0.5, 0.5]
    assert results_of("quixo", [1, -1], 2) == [1.0, 0.0]
    assert results_of("quixo", [0, 0, 0, 0], 4) == [0.5, 0.5, 0.5, 0.5]


def test_rating_class_of_each_game():
    assert rating_class("quixo", {"size": 5, "players": 2}) == "quixo-5x5-2p"
    assert rating_class("qwixx", {"players": 3}) == "qwixx-classic-3p"


def test_the_shipped_ratings_have_the_quixo_class():
    assert "quixo-5x5-2p" in bot_ratings()["classes"]
