"""Live play in the browser: automatic reconnection after the server is killed (kill -9) and
restarted, invite links and free seats taken by a second person, hints, the 4-player Quixo dot,
and the Qwixx score pad played hot-seat on one device (dice typed in)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from e2e_helpers import more_settings, new_page, settle, shot, version
from playwright.sync_api import expect
from test_browser_quixo import board_rows, create_quixo
from test_browser_qwixx import create_qwixx

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def my_turn(page) -> None:
    page.wait_for_selector(".cell.takeable")
    settle(page)


def move(page, text: str) -> None:
    page.locator(f'.cell[data-square="{text[:2]}"]').click()
    page.locator(f'.arrow[data-move="{text[:4]}"]').click()
    settle(page)


def test_reconnects_after_the_server_is_killed_and_restarted(own_server, page):
    create_quixo(page, own_server.url, size=3)
    my_turn(page)
    move(page, "a1c1")
    my_turn(page)  # the bot has answered
    rows, v = board_rows(page), version(page)
    expect(page.locator("#conn")).to_have_class("conn conn-connected")

    own_server.kill()
    expect(page.locator("#conn")).to_have_class("conn conn-reconnecting", timeout=10_000)
    expect(page.locator(".game-page")).to_have_class(re.compile(r"\boffline\b"))
    shot(page, "live-reconnecting")
    own_server.start()  # same port, same database
    expect(page.locator("#conn")).to_have_class("conn conn-connected", timeout=40_000)
    assert board_rows(page) == rows and version(page) == v
    # the seat is still mine: play on, and the bot (resumed by the new server) answers
    my_turn(page)
    move(page, next(sq for sq in ("c3a3", "a3c3", "b3b1", "b1b3") if page.locator(
        f'.cell.takeable[data-square="{sq[:2]}"]').count()))
    page.wait_for_function(
        "v => +document.querySelector('.game-page').dataset.version >= v", arg=v + 2)
    # a reload keeps the seat (the token is in the URL)
    page.reload()
    expect(page.locator(".who")).to_contain_text(
        t("web_you_are_seat_symbol", "en", seat="X", name="Ada (X)"))


def test_invite_link_and_free_seat(server, browser, page):
    # seat O: an invited person (invite link); watch from a third browser
    page.goto(server.url)
    page.select_option("select[name=size]", "3")
    more_settings(page)
    page.select_option("select[name=seat0]", "me")
    page.select_option("select[name=seat1]", "invite")
    page.fill("input[name=name1]", "Bob")
    page.click("#create")  # straight to the game, as "Play": its invite panel has Bob's link
    my_turn(page)
    # the game page keeps the invite link at hand until Bob comes
    panel = page.locator("#invite-panel")
    expect(panel.locator(".invite-url")).to_have_count(1)
    link = panel.locator(".invite-url").input_value()
    assert "token=" in link
    bob = new_page(browser)
    try:
        bob.goto(link)
        expect(bob.locator(".who")).to_contain_text("Bob (O)")
        expect(panel).to_have_count(0)
        move(page, "a1c1")
        expect(bob.locator('.cell[data-square="c1"]')).to_have_attribute("data-face", "x")
        my_turn(bob)
        move(bob, "a3c3")
        expect(page.locator('.cell[data-square="c3"]')).to_have_attribute("data-face", "o")
        # X may not move twice: Bob's page says so at once, without asking the server
        bob.locator('.cell[data-square="b1"]').click(force=True)
        expect(bob.locator("#game-error")).to_have_text(t("web_why_not_your_turn", "en"))
        expect(bob.locator(".arrow")).to_have_count(0)
        shot(bob, "live-invited-not-your-turn")
        assert not bob.js_errors
    finally:
        bob.context.close()

    # a free seat, taken from the lobby by someone else
    page.goto(server.url)
    page.select_option("select[name=size]", "3")
    more_settings(page)
    page.select_option("select[name=seat1]", "open")
    page.click("#create")
    expect(page.locator(".game-page")).to_be_visible()
    other = new_page(browser)
    try:
        other.goto(server.url)
        join = other.locator("#list-open .join").first
        expect(join).to_have_text(t("web_join_symbol", "en", seat="O"))
        join.click()
        expect(other.locator(".who")).to_contain_text("(O)")
        expect(other.locator(".quixo-board")).to_be_visible()
        assert not other.js_errors
    finally:
        other.context.close()


def test_hint_on_request_and_turn_clock(server, page):
    create_quixo(page, server.url, size=3, clock=60)
    my_turn(page)
    clock = page.locator("#clock")
    expect(clock).to_be_visible()
    # "Clock: 1 min 0 s" / "Clock: 58 s" (web_clock_left, a duration in words)
    text = clock.inner_text().split(":", 1)[1]
    nums = [int(x) for x in re.findall(r"\d+", text)]
    seconds = nums[0] * 60 + nums[1] if "min" in text else nums[0]
    assert 50 <= seconds <= 60, clock.inner_text()
    page.click("#hint")
    box = page.locator("#hint-box")
    # generous: on a fresh install the first hint may wait for the search kernels to compile
    expect(box).to_be_visible(timeout=120_000)
    assert box.locator(".hint-line").count() >= 1 and box.inner_text().strip()
    # the best move said in words first ("Best: take a1 and push it in from the right. ...")
    expect(box.locator(".hint-words")).to_contain_text(re.compile(r"^Best: take [a-c][1-3] and push it in from the"))
    # the move the hint names first is marked on the board: its cube, then its arrow
    words = box.text_content().split()  # the engine's lines too (folded away under the words)
    moves = page.locator(".cell.takeable").evaluate_all("els => els.map(e => e.dataset.square)")
    best = next(w for w in words if len(w) == 4 and w[:2] in moves)
    hinted = page.locator(".cell.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-square") == best[:2]
    hinted.click()
    expect(page.locator(".arrow.hinted")).to_have_attribute("data-move", best)
    shot(page, "quixo-desktop-hint")


def test_four_player_quixo_dot(server, page):
    page.goto(server.url)
    page.select_option("select[name=players]", "4")
    page.select_option("select[name=size]", "5")
    more_settings(page)
    for i in (1, 2, 3):
        page.select_option(f"select[name=seat{i}]", "bot:random")
    assert [x.strip() for x in page.locator(".seat-row .seat-badge").all_inner_texts()] == [
        "N", "E", "S", "W"]
    page.click("#create")
    my_turn(page)
    # my partner is S: the dot of the cube I put back points at S
    page.locator("label.seg", has_text=t("web_quixo_dot_partner", "en", seat="S")).click()
    # the reason for the choice is beside the board
    expect(page.locator(".dot-choice .dot-why")).to_have_text(t("web_quixo_dot_why", "en"))
    move(page, "a1e1")
    # my move carried the dot towards S (the bots may already have moved that cube again)
    game = page.evaluate("new URLSearchParams(location.search).get('game')")
    with urllib.request.urlopen(f"{server.url}api/games/{game}/history") as r:
        first = json.loads(r.read())["events"][0]
    assert first["decision"] == "a1e1:S"
    expect(page.locator("#last-move, .news")).not_to_have_count(0)
    shot(page, "quixo-desktop-4p")


def test_qwixx_score_pad_hot_seat(server, page):
    # a real table: both seats on this device, the dice typed in
    create_qwixx(page, server.url, players=2, seats=("me", "me"), scorepad=True)
    # turn 0: white 3 + 4 → both cross red 7; turn 1: white 2 + 3 → both cross yellow 5
    plan = [([3, 4, 1, 2, 5, 6], "r", "7"), ([2, 3, 6, 5, 4, 1], "y", "5")]
    for turn, (dice, row, number) in enumerate(plan):
        entry = page.locator(".dice-entry")
        expect(entry).to_be_visible()
        if turn == 0:
            page.fill("input[name=die-w1]", "7")  # not a die value: refused by the page
            page.click("#enter-dice")
            expect(page.locator("#game-error")).to_have_text(t("web_bad_dice", "en", faces=6))
        for d, v in zip(["w1", "w2", "r", "y", "g", "b"], dice, strict=True):
            page.fill(f"input[name=die-{d}]", str(v))
        page.click("#enter-dice")
        settle(page)
        vals = page.locator(".dice-bar .die .die-val").all_inner_texts()
        assert vals == [str(d) for d in dice]
        # action 1 for both seats, each in turn on this device: cross the white sum
        seats_done: set[str] = set()
        for _ in range(100):
            if len(seats_done) == 2:
                break
            page.wait_for_selector("#pass")
            settle(page)
            seat = page.locator(".player.me").get_attribute("data-seat")
            if seat in seats_done:
                page.wait_for_timeout(100)  # the page is switching to the other seat
                continue
            page.locator(f'.sheet.mine .qcell[data-row="{row}"][data-n="{number}"]').click()
            settle(page)
            seats_done.add(seat)
        else:
            pytest.fail(f"the page did not switch to the other seat ({seats_done})")
        expect(page.locator("#game-error")).to_be_hidden()  # switching seats is no error
        # action 2 for the active player: pass (crossed in action 1: no penalty)
        page.wait_for_selector("#pass")
        settle(page)
        shot(page, f"qwixx-scorepad-turn{turn}")
        page.click("#pass")
        settle(page)
    for _, row, number in plan:
        crossed = page.locator(f".sheet .qcell.crossed[data-row='{row}'][data-n='{number}']")
        expect(crossed).to_have_count(2)
    expect(page.locator(".sheet .pbox.crossed")).to_have_count(0)


def test_undo_takes_back_my_move_and_the_bots_answer(server, page):
    page.goto(server.url)
    page.select_option("select[name=size]", "3")
    more_settings(page)
    page.check("input[name=undo]")
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create")
    my_turn(page)
    expect(page.locator("#undo")).to_be_visible()
    move(page, "a1c1")
    my_turn(page)  # the bot has answered
    assert board_rows(page) != ["...", "...", "..."]
    page.click("#undo")
    settle(page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.quixo-board .cell')]"
        ".every(c => c.dataset.face === '.')")
    expect(page.locator(".cell.takeable")).to_have_count(8)


def test_bad_links_are_explained(server, page):
    create_quixo(page, server.url, size=3)
    game = page.evaluate("new URLSearchParams(location.search).get('game')")
    page.goto(f"{server.url}?game={game}&token={'x' * 32}")
    expect(page.locator(".error-box")).to_have_text(t("bad_token", "en"))
    page.get_by_role("link", name=t("web_spectate", "en")).click()
    expect(page.locator(".who")).to_have_text(t("web_spectating", "en"))
    expect(page.locator(".quixo-board")).to_be_visible()
    page.goto(f"{server.url}?game=nosuchgame")
    expect(page.locator(".error-box")).to_have_text(t("no_such_game", "en", id="nosuchgame"))
