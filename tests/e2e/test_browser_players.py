"""The lobby for players with an account, in a real browser: the bot levels with their
measured ratings (per rating class), the "rated" choice (signed in only, and why not
otherwise), a time per move in days, creating a rated game against a bot and playing it to its
rating, the "your turn" list with notifications asked for only on a click — by keyboard, with
axe-core finding no serious violation."""

from __future__ import annotations

import httpx
import pytest
from a11y import bad, violations
from e2e_helpers import axe_page, more_settings, play_to_end, shot
from playwright.sync_api import expect

from qwixo.i18n import t
from qwixo.tournament import ratings as R

pytestmark = pytest.mark.browser

# a stand-in for the browser's Notification API that records what the page does with it
FAKE_NOTIFICATION = """
window.__asked = 0; window.__shown = [];
class FakeNotification {
  constructor(title, opts) { window.__shown.push({ title, body: opts && opts.body }); }
  static async requestPermission() {
    window.__asked += 1; FakeNotification.permission = "granted";
    localStorage.setItem("fake.permission", "granted");  // a browser remembers the answer
    return "granted";
  }
}
try { FakeNotification.permission = localStorage.getItem("fake.permission") || "default"; }
catch (e) { FakeNotification.permission = "default"; }
window.Notification = FakeNotification;
"""


@pytest.fixture
def lobby_page(browser):
    """A page that may take axe (bypass_csp) with the fake Notification API."""
    with axe_page(browser, {"width": 1280, "height": 900}, FAKE_NOTIFICATION) as page:
        yield page


def _no_serious(page, where):
    found = bad(violations(page))
    assert not found, f"{where}: " + "; ".join(
        f"{v['id']} ({v['impact']}, {v['n']}): {v['targets']}" for v in found)


def _shown(r):
    return f"≈{round(r['rating']):,} ± {round(2 * r['deviation']):,}"  # (English grouping)


def test_signed_out_lobby_shows_bot_ratings_and_why_rated_is_off(server, lobby_page):
    page = lobby_page
    page.goto(server.url + "?lang=en")
    more_settings(page)
    shipped = R.bot_ratings()["classes"]
    rated = page.locator("input[name=rated]")
    expect(rated).to_be_disabled()
    expect(page.locator("#rated-why")).to_contain_text(t("web_rated_signed_out", "en"))
    assert rated.get_attribute("aria-describedby") == "rated-why"
    expect(page.locator("#rated-sign-in")).to_have_attribute("href", "/account.html")
    # every bot level of Quixo 5x5 for two players, with its rating ± 2 deviations
    q5 = shipped["quixo-5x5-2p"]["bots"]
    seat1 = page.locator("select[name=seat1]")
    for bot, r in q5.items():
        expect(seat1.locator(f'option[value="bot:{bot}"]')).to_contain_text(_shown(r))
    # the levels in the order of their ratings, weakest first
    listed = [v[4:] for v in seat1.locator("option").evaluate_all("os => os.map(o => o.value)")
              if v.startswith("bot:") and v[4:] in q5]
    assert listed == sorted(q5, key=lambda b: q5[b]["rating"]), listed
    chosen = seat1.input_value()[4:]
    line = page.locator(".seat-row[data-seat='1'] .bot-rating")
    expect(line).to_contain_text(t("web_bot_rating", "en", rating=_shown(q5[chosen]),
                                   cls="quixo-5x5-2p", games=q5[chosen]["games"],
                                   deviation=round(q5[chosen]["deviation"])))
    _no_serious(page, "lobby signed out")
    # Qwixx: the levels of the Qwixx class, picked by keyboard
    page.locator("input[name=game][value=qwixx]").focus()
    page.keyboard.press("Space")
    xc = shipped["qwixx-classic-2p"]["bots"]
    seat1 = page.locator("select[name=seat1]")
    for bot, r in xc.items():
        expect(seat1.locator(f'option[value="bot:{bot}"]')).to_contain_text(_shown(r))
    # a class nobody measured says so
    page.select_option("select[name=edition]", "longo")
    expect(page.locator(".seat-row[data-seat='1'] .bot-rating")).to_contain_text(
        t("web_bot_unrated", "en", cls="qwixx-longo-2p"))
    shot(page, "lobby-bot-ratings")


