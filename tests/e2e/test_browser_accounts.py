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
                  "{[id]: {game: 'quixo', seats: {'0': tok}}}))", [g["id"], token])
    page.get_by_label(t("acct_name", "en")).last.fill("Ada")
    page.locator("#signup-password").fill("correct horse battery")
    page.locator("#signup-password").press("Enter")
    expect(page.locator("#status")).to_contain_text(t("acct_signed_in_as", "en", name="Ada"))
    # the seats this browser holds are listed and linked only when asked to
    expect(page.locator("#claim-card")).to_contain_text(g["id"])
    page.click("#claim-chosen")
    expect(page.locator("#status")).to_contain_text(t("acct_claimed", "en", n=1))
    # the rated game waits for this person's first move: in the "your turn" list
    expect(page.locator("#turns")).to_contain_text(g["id"])
    shot(page, "account-signed-in")
    play_to_end(url, g["id"], token, seed=2)
    page.goto(url + "profile.html?name=Ada&lang=en")
    graph = page.locator("svg.rating-graph")
    expect(graph).to_have_count(1)
    expect(graph.locator("circle")).to_have_count(2)  # the start and one rated game
    assert "3×3" in graph.get_attribute("aria-label")  # the class in words
    expect(page.locator("h1")).to_have_text(t("acct_profile_of", "en", name="Ada"))
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
