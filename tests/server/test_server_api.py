"""HTTP API of the web server: meta, catalog, creating games (and refusing bad requests),
listing, views with and without a seat token, joining open seats, history and replay."""

from __future__ import annotations

import json

import pytest
from server_helpers import create, play_to_end

from qwixo.i18n import LANGS, catalog


def test_meta_lists_games_bots_and_languages(client):
    meta = client.get("/api/meta").json()
    assert set(meta["games"]) == {"quixo", "qwixx"}
    assert "random" in meta["games"]["quixo"]["bots"]
    assert "classic" in meta["games"]["qwixx"]["settings"]["edition"]
    assert [lang["code"] for lang in meta["langs"]] == list(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_i18n_catalog(client, lang):
    r = client.get(f"/api/i18n/{lang}")
    assert r.status_code == 200
    assert r.json() == catalog(lang)
    assert "no_such_game" in r.json()


def test_i18n_unknown_language(client):
    r = client.get("/api/i18n/xx")
    assert r.status_code == 404
    assert r.json()["type"] == "error"


def test_openapi_and_docs(client):
    spec = client.get("/openapi.json").json()
    assert "/api/games" in spec["paths"]
    assert "requestBody" in spec["paths"]["/api/games"]["post"]
    assert client.get("/docs").status_code == 200


def test_create_quixo_returns_tokens_only_for_invited_people(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"},
                              {"kind": "bot", "bot": "random"}])
    s0, s1 = g["seats"]
    assert len(s0["token"]) >= 24 and s0["url"].endswith(s0["token"])
    assert "token" not in s1 and s1["kind"] == "bot"
    assert g["view"]["you"] is None and g["view"]["options"] == []
    # the token never shows up again
    listed = client.get("/api/games").json()["games"]
    assert s0["token"] not in str(listed)
    assert s0["token"] not in client.get(f"/api/games/{g['id']}").text


def test_qwixx_seed_is_never_shown(client):
    g = create(client, game="qwixx", settings={"seed": 12345})
    assert "12345" not in json.dumps(g)
    assert "12345" not in client.get(f"/api/games/{g['id']}").text
    assert "12345" not in client.get("/api/games").text
    assert "12345" not in client.get(f"/api/games/{g['id']}/history").text


def test_view_with_token_shows_own_options(client):
    g = create(client)
    tok = g["seats"][0]["token"]
    v = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()
    assert v["you"] == 0 and len(v["options"]) == 20  # 12N - 16 on 3x3
    assert {m["from"] for m in v["quixo"]["moves"]} == set(v["quixo"]["takeable"])
    v1 = client.get(f"/api/games/{g['id']}",
                    headers={"X-Seat-Token": g["seats"][1]["token"]}).json()
    assert v1["you"] == 1 and v1["options"] == []


def test_wrong_token_is_refused(client):
    g = create(client)
    r = client.get(f"/api/games/{g['id']}", params={"token": "x" * 32})
    assert r.status_code == 403 and r.json()["key"] == "bad_token"


def test_no_such_game(client):
    r = client.get("/api/games/nope")
    assert r.status_code == 404 and r.json()["key"] == "no_such_game"
    r = client.get("/api/nothing/here")
    assert r.status_code == 404 and r.json()["key"] == "not_found"
    r = client.delete("/api/games")
    assert r.status_code == 405 and r.json()["type"] == "error"


@pytest.mark.parametrize("body,key", [
    ({"game": "chess", "seats": [{"kind": "human"}]}, "bad_message"),
    ({"game": "quixo", "settings": {"size": 9}, "seats": [{"kind": "human"}] * 2},
     "bad_setting"),
    ({"game": "quixo", "settings": {"size": "5"}, "seats": [{"kind": "human"}] * 2},
     "bad_setting"),
    ({"game": "quixo", "settings": {"colour": 1}, "seats": [{"kind": "human"}] * 2},
     "bad_setting"),
    ({"game": "quixo", "seats": [{"kind": "human"}] * 3}, "wrong_seat_count"),
    ({"game": "quixo", "seats": [{"kind": "human"}, {"kind": "bot"}]}, "bot_needs_name"),
    ({"game": "quixo", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "nobody"}]},
     "unknown_bot"),
    ({"game": "quixo", "seats": [{"kind": "alien"}] * 2}, "bad_message"),
    ({"game": "quixo", "seats": [{"kind": "human", "name": "x" * 41}] * 2}, "bad_message"),
    ({"game": "quixo", "seats": [{"kind": "human", "name": "a\nb"}] * 2}, "bad_message"),
    ({"game": "quixo", "seats": [{"kind": "human"}] * 2, "clock": 1}, "bad_message"),
    ({"game": "quixo", "seats": [{"kind": "human"}] * 2, "extra": True}, "bad_message"),
    ({"game": "qwixx", "settings": {"edition": "deluxe"}, "seats": [{"kind": "human"}] * 2},
     ("bad_setting", "unknown_edition")),
    ({"game": "qwixx", "settings": {"players": 3}, "seats": [{"kind": "human"}] * 2},
     "wrong_seat_count"),
    ({"game": "qwixx", "settings": {"scorepad": "yes"}, "seats": [{"kind": "human"}] * 2},
     "bad_setting"),
    ([1, 2, 3], "bad_message"),
])
def test_create_refuses_bad_requests(client, body, key):
    before = client.get("/api/games").json()["games"]
    r = client.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    err = r.json()
    assert err["type"] == "error" and err["key"] in (key if isinstance(key, tuple) else (key,))
    assert err["text"]  # English text
    assert client.get("/api/games").json()["games"] == before  # nothing created