def test_rated_game_against_a_bot_from_the_lobby_and_your_turn(own_server, lobby_page):
    url = own_server.url
    page = lobby_page
    # sign up on the account page (by keyboard), then back to the lobby
    page.goto(url + "account.html?lang=en")
    page.locator("#signup-name").fill("Ada")
    page.locator("#signup-password").fill("correct horse battery")
    page.locator("#signup-password").press("Enter")
    expect(page.locator("#status")).to_contain_text(t("acct_signed_in_as", "en", name="Ada"))
    page.goto(url + "?lang=en")
    page.wait_for_selector("#play")
    expect(page.locator("#account-card")).to_contain_text(
        t("acct_signed_in_as", "en", name="Ada"))
    expect(page.locator("#turns")).to_contain_text(t("acct_no_turns", "en"))
    # notifications: nothing asked on load; the button asks, once, when pressed
    assert page.evaluate("window.__asked") == 0
    notify = page.locator("#notify")
    expect(notify).to_have_attribute("aria-pressed", "false")
    notify.focus()
    page.keyboard.press("Enter")
    expect(notify).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#notify-state")).to_have_text(t("web_notify_state_on", "en"))
    assert page.evaluate("window.__asked") == 1
    # the form, in a second tab of hers: 3x3 Quixo against the random bot, rated, two days a move
    tab = page.context.new_page()
    tab.goto(url + "?lang=en")
    tab.select_option("select[name=size]", "3")
    more_settings(tab)
    tab.select_option("select[name=seat1]", "bot:random")
    rated = tab.locator("input[name=rated]")
    expect(rated).to_be_enabled()
    expect(tab.locator("#rated-why")).to_contain_text(t("web_rated_note", "en"))
    expect(tab.locator("#my-rating")).to_contain_text(
        t("web_your_rating_none", "en", cls="quixo-3x3-2p"))
    rated.focus()
    tab.keyboard.press("Space")
    expect(tab.locator("input[name=rated]")).to_be_checked()
    expect(tab.locator("input[name=undo]")).to_be_disabled()  # rated games have no undo
    tab.select_option("select[name=clock_unit]", "days")
    tab.fill("input[name=clock]", "2")
    tab.dispatch_event("input[name=clock]", "change")
    expect(tab.locator("#clock-hint")).to_have_text(t("web_turn_days_hint", "en"))
    _no_serious(tab, "lobby signed in")
    tab.locator("#create").press("Enter")  # to the game, as "Play": the table says it is rated
    expect(tab.locator("#rated-note")).to_contain_text(t("web_rated", "en"))
    gid = tab.url.split("game=")[1].split("&")[0]
    tab.close()
    # the first tab's "Your turn" lists it, and the opted-in notification came
    page.locator(".list-head button").click()
    href = page.locator("#your-turn #turns a").first
    expect(href).to_be_visible()
    assert href.get_attribute("href").split("game=")[1].split("&")[0] == gid
    page.wait_for_function("window.__shown.length === 1")
    assert "Quixo" in page.evaluate("window.__shown[0].body")
    view = httpx.get(url + f"api/games/{gid}", timeout=30).json()
    assert view["clock"]["limit"] == 2 * 24 * 3600  # two days, the turn-based clock
    assert view["rated"] and view["turn_hours"] == 48 and view["hint_available"] is False
    # the lists mark it in words (not by colour alone)
    row = page.locator(f'.game-row[data-id="{gid}"]')
    expect(row).to_contain_text(t("web_rated", "en"))
    expect(row).to_contain_text(t("web_turn_hours_chip", "en", hours=48))
    shot(page, "lobby-rated-created")
    # play it to the end with the seat this browser holds: the game is rated
    seats = page.evaluate("JSON.parse(localStorage.getItem('qwixo.seats'))")
    token = seats[gid]["seats"]["0"]
    play_to_end(url, gid, token, seed=4)
    prof = httpx.get(url + "api/players/Ada", timeout=30).json()
    mine = prof["ratings"]["quixo-3x3-2p"]
    assert mine["games"] == 1 and mine["history"][0]["game"] == gid
    # the profile: the Quixo figures, with the lines the opponent's push made
    page.goto(url + "profile.html?name=Ada&lang=en")
    extras = page.locator("dl.acct-extras").first
    expect(extras).to_contain_text(t("acct_lines_by_opponent_push", "en"))
    st = prof["statistics"]["quixo-3x3-2p"]
    assert st["lines_by_opponent_push"] == sum(
        g.get("details", {}).get("lines_by_opponent", 0) for g in prof["games"])
    _no_serious(page, "profile")
    # back in the lobby: her rating beside the bots', and nothing waits for her
    page.goto(url + "?lang=en")
    page.select_option("select[name=size]", "3")
    more_settings(page)
    expect(page.locator("#my-rating")).to_contain_text(f"≈{round(mine['rating']):,}")
    expect(page.locator("#turns")).to_contain_text(t("acct_no_turns", "en"))
    expect(page.locator("#notify")).to_have_attribute("aria-pressed", "true")
