"""Rated games: who may be rated, the rating update through ``qwixo.tournament.ratings``
(Glicko-2 against the bot's shipped rating), exactly once, in the game end's transaction;
profiles, leaderboards, export."""

from __future__ import annotations

import pytest
from accounts_helpers import play_to_end, rated_vs_bot, sign_up
from server_helpers import create

from qwixo.tournament import ratings as R


def _rating(client, name, cls):
    return client.get(f"/api/players/{name}").json()["ratings"].get(cls)


def test_a_rated_game_against_a_bot_updates_both_ratings_once(client):
    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf, bot="greedy", size=5)
    view = play_to_end(client, g)
    assert view["is_over"]
    prof = client.get("/api/players/Ada").json()
    mine = prof["ratings"]["quixo-5x5-2p"]
    assert mine["games"] == 1 and len(mine["history"]) == 1
    first = mine["history"][0]
    assert first["game"] == g["id"] and (first["previous"], first["previous_deviation"]) == (
        1500, 350)
    # exactly the Glicko-2 update against the bot's shipped rating
    bot0 = R.Rating.from_dict(R.bot_ratings()["classes"]["quixo-5x5-2p"]["bots"]["greedy"])
    final = client.get(f"/api/games/{g['id']}").json()
    from qwixo import load_game

    room_scores = load_game(client.app.state.qwixo.lobby.rooms[g["id"]].snapshot).scores()
    me, bot = R.rate_game("quixo", 2, [R.Rating(), bot0], room_scores)
    assert abs(mine["rating"] - me.rating) < 0.01 and abs(mine["deviation"] - me.deviation) < 0.01
    board = client.get("/api/leaderboard/quixo-5x5-2p").json()
    assert board["players"][0]["name"] == "Ada"
    assert abs(board["bots"]["greedy"]["rating"] - bot.rating) < 0.01
    assert board["bots"]["greedy"]["games"] == bot0.games + 1
    assert "quixo-5x5-2p" in client.get("/api/leaderboard").json()["classes"]
    # statistics and history through the contract
    st = prof["statistics"]["quixo-5x5-2p"]
    won = 0 in load_game(client.app.state.qwixo.lobby.rooms[g["id"]].snapshot).winners()
    assert st["games"] == 1 and st["wins"] == int(won) and st["best_score"] == room_scores[0]
    assert prof["games"][0]["rated"] and prof["games"][0]["replay"].endswith("/replay/0")
    # export: the games with their events, as a file
    r = client.get("/api/account/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    assert len(r.json()["games"][0]["events"]) == final["version"]


def test_games_that_are_not_rated(client):
    csrf = sign_up(client, "Ada")
    # undo, solo Qwixx and score pads cannot be rated
    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                        "rated": True, "undo": True,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 400 and r.json()["key"] == "not_ratable"
    r = client.post("/api/games", json={"game": "qwixx", "settings": {"players": 1},
                                        "rated": True, "seats": [{"kind": "human"}]})
    assert r.status_code == 400 and r.json()["key"] == "not_ratable"
    # a seat without an account: played, not rated
    g = rated_vs_bot(client, csrf, claim=False)
    why = {"key": "why_unrated_no_account", "params": {"seat": 1, "name": "Player 1"}}
    assert client.get(f"/api/games/{g['id']}").json()["unrated"] == why
    assert play_to_end(client, g)["unrated"] == why
    assert client.get("/api/players/Ada").json()["ratings"] == {}
    # an unrated game (default) with an account: in the history, not rated
    g2 = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random",
                                                   "seconds": 0.05}],
                settings={"size": 3, "ply_limit": 40})
    client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                json={"seats": [{"game": g2["id"], "token": g2["seats"][0]["token"]}]})
    play_to_end(client, g2)
    prof = client.get("/api/players/Ada").json()
    assert prof["ratings"] == {} and [x["rated"] for x in prof["games"]] == [False]
    # hints are refused in a rated game
    g3 = rated_vs_bot(client, csrf)
    r = client.post(f"/api/games/{g3['id']}/hint", json={"token": g3["seats"][0]["token"]})
    assert r.status_code == 409 and r.json()["key"] == "no_hints_rated"


def test_a_second_end_of_the_same_game_is_refused_by_the_database(client):
    """The unique row per game: rating statements for a game already rated conflict, so
    nothing is counted twice even if a game end were decided again."""
    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf)
    play_to_end(client, g)
    st = client.app.state.qwixo
    room = st.lobby.rooms[g["id"]]
    from qwixo.server.accounts import rating_ops
    from qwixo.server.store import StoreError

    async def again():
        ops = await rating_ops(st.store, room, room.game)
        assert ops
        await st.store.write(ops)

    with pytest.raises(StoreError):
        client.portal.call(again)
    rating = _rating(client, "Ada", "quixo-3x3-2p")
    assert rating["games"] == 1 and len(rating["history"]) == 1


