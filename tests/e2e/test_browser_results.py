"""How a game ends: the result card — the podium, points where the game counts
them, a resignation, the rating change of a rated game ("+16 → 1,516", provisional for a new
player) — and a turn-based clock in days and hours."""

from __future__ import annotations

import re

import httpx
import pytest
from e2e_helpers import shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def _resign(page):
    page.click("#resign")
    page.click("#confirm-ok")
    expect(page.locator("#result-card")).to_be_visible()


def _sign_up(page, url: str, name: str) -> str:
    """A new account ``name`` signed in on the page's context; its CSRF token."""
    r = page.request.post(url + "api/account/signup",
                          data={"name": name, "password": "a long enough secret 7"})
    assert r.ok, r.text()
    return r.json()["csrf"]


def _rated_game_claimed(page, url: str, csrf: str) -> tuple[dict, dict]:
    """A rated 5x5 Quixo game against the greedy bot, its first seat claimed by the signed-in
    account: ``(game, seat)``."""
    g = page.request.post(url + "api/games", data={
        "game": "quixo", "settings": {"size": 5}, "rated": True, "lang": "en",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy", "seconds": 0.05}]}).json()
    seat = g["seats"][0]
    r = page.request.post(url + "api/account/seats", headers={"x-csrf-token": csrf},
                          data={"seats": [{"game": g["id"], "token": seat["token"]}]})
    assert r.ok and r.json()["seats"][0]["claimed"], r.text()
    return g, seat


def test_result_card_of_a_rated_game_shows_the_rating_change(server, page):
    url = server.url
    csrf = _sign_up(page, url, "Rita")
    g, seat = _rated_game_claimed(page, url, csrf)
    page.goto(url.rstrip("/") + seat["url"] + "&lang=en")
    expect(page.locator("#resign")).to_be_visible()
    _resign(page)
    card = page.locator("#result-card")
    places = card.locator(".podium li")
    expect(places).to_have_count(2)
    # the bot first, Rita second: she resigned; her rating fell from 1,500, provisional
    expect(places.nth(0)).to_contain_text(t("web_botname_quixo_greedy", "en"))
    expect(places.nth(1)).to_contain_text("Rita")
    expect(places.nth(1)).to_contain_text(t("web_result_resigned", "en"))
    mine = places.nth(1).locator(".rating-change")
    expect(mine).to_contain_text(t("web_rating_provisional", "en"))
    text = mine.inner_text()
    m = re.search(r"−(\d+) → ([\d,]+)", text)
    assert m, text
    rating = httpx.get(url + "api/players/Rita", timeout=30).json()[
        "ratings"]["quixo-5x5-2p"]["rating"]
    assert int(m.group(2).replace(",", "")) == round(rating)
    assert 1500 - int(m.group(1)) == round(rating)
    # resigned before her fifth decision: only she is rated, the bot's rating stays
    expect(places.nth(0).locator(".rating-change")).to_have_count(0)
    expect(card).not_to_contain_text("±")
    expect(page.locator("#rematch")).to_be_visible()
    expect(page.locator("#new-game")).to_be_visible()
    shot(page, "result-card-rated")
    # the profile in words: a new rating is provisional (no "± 671"), the chart is dated,
    # the history opens the finished game's replay
    page.goto(url + "profile.html?name=Rita&lang=en")
    expect(page.locator("h2").first).to_contain_text(t("web_rating_provisional", "en"))
    expect(page.locator("main")).not_to_contain_text("±")
    expect(page.locator("svg.rating-graph text").last).not_to_have_text("")
    link = page.locator("a", has_text=re.compile("Quixo|quixo")).last
    assert f"game={g['id']}&replay=0" in link.get_attribute("href")
    # the rematch of a rated game is rated too, between the same accounts (it was a new
    # unrated game the page made by itself)
    page.goto(url.rstrip("/") + seat["url"] + "&lang=en")
    page.click("#rematch")
    page.wait_for_url(re.compile(r"game=(?!" + g["id"] + r")"))
    new_id = re.search(r"game=([^&]+)", page.url).group(1)
    view = httpx.get(url + f"api/games/{new_id}", timeout=30).json()
    assert view["rated"] and [s["linked"] for s in view["seats"]] == [False, True]
    assert not page.js_errors


def test_result_card_of_qwixx_lists_points_and_the_clock_reads_days(server, page):
    base = server.url.rstrip("/")
    g = httpx.post(base + "/api/games", json={
        "game": "qwixx", "settings": {"players": 2}, "lang": "en", "turn_hours": 48,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]},
        timeout=30).json()
    page.goto(base + g["seats"][0]["url"] + "&lang=en")
    # a turn-based clock: 48 h less a few seconds, in days and hours (not "172799 s")
    expect(page.locator("#clock")).to_have_text(
        t("web_clock_left", "en", time=t("web_dur_days", "en", d=1, h=23)))
    _resign(page)
    card = page.locator("#result-card")
    expect(card.locator(".podium li").nth(0)).to_contain_text("Bo")
    expect(card.locator(".podium li").nth(0)).to_contain_text(t("web_result_points", "en", score=0))
    expect(card.locator(".podium li").nth(1)).to_contain_text(t("web_result_resigned", "en"))
    expect(page.locator("#rematch")).to_have_text(t("web_rematch_first", "en", name="Bo"))
    assert not page.js_errors


def test_the_score_pad_calls_nobody_you(server, page):
    page.goto(server.url + "?pad=classic&lang=en")
    names = page.locator(".pad-page .sheet-name")
    expect(names.first).to_be_visible()
    assert names.count() >= 2
    you = f"({t('web_you', 'en')})"
    assert not [n for n in names.all_inner_texts() if you in n]  # (was: every sheet)
    assert not page.js_errors


def test_signing_up_asks_before_linking_this_browsers_seats(server, page):
    url = server.url
    games = [httpx.post(url + "api/games", json={
        "game": "quixo", "settings": {"size": 5},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}, timeout=30).json()
        for _ in range(2)]
    page.goto(url + "account.html?lang=en")
    page.evaluate("(gs) => localStorage.setItem('qwixo.seats', JSON.stringify(Object.fromEntries("
                  "gs.map(g => [g.id, {game: 'quixo', seats: {'0': g.seats[0].token}}]))))", games)
    page.locator("#signup-name").fill("Claire")
    page.locator("#signup-password").fill("a long enough secret 8")
    page.locator("#signup-password").press("Enter")
    card = page.locator("#claim-card")
    expect(card.locator("li")).to_have_count(2)  # listed, nothing linked yet
    assert httpx.get(url + "api/players/Claire", timeout=30).json()["games"] == []
    card.locator("input[type=checkbox]").first.uncheck()  # leave the first one out
    page.click("#claim-chosen")
    expect(page.locator("#status")).to_have_text(t("acct_claimed", "en", n=1))
    linked = [g["id"] for g in httpx.get(url + "api/players/Claire", timeout=30).json()["games"]]
    assert linked == [games[1]["id"]]
    # the one left out is not asked again; a new seat is, and "Not now" links nothing
    page.reload()
    expect(page.locator("h1")).to_contain_text("Claire")
    expect(page.locator("#claim-card")).to_have_count(0)
    g3 = httpx.post(url + "api/games", json={
        "game": "quixo", "settings": {"size": 5},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}, timeout=30).json()
    page.evaluate("(g) => { const all = JSON.parse(localStorage.getItem('qwixo.seats'));"
                  " all[g.id] = {game: 'quixo', seats: {'0': g.seats[0].token}};"
                  " localStorage.setItem('qwixo.seats', JSON.stringify(all)); }", g3)
    page.reload()
    expect(page.locator("#claim-card li")).to_have_count(1)
    page.click("#claim-decline")
    expect(page.locator("#status")).to_have_text(t("acct_claim_declined", "en"))
    expect(page.locator("#claim-card")).to_have_count(0)
    assert len(httpx.get(url + "api/players/Claire", timeout=30).json()["games"]) == 1
    assert not page.js_errors


def test_a_rematch_against_a_bot_lets_the_next_player_start_and_says_so(server, page):
    base = server.url.rstrip("/")
    g = httpx.post(base + "/api/games", json={
        "game": "qwixx", "settings": {"players": 2}, "lang": "en",
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "gap"}]},
        timeout=30).json()
    page.goto(base + g["seats"][0]["url"] + "&lang=en")
    _resign(page)
    bot = t("web_bot_named", "en", level=t("web_botname_qwixx_gap", "en"))
    expect(page.locator("#rematch")).to_have_text(t("web_rematch_first", "en", name=bot))
    page.click("#rematch")
    page.wait_for_url(re.compile(r"game=(?!" + g["id"] + ")"))
    new_id = re.search(r"game=([^&]+)", page.url).group(1)
    new = httpx.get(f"{base}/api/games/{new_id}", timeout=30).json()
    # the bot sits first now and rolls first; Ada is the second seat
    assert [s["kind"] for s in new["seats"]] == ["bot", "human"]
    assert new["seats"][1]["name"] == "Ada"
    events = httpx.get(f"{base}/api/games/{new_id}/history", timeout=30).json()["events"]
    assert not events or events[0].get("roller") == 0
    assert not page.js_errors


