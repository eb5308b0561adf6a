"""GET /api/games/ID/analysis: a finished game's analysis from the hints' workers, each point
tied to its replay step; a stuck analysis never delays a bot."""

from __future__ import annotations

import asyncio
import threading

import pytest
from server_helpers import create, play_to_end

import qwixo
from qwixo.core import IllegalMove
from qwixo.quixo import perfect
from qwixo.server import botrunner
from qwixo.server.botrunner import BotRunner


def test_analysis_of_a_finished_game(client):
    g = create(client, settings={"size": 3, "ply_limit": 40})
    r = client.get(f"/api/games/{g['id']}/analysis")
    assert r.status_code == 409 and r.json()["key"] == "replay_not_finished"
    moves, final = play_to_end(client, g)
    r = client.get(f"/api/games/{g['id']}/analysis")
    assert r.status_code == 200, r.text
    data = r.json()
    a = data["analysis"]
    assert data["steps"] == moves and a["exact"] and len(a["points"]) == moves
    for p in a["points"]:
        # the replay step of each point shows the position after that move, and the value
        # before it is the database's value of the position one step earlier
        before = client.get(f"/api/games/{g['id']}/replay/{p['step'] - 1}").json()
        game = qwixo.new_game("quixo", position=before["quixo"]["position"])
        value = perfect.probe_game(game)
        assert (p["before"]["value"], p["before"]["plies"]) == value
        assert p["step"] == p["index"] + 1  # no undo in this game: one event a move
    # the same request again comes from the cache
    assert client.get(f"/api/games/{g['id']}/analysis").json() == data
    assert "/api/games/{game_id}/analysis" in client.get("/openapi.json").json()["paths"]


def test_history_steps_follow_undos():
    from qwixo.server.http_api import history_steps

    # a room's events: three moves, the second undone and played again
    game = qwixo.new_game("quixo", size=3)
    events = [{"kind": "choose", "seat": 0, "decision": "a1a3"},
              {"kind": "choose", "seat": 1, "decision": "c1a1"},
              {"kind": "undo", "count": 1},
              {"kind": "choose", "seat": 1, "decision": "c3a3"},
              {"kind": "choose", "seat": 0, "decision": "b1b3"}]

    class R:
        initial = game.to_json()

    R.events = events
    assert history_steps(R) == [1, 4, 5]


def test_a_bot_decides_while_an_analysis_is_stuck(monkeypatch):
    release = threading.Event()
    started = threading.Event()

    def stuck(game, seconds, progress=None):
        started.set()
        release.wait(60)
        return {"points": [], "key": []}

    monkeypatch.setattr(botrunner, "analyse_game", stuck)
    runner = BotRunner(workers=2, processes=0)

    async def scenario():
        done = qwixo.new_game("quixo", size=3)
        first = asyncio.ensure_future(runner.analyse(done, game_id="a", client="x"))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        # the same client again: one waits its turn, the next is refused at once
        second = asyncio.ensure_future(runner.analyse(done.copy(), game_id="b", client="x"))
        await asyncio.sleep(0)
        with pytest.raises(IllegalMove) as busy:
            await runner.analyse(done.copy(), game_id="c", client="x")
        assert busy.value.key == "analysis_busy" and busy.value.status == 429
        other = qwixo.new_game("quixo", size=3)
        decision = await asyncio.wait_for(runner.decide("g", "random", None, other, 0), 30)
        assert decision in other.options(0)
        assert not first.done()
        assert not second.done()
        release.set()
        assert await first == {"points": [], "key": []}
        assert await second == {"points": [], "key": []}

    try:
        asyncio.run(scenario())
    finally:
        release.set()
        runner.close()


def test_analysis_of_games_ended_by_resignation_or_agreed_draw(client):
    from server_helpers import auth, recv_until

    def over(m):
        return m["type"] == "state" and m["view"]["is_over"]

    ended = []
    for game, settings, ending in [("quixo", {"size": 3}, "resign"),
                                   ("quixo", {"size": 3}, "draw"),
                                   ("qwixx", {"players": 2}, "resign")]:
        g = create(client, game=game, settings=settings)
        with client.websocket_connect(f"/ws/{g['id']}") as p0, \
                client.websocket_connect(f"/ws/{g['id']}") as p1:
            view = auth(p0, g["seats"][0]["token"])["view"]
            auth(p1, g["seats"][1]["token"])
            if game == "quixo":  # one move first: the analysis has a decision to value
                p0.send_json({"type": "choose", "decision": "a1c1"})
                recv_until(p1, lambda m: m["type"] == "state" and m["view"]["to_act"] == [1])
            if ending == "resign":
                p1.send_json({"type": "resign"})
            else:
                p0.send_json({"type": "draw"})
                recv_until(p1, lambda m: m["type"] == "draw_offer")
                p1.send_json({"type": "draw"})
            view = recv_until(p0, over)[0]["view"]
        assert view["end_reason"] == ("resign" if ending == "resign" else "agreed_draw")
        ended.append((game, g))
    for game, g in ended:
        r = client.get(f"/api/games/{g['id']}/analysis")
        assert r.status_code == 200, r.text
        a = r.json()["analysis"]
        if game == "quixo":  # the one move, valued from the start position
            assert [p["move"] for p in a["points"]] == ["a1c1"] and a["points"][0]["step"] == 1
