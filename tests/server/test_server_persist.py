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