def test_the_seat_question_and_the_profile_have_no_serious_accessibility_violation(server, browser):
    from a11y import bad, violations
    from e2e_helpers import axe_page

    url = server.url
    g = httpx.post(url + "api/games", json={
        "game": "quixo", "settings": {"size": 5},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}, timeout=30).json()
    with axe_page(browser, {"width": 1280, "height": 800}) as page:
        page.goto(url + "account.html?lang=pl")
        page.evaluate("(g) => localStorage.setItem('qwixo.seats', JSON.stringify("
                      "{[g.id]: {game: 'quixo', seats: {'0': g.seats[0].token}}}))", g)
        page.locator("#signup-name").fill("Dora")
        page.locator("#signup-password").fill("a long enough secret 9")
        page.locator("#signup-password").press("Enter")
        expect(page.locator("#claim-card li")).to_have_count(1)
        found = bad(violations(page))
        assert not found, found
        page.click("#claim-chosen")
        page.goto(url + "profile.html?name=Dora&lang=pl")
        expect(page.locator("h1")).to_contain_text("Dora")
        found = bad(violations(page))
        assert not found, found


def test_result_card_of_qwixx_says_why_the_game_ended(server, page):
    """Two bots play a Qwixx game to its end: the card (and the banner) say which rows were
    locked, or who took the last penalty, in words."""
    base = server.url.rstrip("/")
    g = httpx.post(base + "/api/games", json={
        "game": "qwixx", "settings": {"players": 2, "seed": 3}, "lang": "en", "auto_roll": True,
        "seats": [{"kind": "bot", "bot": "race"}, {"kind": "bot", "bot": "race"}]},
        timeout=30).json()
    page.goto(f"{base}/?game={g['id']}&lang=en")
    why = page.locator("#result-card #result-why")
    expect(why).to_be_visible(timeout=120_000)
    view = httpx.get(f"{base}/api/games/{g['id']}", timeout=30).json()
    board = view["board"]
    if view["end_reason"] == "locks":
        want = t("web_end_locks", "en", rows=",".join(board["closed"]))
        assert len(board["closed"]) == 2
    else:
        assert view["end_reason"] == "penalties"
        most = board["layout"]["max_penalties"]
        assert [s for s in board["sheets"] if s["penalties"] >= most]
        # (the bots' names as the page writes them: their level's name)
        want = t("web_end_penalties", "en", name="", count=most).strip()
    expect(why).to_contain_text(want)
    assert "{" not in why.inner_text()
    assert not page.js_errors


