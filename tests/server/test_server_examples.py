"""The examples that the generic server modules' docstrings gave with a game's name
(those modules name no game, even in their docstrings; each example is checked here instead).

- ``qwixo.server.app``: a 3x3 Quixo game made over HTTP, its board under the view's ``board``
  key (and the older key named after the game, kept for old clients);
- ``qwixo.server.botrunner.fair_copy``: the other players' hidden Qwixx action-1 choices are
  taken back in the copy a bot or a hint decides on;
- ``qwixo.server.botrunner.hint_answer``: a hint for the seat to act, none for another seat;
- ``qwixo.server.http_api.rated_order``: the Qwixx bots weakest first by their shipped ratings.
"""

from __future__ import annotations

import qwixo
from qwixo.server.botrunner import fair_copy, hint_answer
from qwixo.server.http_api import rated_order
from qwixo.tournament.ratings import bot_ratings


def test_a_quixo_game_made_over_http_sends_its_board_under_board(client):
    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                        "seats": [{"kind": "human", "name": "Ada"},
                                                  {"kind": "human"}]})
    assert r.status_code == 201
    view = client.get(f"/api/games/{r.json()['id']}").json()
    assert view["to_act"] == [0]
    assert view["board"]["rows"] == ["...", "...", "..."]
    assert view["quixo"] == view["board"]  # the older key, for old clients


def test_fair_copy_takes_back_the_others_hidden_decisions():
    g = qwixo.new_game("qwixx", seed=2)
    g.roll([3, 4, 1, 1, 1, 1])
    g.choose(1, "r7")
    copy = fair_copy(g)
    assert g.decided == [1]
    assert copy.decided == []
    assert copy.options(0) == g.options(0)
    assert g.decided == [1]  # the game itself is unchanged


def test_fair_copy_of_a_game_without_hidden_decisions_is_the_same_game():
    g = qwixo.new_game("quixo", size=3)
    g.choose(0, g.options(0)[0])
    assert fair_copy(g).to_json() == g.to_json()


def test_hint_answer_for_the_seat_to_act_only():
    g = qwixo.new_game("quixo", size=3)
    assert g.to_act == [0]
    answer = hint_answer(g, 0)
    lines, moves = answer["lines"], answer["moves"]
    assert len(lines) >= 1 and all(isinstance(line, str) and line for line in lines)
    # the ranked moves as data: every legal move, the best first, proven by the database
    assert sorted(m["move"] for m in moves) == sorted(g.options(0))
    assert moves[0]["outcome"] == "win" and moves[0]["plies"] == 7
    assert hint_answer(g, 1) == {"lines": [], "moves": []}


def test_rated_order_puts_the_qwixx_bots_weakest_first():
    bots = ["random", "race", "gap", "optimal", "ev", "odds", "strong"]
    assert rated_order("qwixx", bots) == ["random", "race", "optimal", "gap", "ev", "odds",
                                          "strong"]


def test_rated_order_follows_the_shipped_ratings_of_the_default_class():
    for name in qwixo.game_names():
        cls = qwixo.game_info(name).rating_class({})
        rated = bot_ratings()["classes"].get(cls or "", {}).get("bots", {})
        order = rated_order(name, qwixo.list_bots(name))
        assert sorted(order) == sorted(qwixo.list_bots(name))
        measured = [rated[b]["rating"] for b in order if b in rated]
        assert measured == sorted(measured)
