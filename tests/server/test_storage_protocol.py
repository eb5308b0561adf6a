"""The storage Protocol (``qwixo.server.storage.GameStore``): mypy checks that both stores
implement it and that the lobby, the app and the HTTP API use nothing else of a store; one test
suite runs against both stores (SQLite, and PostgreSQL started by the tests)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest

from qwixo.server.storage import GameStore
from qwixo.server.store import GameRow, SeatRow, Store, StoreConflict

SERVER = Path(__file__).resolve().parents[2] / "src" / "qwixo" / "server"
MYPY = [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--follow-imports=silent",
        "--python-version", "3.11", "--no-error-summary", "--no-incremental"]


def mypy(*paths: Path | str) -> subprocess.CompletedProcess:
    pytest.importorskip("mypy")
    return subprocess.run([*MYPY, *map(str, paths)], capture_output=True, text=True,
                          timeout=600)


STORES = ("storage.py", "store.py", "store_pg.py")
USERS = ("lobby.py", "lobby_base.py", "creation.py", "roomcache.py", "seats.py", "commits.py",
         "sync.py", "presence.py", "leases.py", "app.py", "http_api.py")


@pytest.fixture(scope="module")
def checked() -> list[str]:
    """mypy's errors on the stores, the Protocol and the modules typed by it (one run)."""
    proc = mypy(*(SERVER / name for name in STORES + USERS))
    assert "error: " in proc.stdout or proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_both_stores_implement_the_protocol(checked):
    assert [line for line in checked if line.split(":")[0].endswith(STORES)] == []


def test_the_lobby_uses_only_the_protocol(checked):
    """The lobby, the app and the HTTP API are typed by the Protocol: a store member outside
    it would be an error naming ``GameStore`` (other typing debts of these modules aside)."""
    assert [line for line in checked if "GameStore" in line] == []


def test_mypy_finds_a_store_that_misses_a_method(tmp_path):
    bad = tmp_path / "bad_store.py"
    bad.write_text(
        "from qwixo.server.storage import GameStore\n"
        "from qwixo.server.store import Store\n\n"
        "class Half(Store):\n    orphans = None  # type: ignore[assignment]\n\n"
        "def use(s: GameStore) -> None: ...\n\n"
        "use(Half(':memory:'))\n"
        "def lobby_like(s: GameStore) -> None:\n    s.acall(print)\n", "utf-8")
    out = mypy(bad).stdout
    assert 'incompatible type "Half"; expected "GameStore"' in out
    assert '"GameStore" has no attribute "acall"' in out


# -- one suite, both stores --------------------------------------------------------------------
@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        s: GameStore = Store(tmp_path / "s.sqlite")
    else:
        from qwixo.server.store_pg import PgStore

        s = PgStore(request.getfixturevalue("pg").new_database())
    yield s
    if request.param == "sqlite":
        s.close()


def run(store: GameStore, steps):
    """Run ``steps(store)`` in an event loop (a PostgreSQL store opened and closed in it)."""
    async def main():
        if store.shared:
            await store.open()
        try:
            return await steps(store)
        finally:
            if store.shared:
                await store.aclose()
    return asyncio.run(main())


def _row(gid: str, status: str = "waiting") -> GameRow:
    now = time.time()
    return GameRow(id=gid, game="g", settings={"players": 2}, options={}, initial="{}",
                   snapshot='{"v": 0}', version=0, status=status, summary={"id": gid},
                   created=now, updated=now)


SEATS = [SeatRow(seat=0, kind="human", name="Ada", token_hash="h0"),
         SeatRow(seat=1, kind="bot", name="random", bot="random", seconds=0.5)]


def test_is_a_game_store(store):
    assert isinstance(store, GameStore)


def test_create_load_and_moves(store):
    async def steps(s: GameStore):
        await s.create_game(_row("a1"), SEATS)
        for n in (1, 2):
            await s.add_event("a1", {"n": n, "kind": "choose", "seat": n - 1, "time": 1.0 + n,
                                     "decision": f"d{n}"}, f'{{"v": {n}}}', "playing",
                              {"id": "a1", "n": n}, deadline=100.0 + n)
        with pytest.raises(StoreConflict):  # version 2 is taken: nothing written
            await s.add_event("a1", {"n": 2, "kind": "choose", "seat": 0, "time": 9.0,
                                     "decision": "late"}, '{"v": 9}', "playing", {})
        whole = await s.load_game("a1")
        later = await s.load_game("a1", since=1)
        return whole, later, await s.load_game("nope")

    whole, later, missing = run(store, steps)
    assert missing is None
    assert whole["version"] == 2 and whole["snapshot"] == '{"v": 2}'
    assert whole["status"] == "playing" and whole["deadline"] == 102.0
    assert [e["decision"] for e in whole["events"]] == ["d1", "d2"]
    assert [e["n"] for e in later["events"]] == [2]
    assert [(s["seat"], s["kind"], s["name"]) for s in whole["seats"]] == [
        (0, "human", "Ada"), (1, "bot", "random")]


def test_seats_lists_and_leases(store):
    async def steps(s: GameStore):
        await s.create_game(_row("b1"), SEATS)
        await s.create_game(_row("b2", status="finished"), SEATS)
        await s.claim_seat("b1", 0, "Bo", "h9", "playing", {"id": "b1", "claimed": True})
        loaded = await s.load_game("b1")
        return (loaded, await s.unfinished_ids(), await s.summaries(None, 10),
                await s.summaries("finished", 10), await s.take_lease("b1", "me", 5.0),
                await s.renew_leases("me", 5.0), await s.orphans("me"))

    loaded, unfinished, every, finished, lease, renewed, orphans = run(store, steps)
    seat = loaded["seats"][0]
    assert seat["name"] == "Bo" and seat["claimed"] and loaded["status"] == "playing"
    assert unfinished == ["b1"]
    assert {s["id"] for s in every} == {"b1", "b2"}
    assert [s["id"] for s in finished] == ["b2"]
    assert lease is True
    assert renewed <= {"b1"} and isinstance(orphans, list)