@pytest.fixture
def young_server(tmp_path, monkeypatch):
    """A server whose accounts play unrated for their first hour (the default; the other
    tests' servers rate at once)."""
    from e2e_helpers import Server

    monkeypatch.setenv("QWIXO_RATED_MIN_AGE", "3600")
    srv = Server(tmp_path)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def test_a_new_accounts_rated_game_says_why_it_is_not_rated(young_server, page):
    url = young_server.url
    csrf = _sign_up(page, url, "Yuki")
    # before the game: the lobby's "Rated game" choice says from when her games count
    page.goto(url + "?lang=en")
    expect(page.locator("#rated-why")).to_contain_text("Your account is new")
    g, seat = _rated_game_claimed(page, url, csrf)
    why = page.request.get(url + f"api/games/{g['id']}").json()["unrated"]
    assert why["key"] == "why_unrated_new_account" and why["params"]["name"] == "Yuki"
    page.goto(url.rstrip("/") + seat["url"] + "&lang=en")
    # the table says so before the first move, the result card after the game
    expect(page.locator("#unrated-note")).to_contain_text("the account of Yuki is new")
    _resign(page)
    note = page.locator("#result-card #result-unrated")
    expect(note).to_contain_text("Not rated: the account of Yuki is new: its games count "
                                 "for ratings from")
    expect(page.locator("#result-card .rating-change")).to_have_count(0)
    shot(page, "result-card-unrated")
    assert not page.js_errors
