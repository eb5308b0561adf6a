"""A signed-in player's puzzle rating kept on the server (migration 0007, store_puzzles.py,
``"rated": true`` on POST /api/puzzles/GAME/ID/move, GET /api/puzzles/GAME/rating): Elo as
``puzzles.rate``, one attempt per puzzle counts, session cookie and CSRF as the account's other
writes; the store on SQLite and PostgreSQL, attempts at once losing no update."""

from __future__ import annotations

import asyncio

import pytest
from accounts_helpers import sign_up

from qwixo.quixo import puzzles
from qwixo.server.store import Store
from qwixo.server.store_accounts import AccountStore
from qwixo.server.store_pg import PgStore
from qwixo.server.store_puzzles import START, PuzzleStore


def _first(size: int, plies: int, skip=()):
    return next(q for q in puzzles.load() if q.size == size and q.plies == plies
                and q.id not in skip)


def _winning(p, played):
    """A move that still wins after ``played`` (the defender's replies as the server made)."""
    g = p.game()
    for m in played:
        g.choose(g.to_act[0], m)
    return next(m for m in g.options(g.to_act[0]) if puzzles.check(p, played, m))


def test_the_rating_follows_the_signed_in_players_attempts(client):
    r = client.get("/api/puzzles/quixo/rating")
    assert r.status_code == 401 and r.json()["key"] == "signed_out"
    p = _first(5, 1)
    url = f"/api/puzzles/quixo/{p.id}/move"
    r = client.post(url, json={"move": p.moves[0], "rated": True})
    assert r.status_code == 401 and r.json()["key"] == "signed_out"

    csrf = sign_up(client, "Solver")
    assert client.get("/api/puzzles/quixo/rating").json() == {
        "game": "quixo", "rating": 1500.0, "attempts": 0, "solved": 0}
    r = client.post(url, json={"move": p.moves[0], "rated": True})  # no CSRF header
    assert r.status_code == 403 and r.json()["key"] == "csrf_failed"
    head = {"x-csrf-token": csrf}
    # not rated: judged as before, nothing counted
    q = _first(5, 1, skip={p.id})
    url_q = f"/api/puzzles/quixo/{q.id}/move"
    r = client.post(url_q, json={"move": q.moves[0]}, headers=head).json()
    assert r["solved"] and "rating" not in r
    # ... but that puzzle's solution was shown to the player: it can no longer count
    r = client.post(url_q, json={"move": q.moves[0], "rated": True}, headers=head).json()
    assert r["solved"] and r["rating"] == {"before": 1500.0, "after": 1500.0, "counted": False,
                                           "solution_shown": True}
    r = client.post(url, json={"move": p.moves[0], "rated": True}, headers=head).json()
    after = puzzles.rate(START, p.rating, True)
    assert r["solved"] and r["rating"] == {"before": 1500.0, "after": pytest.approx(after),
                                           "counted": True}
    # the same puzzle again (now failed): one attempt per puzzle counts
    g = p.game()
    wrong = next(m for m in g.options(g.to_act[0]) if m != p.moves[0])
    r = client.post(url, json={"move": wrong, "rated": True}, headers=head).json()
    assert not r["correct"] and r["rating"] == {"before": pytest.approx(after),
                                                "after": pytest.approx(after), "counted": False,
                                                "solution_shown": True}
    # a right move that does not end a longer puzzle counts nothing yet; then a wrong one
    p3 = _first(5, 3)
    url3 = f"/api/puzzles/quixo/{p3.id}/move"
    r = client.post(url3, json={"move": p3.moves[0], "rated": True}, headers=head).json()
    assert r["correct"] and not r["solved"] and "rating" not in r
    r = client.post(url3, json={"played": [p3.moves[0], r["reply"]], "move": "-",
                                "rated": True}, headers=head).json()
    final = puzzles.rate(after, p3.rating, False)
    assert not r["correct"] and r["rating"]["after"] == pytest.approx(final)
    mine = client.get("/api/puzzles/quixo/rating").json()
    assert mine == {"game": "quixo", "rating": pytest.approx(final), "attempts": 2, "solved": 1}
    # the account's export has them
    (kept,) = client.get("/api/account/export").json()["puzzles"]
    assert kept["rating"] == pytest.approx(final) and kept["attempts"] == 2
    assert [(x["puzzle"], x["solved"]) for x in kept["tries"]] == [(p.id, True), (p3.id, False)]
    # another player starts at 1500
    client.post("/api/account/signout", headers=head)
    sign_up(client, "Other")
    assert client.get("/api/puzzles/quixo/rating").json()["attempts"] == 0
    r = client.get("/api/puzzles/qwixx/rating")
    assert r.status_code == 404 and r.json()["key"] == "puzzle_none"


