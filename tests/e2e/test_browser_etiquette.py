"""Table etiquette in the browser: offer a draw (declined, then accepted), resign
by keyboard, and hand an absent player's seat to a bot — each asked first in a dialog."""

from __future__ import annotations

import pytest
from a11y import post
from e2e_helpers import Server, more_settings, new_page, settle, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def _game(server, names, **extra):
    reply = post(server.url, "/api/games", {
        "game": "quixo", "settings": {"size": 5}, "lang": "en",
        "seats": [{"kind": "human", "name": n} for n in names], **extra})
    base = server.url.rstrip("/")
    return [base + s["url"] for s in reply["seats"]]


def _confirm(page):
    expect(page.locator("dialog#confirm")).to_be_visible()
    page.click("#confirm-ok")


def test_draw_offer_declined_then_accepted_and_a_resignation_by_keyboard(server, browser, page):
    ann, ben = page, new_page(browser)
    try:
        urls = _game(server, ["Ann", "Ben"])
        ann.goto(urls[0])
        ben.goto(urls[1])
        for p in (ann, ben):
            expect(p.locator("#offer-draw")).to_be_visible()
        ann.click("#offer-draw")
        _confirm(ann)
        expect(ann.locator(".draw-offer")).to_have_text(t("web_draw_waiting", "en"))
        # (the page names a seat with its side: "Ann (X)")
        expect(ben.locator(".draw-offer")).to_contain_text("Ann")
        expect(ben.locator(".draw-offer")).to_contain_text(t("web_draw_offered", "en", name="").strip())
        ben.click("#draw-decline")
        expect(ann.locator("#offer-draw")).to_be_visible()
        expect(ann.locator(".draw-offer")).to_have_count(0)
        ann.click("#offer-draw")
        _confirm(ann)
        ben.click("#draw-accept")
        for p in (ann, ben):
            expect(p.locator("#result")).to_contain_text(t("web_end_agreed_draw", "en"))
            expect(p.locator("#resign")).to_have_count(0)
        shot(ben, "etiquette-draw")
        # a new game: Ben resigns with the keyboard alone (the dialog opens on "go back")
        urls = _game(server, ["Ann", "Ben"])
        ann.goto(urls[0])
        ben.goto(urls[1])
        ben.locator("#resign").focus()
        ben.keyboard.press("Enter")
        expect(ben.locator("dialog#confirm")).to_be_visible()
        expect(ben.locator("#confirm-cancel")).to_be_focused()
        ben.keyboard.press("Escape")  # changed her mind: nothing happens
        expect(ben.locator("dialog#confirm")).to_have_count(0)
        expect(ben.locator("#result")).to_have_count(0)
        ben.locator("#resign").focus()
        ben.keyboard.press("Enter")
        ben.keyboard.press("Tab")
        expect(ben.locator("#confirm-ok")).to_be_focused()
        ben.keyboard.press("Enter")
        expect(ann.locator("#result")).to_contain_text("Ben")
        expect(ann.locator("#result")).to_contain_text(t("web_end_resign", "en", name="").strip())
        expect(ann.locator("#result")).to_contain_text(t("web_you_win", "en"))
        expect(ben.locator("#result")).to_contain_text(t("web_you_lose", "en"))
        shot(ann, "etiquette-resigned")
        assert not ann.js_errors and not ben.js_errors
    finally:
        ben.context.close()


def test_an_absent_players_seat_is_handed_to_a_bot(tmp_path, browser, page, monkeypatch):
    monkeypatch.setenv("QWIXO_HAND_OVER_SECONDS", "5")
    server = Server(tmp_path)
    server.start()
    try:
        # Ben (seat 0, to move first) comes and goes; Ann waits
        urls = _game(server, ["Ben", "Ann"])
        page.goto(urls[1])
        status = page.locator(".status-row .status")
        expect(status).to_have_text(t("web_waiting_for", "en", names="Ben (X)"))
        ben = new_page(browser)
        ben.goto(urls[0])
        expect(page.locator(".player[data-seat='0'] .pkind.online")).to_be_visible()
        expect(page.locator("#hand-over")).to_have_count(0)  # Ben is here: nothing to offer
        ben.context.close()
        # beside "Waiting for: Ben": the countdown from Ben's leaving, then the button
        wait = page.locator(".status-row #hand-wait-0")
        expect(wait).to_contain_text("Ben")
        first = wait.inner_text()
        assert first.startswith(t("web_hand_to_bot_in", "en", name="Ben (X)", time="").strip()), first
        page.wait_for_function("(t) => { const e = document.querySelector('#hand-wait-0');"
                               " return !e || e.textContent !== t; }", arg=first)  # it counts
        label = t("web_hand_to_bot", "en", name="Ben (X)")
        expect(page.locator(".status-row #hand-0")).to_have_text(label)
        expect(wait).to_have_count(0)
        shot(page, "etiquette-hand-over-offered")
        page.click("#hand-0")
        expect(page.locator("#confirm-text")).to_contain_text("Ben")
        page.click("#confirm-ok")
        settle(page)
        # the bot plays Ben's move: Ann's turn, and the news says who plays for Ben
        expect(page.locator(".quixo-board .cell.takeable").first).to_be_visible(timeout=15_000)
        expect(page.locator("body")).to_contain_text(t("announce_handed", "en", name="Ben"))
        expect(page.locator("#hand-0")).to_have_count(0)
        shot(page, "etiquette-handed")
        assert not page.js_errors
    finally:
        server.stop()


def test_etiquette_controls_have_no_serious_accessibility_violation(server, browser, page):
    from a11y import bad, violations
    from e2e_helpers import axe_page

    urls = _game(server, ["Ann", "Ben"])
    ben = page
    with axe_page(browser, {"width": 1280, "height": 800}) as ann:
        ann.goto(urls[0])
        ben.goto(urls[1])
        # (the game's first load: the page waits for its WebSocket's welcome, slower with
        # axe injected on a loaded machine)
        expect(ann.locator("#offer-draw")).to_be_visible(timeout=60_000)
        expect(ben.locator("#offer-draw")).to_be_visible(timeout=60_000)
        ben.click("#offer-draw")
        _confirm(ben)
        expect(ann.locator("#draw-accept")).to_be_visible()  # asked: accept / decline
        found = bad(violations(ann))
        assert not found, found
        ann.click("#resign")  # the confirmation dialog
        expect(ann.locator("dialog#confirm")).to_be_visible()
        found = bad(violations(ann))
        assert not found, found
        ann.click("#confirm-ok")
        expect(ann.locator("#result-card")).to_be_visible()
        found = bad(violations(ann))
        assert not found, found


def test_the_lobby_offers_the_quixo_end_rule_on_against_a_bot(server, page):
    page.goto(server.url + "?lang=en")
    page.locator("label.seg", has_text="Quixo").click()
    more_settings(page)
    page.select_option("select[name=seat1]", "bot:greedy")
    draw = page.locator("input[name=draw]")
    expect(draw).to_be_checked()  # on by default against a bot
    page.select_option("select[name=seat1]", "me")
    expect(draw).not_to_be_checked()  # between people: offered, off
    draw.check()
    expect(draw).to_be_checked()
    assert not page.js_errors
