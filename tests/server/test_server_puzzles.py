"""The puzzles' HTTP API (server/puzzles_api.py): a puzzle is sent without its solution; a
move is judged by the game's puzzle module; bad input is refused in the user's language."""

from __future__ import annotations

import datetime as dt

from qwixo.quixo import puzzles


def test_games_daily_and_one(client):
    r = client.get("/api/puzzles").json()
    every = puzzles.load()
    lengths = [{"plies": n, "count": sum(1 for p in every if p.plies == n)} for n in (1, 3, 5)]
    assert r == {"games": [{"game": "quixo", "count": len(every), "lengths": lengths}]}
    d = client.get("/api/puzzles/quixo/daily").json()
    today = dt.datetime.now(dt.UTC).date()
    assert d["id"] == puzzles.daily(puzzles.load(), today).id
    assert "moves" not in d and "solution" not in d
    p = client.get(f"/api/puzzles/quixo/{d['id']}").json()
    assert p["position"] == d["position"] and p["view"]["options"]
    assert p["view"]["you"] == p["view"]["to_act"][0]
    assert client.get("/api/puzzles/quixo/nope").status_code == 404
    r = client.get("/api/puzzles/chess/daily", headers={"Accept-Language": "it"})
    assert r.status_code == 404 and r.json()["key"] == "unknown_game"
    r = client.get("/api/puzzles/qwixx/daily")
    assert r.status_code == 404 and r.json()["key"] == "puzzle_none"


def test_next_by_rating_skips_the_seen(client):
    every = puzzles.load()
    easy = client.get("/api/puzzles/quixo/next", params={"rating": 900}).json()
    hard = client.get("/api/puzzles/quixo/next", params={"rating": 2400}).json()
    assert easy["rating"] < hard["rating"]
    seen = [p.id for p in every if p.id != every[0].id]
    last = client.get("/api/puzzles/quixo/next",
                      params={"rating": 1500, "exclude": ",".join(seen[:150])}).json()
    assert last["id"] not in seen[:150]
    r = client.get("/api/puzzles/quixo/next", params={"rating": -5})
    assert r.status_code == 400


def test_moves_right_wrong_and_refused(client):
    p = next(q for q in puzzles.load() if q.size == 5 and q.plies == 1)
    url = f"/api/puzzles/quixo/{p.id}/move"
    g = p.game()
    wrong = next(m for m in g.options(g.to_act[0]) if m != p.moves[0])
    r = client.post(url, json={"move": wrong}).json()
    assert r["correct"] is False and r["solution"] == list(p.moves)
    r = client.post(url, json={"move": p.moves[0].upper()}).json()  # any spelling
    assert r["correct"] and r["solved"] and r["view"]["is_over"]
    r = client.post(url, json={"played": [p.moves[0]], "move": "a1a5"})
    assert r.status_code == 409 and r.json()["key"] == "puzzle_over"
    r = client.post(url, json={"move": "zz"})
    assert r.status_code == 200 and r.json()["correct"] is False
    p3 = next(q for q in puzzles.load() if q.size == 5 and q.plies == 3)
    url3 = f"/api/puzzles/quixo/{p3.id}/move"
    r = client.post(url3, json={"played": ["a1a1", "b1b1"], "move": p3.moves[0]},
                    headers={"Accept-Language": "pl"})
    assert r.status_code == 400 and r.json()["key"] == "puzzle_bad_line"
    assert "pozycji zadania" in r.json()["text"]
    r = client.post(url3, json={"move": p3.moves[0]}).json()
    assert r["correct"] and not r["solved"] and r["reply"]
    # the line goes on from the defender's reply: the winning answer solves it
    g = p3.game()
    g.choose(g.to_act[0], p3.moves[0])
    g.choose(g.to_act[0], r["reply"])
    win = next(iter(puzzles.winning_moves(g, 1)))
    r = client.post(url3, json={"played": [p3.moves[0], r["reply"]], "move": win}).json()
    assert r["correct"] and r["solved"]
    assert client.post(url, json={"move": "a1a5", "extra": 1}).status_code == 400


def test_a_theme_gives_puzzles_of_one_length(client):
    for plies in (1, 3, 5):
        seen: list[str] = []
        for _ in range(3):
            r = client.get("/api/puzzles/quixo/next",
                           params={"rating": 1500, "plies": plies, "exclude": ",".join(seen)})
            assert r.status_code == 200 and r.json()["plies"] == plies
            seen.append(r.json()["id"])
    r = client.get("/api/puzzles/quixo/next", params={"plies": 2}, headers={"Accept-Language": "pl"})
    assert r.status_code == 400 and r.json()["key"] == "bad_setting"
    assert "brak zadań o tej długości" in r.json()["text"]


def test_the_solution_comes_with_its_positions(client):
    p = next(q for q in puzzles.load() if q.size == 4 and q.plies == 3)
    path = f"/api/puzzles/quixo/{p.id}/move"
    shown = client.post(path, json={"played": [], "move": "-"}).json()
    assert shown["solution"] == list(p.moves)
    views = shown["solution_views"]
    assert len(views) == len(p.moves)
    g = p.game()
    for move, view in zip(p.moves, views, strict=True):
        g.choose(g.to_act[0], move)
        # each the position after that move of the line, as the puzzle's player sees it
        assert view["quixo"]["position"] == g.position
        assert view["you"] == p.game().to_act[0]
    assert views[-1]["is_over"] and g.is_over
    right = client.post(path, json={"played": [], "move": p.moves[0]}).json()
    assert right["correct"] and "solution_views" not in right