def test_a_rated_attempt_is_followed_from_its_first_ply(client):
    csrf = sign_up(client, "Farmer")
    head = {"x-csrf-token": csrf}
    p, q, w = (_first(5, 3), _first(5, 3, skip=(_first(5, 3).id,)),
               _first(5, 5))
    url = f"/api/puzzles/quixo/{p.id}/move"
    # the farm: an unrated give-up shows the whole line, then one rated POST of all but the
    # last move would count as a solve
    shown = client.post(url, json={"move": "-"}, headers=head).json()["solution"]
    assert len(shown) == 3
    r = client.post(url, json={"played": shown[:-1], "move": shown[-1], "rated": True},
                    headers=head)
    assert r.status_code == 409 and r.json()["key"] == "puzzle_rated_line", r.text
    # played from the first ply, it is judged, but the solution was shown: nothing counts
    r = client.post(url, json={"move": shown[0], "rated": True}, headers=head).json()
    assert r["correct"] and not r["solved"]
    line = [shown[0], r["reply"]]
    r = client.post(url, json={"played": line, "move": _winning(p, line), "rated": True},
                    headers=head).json()
    assert r["solved"] and r["rating"]["counted"] is False and r["rating"]["solution_shown"]
    # a puzzle never shown: a line that did not start at the first ply is refused too
    url_q = f"/api/puzzles/quixo/{q.id}/move"
    r = client.post(url_q, json={"played": list(q.moves[:2]), "move": q.moves[2],
                                 "rated": True}, headers=head)
    assert r.status_code == 409 and r.json()["key"] == "puzzle_rated_line"
    assert client.get("/api/puzzles/quixo/rating").json()["attempts"] == 0
    r = client.post(url_q, json={"move": q.moves[0], "rated": True}, headers=head).json()
    line = [q.moves[0], r["reply"]]
    r = client.post(url_q, json={"played": line, "move": _winning(q, line), "rated": True},
                    headers=head).json()
    assert r["solved"] and r["rating"]["counted"], r
    after = puzzles.rate(START, q.rating, True)
    assert r["rating"]["after"] == pytest.approx(after)
    # the solution shown by an unrated request while a rated attempt goes on ends it unsolved
    url_w = f"/api/puzzles/quixo/{w.id}/move"
    r = client.post(url_w, json={"move": w.moves[0], "rated": True}, headers=head).json()
    assert r["correct"] and not r["solved"]
    r = client.post(url_w, json={"played": [w.moves[0], r["reply"]], "move": "-"},
                    headers=head).json()
    assert r["solution"] and "rating" not in r
    mine = client.get("/api/puzzles/quixo/rating").json()
    assert mine["attempts"] == 2 and mine["solved"] == 1
    assert mine["rating"] == pytest.approx(puzzles.rate(after, w.rating, False))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "qwixo.sqlite")
    return request.getfixturevalue("pg").new_database()


def test_attempts_at_once_lose_no_update_and_count_once(database):
    async def main():
        if database.startswith("postgresql"):
            store = PgStore(database)
            await store.open()
        else:
            store = Store(database)
        try:
            await AccountStore(store).create_account("a1", "A", "a", "x")
            db = PuzzleStore(store)
            # five puzzles of one rating at once, and one of them twice
            ids = ["p1", "p2", "p3", "p4", "p5", "p1"]
            out = await asyncio.gather(*(db.attempt("a1", "quixo", pid, 1600.0, True,
                                                    puzzles.rate) for pid in ids))
            # the line of a rated attempt going on, then the solution shown: kept once set
            await db.follow("a1", "quixo", "p9", ["a1a5", "e1a1"])
            await db.follow("a1", "quixo", "p9", None, shown=True)
            await db.follow("a1", "quixo", "p9", ["a1a5", "e1a1"])
            assert await db.progress("a1", "quixo", "p9") == (["a1a5", "e1a1"], True)
            assert await db.progress("a1", "quixo", "p8") == (None, False)
            # a second account whose name only looks like the first's is refused
            assert not await AccountStore(store).create_account("a2", "\u0410", "\u0430", "x")
            return out, await db.rating("a1", "quixo"), await db.rating("a1", "other")
        finally:
            await store.aclose()

    out, mine, other = asyncio.run(main())
    assert sum(r["counted"] for r in out) == 5
    expected = START
    for _ in range(5):
        expected = puzzles.rate(expected, 1600.0, True)
    assert mine["attempts"] == 5 and mine["solved"] == 5
    assert mine["rating"] == pytest.approx(expected)
    assert other == {"rating": START, "attempts": 0, "solved": 0}