def test_create_refuses_garbage_and_oversize(client):
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["key"] == "bad_json"
    big = b'{"game": "quixo", "seats": [], "pad": "' + b"x" * 20_000 + b'"}'
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["key"] == "too_large"


def test_error_text_in_requested_language(client):
    r = client.get("/api/games/nope", params={"lang": "pl"})
    assert r.json()["text"] == "Nie ma gry 'nope'."


def test_http_rate_limit(db_path):
    from fastapi.testclient import TestClient

    from qwixo.server.app import create_app

    app = create_app(db_path, warm_up=False, http_rate=0.001, http_burst=3)
    with TestClient(app) as c:
        codes = [c.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                            "seats": [{"kind": "human"}] * 2}).status_code
                 for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]


def test_list_by_status_and_join_open_seat(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "open"}])
    assert g["view"]["status"] == "open"
    assert "token" not in g["seats"][1]
    ids = [x["id"] for x in client.get("/api/games", params={"status": "open"}).json()["games"]]
    assert g["id"] in ids
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Bo"})
    assert r.status_code == 200
    joined = r.json()
    assert joined["seat"] == 1
    v = client.get(f"/api/games/{g['id']}", params={"token": joined["token"]}).json()
    assert v["you"] == 1 and v["seats"][1]["name"] == "Bo" and v["status"] == "running"
    running = client.get("/api/games", params={"status": "running"}).json()["games"]
    assert g["id"] in [x["id"] for x in running]
    r = client.post(f"/api/games/{g['id']}/join", json={})
    assert r.status_code == 409 and r.json()["key"] == "no_free_seat"
    r = client.post(f"/api/games/{g['id']}/join", json={"seat": "1"})
    assert r.status_code == 400
    assert client.get("/api/games", params={"status": "weird"}).status_code == 400


