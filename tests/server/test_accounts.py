"""Accounts: sign-up/in/out, sessions (HttpOnly cookie, no fixation, no replay after
sign-out), CSRF, the sign-in rate limit, deleting an account, claiming a guest's seats."""

from __future__ import annotations

import pytest
from accounts_helpers import PASSWORD, sign_up
from fastapi.testclient import TestClient
from server_helpers import create

from qwixo.server.accounts import SESSION_COOKIE


def test_sign_up_sets_an_httponly_lax_cookie_and_never_returns_the_password(client):
    r = client.post("/api/account/signup", json={"name": "Ada", "password": PASSWORD})
    assert r.status_code == 201
    assert PASSWORD not in r.text and set(r.json()) == {"name", "csrf"}
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(SESSION_COOKIE + "=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower() and "Secure" not in cookie  # plain http here
    me = client.get("/api/account").json()
    assert me.pop("rated_from") is not None  # (when its rated games count: QWIXO_RATED_MIN_AGE)
    assert me == {"name": "Ada", "csrf": r.json()["csrf"], "bot": False}
    # the name is taken (whatever its case), a short password is refused
    r = client.post("/api/account/signup", json={"name": "ADA", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["key"] == "name_taken"
    r = client.post("/api/account/signup", json={"name": "Bo", "password": "short"})
    assert r.status_code == 400 and r.json()["key"] == "password_too_short"


def test_the_cookie_is_secure_over_https(app):
    with TestClient(app, base_url="https://testserver") as c:
        r = c.post("/api/account/signup", json={"name": "Ada", "password": PASSWORD})
        assert r.status_code == 201 and "Secure" in r.headers["set-cookie"]


def test_sign_in_makes_a_new_session_and_sign_out_kills_it(client):
    sign_up(client, "Ada")
    first = client.cookies[SESSION_COOKIE]
    r = client.post("/api/account/signin", json={"name": "ada", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["name"] == "Ada"
    second = client.cookies[SESSION_COOKIE]
    assert second != first  # a new token at sign-in: a planted session is never promoted
    client.cookies.set(SESSION_COOKIE, first)
    assert client.get("/api/account").status_code == 401  # the browser's old session ended
    client.cookies.set(SESSION_COOKIE, second)
    csrf = client.get("/api/account").json()["csrf"]
    # a cookie-authenticated write needs the CSRF header
    r = client.post("/api/account/signout", json={})
    assert r.status_code == 403 and r.json()["key"] == "csrf_failed"
    r = client.post("/api/account/signout", json={}, headers={"x-csrf-token": "0" * 32})
    assert r.status_code == 403
    assert client.post("/api/account/signout", json={},
                       headers={"x-csrf-token": csrf}).status_code == 200
    # replaying the signed-out cookie opens nothing
    client.cookies.set(SESSION_COOKIE, second)
    r = client.get("/api/account")
    assert r.status_code == 401 and r.json()["key"] == "signed_out"
    r = client.post("/api/account/seats", json={"seats": []}, headers={"x-csrf-token": csrf})
    assert r.status_code == 401
    # wrong passwords
    r = client.post("/api/account/signin", json={"name": "Ada", "password": "wrong" * 3})
    assert r.status_code == 401 and r.json()["key"] == "bad_credentials"
    r = client.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert r.status_code == 401 and r.json()["key"] == "bad_credentials"


def test_a_cross_origin_cookie_write_is_refused(client):
    csrf = sign_up(client, "Ada")
    r = client.post("/api/account/signout-all", json={},
                    headers={"x-csrf-token": csrf, "origin": "https://evil.example"})
    assert r.status_code == 403
    assert client.get("/api/account").status_code == 200  # still signed in


def test_sign_out_everywhere(client):
    csrf_a = sign_up(client, "Ada")
    a = client.cookies[SESSION_COOKIE]
    client.cookies.clear()  # another browser
    assert client.post("/api/account/signin",
                       json={"name": "Ada", "password": PASSWORD}).status_code == 200
    b = client.cookies[SESSION_COOKIE]
    client.cookies.set(SESSION_COOKIE, a)
    r = client.post("/api/account/signout-all", json={}, headers={"x-csrf-token": csrf_a})
    assert r.status_code == 200
    for token in (a, b):
        client.cookies.set(SESSION_COOKIE, token)
        assert client.get("/api/account").status_code == 401


def test_sign_in_is_rate_limited_per_name_and_per_address(client):
    sign_up(client, "Ada")
    codes = [client.post("/api/account/signin", json={"name": "Ada", "password": "x" * 9}
                         ).status_code for _ in range(7)]
    assert codes[:5] == [401] * 5 and codes[5:] == [429, 429]
    # even the right password waits now
    r = client.post("/api/account/signin", json={"name": "Ada", "password": PASSWORD})
    assert r.status_code == 429 and PASSWORD not in r.text
    # many names from one address: the address's limit
    codes = [client.post("/api/account/signin", json={"name": f"N{i}", "password": "x" * 9}
                         ).status_code for i in range(10)]
    assert 429 in codes and codes[0] == 401


def test_a_guest_claims_seats_then_deletes_the_account(client):
    g = create(client, seats=[{"kind": "human", "name": "Guest"}, {"kind": "human"}])
    tok = g["seats"][0]["token"]
    csrf = sign_up(client, "Ada")
    r = client.post("/api/account/seats", headers={"x-csrf-token": csrf}, json={"seats": [
        {"game": g["id"], "token": tok}, {"game": g["id"], "token": "bad"},
        {"game": "nope", "token": tok}]})
    res = r.json()["seats"]
    assert res[0] == {"game": g["id"], "claimed": True, "seat": 0}
    assert res[1]["error"] == "bad_token" and res[2]["error"] == "no_such_game"
    prof = client.get("/api/players/ada").json()
    assert [x["id"] for x in prof["games"]] == [g["id"]] and prof["games"][0]["seat"] == 0
    # one account per seat: another account cannot take it, nor can one account hold two
    client.cookies.clear()
    csrf_b = sign_up(client, "Bo")
    r = client.post("/api/account/seats", headers={"x-csrf-token": csrf_b},
                    json={"seats": [{"game": g["id"], "token": tok}]})
    assert r.json()["seats"][0]["error"] == "seat_has_account"
    # the guest link keeps working exactly as before
    v = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()
    assert v["you"] == 0
    # delete: the password is asked again; the game stays, under an anonymous name
    client.cookies.clear()
    client.post("/api/account/signin", json={"name": "Ada", "password": PASSWORD})
    csrf = client.get("/api/account").json()["csrf"]
    r = client.post("/api/account/delete", headers={"x-csrf-token": csrf},
                    json={"password": "wrong password"})
    assert r.status_code == 401
    r = client.post("/api/account/delete", headers={"x-csrf-token": csrf},
                    json={"password": PASSWORD})
    assert r.status_code == 200
    assert client.get("/api/account").status_code == 401
    assert client.get("/api/players/Ada").status_code == 404
    view = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()
    assert view["you"] == 0
    names = [s["name"] for s in client.get(f"/api/games/{g['id']}/history").json()["seats"]]
    assert "Guest" not in names and "Former player" in names
    r = client.post("/api/account/signin", json={"name": "Ada", "password": PASSWORD})
    assert r.status_code == 401
    # the name is free again
    assert client.post("/api/account/signup",
                       json={"name": "Ada", "password": PASSWORD}).status_code == 201


@pytest.mark.parametrize("body", [{"name": "Ada"}, {"name": "Ada", "password": ""},
                                  {"name": "A\u202e", "password": PASSWORD},
                                  {"name": "Ada", "password": "x" * 300}])
def test_bad_bodies_are_refused_cleanly(client, body):
    r = client.post("/api/account/signup", json=body)
    assert r.status_code == 400 and r.json()["key"] in ("bad_message", "bad_name")
    assert PASSWORD not in r.text and "x" * 300 not in r.text


def test_the_account_endpoints_are_in_the_openapi_document(client):
    doc = client.get("/openapi.json").json()
    for path in ("/api/account/signup", "/api/account/signin", "/api/account",
                 "/api/account/signout", "/api/account/signout-all", "/api/account/delete",
                 "/api/account/seats", "/api/account/export", "/api/account/turns",
                 "/api/players/{name}", "/api/leaderboard", "/api/leaderboard/{cls}"):
        assert path in doc["paths"], path
    body = doc["paths"]["/api/account/signup"]["post"]["requestBody"]
    assert "password" in body["content"]["application/json"]["schema"]["properties"]
    create = doc["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]
    assert {"rated", "turn_hours"} <= set(create["schema"]["properties"])
