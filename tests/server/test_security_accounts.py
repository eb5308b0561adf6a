"""The second security probe: password checks, the Origin check, the characters of names
and chat lines."""

from __future__ import annotations

import asyncio
import threading

import pytest
from accounts_helpers import PASSWORD, sign_up
from fastapi.testclient import TestClient

from qwixo.server.accounts import HASHES_PER_ADDRESS, MAX_HASHES
from qwixo.server.accounts_api import accounts_of
from qwixo.server.app import create_app


def _accounts(client):
    class _Req:  # accounts_of reads only the app's state
        app = client.app
    return accounts_of(_Req())  # type: ignore[arg-type]


def test_wrong_sign_ins_by_someone_else_do_not_lock_the_owner_out(client):
    sign_up(client, "Ada")
    client.cookies.clear()
    codes = [client.post("/api/account/signin", json={"name": "Ada", "password": "x" * 9}
                         ).status_code for _ in range(7)]
    assert codes[:5] == [401] * 5 and codes[5:] == [429, 429]  # this address waits
    acc = _accounts(client)
    # the owner, from another address, signs in at once
    account_id, name = client.portal.call(acc.sign_in, "Ada", PASSWORD, "192.0.2.7")
    assert name == "Ada" and account_id


def test_deleting_the_account_is_no_password_oracle(client):
    csrf = sign_up(client, "Ada")
    codes = [client.post("/api/account/delete", headers={"x-csrf-token": csrf},
                         json={"password": f"guess {i}"}).status_code for i in range(8)]
    assert codes[0] == 401 and 429 in codes
    assert client.get("/api/account").status_code == 200  # nothing was deleted


def test_the_hashes_go_to_the_address_that_asked_least_off_the_event_loop(client):
    sign_up(client, "Ada")
    acc = _accounts(client)
    assert acc._dummy is None  # no hash made on the event loop when the accounts start
    running, most, threads, lock = [0], [0], set(), threading.Lock()
    real = acc.hasher.verify
    release = threading.Event()

    class Slow:
        def hash(self, password):
            threads.add(threading.current_thread().name)
            return real.__self__.hash(password)

        def verify(self, stored, password):
            with lock:
                running[0] += 1
                most[0] = max(most[0], running[0])
                threads.add(threading.current_thread().name)
            release.wait(30)  # the first hash holds the queue until everybody waits
            try:
                return False  # (a wrong password, without the real hash's 150 ms)
            finally:
                with lock:
                    running[0] -= 1

    acc.hasher = Slow()
    done = []

    async def one(address):
        try:
            out = await acc._verify(None, "x" * 9, address)
        except Exception as e:  # noqa: BLE001 - the refusals are what is counted
            out = e.key
        done.append((address, out))

    async def flood():
        # 24 addresses send as many checks as they may, twice; in the second wave a fresh
        # address asks once, while the first check holds the hashing slot
        for wave in range(2):
            if wave:
                release.clear()
                done.clear()
            jobs = [asyncio.ensure_future(one(f"198.51.100.{k}"))
                    for k in range(24) for _ in range(HASHES_PER_ADDRESS + 1)]
            await asyncio.sleep(0)
            if wave:
                fresh = asyncio.ensure_future(one("203.0.113.9"))
                jobs.append(fresh)
                await asyncio.sleep(0)
            release.set()
            await asyncio.gather(*jobs)

    release.set()
    client.portal.call(flood)
    refused = [a for a, out in done if out == "rate_limited"]
    assert len(refused) == 24 and len(set(refused)) == 24  # one too many of each flooder
    served = [a for a, out in done if out is False]
    # the fresh address asked for the fewest hashes: it is next after the one running
    assert served.index("203.0.113.9") == 1 and len(served) == 24 * HASHES_PER_ADDRESS + 1
    # and the flooders took turns: every one's first check before the others' seconds (the
    # one that held the slot has its second next)
    flooders = [a for a in served if a != "203.0.113.9"]
    assert len(set(flooders[:25])) == 24
    assert most[0] == MAX_HASHES and all(name.startswith("argon2") for name in threads)


