"""What the server acknowledged survives a restart (in-process part): the turn clock's
deadline is stored with the decision that starts it and taken back when the game is loaded
again; a deadline that passed while no server ran is decided at once."""

from __future__ import annotations

import asyncio
import time

from qwixo.server.lobby import Lobby
from qwixo.server.protocol import CreateGame
from qwixo.server.store import Store

QWIXX_CLOCK = {"game": "qwixx", "settings": {"seed": 1, "players": 3},
               "seats": [{"kind": "human"}] * 3, "clock": 60}


def _stored_deadline(store: Store, gid: str) -> float | None:
    return store.call(lambda db: db.execute("SELECT deadline FROM games WHERE id = ?",
                                            (gid,)).fetchone()[0])


def test_the_deadline_is_stored_with_each_decision_and_loaded_back(tmp_path):
    path = tmp_path / "d.sqlite"

    async def first():
        store = Store(path)
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateGame.model_validate(QWIXX_CLOCK))
        stored = [(room.deadline, _stored_deadline(store, room.id))]
        await lobby.act(room, 0, "roll")
        stored.append((room.deadline, _stored_deadline(store, room.id)))
        await asyncio.sleep(0.05)
        await lobby.act(room, 1, "choose", "pass")  # the same round: the time runs on
        stored.append((room.deadline, _stored_deadline(store, room.id)))
        await lobby.close()
        store.close()
        return room.id, stored

    gid, stored = asyncio.run(first())
    assert all(mem == db and db is not None for mem, db in stored)
    assert stored[1][0] > stored[0][0] and stored[2][0] == stored[1][0]

    async def again():
        store = Store(path)
        lobby = Lobby(store)
        room = await lobby.get(gid)
        lobby.kick(room)
        out = room.deadline, room.view(0)["clock"]["deadline"]
        await lobby.close()
        store.close()
        return out

    assert asyncio.run(again()) == (stored[2][0], stored[2][0])  # not a full period later


def test_a_deadline_that_passed_while_down_is_decided_at_once(tmp_path):
    path = tmp_path / "p.sqlite"

    async def first():
        store = Store(path)
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateGame.model_validate(
            {"game": "quixo", "settings": {"size": 3}, "clock": 3600,
             "seats": [{"kind": "human"}, {"kind": "human"}]}))
        await lobby.close()
        # the server is down while the hour goes by
        store.call(lambda db: db.execute("UPDATE games SET deadline = ? WHERE id = ?",
                                         (time.time() - 5, room.id)))
        store.close()
        return room.id

    gid = asyncio.run(first())

    async def again():
        store = Store(path)
        lobby = Lobby(store)
        await lobby.resume()
        room = lobby.rooms[gid]
        for _ in range(100):
            if room.version >= 1:
                break
            await asyncio.sleep(0.02)
        events = list(room.events)
        fresh = room.deadline
        await lobby.close()
        store.close()
        return events, fresh

    events, fresh = asyncio.run(again())
    assert len(events) == 1 and events[0]["auto"] and events[0]["seat"] == 0
    assert fresh is not None and fresh > time.time() + 3500  # the next player's full hour


def test_a_game_stored_without_a_deadline_gets_a_fresh_period(tmp_path):
    """A game of a database from before migration 0004 (no deadline stored) resumes with a
    fresh period for the seat to act, as documented, and stores it with the next decision."""
    path = tmp_path / "old.sqlite"

    async def main():
        store = Store(path)
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateGame.model_validate(QWIXX_CLOCK))
        await lobby.close()
        store.call(lambda db: db.execute("UPDATE games SET deadline = NULL"))
        store.close()
        store = Store(path)
        lobby = Lobby(store)
        t0 = time.time()
        room = await lobby.get(room.id)
        lobby.kick(room)
        fresh = room.deadline
        await lobby.act(room, 0, "roll")
        out = fresh - t0, room.deadline, _stored_deadline(store, room.id)
        await lobby.close()
        store.close()
        return out

    fresh, deadline, stored = asyncio.run(main())
    assert 59 <= fresh <= 61 and stored == deadline is not None


def _app(db_path):
    from fastapi.testclient import TestClient

    from qwixo.server.app import create_app

    return TestClient(create_app(db_path, warm_up=False, http_rate=1000, http_burst=1000))


def test_chat_is_committed_and_its_history_outlives_the_server(tmp_path):
    """Public and team lines (4-player Quixo with ``confer``) come back after a restart, each
    reader getting the public lines and its own team's only; an account deleted later leaves
    its lines under the anonymous name, as its seats."""
    from accounts_helpers import PASSWORD, sign_up
    from server_helpers import auth, create, recv_until

    db = tmp_path / "chat.sqlite"
    with _app(db) as client:
        g = create(client, settings={"players": 4, "size": 5}, confer=True,
                   seats=[{"kind": "human", "name": n} for n in ("N", "E", "S", "W")])
        tok = [s["token"] for s in g["seats"]]
        csrf = sign_up(client, "Norah")
        client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                    json={"seats": [{"game": g["id"], "token": tok[0]}]})
        with client.websocket_connect(f"/ws/{g['id']}") as n:
            auth(n, tok[0])
            for i, (text, to) in enumerate([("hello all", "all"), ("take a1", "team")]):
                n.send_json({"type": "chat", "text": text, "to": to, "id": i})
                assert recv_until(n, lambda m: m["type"] in ("ok", "error"))[0]["type"] == "ok"
            n.send_json({"type": "react", "reaction": "★", "id": 9})
            recv_until(n, lambda m: m["type"] == "ok")
    teams = [next(t for t in _teams(g) if s in t) for s in range(4)]

    with _app(db) as client:  # a new server on the same database
        def log_of(seat):
            with client.websocket_connect(f"/ws/{g['id']}") as ws:
                if seat is None:
                    ws.send_json({"type": "spectate"})
                    recv_until(ws, lambda m: m["type"] == "welcome")
                else:
                    auth(ws, tok[seat])
                ws.send_json({"type": "ping", "id": "p"})
                m, _ = recv_until(ws, lambda m: m["type"] in ("chat_log", "pong"))
                return [(x["name"], x["text"], x["to"]) for x in m.get("messages", [])]

        partner = next(s for s in teams[0] if s != 0)
        other = next(s for s in range(4) if s not in teams[0])
        assert log_of(partner) == [("N", "hello all", "all"), ("N", "take a1", "team")]
        assert log_of(other) == log_of(None) == [("N", "hello all", "all")]
        client.post("/api/account/signin", json={"name": "Norah", "password": PASSWORD})
        csrf = client.get("/api/account").json()["csrf"]
        assert client.post("/api/account/delete", headers={"x-csrf-token": csrf},
                           json={"password": PASSWORD}).status_code == 200
    with _app(db) as client:
        assert log_of(partner) == [("Former player", "hello all", "all"),
                                   ("Former player", "take a1", "team")]


def _teams(g):
    import qwixo

    return qwixo.new_game(g["game"], players=4, size=5).teams()
