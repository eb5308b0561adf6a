"""The table on a small phone (360x640): the final score table whole (penalties and total on
screen, nothing to scroll sideways), Quixo's last move right under the board (above the guide
and the players), toasts that leave one's sheet and the action bar free, "Tap" (not "Click")
on a touch screen, and axe with no critical or serious violation on the lobby, a game, the
account and the profile pages at that size."""

from __future__ import annotations

from contextlib import contextmanager

import httpx
import pytest
from a11y import bad, violations
from e2e_helpers import axe_page, more_settings, new_page, settle, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser
SMALL = {"width": 360, "height": 640}
# a box that is wholly inside the window
INSIDE = """(el) => { const r = el.getBoundingClientRect();
  return r.left >= 0 && r.right <= innerWidth + 0.5 && r.width > 0; }"""
# two boxes that overlap
OVERLAP = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect();
  const s = document.querySelector(b).getBoundingClientRect();
  return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom; }"""


def _game(base: str, body: dict) -> dict:
    return httpx.post(base + "/api/games", json={"lang": "en", **body}, timeout=30).json()


def _touch(browser):
    ctx = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(20_000)
    return new_page(browser, context=ctx)


@contextmanager
def _seated(browser, base: str, game: str, settings: dict, bot: str):
    """A touch phone's page on Ada's seat of a new game against ``bot``; no JavaScript error."""
    g = _game(base, {"game": game, "settings": settings,
                     "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": bot}]})
    page = _touch(browser)
    try:
        page.goto(base + g["seats"][0]["url"] + "&lang=en")
        yield page
        assert not page.js_errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def _toast(page) -> None:
    """A toast as the page shows one (an announcement)."""
    page.evaluate("async () => (await import('/js/ui.js')).toast('Bea crossed a penalty.', 'announce', 0)")
    page.wait_for_selector("#toasts .toast")


def test_the_final_score_table_fits_a_small_phone(server, browser):
    base = server.url.rstrip("/")
    g = _game(base, {"game": "qwixx", "settings": {"players": 3, "seed": 5}, "auto_roll": True,
                     "seats": [{"kind": "bot", "bot": "race"}] * 3})
    with axe_page(browser, SMALL) as page:
        page.goto(f"{base}/?game={g['id']}&lang=en")
        table = page.locator("#score-table")
        expect(table).to_be_visible(timeout=120_000)
        # nothing to scroll sideways; every row's penalties and total on screen
        assert page.evaluate("(t) => t.scrollWidth <= t.clientWidth + 1", table.element_handle())
        for row in table.locator("tbody tr").all():
            for cell in (row.locator("td").nth(-2), row.locator("td").last):
                assert cell.evaluate(INSIDE), cell.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        found = bad(violations(page))
        assert not found, found
        shot(page, "small-qwixx-score-table")


def test_quixo_on_a_touch_phone_last_move_under_the_board_and_tap(server, browser):
    with _seated(browser, server.url.rstrip("/"), "quixo", {"size": 5}, "random") as page:
        page.locator('.cell[data-square="a1"]').tap()
        # a touch screen: "tap", not "click"
        expect(page.locator(".status.mine")).to_contain_text(
            t("web_quixo_pick_dest_tap", "en", square="a1"))
        page.locator('.arrow[data-move="a1e1"]').tap()
        settle(page)
        expect(page.locator(".cell.takeable").first).to_be_visible()  # the bot answered
        here = page.locator("#last-move-here")
        expect(here).to_be_visible()
        expect(page.locator("#last-move")).to_be_hidden()  # (the side column's copy)
        top = here.bounding_box()["y"]
        for below in (".players", "#guide"):
            if page.locator(below).count():
                assert page.locator(below).bounding_box()["y"] > top, below
        # a toast leaves the board free
        _toast(page)
        assert not page.evaluate(OVERLAP, ["#toasts .toast", ".quixo-board"])
        shot(page, "small-quixo-last-move")


def test_qwixx_on_a_touch_phone_toasts_leave_the_sheet_free(server, browser):
    with _seated(browser, server.url.rstrip("/"), "qwixx", {"players": 2}, "race") as page:
        page.locator("#roll").tap()
        expect(page.locator(".status.mine")).to_contain_text(t("web_choose_cell_tap", "en"))
        _toast(page)
        for free in (".sheet.mine", "#pass"):
            assert not page.evaluate(OVERLAP, ["#toasts .toast", free]), free
        shot(page, "small-qwixx-toast")


def test_no_serious_violation_at_360px(server, browser):
    base = server.url.rstrip("/")
    g = _game(base, {"game": "quixo", "settings": {"size": 3},
                     "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]})
    with axe_page(browser, SMALL) as page:
        screens = {}
        page.goto(base + "/?lang=en")
        more_settings(page)
        screens["lobby"] = bad(violations(page))
        page.goto(base + g["seats"][0]["url"] + "&lang=en")
        page.wait_for_selector(".cell.takeable")
        screens["table"] = bad(violations(page))
        page.goto(base + "/account.html?lang=en")
        page.locator("#signup-name").fill("Tiny")
        page.locator("#signup-password").fill("correct horse battery")
        page.locator("#signup-password").press("Enter")
        expect(page.locator("#claim-card, #turns").first).to_be_visible()
        screens["account"] = bad(violations(page))
        page.goto(base + "/profile.html?name=Tiny&lang=en")
        expect(page.locator("h1")).to_contain_text("Tiny")
        screens["profile"] = bad(violations(page))
        shot(page, "small-profile")
    assert not any(screens.values()), screens


def test_the_score_pad_names_its_players_and_shows_one_sheet_a_screen(server, browser):
    page = _touch(browser)
    try:
        page.goto(server.url + "?pad=classic&lang=en")
        page.wait_for_selector(".pad-page .sheet")
        expect(page.locator("#pad-tools")).not_to_have_attribute("open", "")  # folded
        # one sheet at a time, picked by name; the other one hidden
        expect(page.locator(".pad-page .sheet:visible")).to_have_count(1)
        page.locator("#pad-show-1").tap()
        name = page.locator("input[name=pad-name-1]")
        name.fill("Bea")
        name.press("Enter")
        name.blur()
        expect(page.locator("#pad-show-1")).to_contain_text("Bea")
        sheet = page.locator(".pad-player.current")
        expect(sheet.locator(".sheet-name")).to_have_text("Bea")
        # from the names down, the whole sheet on one screen
        top = page.locator(".pad-switch").bounding_box()["y"]
        box = sheet.bounding_box()
        assert box["y"] + box["height"] - top <= SMALL["height"], (top, box)
        page.reload()  # kept in this browser
        expect(page.locator("#pad-show-1")).to_contain_text("Bea")
        shot(page, "small-pad")
        assert not page.js_errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