def test_wrong_passwords_of_one_account_from_many_addresses_are_limited(client):
    from qwixo.server.accounts import ACCOUNT_FAILURES

    sign_up(client, "Ada")
    acc = _accounts(client)
    # the owner signed in from home before
    client.portal.call(acc.sign_in, "Ada", PASSWORD, "192.0.2.1")
    keys = []
    for k in range(40):  # one guess from each of 40 addresses
        try:
            client.portal.call(acc.sign_in, "Ada", f"guess {k}", f"198.51.100.{k}")
        except Exception as e:  # noqa: BLE001 - the refusals are what is counted
            keys.append(e.key)
    burst = int(ACCOUNT_FAILURES[1])
    assert keys[:burst] == ["bad_credentials"] * burst
    assert set(keys[burst:]) == {"signin_locked"}
    # a new address is held even with the right password; the owner's known address is not
    with pytest.raises(Exception) as e:
        client.portal.call(acc.sign_in, "Ada", PASSWORD, "203.0.113.5")
    assert e.value.key == "signin_locked" and e.value.status == 429
    assert client.portal.call(acc.sign_in, "Ada", PASSWORD, "192.0.2.1")[1] == "Ada"
    # over HTTP: a clear message in the reader's language
    client.cookies.clear()
    r = client.post("/api/account/signin", json={"name": "Ada", "password": PASSWORD},
                    headers={"accept-language": "it"})
    assert r.status_code == 429 and r.json()["key"] == "signin_locked"
    assert "Troppe password errate" in r.json()["text"], r.json()


@pytest.mark.parametrize("password", ["password", "12345678", "Password1", "adalovelace",
                                      "Ada Lovelace", " " * 8, "zzzzzzzzzz"])
def test_weak_passwords_are_refused_at_sign_up(client, password):
    r = client.post("/api/account/signup", json={"name": "Ada Lovelace", "password": password})
    assert r.status_code == 400 and r.json()["key"] == "password_weak", r.text
    assert password.strip() not in r.json()["params"].values()


def test_common_passwords_with_a_suffix_are_refused_at_sign_up(client):
    # five sign-ups: the address's burst (SIGNUP_RATE)
    for password in ("password!", "qwertyuiop1", "aaaaaaab", "123456789a", "iloveyou2"):
        r = client.post("/api/account/signup", json={"name": "Bo", "password": password})
        assert r.status_code == 400 and r.json()["key"] == "password_weak", (password, r.text)


# -- L6: the Origin check does not believe a DNS name from the Host header alone -------------
def test_a_rebound_dns_name_is_not_the_servers_own_origin(client, db_path):
    import json

    from fastapi.testclient import TestClient
    from server_helpers import create
    from starlette.websockets import WebSocketDisconnect

    from qwixo.server.app import create_app

    body = json.dumps({"game": "quixo", "settings": {"size": 3},
                       "seats": [{"kind": "human"}, {"kind": "human"}]})
    rebound = {"content-type": "application/json", "host": "rebind.example",
               "origin": "http://rebind.example"}
    r = client.post("/api/games", content=body, headers=rebound)
    assert r.status_code == 403 and r.json()["key"] == "bad_origin"
    g = create(client)
    with pytest.raises(WebSocketDisconnect) as e, client.websocket_connect(
            f"/ws/{g['id']}", headers=rebound) as ws:
        ws.receive_json()
    assert e.value.code == 4403
    # the same name listed by the host (--allowed-origins) is the server's own
    app = create_app(db_path.with_name("b.sqlite"), warm_up=False,
                     allowed_origins=["http://rebind.example"])
    with TestClient(app) as c:
        assert c.post("/api/games", content=body, headers=rebound).status_code == 201
        with c.websocket_connect(f"/ws/{create(c)['id']}", headers=rebound) as ws:
            ws.send_json({"type": "spectate"})
            assert ws.receive_json()["type"] == "welcome"


# -- L5: blank-looking and hidden characters in names and chat --------------------------------
@pytest.mark.parametrize("ch", ["\u3164", "\u2800", "\u2028", "\u2029", "\ue000", "\u0378",
                                "\uffa0"])