def test_a_rated_three_player_qwixx_game_uses_openskill(client):
    csrf = sign_up(client, "Ada")
    r = client.post("/api/games", json={
        "game": "qwixx", "settings": {"players": 3}, "rated": True,
        "auto_roll": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "race", "seconds": 0.05},
                  {"kind": "bot", "bot": "random", "seconds": 0.05}]})
    assert r.status_code == 201, r.text
    g = r.json()
    client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                json={"seats": [{"game": g["id"], "token": g["seats"][0]["token"]}]})
    play_to_end(client, g, seed=3)
    from qwixo import load_game

    scores = load_game(client.app.state.qwixo.lobby.rooms[g["id"]].snapshot).scores()
    shipped = R.bot_ratings()["classes"]["qwixx-classic-3p"]["bots"]
    before = [R.initial("openskill")] + [
        R.Rating.from_dict({**shipped[b], "system": "openskill"}) for b in ("race", "random")]
    expected = R.rate_game("qwixx", 3, before, scores)
    mine = _rating(client, "Ada", "qwixx-classic-3p")
    assert mine["system"] == "openskill" and mine["games"] == 1
    assert abs(mine["rating"] - expected[0].rating) < 0.01
    bots = client.get("/api/leaderboard/qwixx-classic-3p").json()["bots"]
    assert abs(bots["random"]["rating"] - expected[2].rating) < 0.01
    prof = client.get("/api/players/Ada").json()
    assert prof["statistics"]["qwixx-classic-3p"]["best_score"] == scores[0]


def test_statistics_read_the_finished_games_views(client):
    """Profile figures come from the contract's view: crosses per colour, penalties, locks
    of the seat's sheet; for Quixo the wins per seat."""
    csrf = sign_up(client, "Ada")
    r = client.post("/api/games", json={
        "game": "qwixx", "settings": {"players": 2, "seed": 9}, "auto_roll": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random", "seconds": 0.05}]})
    g = r.json()
    client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                json={"seats": [{"game": g["id"], "token": g["seats"][0]["token"]}]})
    play_to_end(client, g, seed=5)
    q = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random",
                                                  "seconds": 0.05}],
               settings={"size": 3, "ply_limit": 30})
    client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                json={"seats": [{"game": q["id"], "token": q["seats"][0]["token"]}]})
    play_to_end(client, q, seed=6)
    prof = client.get("/api/players/Ada").json()
    from qwixo import load_game

    rooms = client.app.state.qwixo.lobby.rooms
    log = load_game(rooms[g["id"]].snapshot).view(0)["board"]["log"]
    penalties = max([e["count"] for e in log if e["event"] == "penalty" and e["player"] == 0],
                    default=0)
    final_q = load_game(rooms[q["id"]].snapshot).view(0)
    st = prof["statistics"]["qwixx-classic-2p"]
    rec = next(x for x in prof["games"] if x["id"] == g["id"])
    crossed = sum(rec["details"]["crosses"].values())
    assert crossed == sum(st["mean_crosses"].values()) and crossed > 0
    assert set(st["mean_crosses"]) <= {"r", "y", "g", "b"}
    assert st["mean_penalties"] == rec["details"]["penalties"] == penalties
    assert st["best_score"] == rec["score"]
    qs = prof["statistics"]["quixo-3x3-2p"]
    assert qs["by_seat"] == {"0": {"games": 1, "wins": int(0 in final_q["winners"])}}
    assert qs["wins_by_opponent_line"] == int(
        final_q["end_reason"] == "opponent_line" and 0 in final_q["winners"])


def test_who_a_finished_rated_game_rates():
    """Sybils and kingmaking: one person resigning after one turn rated a
    3-player Qwixx game for everyone (+120.5 / +30.1 / -150.6); fresh accounts resigning to
    one account lifted it. A resignation in a game of more than two sides, or before the
    resigner's RESIGN_RATED_DECISIONS decisions, rates only the resigner; an account with
    fewer than PROVISIONAL_GAMES rated games moves nobody's rating but its own; a draw agreed
    before the game began is abandoned."""
    from types import SimpleNamespace

    import qwixo
    from qwixo.server.accounts import PROVISIONAL_GAMES, RESIGN_RATED_DECISIONS, rated_seats

    old = (1500.0, 100.0, 0.06, PROVISIONAL_GAMES, "glicko2")
    rows = {p: old for p in ("a:1", "a:2", "a:3", "a:4")}

    def room(seat, n):
        return SimpleNamespace(events=[{"kind": "choose", "seat": seat}] * n)

    three = qwixo.new_game("qwixx", players=3)
    three.resign(2)
    assert rated_seats(room(2, 40), three, ["a:1", "a:2", "a:3"], rows) == {2}
    two = qwixo.new_game("quixo", size=3)
    two.resign(1)
    assert rated_seats(room(1, RESIGN_RATED_DECISIONS - 1), two, ["a:1", "a:2"], rows) == {1}
    assert rated_seats(room(1, RESIGN_RATED_DECISIONS), two, ["a:1", "a:2"], rows) == {0, 1}
    # two sides of two (4-player Quixo): a late resignation rates everyone (the team lost)
    four = qwixo.new_game("quixo", size=3, players=4)
    four.resign(3)
    assert rated_seats(room(3, RESIGN_RATED_DECISIONS), four, ["a:1", "a:2", "a:3", "a:4"],
                       rows) == {0, 1, 2, 3}
    # provisional accounts ("a:new"): rated against established ones and bots, moving nobody
    drawn = qwixo.new_game("quixo", size=3)
    drawn.agree_draw()
    played = SimpleNamespace(events=[{"kind": "choose", "seat": p} for p in (0, 1)] * 9)
    assert rated_seats(room(0, 9), drawn, ["a:1", "a:2"], rows) == set()  # (seat 1: none)
    assert rated_seats(played, drawn, ["a:1", "a:2"], rows) == {0, 1}
    assert rated_seats(played, drawn, ["a:1", "a:new"], rows) == {1}
    assert rated_seats(played, drawn, ["a:new", "a:new2"], rows) == set()
    assert rated_seats(played, drawn, ["b:random", "a:new"], rows) == {0, 1}