def test_history_and_replay(client):
    g = create(client, settings={"size": 3, "ply_limit": 40})
    r = client.get(f"/api/games/{g['id']}/replay/0")
    assert r.status_code == 409 and r.json()["key"] == "replay_not_finished"
    moves, final = play_to_end(client, g)
    hist = client.get(f"/api/games/{g['id']}/history").json()
    assert [e["n"] for e in hist["events"]] == list(range(1, moves + 1))
    assert all(e["kind"] == "choose" for e in hist["events"])
    first = client.get(f"/api/games/{g['id']}/replay/0").json()
    assert first["quixo"]["rows"] == ["...", "...", "..."] and first["replay"]["steps"] == moves
    last = client.get(f"/api/games/{g['id']}/replay/{moves}").json()
    assert last["quixo"]["rows"] == final["quixo"]["rows"] and last["is_over"]
    # each step is the previous board plus one move, replayed independently with the engine
    import qwixo

    game = qwixo.new_game("quixo", size=3, ply_limit=40)
    for k, ev in enumerate(hist["events"], start=1):
        game.choose(ev["seat"], ev["decision"])
        if k in (1, moves // 2):
            step = client.get(f"/api/games/{g['id']}/replay/{k}").json()
            assert step["quixo"]["position"] == game.position
    assert client.get(f"/api/games/{g['id']}/replay/{moves + 1}").status_code == 404
    assert bool(final["winners"]) == bool(final["quixo"]["lines"])


def test_http_hint(client):
    g = create(client)
    tok = g["seats"][0]["token"]
    r = client.post(f"/api/games/{g['id']}/hint", json={"token": tok})
    assert r.status_code == 200 and r.json()["lines"]
    best = r.json()["moves"][0]
    assert set(best) == {"move", "outcome", "plies", "chance", "score"}
    assert any(best["move"] in line for line in r.json()["lines"])
    r = client.post(f"/api/games/{g['id']}/hint", json={"token": g["seats"][1]["token"]})
    assert r.status_code == 409 and r.json()["key"] == "hint_unavailable"  # not their turn
    r = client.post(f"/api/games/{g['id']}/hint", json={"token": "nope"})
    assert r.status_code == 403


def test_static_front_end_is_served(client):
    r = client.get("/")
    assert r.status_code in (200, 404)  # the front end is another engineer's; served if there
    if r.status_code == 200:
        assert "<html" in r.text.lower()


def test_account_page_is_one_file_under_three_addresses(client):
    from qwixo.server.app import ACCOUNT_PAGE, ACCOUNT_VIEWS, WEB_DIR

    page = (WEB_DIR / ACCOUNT_PAGE).read_bytes()
    for name in ACCOUNT_VIEWS:
        r = client.get(f"/{name}?lang=en")
        assert r.status_code == 200 and r.content == page, name
        assert "text/html" in r.headers["content-type"]
    assert not (WEB_DIR / "profile.html").exists() and not (WEB_DIR / "leaderboard.html").exists()
    assert client.get("/nothere.html").status_code == 404
    assert client.get("/").content != page


def test_create_quixo_from_a_7x7_position(client):
    pos = "/".join(["......."] * 6 + ["x......"]) + " o"
    g = create(client, settings={"position": pos})
    assert g["view"]["quixo"]["position"] == pos and g["view"]["to_act"] == [1]


def test_health_reports_the_collectors_pauses_with_the_servers_thresholds(db_path):
    """A running server collects young objects rarely (``GC_THRESHOLDS``: a full pass over
    1,000 games' objects stalls every game) and reports the collector's pauses; the process's
    thresholds come back when the server stops."""
    import gc

    from fastapi.testclient import TestClient

    from qwixo.server.app import GC_THRESHOLDS, create_app

    before = gc.get_threshold()
    assert before != GC_THRESHOLDS
    with TestClient(create_app(db_path, warm_up=False)) as c:
        assert gc.get_threshold() == GC_THRESHOLDS
        gc.collect(1)  # a pass over generation 1: recorded
        h = c.get("/api/health").json()
        assert h["ok"] and h["gc_ms"]["n"] >= 1 and h["gc_ms"]["max"] >= 0
    assert gc.get_threshold() == before


def test_reach_follows_the_address_the_browser_used(client):
    """``GET /api/reach``: the links' address. Without ``qwixo serve --lan`` a loopback
    address is this computer only; another address (a proxy's name, a LAN address) is kept,
    with the scheme the request came with."""
    r = client.get("/api/reach", headers={"host": "127.0.0.1:8000"}).json()
    assert r == {"base": "http://127.0.0.1:8000/", "local_only": True, "lan": False,
                 "addresses": []}
    r = client.get("/api/reach", headers={"host": "10.9.8.7:8123"}).json()
    assert (r["base"], r["local_only"]) == ("http://10.9.8.7:8123/", False)
    r = client.get("https://play.example/api/reach").json()
    assert (r["base"], r["local_only"]) == ("https://play.example/", False)
    assert "/api/reach" in client.get("/openapi.json").json()["paths"]


def test_reach_on_the_local_network(db_path):
    """``--lan``: a browser on this computer gets links with the machine's LAN address."""
    from fastapi.testclient import TestClient

    from qwixo.server.app import create_app
    from qwixo.server.reach import Listen, lan_addresses

    listen = Listen.of("0.0.0.0", 8000, "auto")
    assert listen.lan == lan_addresses() and all(not a.startswith("127.") for a in listen.lan)
    app = create_app(db_path, warm_up=False)
    app.state.listen = Listen.of("0.0.0.0", 8000, "10.1.2.3")  # as qwixo serve --lan does
    with TestClient(app) as c:
        r = c.get("/api/reach", headers={"host": "localhost:8000"}).json()
    assert r == {"base": "http://10.1.2.3:8000/", "local_only": False, "lan": True,
                 "addresses": ["http://10.1.2.3:8000/"]}


def test_the_creator_is_told_when_someone_sits_down_in_the_free_seat(client):
    from server_helpers import auth, recv_until

    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "open"}])
    with client.websocket_connect(f"/ws/{g['id']}") as ada:
        auth(ada, g["seats"][0]["token"])
        client.post(f"/api/games/{g['id']}/join", json={"name": "Bo"})
        news, _ = recv_until(ada, lambda m: m["type"] == "announce"
                             and m["key"] == "announce_seat_taken")
        assert news["text"] == "Bo sat down in the free seat."
