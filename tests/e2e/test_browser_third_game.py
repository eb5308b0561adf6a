"""A game the front end has never heard of (the contract's tic-tac-toe of tests/contract,
installed by an entry point on the server's path) plays in two browsers through the generic
fallback renderer (web/js/fallback.js): the lobby offers it from /api/meta with one click ("Play
with friends"), the friend opens the invite, both play it to the end by the option buttons, the
board drawn as a grid from the view alone; its rules page says there is none."""

from __future__ import annotations

import pytest
from e2e_helpers import PHONE, game_sites, new_page, serving, settle, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def third_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("third")
    yield from serving(tmp, game_sites().install(tmp / "site"))


def board_cells(page) -> str:
    return "".join(page.locator(".fb-grid td").all_inner_texts()).replace(" ", "")


def play(page, cell: str) -> None:
    page.wait_for_selector(f".fb-options button[data-option='{cell}']")
    page.click(f".fb-options button[data-option='{cell}']")
    settle(page)


def test_a_game_with_no_renderer_plays_in_two_browsers(third_server, browser):
    host = new_page(browser)
    host.goto(third_server.url)
    host.wait_for_selector("#play-friends")
    host.locator("label.seg", has_text="Tic-tac-toe").click()
    expect(host.locator("#play-what")).to_contain_text("Tic-tac-toe")
    host.click("#play-friends")
    expect(host.locator("#invite-panel .qr svg")).to_be_visible()
    link = host.locator("#invite-panel .invite-url").first.input_value()
    friend = new_page(browser, PHONE)
    friend.goto(link)
    expect(host.locator("#invite-panel")).to_have_count(0)
    # drawn by the fallback: an empty 3x3 grid, the options as buttons (only on X's page)
    expect(host.locator(".fallback-wrap .fb-grid tr")).to_have_count(3)
    expect(host.locator(".fb-options button")).to_have_count(9)
    expect(friend.locator(".fb-options button")).to_have_count(0)
    # only what the game declares: hints (its bots), no Resign (it has no resigning)
    expect(host.locator("#hint")).to_be_visible()
    expect(host.locator("#resign")).to_have_count(0)
    expect(host.locator("#offer-draw")).to_have_count(0)
    for i, cell in enumerate(["a1", "a2", "b1", "b2", "c1"]):
        play((host, friend)[i % 2], cell)
    for p in (host, friend):
        expect(p.locator("#result")).to_be_visible()
    expect(host.locator("#result")).to_contain_text(t("web_you_win", "en"))
    expect(friend.locator("#result")).to_contain_text(t("web_you_lose", "en"))
    cells = board_cells(friend)  # the view's rows as the game sends them ("." empty)
    assert len(cells) == 9 and sorted(cells.lower().replace(".", "")) == sorted("xxxoo"), cells
    shot(host, "third-game-host")
    shot(friend, "third-game-friend")
    # its replay offers no analysis: the game declares none
    gid = host.evaluate("new URLSearchParams(location.search).get('game')")
    friend.goto(f"{third_server.url}?game={gid}&replay=0")
    expect(friend.locator(".replay, #log-h").first).to_be_visible()
    expect(friend.locator("#an-go")).to_have_count(0)
    # the rules page of a game without one says so (and lists the other games' pages)
    host.goto(third_server.url + "?rules=tictactoe")
    expect(host.locator(".rules-page")).to_contain_text(t("web_rules_none", "en"))
    assert not host.js_errors and not friend.js_errors  # type: ignore[attr-defined]
    host.context.close()
    friend.context.close()
