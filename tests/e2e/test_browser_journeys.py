"""First minutes in the browser: a new visitor reaches a game against bots with one
click ("Play", above the fold on a desktop and a phone) and plays its first move; two browsers
play "with friends" (the room opens at once with its invite: link, copy, QR code; the friend's
seat fills in live); the keyboard walk of Quixo (the focus comes back to the board after every
own move, bot reply and the game's creation; both push arrows one key apart; a move in at
most 3 key presses; no focus ring cut off); the lobby offline and its h1."""

from __future__ import annotations

import random
import re

import pytest
from e2e_helpers import PHONE, more_settings, new_page, settle, shot, version
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser
SMALL = {"width": 1280, "height": 800}


def above_the_fold(page, selector: str, timeout: float = 5000) -> bool:
    """The element is wholly on the first screen, without scrolling — once the page has laid
    it out (a panel that has just opened may still be moving into place: wait for it, up to
    ``timeout`` ms)."""
    try:
        page.wait_for_function("""(sel) => {
            const el = document.querySelector(sel);
            if (!el) return false;
            const b = el.getBoundingClientRect();
            return b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight
                && b.right <= window.innerWidth;
        }""", arg=selector, timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


def focus_in_board(page) -> bool:
    return page.evaluate("() => !!(document.activeElement && document.activeElement.closest('.board-wrap'))")


def fresh(browser, viewport, service_workers="block"):
    p = new_page(browser, viewport, service_workers=service_workers)
    return p


def wait_my_turn(page) -> bool:
    """True when it is this page's decision, False when the game is over."""
    page.wait_for_selector("#result, .status.mine")
    settle(page)
    return page.locator("#result").count() == 0


@pytest.mark.parametrize("viewport", [SMALL, PHONE], ids=["desktop", "phone"])
def test_a_new_visitor_plays_against_bots_with_one_click(server, browser, viewport):
    page = fresh(browser, viewport, service_workers="allow")  # (as a new visitor's browser)
    clicks = 0
    page.goto(server.url)
    expect(page.locator("h1")).to_have_text(t("web_lobby_title", "en"))
    page.wait_for_selector("#play")
    shot(page, f"journey-lobby-{viewport['width']}")
    boxes = [page.locator(sel).bounding_box() for sel in ("#play", "#play-friends")]
    assert above_the_fold(page, "#play") and above_the_fold(page, "#play-friends"), boxes
    page.click("#play")
    clicks += 1
    # the game opens directly (no "Go to the game"), the focus already on the board
    expect(page.locator(".game-page")).to_be_visible()
    assert "token=" in page.url
    assert wait_my_turn(page)
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('.board-wrap')")
    before = version(page)
    # the first move: two more key presses (take the cube the board offers, push it back in)
    page.keyboard.press("Enter")
    page.wait_for_selector(".arrow.legal:focus")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => +document.querySelector('.game-page').dataset.version > {before}")
    shot(page, f"journey-bots-{viewport['width']}")
    print(f"new visitor -> game against bots at {viewport['width']}x{viewport['height']}: {clicks} click")
    assert clicks == 1
    assert not page.js_errors  # type: ignore[attr-defined]
    page.context.close()


def test_play_with_friends_in_two_browsers(server, browser, phone_page):
    host = fresh(browser, SMALL)
    host.goto(server.url)
    host.wait_for_selector("#play-friends")
    host.locator("label.seg", has_text="Quixo").click()
    host.click("#play-friends")  # one click: the room with its invite
    panel = host.locator("#invite-panel")
    expect(panel).to_be_visible()
    assert above_the_fold(host, "#invite-panel .invite-url")
    expect(panel.locator(".qr svg")).to_be_visible()
    assert panel.locator(".qr svg path").count() >= 1
    expect(panel.locator("button", has_text=t("web_copy", "en"))).to_be_visible()
    # this server listens on 127.0.0.1 only: the invite says so, and how to open it wider
    expect(panel.locator(".reach-note")).to_have_text(t("web_reach_local", "en"))
    link = panel.locator(".invite-url").first.input_value()
    assert "token=" in link
    friend = phone_page  # (a second browser: a new visitor's page of its own)
    friend.goto(link)
    expect(friend.locator(".game-page")).to_be_visible()
    # the seat fills in live on the host's page: the invite goes, the friend is online
    expect(host.locator("#invite-panel")).to_have_count(0)
    expect(host.locator(".player[data-seat='1'] .pkind.online")).to_be_visible()
    # one move each way
    assert wait_my_turn(host)
    host.locator(".cell.takeable").first.click()
    host.locator(".arrow.legal").first.click()
    settle(host)
    assert wait_my_turn(friend)
    expect(friend.locator(".quixo-board .last-line")).to_have_count(1)
    print("game with friends: 1 click for the host (Play with friends), the friend opens the link (0 clicks)")
    shot(host, "journey-friends-host")
    shot(friend, "journey-friends-friend")
    assert not host.js_errors and not friend.js_errors  # type: ignore[attr-defined]
    host.context.close()


def ring_inside(page) -> bool:
    """The focused control's focus ring lies inside the board's box (nothing cut off)."""
    return page.evaluate("""() => {
      const el = document.activeElement;
      const ring = el && el.querySelector('.focus-ring');
      const wrap = el && el.closest('.board-wrap');
      if (!ring || !wrap) return false;
      const r = ring.getBoundingClientRect(), w = wrap.getBoundingClientRect();
      const sw = 9 / 2;  // the ring's stroke, drawn half outside its box
      return r.left - sw >= w.left && r.right + sw <= w.right && r.top - sw >= w.top && r.bottom + sw <= w.bottom;
    }""")


def test_quixo_by_keyboard_alone(server, page):
    page.goto(server.url)
    page.locator("label.seg", has_text="Quixo").click()
    page.select_option("select[name=size]", "3")
    more_settings(page)
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#play")
    rnd = random.Random(7)
    moves = presses_max = 0
    while moves < 8 and wait_my_turn(page):
        # after the game's creation and after every bot reply the focus is on the board
        page.wait_for_function("() => document.activeElement && document.activeElement.closest('[data-roving]')")
        presses = 0
        # walk to a random takeable cube with the arrow keys (not counted: choosing), or take
        # the one focused
        for _ in range(rnd.randrange(3)):
            page.keyboard.press(rnd.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]))
        if not page.evaluate("() => document.activeElement.classList.contains('takeable')"):
            page.locator(".cell.takeable").first.focus()
        page.keyboard.press("Enter")
        presses += 1
        page.wait_for_selector(".arrow.legal:focus")
        arrows = page.locator(".arrow")
        # every arrow is one key press from the first (no walk across the cubes), its ring whole
        first = page.evaluate("() => document.activeElement.dataset.key")
        assert ring_inside(page)
        seen = {first}
        for key in ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]:
            page.keyboard.press(key)
            seen.add(page.evaluate("() => document.activeElement.dataset.key"))
            assert ring_inside(page)
            page.locator(f"[data-key='{first}']").focus()
        assert seen == {a.get_attribute("data-key") for a in arrows.all()}, seen
        if arrows.count() > 1 and rnd.random() < 0.5:
            page.keyboard.press("ArrowDown")
            presses += 1
        if not page.evaluate("() => document.activeElement.classList.contains('legal')"):
            page.locator(".arrow.legal").first.focus()
        before = version(page)
        page.keyboard.press("Enter")
        presses += 1
        page.wait_for_function(f"() => +document.querySelector('.game-page').dataset.version > {before}")
        presses_max = max(presses_max, presses)
        # after the own move the focus stays on the board (not the page's body)
        assert focus_in_board(page)
        moves += 1
    print(f"quixo by keyboard: {moves} moves, at most {presses_max} key presses a move from the board")
    assert moves >= 2 and presses_max <= 3
    assert not page.js_errors  # type: ignore[attr-defined]


