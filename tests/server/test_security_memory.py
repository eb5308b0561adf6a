"""Games nobody uses leave memory, a starting server loads only the games with
work or a clock, and the new games of one address (or account) are capped."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from server_helpers import auth, create

from qwixo.server.app import create_app
from qwixo.server.ratelimit import KeyedLimiter


def test_idle_rooms_leave_memory_and_load_again_when_opened(client):
    lobby = client.app.state.qwixo.lobby
    idle = create(client)  # two people, no clock: nothing runs while they are away
    watched = create(client)
    clocked = create(client, clock=30)
    for g in (idle, watched, clocked):
        lobby.rooms[g["id"]].updated -= 3600
    with client.websocket_connect(f"/ws/{watched['id']}") as ws:
        auth(ws, watched["seats"][0]["token"])
        assert lobby.evict_idle() == 1
        assert idle["id"] not in lobby.rooms
        assert watched["id"] in lobby.rooms and clocked["id"] in lobby.rooms
    # a recent change keeps a room; an evicted one opens as before
    assert lobby.evict_idle(idle=7200) == 0
    view = client.get(f"/api/games/{idle['id']}").json()
    assert view["id"] == idle["id"] and view["version"] == 0 and idle["id"] in lobby.rooms


def test_a_game_loaded_from_the_database_is_loaded_off_the_event_loop(client, monkeypatch):
    """Opening a game not in memory loads it (its save, its seats, the first view) off the
    event loop: while that load takes long, another game's move is answered."""
    from server_helpers import move_while_held

    lobby = client.app.state.qwixo.lobby
    away = create(client)
    del lobby.rooms[away["id"]]  # (as a game nobody used leaves memory)
    r = move_while_held(client, f"/api/games/{away['id']}", lambda wrap: monkeypatch.setattr(
        lobby, "_room_from_row", wrap(lobby._room_from_row)))
    assert r.status_code == 200 and r.json()["id"] == away["id"]
    assert away["id"] in lobby.rooms


def test_a_starting_server_loads_only_games_with_work_or_a_clock(db_path):
    app = create_app(db_path, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000)
    with TestClient(app) as c:
        waiting = create(c)  # waits on a person, no clock
        clocked = create(c, clock=60)
        done = create(c, seats=[{"kind": "bot", "bot": "random"},
                                {"kind": "bot", "bot": "random"}])
        end = time.time() + 30
        while not c.get(f"/api/games/{done['id']}").json()["is_over"] and time.time() < end:
            time.sleep(0.05)
    app = create_app(db_path, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000)
    with TestClient(app) as c:
        rooms = app.state.qwixo.lobby.rooms
        assert clocked["id"] in rooms and waiting["id"] not in rooms and done["id"] not in rooms
        assert c.get(f"/api/games/{waiting['id']}").json()["version"] == 0
        assert waiting["id"] in rooms  # loaded when opened


def test_new_games_are_capped_per_address_and_per_account(client):
    from accounts_helpers import sign_up

    st = client.app.state.qwixo
    st.game_limiter = KeyedLimiter(1 / 3600, 3)
    codes = [client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                              "seats": [{"kind": "human"}, {"kind": "human"}]}
                         ).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.json()["key"] == "too_many_games"
    # an account is counted as such too (wherever it signs in from): its games made
    # elsewhere leave this address nothing to make for it
    sign_up(client, "Ada")
    st.game_limiter.buckets.clear()
    account_id = client.portal.call(_account_of, client)
    for _ in range(3):
        st.game_limiter.take("account " + account_id)
    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 429 and r.json()["key"] == "too_many_games"


async def _account_of(client):
    from qwixo.server.accounts_api import accounts_of

    class _Req:
        app = client.app
    return (await accounts_of(_Req()).session(client.cookies.get("qwixo_session")))[0]