def test_blank_looking_or_hidden_characters_are_refused_in_names_and_chat(client, ch):
    from server_helpers import auth, create, recv_until

    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3}, "seats": [
        {"kind": "human", "name": ch * 3}, {"kind": "human"}]})
    assert r.status_code == 400, r.text
    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3}, "seats": [
        {"kind": "human", "name": f"A{ch}da"}, {"kind": "human"}]})
    assert r.status_code == 400, r.text
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        for text in (ch * 5, f"hi{ch}there"):
            ws.send_json({"type": "chat", "text": text, "id": 1})
            m, _ = recv_until(ws, lambda m: m["type"] in ("error", "chat"))
            assert m["type"] == "error", m


# -- names that look alike: compared by their TR39 skeleton ------------------------------------
def test_names_that_look_alike_are_one_name_in_a_game_and_for_accounts(client):
    sign_up(client, "Vic355")
    client.cookies.clear()
    hidden = ["\ufe00", "\ufe0f", "\U000e0100", "\u034f", "\u180b"]
    r = client.post("/api/account/signup", json={"name": "Vic355\ufe0f", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["key"] == "name_taken", r.text
    acc = _accounts(client)
    for k, ch in enumerate(hidden + ["\u0430"]):  # the invisible ones, and a Cyrillic letter
        name = "Vic355" + ch if ch != "\u0430" else "V\u0456c355"
        with pytest.raises(Exception) as e:  # (each from its own address: no sign-up limit)
            client.portal.call(acc.sign_up, name, PASSWORD, f"198.51.100.{k}")
        assert e.value.key == "name_taken", hex(ord(ch))
        other = "Ad" + ch + "a" if ch != "\u0430" else "Ad\u0430"
        r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3}, "seats": [
            {"kind": "human", "name": "Ada"}, {"kind": "human", "name": other}]})
        assert r.status_code in (400, 409) and r.json()["key"] == "duplicate_name", r.text
    # a name that only differs is welcome
    assert client.post("/api/account/signup", json={"name": "Vic356", "password": PASSWORD}
                       ).status_code == 201


# -- M7: chat limited per seat (all its connections) and per address ---------------------------
def test_chat_is_limited_per_seat_not_per_connection(client):
    from server_helpers import auth, create, recv_until

    from qwixo.server.social import CHAT_PER_SEAT

    g = create(client)
    conns = [client.websocket_connect(f"/ws/{g['id']}") for _ in range(6)]
    answers = []
    try:
        for ws in conns:
            ws.__enter__()
            auth(ws, g["seats"][0]["token"])
        for i in range(12):  # two lines on each of six connections of one seat
            ws = conns[i % len(conns)]
            ws.send_json({"type": "chat", "text": f"line {i}", "id": i})
            m, _ = recv_until(ws, lambda m, i=i: m["type"] in ("ok", "error") and m.get("id") == i)
            answers.append(m.get("key", m["type"]))
    finally:
        for ws in conns:
            ws.__exit__(None, None, None)
    # the seat's burst (one more if a token came back meanwhile on a slow machine)
    assert CHAT_PER_SEAT[1] <= answers.count("ok") <= CHAT_PER_SEAT[1] + 1
    assert answers.count("ok") + answers.count("rate_limited") == 12


# -- L2: a deleted account's name leaves the stored summaries too -------------------------------
def test_a_deleted_accounts_name_stays_gone_after_a_restart(db_path):
    from accounts_helpers import play_to_end, rated_vs_bot

    app = create_app(db_path, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000)
    with TestClient(app) as c:
        csrf = sign_up(c, "Ada")
        g = rated_vs_bot(c, csrf)
        play_to_end(c, g)
        names = [s["name"] for x in c.get("/api/games?status=finished").json()["games"]
                 for s in x["seats"]]
        assert "Ada" in names
        r = c.post("/api/account/delete", headers={"x-csrf-token": csrf},
                   json={"password": PASSWORD})
        assert r.status_code == 200, r.text
    app = create_app(db_path, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000)
    with TestClient(app) as c:  # a new server: the lists come from the stored summaries
        names = [s["name"] for x in c.get("/api/games?status=finished").json()["games"]
                 for s in x["seats"]]
        assert "Ada" not in names and names
