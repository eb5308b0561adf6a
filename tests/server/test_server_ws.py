"""The WebSocket protocol: authentication, spectators, validation of every message, illegal
moves, hidden Qwixx action-1 choices, bots, undo, score-pad mode, rate limits."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import auth, create, recv_until
from starlette.websockets import WebSocketDisconnect


def version(client, gid):
    return client.get(f"/api/games/{gid}").json()["version"]


def test_wrong_token_closes_the_socket(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        ws.send_json({"type": "auth", "token": "not-a-token"})
        err = ws.receive_json()
        assert err["type"] == "error" and err["key"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4401


def test_token_of_another_game_is_refused(client):
    g1, g2 = create(client), create(client)
    with client.websocket_connect(f"/ws/{g2['id']}") as ws:
        ws.send_json({"type": "auth", "token": g1["seats"][0]["token"]})
        assert ws.receive_json()["key"] == "bad_token"


def test_unknown_game_closes(client):
    with client.websocket_connect("/ws/nothing") as ws:
        assert ws.receive_json()["key"] == "no_such_game"
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4404


def test_first_message_must_be_auth(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        ws.send_json({"type": "choose", "decision": "a1c1"})
        assert ws.receive_json()["key"] == "auth_required"
        ws.send_json({"type": "ping", "id": 1})
        assert ws.receive_json()["type"] == "pong"
        # still allowed to authenticate afterwards
        assert auth(ws, g["seats"][0]["token"])["type"] == "welcome"
    assert version(client, g["id"]) == 0


def test_spectator_sees_but_cannot_act(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as spec, \
            client.websocket_connect(f"/ws/{g['id']}") as p0:
        spec.send_json({"type": "spectate"})
        w = spec.receive_json()
        assert w["type"] == "welcome" and w["role"] == "spectator" and w["seat"] is None
        assert w["view"]["options"] == []
        for msg in ({"type": "choose", "decision": "a1c1", "id": 1}, {"type": "undo", "id": 2},
                    {"type": "hint", "id": 3}, {"type": "roll", "id": 4}):
            spec.send_json(msg)
            err, _ = recv_until(spec, lambda m: m["type"] == "error")
            assert err["key"] == "spectator_cannot_act" and err["id"] == msg["id"]
        assert version(client, g["id"]) == 0
        # the player's move reaches the spectator
        auth(p0, g["seats"][0]["token"])
        p0.send_json({"type": "choose", "decision": "a1c1", "id": 9})
        ok, seen = recv_until(p0, lambda m: m["type"] == "ok")
        assert ok["id"] == 9 and ok["version"] == 1
        assert any(m["type"] == "state" and m["view"]["version"] == 1 for m in seen)
        st_, _ = recv_until(spec, lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        assert st_["event"]["decision"] == "a1c1" and st_["view"]["quixo"]["rows"][2] == "..x"


def test_only_the_own_seat(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as p1:
        auth(p1, g["seats"][1]["token"])
        p1.send_json({"type": "choose", "decision": "a1c1", "id": 1})
        err, _ = recv_until(p1, lambda m: m["type"] == "error")
        assert err["key"] == "not_your_turn" and err["params"] == {"player": 1}
        assert "player 1" in err["text"]
    assert version(client, g["id"]) == 0


@pytest.mark.parametrize("raw,key", [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('"auth"', "bad_message"),
    ("{}", "bad_message"),
    ('{"type": "teleport"}', "unknown_type"),
    ('{"type": "choose"}', "bad_message"),
    ('{"type": "choose", "decision": 5}', "bad_message"),
    ('{"type": "choose", "decision": ""}', "bad_message"),
    ('{"type": "choose", "decision": "' + "a" * 65 + '"}', "bad_message"),
    ('{"type": "choose", "decision": "a1c1", "extra": 1}', "bad_message"),
    ('{"type": "roll", "dice": "123"}', "bad_message"),
    ('{"type": "roll", "dice": [1, 2, 3, 4, 5, 6, 7]}', "bad_message"),
    ('{"type": "roll", "dice": [1, 2, 3, 4, 5, 99]}', "bad_message"),
    ('{"type": "roll", "dice": [1.5, 2, 3, 4, 5, 6]}', "bad_message"),
    ('{"type": "lang", "lang": "xx"}', "bad_message"),
    ('{"type": "ping", "id": {"a": 1}}', "bad_message"),
    ('{"type": "choose", "decision": "zz99"}', None),  # well-formed, illegal: engine's key
    ('{"type": "choose", "decision": "b2b3"}', None),  # not a border cube
    ('{"type": "choose", "decision": "a1a1"}', None),  # back where it was taken
    ('{"type": "roll"}', "no_roll_needed"),
    ('{"type": "undo"}', "undo_disabled"),
])
def test_malformed_or_illegal_messages_change_nothing(client, raw, key):
    g = create(client)
    gid = g["id"]
    before = client.get(f"/api/games/{gid}").json()
    with client.websocket_connect(f"/ws/{gid}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_text(raw)
        err, _ = recv_until(ws, lambda m: m["type"] in ("error", "ok"))
        assert err["type"] == "error"
        if key is not None:
            assert err["key"] == key
        assert err["text"] and isinstance(err["params"], dict)
        ws.send_json({"type": "ping", "id": "still-alive"})
        pong, _ = recv_until(ws, lambda m: m["type"] == "pong")
        assert pong["id"] == "still-alive"
    after = client.get(f"/api/games/{gid}").json()
    assert after["version"] == before["version"] == 0
    assert after["quixo"] == before["quixo"]


def test_oversize_message_is_refused_and_closes(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_text(json.dumps({"type": "choose", "decision": "a1c1", "pad": "x" * 5000}))
        err, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert err["key"] == "too_large" and err["params"]["limit"] == 4096
        with pytest.raises(WebSocketDisconnect) as exc:
            recv_until(ws, lambda m: False)
        assert exc.value.code == 4413
    assert version(client, g["id"]) == 0


def test_binary_frames_are_validated_too(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_bytes(b"\xff\xfe garbage")
        err, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert err["key"] == "bad_json"
        ws.send_bytes(b'{"type": "choose", "decision": "a1c1", "id": 1}')
        ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok"


def test_errors_in_the_connection_language(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][1]["token"], lang="it")
        ws.send_json({"type": "choose", "decision": "a1c1"})
        err, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert err["text"] == "Non è il turno del giocatore 1."
        ws.send_json({"type": "lang", "lang": "tr"})
        ws.send_json({"type": "choose", "decision": "a1c1"})
        err, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert err["text"] == "Sıra 1 numaralı oyuncuda değil."


def test_rate_limit_per_connection(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        for i in range(60):
            ws.send_json({"type": "ping", "id": i})
        replies = [ws.receive_json() for _ in range(60)]
        limited = [m for m in replies if m["type"] == "error"]
        pongs = [m for m in replies if m["type"] == "pong"]
        assert limited and all(m["key"] == "rate_limited" for m in limited)
        assert 25 <= len(pongs) < 60  # the burst (30) passes, the flood does not


def test_flooding_closes_the_connection(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        for i in range(200):
            ws.send_json({"type": "ping", "id": i})
        with pytest.raises(WebSocketDisconnect) as exc:
            for _ in range(400):
                ws.receive_json()
        assert exc.value.code == 4429


def test_bot_answers_and_reconnect_gets_the_seat_back(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    tok = g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        w = auth(ws, tok, name="Ada L.")
        ws.send_json({"type": "choose", "decision": w["view"]["options"][0]})
        st_, _ = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["version"] == 2)
        assert st_["event"]["seat"] == 1 and st_["view"]["to_act"] == [0]
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        w = auth(ws, tok)
        assert w["seat"] == 0 and w["view"]["version"] == 2 and w["view"]["options"]
        assert w["view"]["seats"][0]["name"] == "Ada L." and w["view"]["seats"][0]["claimed"]


def test_undo_takes_back_own_move_and_the_bot_answer(client):
    g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], undo=True)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        w = auth(ws, g["seats"][0]["token"])
        start = w["view"]["quixo"]["position"]
        ws.send_json({"type": "choose", "decision": "a1c1"})
        recv_until(ws, lambda m: m["type"] == "state" and m["view"]["version"] == 2)
        ws.send_json({"type": "undo", "id": "u"})
        ok, seen = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok" and ok["id"] == "u"
        state = [m for m in seen if m["type"] == "state"][-1]
        assert state["event"]["kind"] == "undo" and state["event"]["count"] == 2
        assert state["view"]["quixo"]["position"] == start and state["view"]["to_act"] == [0]
        ws.send_json({"type": "undo"})
        err, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert err["key"] == "undo_not_allowed"


def test_undo_refused_after_the_other_person_moved(client):
    g = create(client, undo=True)
    with client.websocket_connect(f"/ws/{g['id']}") as w0, \
            client.websocket_connect(f"/ws/{g['id']}") as w1:
        auth(w0, g["seats"][0]["token"])
        auth(w1, g["seats"][1]["token"])
        w0.send_json({"type": "choose", "decision": "a1c1"})
        recv_until(w0, lambda m: m["type"] == "ok")
        w1.send_json({"type": "choose", "decision": "c3a3"})
        recv_until(w1, lambda m: m["type"] == "ok")
        w0.send_json({"type": "undo"})
        err, _ = recv_until(w0, lambda m: m["type"] == "error")
        assert err["key"] == "undo_not_allowed"
    assert version(client, g["id"]) == 2


def test_quixo_bot_game_to_the_end_with_announcement(client):
    g = create(client, settings={"size": 3, "ply_limit": 60},
               seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    import random

    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        view = auth(ws, g["seats"][0]["token"])["view"]
        announced = []
        while not view["is_over"]:
            if view["to_act"] == [0]:
                ws.send_json({"type": "choose", "decision": rng.choice(view["options"])})
            m, seen = recv_until(ws, lambda m: m["type"] == "state" and (
                m["view"]["to_act"] == [0] or m["view"]["is_over"]))
            announced += [x for x in seen if x["type"] == "announce"]
            view = m["view"]
        more = [ws.receive_json()]
        announced += [x for x in more if x["type"] == "announce"]
        keys = {a["key"] for a in announced}
        assert keys & {"announce_game_won", "announce_drawn"}  # (no 1 / -1 "scores" to people)
        assert not keys & {"announce_game_over", "announce_draw"}
        assert view["status"] == "finished" and view["options"] == []


# -- Qwixx ----------------------------------------------------------------------------------
def test_qwixx_hidden_action1_choices(client):
    g = create(client, game="qwixx", settings={"seed": 4})
    gid = g["id"]
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{gid}") as w0, \
            client.websocket_connect(f"/ws/{gid}") as w1:
        v0 = auth(w0, t0)["view"]
        auth(w1, t1)
        assert v0["roller"] == 0 and v0["phase"] == "roll" and v0["qwixx"]["dice"] is None
        w1.send_json({"type": "roll"})
        err, _ = recv_until(w1, lambda m: m["type"] == "error")
        assert err["key"] == "not_your_roll"
        w0.send_json({"type": "roll", "dice": [3, 4, 1, 1, 1, 1]})
        err, _ = recv_until(w0, lambda m: m["type"] == "error")
        assert err["key"] == "dice_only_scorepad"
        w0.send_json({"type": "roll", "id": "r"})
        ok, _ = recv_until(w0, lambda m: m["type"] == "ok")
        st1, _ = recv_until(w1, lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        v1 = st1["view"]
        assert v1["phase"] == "action1" and sorted(v1["to_act"]) == [0, 1]
        choice = next(o for o in v1["options"] if o != "pass")
        row = choice[0]
        w1.send_json({"type": "choose", "decision": choice})
        recv_until(w1, lambda m: m["type"] == "ok")
        # player 0 sees that player 1 decided, but not what
        s0, _ = recv_until(w0, lambda m: m["type"] == "state" and m["view"]["version"] == 2)
        v = s0["view"]
        assert v["decided"] == [1] and v["my_pending"] is None
        assert s0["event"]["hidden"] is True and "decision" not in s0["event"]
        assert v["last"]["hidden"] is True and "decision" not in v["last"]
        sheet1 = v["qwixx"]["sheets"][1]
        assert all(not c["crossed"] for r in sheet1["rows"] for c in r["cells"])
        assert '"decision"' not in json.dumps(s0)  # no decision anywhere in the message
        # ... nor in the history or the spectator's view
        hist = client.get(f"/api/games/{gid}/history", params={"token": t0}).json()
        assert hist["events"][-1]["hidden"] is True
        assert '"decision"' not in json.dumps(client.get(f"/api/games/{gid}").json())
        # player 1 sees their own pending choice
        mine = client.get(f"/api/games/{gid}", params={"token": t1}).json()
        assert mine["my_pending"] == choice and mine["last"]["decision"] == choice
        # once player 0 decides, everything is revealed
        w0.send_json({"type": "choose", "decision": "pass"})
        s0, _ = recv_until(w0, lambda m: m["type"] == "state" and m["view"]["version"] == 3)
        v = s0["view"]
        assert v["phase"] == "action2" and v["decided"] == []
        sheet1 = {r["row"]: r for r in v["qwixx"]["sheets"][1]["rows"]}
        assert sheet1[row]["crosses"] == 1
        hist = client.get(f"/api/games/{gid}/history").json()
        assert hist["events"][1]["decision"] == choice


def test_qwixx_scorepad_needs_typed_dice(client):
    g = create(client, game="qwixx", settings={"scorepad": True})
    assert g["view"]["scorepad"] is True
    with client.websocket_connect(f"/ws/{g['id']}") as w0:
        auth(w0, g["seats"][0]["token"])
        w0.send_json({"type": "roll"})
        err, _ = recv_until(w0, lambda m: m["type"] == "error")
        assert err["key"] == "dice_required"
        w0.send_json({"type": "roll", "dice": [7, 1, 1, 1, 1, 1]})
        err, _ = recv_until(w0, lambda m: m["type"] == "error")
        assert err["key"] == "bad_dice"
        w0.send_json({"type": "roll", "dice": [6, 6, 2, 3, 4, 5]})
        s, _ = recv_until(w0, lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        assert s["view"]["qwixx"]["dice"] == {"w1": 6, "w2": 6, "r": 2, "y": 3, "g": 4, "b": 5}
        assert s["view"]["qwixx"]["option_cells"]["g12"] == [["g", 0]]
        assert "r12" not in s["view"]["options"]  # a lock number needs 5 crosses first
        assert s["event"]["dice"] == [6, 6, 2, 3, 4, 5]


def test_qwixx_bots_roll_and_play(client):
    g = create(client, game="qwixx", settings={"players": 3, "seed": 2},
               seats=[{"kind": "bot", "bot": "random"}, {"kind": "human"},
                      {"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][1]["token"])
        # the bot (seat 0) rolls; both bots decide action 1; the human must decide
        s, _ = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["to_act"] == [1])
        v = s["view"]
        assert v["phase"] == "action1" and v["to_act"] == [1]
        assert v["decided"] == [0, 2]
        ws.send_json({"type": "choose", "decision": "pass"})
        s, seen = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["roller"] == 1)
        assert s["view"]["phase"] == "roll" and s["view"]["qwixx"]["active"] == 1


def test_auto_roll(client):
    g = create(client, game="qwixx", auto_roll=True)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        v = auth(ws, g["seats"][0]["token"])["view"]
        if v["phase"] == "roll":
            recv_until(ws, lambda m: m["type"] == "state" and m["view"]["phase"] == "action1")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                     children, max_size=4),
    max_leaves=12)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["roll", "choose", "undo", "hint", "lang", "auth", "spectate",
                              "ping", "x"])},
    optional={"decision": json_values, "dice": json_values, "id": json_values,
              "token": json_values, "lang": json_values, "junk": json_values})


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(msg=messages)
def test_random_messages_never_crash_nor_change_a_game(client, msg):
    """Whatever a client sends, the server answers (error, pong or ok) and the connection and
    the game survive; a Quixo game never changes except through a legal choose."""
    g = _shared_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][1]["token"])  # seat 1: never to act in this game
        ws.send_text(json.dumps(msg))
        ws.send_json({"type": "ping", "id": "end"})
        _, seen = recv_until(ws, lambda m: m["type"] == "pong" and m.get("id") == "end")
        assert all(m["type"] in ("error", "pong", "ok", "state", "announce") for m in seen)
    assert version(client, g["id"]) == 0


_GAMES: dict[int, dict] = {}


def _shared_game(client):
    key = id(client)
    if key not in _GAMES:
        _GAMES.clear()
        _GAMES[key] = create(client)
    return _GAMES[key]


def test_qwixx_game_with_two_bots_runs_to_the_end(client):
    """A bot whose action-1 decision completes the action must then play its action 2 (the
    same bot seat acts twice in a row): the game never stalls."""
    g = create(client, game="qwixx", settings={"players": 3, "seed": 11},
               seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}], auto_roll=True)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        view = auth(ws, g["seats"][0]["token"])["view"]
        for _ in range(400):
            if view["is_over"]:
                break
            if 0 in view["to_act"] and view["options"]:
                ws.send_json({"type": "choose", "decision": "pass" if view["phase"] == "action1"
                              else view["options"][-1]})
            m, _ = recv_until(ws, lambda m: m["type"] == "state" and (
                m["view"]["is_over"] or (0 in m["view"]["to_act"] and m["view"]["options"])))
            view = m["view"]
        assert view["is_over"], view["to_act"]


def test_bots_in_worker_processes(db_path):
    """The default of ``qwixo serve``: bots think in worker processes (a search in compiled
    code must not hold the server's GIL)."""
    from fastapi.testclient import TestClient

    from qwixo.server.app import create_app

    app = create_app(db_path, warm_up=False, bot_processes=1)
    with TestClient(app) as c:
        g = create(c, settings={"size": 3}, seats=[{"kind": "human"},
                                                   {"kind": "bot", "bot": "random"}])
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            auth(ws, g["seats"][0]["token"])
            ws.send_json({"type": "choose", "decision": "a1c1"})
            s, _ = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["version"] == 2,
                              limit=50)
            assert s["event"]["seat"] == 1 and s["view"]["to_act"] == [0]
            ws.send_json({"type": "hint", "id": "h"})
            h, _ = recv_until(ws, lambda m: m["type"] in ("hint", "error"))
            assert h["type"] == "hint" and h["lines"]