def test_the_lobby_offline_says_so_at_once(server, browser):
    page = fresh(browser, SMALL, service_workers="allow")
    page.goto(server.url)
    page.wait_for_selector("#play")
    # the page itself and its texts come (from the service worker's copy, or here from the
    # server); the games' server answers nothing
    page.route(re.compile(r"/api/(meta|games|account|bot-ratings|editions)"), lambda route: route.abort())
    page.reload()
    expect(page.locator("#lobby-offline")).to_have_text(t("web_lobby_offline", "en"))
    # no form that cannot work; the score pad (works offline) is one click away
    expect(page.locator("#create")).to_have_count(0)
    expect(page.locator("#play")).to_have_count(0)
    expect(page.locator("#play-card a[href='/?pad=classic']")).to_be_visible()
    page.context.close()


def test_the_table_at_1280x800(server, browser):
    """The Quixo board whole above the fold; the final score table above the fold; one's own
    name whole; the Bonus A bar's boxes big enough to read and tap."""
    from a11y import create
    from e2e_helpers import play_to_end

    page = fresh(browser, SMALL)
    _, url = create(server.url, "quixo", {"size": 5, "players": 2},
                    [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    page.goto(url)
    page.wait_for_selector(".cell.takeable")
    box = page.locator(".quixo-board").bounding_box()
    assert box["y"] + box["height"] <= SMALL["height"], box
    gid, url = create(server.url, "qwixx", {"edition": "bonus-a", "players": 2},
                      [{"kind": "human", "name": "Ada Lovelace-Byron"}, {"kind": "bot", "bot": "random"}],
                      auto_roll=True)  # the server rolls: the game is played to its end by choices alone
    page.goto(url)
    page.wait_for_selector(".sheet.mine .barbox")
    # measured in one call: the bot's moves redraw the sheet, so boxes found in one render may be
    # gone by the next (a box measured one at a time was sometimes detached: no bounding box)
    boxes = page.evaluate("""() => [...document.querySelectorAll('.sheet.mine .barbox')]
        .map(e => { const r = e.getBoundingClientRect(); return {width: r.width, height: r.height}; })""")
    assert boxes, "no box in the bonus bar"
    for b in boxes:
        assert b["width"] >= 24 and b["height"] >= 24, b
    # the own name is shown whole (no "Player 1 (y…")
    for sel in (".player.me .pname", ".sheet.mine .sheet-name"):
        assert page.evaluate(f"() => {{ const e = document.querySelector('{sel}'); return e.scrollWidth <= e.clientWidth; }}"), sel
    expect(page.locator(".player.me .pname")).to_contain_text("Ada Lovelace-Byron")
    token = url.split("token=")[1]
    play_to_end(server.url, gid, token, seed=5)
    page.reload()
    page.wait_for_selector("#result")
    page.wait_for_selector("#score-table")  # (drawn with the result; visible before measured)
    table = page.locator("#score-table").bounding_box()
    assert table["y"] < SMALL["height"], table
    shot(page, "table-1280x800-over")
    page.context.close()


def test_the_guide_once_and_in_taps_on_a_touch_screen(server, browser):
    """Seen to its last step, the first-game guide does not come back in the next game; on a
    touch screen it speaks of taps, never of keys ("Escape puts the cube back")."""
    from a11y import create

    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(20_000)
    page = new_page(browser, context=ctx)

    def game():
        _, url = create(server.url, "quixo", {"size": 3, "players": 2},
                        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
        page.goto(url)
        page.wait_for_selector(".cell.takeable")

    game()
    guide = page.locator("#guide")
    expect(guide).to_contain_text(t("web_guide_quixo_1_touch", "en"))
    page.locator(".cell.takeable").first.tap()
    expect(guide).to_contain_text(t("web_guide_quixo_2_touch", "en"))
    assert "Escape" not in guide.inner_text()
    page.locator(".arrow.legal").first.tap()
    expect(guide).to_contain_text(t("web_guide_quixo_3", "en"))  # its last step: seen through
    game()
    page.wait_for_timeout(500)
    expect(page.locator("#guide")).to_have_count(0)
    ctx.close()


def test_a_guest_names_themselves_and_the_browser_keeps_the_name(server, phone_page):
    import httpx

    def invite():
        g = httpx.post(server.url + "api/games", timeout=30, json={
            "game": "quixo", "settings": {"size": 3}, "lang": "en",
            "seats": [{"kind": "human", "name": "Host"}, {"kind": "human"}]}).json()
        return g, server.url.rstrip("/") + g["seats"][1]["url"] + "&lang=en"

    g, link = invite()
    friend = phone_page
    friend.goto(link)
    form = friend.locator("#name-form")
    expect(form).to_contain_text(t("web_name_ask", "en"))
    friend.fill("#name-input", "Zoe")
    friend.click("#name-save")
    expect(friend.locator("#name-form")).to_have_count(0)
    expect(friend.locator(".player[data-seat='1'] .pname")).to_contain_text("Zoe")
    seats = httpx.get(server.url + f"api/games/{g['id']}", timeout=30).json()["seats"]
    assert seats[1]["name"] == "Zoe"  # everyone's name for the seat
    # the next invite in this browser takes the kept name by itself; it stays changeable
    g, link = invite()
    friend.goto(link)
    expect(friend.locator(".player[data-seat='1'] .pname")).to_contain_text("Zoe")
    expect(friend.locator("#name-form")).to_have_count(0)
    friend.click("#name-change")
    friend.fill("#name-input", "Zed")
    friend.click("#name-save")
    expect(friend.locator(".player[data-seat='1'] .pname")).to_contain_text("Zed")
    seats = httpx.get(server.url + f"api/games/{g['id']}", timeout=30).json()["seats"]
    assert seats[1]["name"] == "Zed"
    assert friend.evaluate("localStorage.getItem('qwixo.name')") == "Zed"
    assert not friend.js_errors  # type: ignore[attr-defined]


def test_two_browsers_that_press_play_someone_are_seated_together(server, browser, phone_page):
    import time

    pages = [fresh(browser, SMALL), phone_page]  # (two browsers: two visitors)
    for p in pages:
        p.goto(server.url + "?lang=en")
        p.wait_for_selector("#play-someone")
        p.locator("label.seg", has_text="Quixo").click()
    pages[0].click("#play-someone")
    expect(pages[0].locator("#pairing-count")).to_have_text("0 others are waiting.")
    t0 = time.monotonic()
    pages[1].click("#play-someone")
    for p in pages:
        expect(p.locator(".game-page")).to_be_visible()
    took = time.monotonic() - t0
    seats = [p.evaluate("location.search") for p in pages]
    game = {s.split("game=")[1].split("&")[0] for s in seats}
    assert len(game) == 1 and all("token=" in s for s in seats)  # one game, a seat each
    who = [p.locator("p.who").inner_text() for p in pages]
    assert who[0] != who[1]
    print(f"two browsers pressing Play someone: seated together {took * 1000:.0f} ms after the second press")
    for p in pages:
        assert not p.js_errors  # type: ignore[attr-defined]
    pages[0].context.close()


def test_a_challenge_accepted_from_a_second_browser_and_a_follow(server, browser):
    pages = {}
    for name in ("Ciri", "Dorn"):
        p = fresh(browser, SMALL)
        r = p.request.post(server.url + "api/account/signup",
                           data={"name": name, "password": "a long enough secret 7"})
        assert r.ok, r.text()
        p.goto(server.url + "?lang=en")
        p.locator("label.seg", has_text="Quixo").click()
        expect(p.locator("#friends")).to_be_visible()
        pages[name] = p
    ciri, dorn = pages["Ciri"], pages["Dorn"]
    ciri.fill("#follow-name", "Dorn")
    ciri.click("#follow-send")
    follow = ciri.locator("#follows li[data-name='Dorn']")
    expect(follow.locator(".follow-state")).to_have_text(t("web_follow_offline", "en"))
    ciri.fill("#challenge-name", "Dorn")
    ciri.click("#challenge-send")
    expect(ciri.locator("#challenges li.pending")).to_contain_text("You challenge Dorn")
    # the second browser sees it (its card looks every few seconds) and accepts
    incoming = dorn.locator("#challenges li.pending")
    expect(incoming).to_contain_text("Ciri challenges you")
    incoming.locator(".challenge-accept").click()
    expect(dorn.locator(".game-page")).to_be_visible()
    # the challenger opens the same game in their own seat; Dorn is online, with that game
    ciri.locator("#challenges li.accepted .challenge-open").click()
    expect(ciri.locator(".game-page")).to_be_visible()
    assert ciri.evaluate("location.search").split("&")[0] == dorn.evaluate("location.search").split("&")[0]
    ciri.goto(server.url + "?lang=en")
    expect(follow.locator(".follow-state")).to_have_text(t("web_follow_online", "en"))
    expect(follow.locator("a.follow-game")).to_have_count(1)
    for p in (ciri, dorn):
        assert not p.js_errors  # type: ignore[attr-defined]
        p.context.close()
