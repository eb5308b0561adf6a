"""Quixo in the browser: create a game in the lobby, play it to the end from the page against
the random bot (an illegal click included), then replay it move by move."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from e2e_helpers import more_settings, settle, shot, version
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def create_quixo(page, url, size=3, opponent="bot:random", name="Ada", clock=0):
    page.goto(url)
    page.locator("label.seg", has_text="Quixo").click()
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=size]", str(size))
    more_settings(page)
    page.select_option("select[name=seat0]", "me")
    page.select_option("select[name=seat1]", opponent)
    page.fill("input[name=name0]", name)
    page.fill("input[name=clock]", str(clock))
    page.dispatch_event("input[name=clock]", "change")
    page.click("#create")  # straight to the game, as "Play"
    expect(page.locator(".quixo-board")).to_be_visible()


def board_rows(page) -> list[str]:
    """The board as the page draws it: ranks from the top, one character per cell."""
    cells = page.locator(".quixo-board .cell")
    faces = cells.evaluate_all("els => els.map(e => e.dataset.face)")
    n = int(len(faces) ** 0.5)
    return ["".join(faces[r * n:(r + 1) * n]) for r in range(n)]


def wait_my_turn_or_end(page) -> bool:
    """True when it is my turn, False when the game is over."""
    page.wait_for_selector("#result, .cell.takeable")
    settle(page)
    return page.locator("#result").count() == 0


def play_random_move(page, rnd: random.Random) -> None:
    cells = page.locator(".cell.takeable")
    cells.nth(rnd.randrange(cells.count())).click()
    arrows = page.locator(".arrow.legal")
    expect(arrows.first).to_be_visible()
    arrows.nth(rnd.randrange(arrows.count())).click()
    settle(page)


def test_quixo_3x3_against_the_random_bot_to_the_end(server, page):
    create_quixo(page, server.url)
    expect(page.locator(".status.mine")).to_contain_text(t("web_your_turn", "en"))
    assert board_rows(page) == ["...", "...", "..."]
    # every border cube of the empty board may be taken: 8 on 3×3
    expect(page.locator(".cell.takeable")).to_have_count(8)
    page.locator('.cell[data-square="a1"]').click()
    # a1 goes back in at a3 (top of file a) or c1 (right end of rank 1)
    expect(page.locator(".arrow.legal")).to_have_count(2)
    assert sorted(page.locator(".arrow").evaluate_all("els => els.map(e => e.dataset.move)")) == [
        "a1a3", "a1c1"]
    shot(page, "quixo-desktop-selected")
    page.locator('.arrow[data-move="a1c1"]').click()
    settle(page)
    # the move is the first event (the bot may already have answered: the replay below checks
    # that the cube went back in at c1 with its X on top)
    game = page.evaluate("new URLSearchParams(location.search).get('game')")
    with urllib.request.urlopen(f"{server.url}api/games/{game}/history") as r:
        assert json.loads(r.read())["events"][0]["decision"] == "a1c1"

    rnd = random.Random(7)
    illegal_done = False
    for _ in range(200):
        if not wait_my_turn_or_end(page):
            break
        if not illegal_done:
            # an O cube on the border may not be taken: the page says why at once, and no
            # arrow appears
            rows = board_rows(page)
            o_cubes = page.locator('.cell.border[data-face="o"]')
            if o_cubes.count():
                sq = o_cubes.first.get_attribute("data-square")
                before = version(page)
                o_cubes.first.click(force=True)
                error = page.locator("#game-error")
                expect(error).to_be_visible()
                expect(error).to_have_text(t("quixo_opponent_cube", "en", square=sq))
                expect(page.locator(".arrow")).to_have_count(0)
                shot(page, "quixo-desktop-illegal")
                assert version(page) == before and board_rows(page) == rows
                illegal_done = True
                continue
        play_random_move(page, rnd)
    else:
        pytest.fail("the game did not end in 200 moves")
    assert illegal_done, "no O cube on the border during the whole game"
    result = page.locator("#result")
    expect(result).to_be_visible()
    text = result.inner_text()
    assert any(t(k, "en") in text for k in ("web_you_win", "web_you_lose")), text
    # the winning line is drawn
    assert page.locator(".win-line").count() >= 1
    expect(page.locator(".cell.takeable")).to_have_count(0)
    shot(page, "quixo-desktop-over")
    final_rows = board_rows(page)
    final_version = version(page)

    # replay: from the empty board to the final position, move by move
    page.click("#to-replay")
    expect(page.locator("#rp-step")).to_contain_text(
        t("web_step_of", "en", n=0, total=final_version))
    assert board_rows(page) == ["...", "...", "..."]
    page.click("#rp-next")
    expect(page.locator("#rp-step")).to_contain_text(
        t("web_step_of", "en", n=1, total=final_version))
    assert board_rows(page) == ["...", "...", "..x"]
    page.click("#rp-last")
    expect(page.locator("#rp-step")).to_contain_text(
        t("web_step_of", "en", n=final_version, total=final_version))
    assert board_rows(page) == final_rows
    expect(page.locator("#result")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#rp-step")).to_contain_text(
        t("web_step_of", "en", n=final_version - 1, total=final_version))
    shot(page, "quixo-desktop-replay")