def test_qwixx_undo_of_a_hidden_choice(client):
    g = create(client, game="qwixx", settings={"seed": 5}, undo=True)
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{g['id']}") as w0, \
            client.websocket_connect(f"/ws/{g['id']}") as w1:
        auth(w0, t0)
        auth(w1, t1)
        w0.send_json({"type": "roll", "dice": None})
        recv_until(w0, lambda m: m["type"] == "ok")
        w1.send_json({"type": "choose", "decision": "pass"})
        recv_until(w1, lambda m: m["type"] == "ok")
        v = client.get(f"/api/games/{g['id']}", params={"token": t1}).json()
        assert v["decided"] == [1] and v["my_pending"] == "pass"
        w1.send_json({"type": "undo"})
        ok, _ = recv_until(w1, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok"
        v = client.get(f"/api/games/{g['id']}", params={"token": t1}).json()
        assert v["decided"] == [] and v["my_pending"] is None and 1 in v["to_act"]
        assert v["phase"] == "action1" and v["version"] == 3


def test_connections_per_address_are_limited(db_path):
    from fastapi.testclient import TestClient

    from qwixo.server.app import create_app

    app = create_app(db_path, warm_up=False, ws_per_address=2)
    with TestClient(app) as c:
        g = create(c)
        with c.websocket_connect(f"/ws/{g['id']}") as a, \
                c.websocket_connect(f"/ws/{g['id']}") as b:
            auth(a, g["seats"][0]["token"])
            auth(b, g["seats"][1]["token"])
            with c.websocket_connect(f"/ws/{g['id']}") as third:
                err = third.receive_json()
                assert err["key"] == "too_many_connections" and err["params"]["limit"] == 2
                with pytest.raises(WebSocketDisconnect) as exc:
                    third.receive_json()
                assert exc.value.code == 4429
        with c.websocket_connect(f"/ws/{g['id']}") as again:  # the others were closed
            assert auth(again, g["seats"][0]["token"])["type"] == "welcome"


def test_a_guest_names_and_renames_their_seat(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/{g['id']}") as p1, \
            client.websocket_connect(f"/ws/{g['id']}") as spy:
        assert auth(p1, g["seats"][1]["token"])["view"]["seats"][1]["name"] == "Player 2"
        spy.send_json({"type": "spectate"})
        recv_until(spy, lambda m: m["type"] == "welcome")
        p1.send_json({"type": "rename", "name": "Zoe", "id": 1})
        assert recv_until(p1, lambda m: m["type"] == "ok")[0]["id"] == 1
        m, _ = recv_until(spy, lambda m: m["type"] == "state")
        assert m["view"]["seats"][1]["name"] == "Zoe"  # everyone sees it at once
        # another seat's name, a name no person could read, a spectator: refused, unchanged
        p1.send_json({"type": "rename", "name": "ada", "id": 2})
        assert recv_until(p1, lambda m: m["type"] == "error")[0]["key"] == "duplicate_name"
        p1.send_json({"type": "rename", "name": "\u200b", "id": 3})
        assert recv_until(p1, lambda m: m["type"] == "error")[0]["key"] == "bad_name"
        spy.send_json({"type": "rename", "name": "Eve", "id": 4})
        assert recv_until(spy, lambda m: m["type"] == "error")[0]["key"] == "spectator_cannot_act"
        p1.send_json({"type": "rename", "name": "Zed", "id": 5})
        recv_until(p1, lambda m: m["type"] == "ok")
    seats = client.get(f"/api/games/{g['id']}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ada", "Zed"]  # (stored: kept on reconnects)
