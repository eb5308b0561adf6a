"""Accounts in the browser: sign up on the account page, claim the seat of a rated game this
browser holds, play it against a bot to the end, then the profile (its rating graph, an SVG
plot) and the leaderboard — by keyboard where a person would type."""

from __future__ import annotations

import httpx
import pytest
from e2e_helpers import play_to_end, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def test_sign_up_rated_game_profile_and_leaderboard(own_server, page):
    url = own_server.url
    g = httpx.post(url + "api/games", json={
        "game": "quixo", "settings": {"size": 3}, "rated": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random", "seconds": 0.05}]},
        timeout=30).json()
    token = g["seats"][0]["token"]
    page.goto(url + "account.html?lang=en")
    # this browser holds the seat (as the lobby page remembers it)
    page.evaluate("([id, tok]) => localStorage.setItem('qwixo.seats', JSON.stringify("
                  "{[id]: {game: 'quixo', settings: {players: 2, size: 3}, seats: {'0': tok},"
                  " saved: Date.now() / 1000}}))", [g["id"], token])
    page.get_by_label(t("acct_name", "en")).last.fill("Ada")
    page.locator("#signup-password").fill("correct horse battery")
    page.locator("#signup-password").press("Enter")
    expect(page.locator("#status")).to_contain_text(t("acct_signed_in_as", "en", name="Ada"))
    # the seats this browser holds are listed in words and linked only when asked to
    claim = page.locator("#claim-card li")
    expect(claim).to_contain_text(t("acct_claim_seat", "en", seat="X", when="").rstrip(", "))
    expect(claim).to_contain_text("Quixo 3×3")
    assert g["id"] not in claim.inner_text()
    page.click("#claim-chosen")
    expect(page.locator("#status")).to_contain_text(t("acct_claimed", "en", n=1))
    # the rated game waits for this person's first move: in the "your turn" list, in words
    turn = page.locator("#turns .turn-link")
    expect(turn).to_have_text(t("acct_game_vs", "en", game="Quixo 3×3 · 2 players",
                                names=t("web_botname_quixo_random", "en")))
    # every page's top bar: the puzzles and the sound button
    expect(page.locator("#nav-puzzles")).to_have_attribute("href", "/?puzzle")
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(sound).to_contain_text(t("web_sound_on", "en"))
    shot(page, "account-signed-in")
    play_to_end(url, g["id"], token, seed=2)
    page.goto(url + "profile.html?name=Ada&lang=en")
    graph = page.locator("svg.rating-graph")
    expect(graph).to_have_count(1)
    expect(graph.locator("circle")).to_have_count(2)  # the start and one rated game
    assert "3×3" in graph.get_attribute("aria-label")  # the class in words
    expect(page.locator("h1")).to_have_text(t("acct_profile_of", "en", name="Ada"))
    # the game in words: the game, the opponent, the result (a Quixo score is its result)
    record = httpx.get(url + "api/players/Ada", timeout=30).json()["games"][0]
    word = t(f"acct_result_{record['result']}", "en")
    line = page.locator(".acct-history li").first
    expect(line).to_contain_text(t("acct_game_vs", "en", game="Quixo 3×3 · 2 players",
                                   names=t("web_botname_quixo_random", "en")) + " — " + word)
    assert g["id"] not in line.inner_text() and "(1)" not in line.inner_text()
    # no mean or best "score" for a game won or lost
    row = page.locator(".acct-table tbody tr").first
    expect(row.locator("td").nth(3)).to_have_text("—")
    expect(row.locator("td").nth(4)).to_have_text("—")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")  # kept
    expect(page.locator("#nav-puzzles")).to_be_visible()
    shot(page, "profile")
    page.goto(url + "leaderboard.html?class=quixo-3x3-2p&lang=pl")
    expect(page.locator("h1")).to_have_text(t("acct_leaderboard", "pl"))
    expect(page.locator("table").first).to_contain_text("Ada")
    expect(page.locator("table").last).to_contain_text(t("web_botname_quixo_random", "pl"))
    shot(page, "leaderboard")
    # sign out from the account page: the page shows the forms again
    page.goto(url + "account.html?lang=en")
    page.get_by_role("button", name=t("acct_sign_out", "en"), exact=True).click()
    expect(page.locator("#signin-name")).to_be_visible()


def test_api_tokens_made_shown_once_revoked_and_a_bot_account(own_server, page):
    url = own_server.url
    page.goto(url + "account.html?lang=en")
    page.get_by_label(t("acct_name", "en")).last.fill("Robo")
    page.locator("#signup-password").fill("correct horse battery")
    page.locator("#signup-password").press("Enter")
    expect(page.locator("#tokens-card")).to_contain_text(t("acct_tokens_none", "en"))
    page.locator("#token-description").fill("my engine")
    page.locator("#token-description").press("Enter")
    value = page.locator("#token-value")
    expect(value).to_be_visible()
    token = value.input_value()
    assert token.startswith("qwx_")
    expect(page.locator("#token-list")).to_contain_text("my engine")
    expect(page.locator("#token-list")).to_contain_text("bot:play")
    r = httpx.get(url + "api/challenges", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 403 and r.json()["key"] == "bot_account_only"
    page.once("dialog", lambda d: d.accept())
    page.click("#bot-upgrade")
    expect(page.locator("#bot-card")).to_contain_text(t("acct_bot_account_is", "en"))
    assert httpx.get(url + "api/challenges",
                     headers={"Authorization": f"Bearer {token}"}).status_code == 200
    page.get_by_role("button", name=t("acct_token_revoke", "en")).click()
    expect(page.locator("#status")).to_contain_text(
        t("acct_token_revoked", "en", name="my engine"))
    expect(page.locator("#token-list")).to_contain_text(t("acct_tokens_none", "en"))
    r = httpx.get(url + "api/challenges", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 401
    page.goto(url + "profile.html?name=Robo&lang=en")
    expect(page.locator("h1")).to_have_text(
        t("acct_profile_of", "en", name=t("web_bot_account_named", "en", name="Robo")))


def test_signing_up_in_a_browser_without_seats_shows_no_null(server, page):
    page.goto(server.url + "account.html?lang=en")
    page.locator("#signup-name").fill("Bea")
    page.locator("#signup-password").fill("correct horse battery")
    page.locator("#signup-password").press("Enter")
    expect(page.locator("h1")).to_have_text(t("acct_signed_in_as", "en", name="Bea"))
    expect(page.locator("#claim-card")).to_have_count(0)  # nothing to claim
    expect(page.locator("#turns")).to_contain_text(t("acct_no_turns", "en"))
    for text in (page.locator("body").inner_text(), page.locator("#status").inner_text()):
        assert "null" not in text and "undefined" not in text, text
