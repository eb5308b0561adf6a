"""Table etiquette in the contract: resigning, a draw by agreement, places (docs/api.md)."""

from __future__ import annotations

import pytest

import qwixo
from qwixo.core import IllegalMove, load_game


def test_quixo_two_players_resign_is_a_loss_and_survives_a_save():
    g = qwixo.new_game("quixo")
    g.choose(0, "a1e1")
    g.resign(1)
    assert g.is_over and g.end_reason == "resign"
    assert g.scores() == [1, -1] and g.winners() == [0] and g.places() == [1, 2]
    assert g.to_act == [] and g.options(0) == []
    back = load_game(g.to_json())
    assert back == g and back.resigned == [1] and back.end_reason == "resign"
    with pytest.raises(IllegalMove) as e:
        g.resign(0)
    assert e.value.key == "game_over"
    with pytest.raises(IllegalMove):
        g.choose(0, "b1b5")


def test_quixo_four_players_resign_is_the_teams_loss():
    g = qwixo.new_game("quixo", players=4)
    g.resign(2)  # S: team X (N + S) loses
    assert g.scores() == [-1, 1, -1, 1] and g.winners() == [1, 3]
    assert g.places() == [2, 1, 2, 1]


def test_quixo_agreed_draw_and_undo():
    g = qwixo.new_game("quixo")
    g.choose(0, "a1e1")
    before = g.to_json()
    g.agree_draw()
    assert g.is_over and g.result == "draw" and g.end_reason == "agreed_draw"
    assert g.winners() == [] and g.places() == [1, 1]
    assert load_game(g.to_json()) == g
    g.undo()
    assert g.to_json() == before and not g.is_over


def test_qwixx_resign_puts_the_resigner_last_whatever_the_points():
    g = qwixo.new_game("qwixx", players=2, seed=5)
    g.roll([1, 1, 6, 6, 1, 1])
    g.choose(0, "r2")
    g.choose(1, "pass")  # action 1 resolved: player 0 has 2 points
    g.resign(0)
    assert g.is_over and g.end_reason == "resign"
    assert g.scores()[0] > g.scores()[1]
    assert g.winners() == [1] and g.places() == [2, 1]
    back = load_game(g.to_json())
    assert back == g and back.winners() == [1] and back.resigned == [0]
    assert not qwixo.new_game("qwixx").draws_by_agreement
    with pytest.raises(IllegalMove) as e:
        qwixo.new_game("qwixx").agree_draw()
    assert e.value.key == "no_draw_offer"


def test_places_without_resign_follow_the_scores():
    g = qwixo.new_game("quixo", position="xxxx./...../...../...../oooo. x")
    g.choose(0, "e1e5")
    assert g.places() == [1, 2] and g.resigned == []
    assert qwixo.new_game("quixo").places() == []


def test_resign_refuses_a_stranger_and_changes_nothing():
    g = qwixo.new_game("quixo")
    before = g.to_json()
    with pytest.raises(IllegalMove) as e:
        g.resign(5)
    assert e.value.key == "unknown_player" and g.to_json() == before
