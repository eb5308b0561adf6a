"""The fourth game (Connect Four, the package of examples/games/connect-four, installed by pip
beside qwixo on the server's path) plays in the browser with the renderer its package ships:
the front end loads /games/connect4/renderer.js and its style sheet as /api/meta names them
(qwixo's web/js never names the game), draws the 7 x 6 board its way, and a person drops
discs against a bot to the end, in words of the page's language."""

from __future__ import annotations

import re

import pytest
from a11y import post
from e2e_helpers import game_sites, new_page, serving, settle, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def fourth_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fourth")
    yield from serving(tmp, game_sites().install_connect_four(tmp))


def test_its_own_renderer_plays_against_a_bot(fourth_server, browser):
    reply = post(fourth_server.url, "/api/games", {
        "game": "connect4", "lang": "it",
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]})
    page = new_page(browser)
    page.goto(fourth_server.url.rstrip("/") + reply["seats"][0]["url"] + "&lang=it")
    # drawn by the package's renderer, not the fallback; its style sheet applied
    expect(page.locator(".c4-board .c4-cell")).to_have_count(42)
    expect(page.locator(".fallback-wrap")).to_have_count(0)
    assert page.locator(".c4-grid").evaluate(
        "e => getComputedStyle(e).backgroundColor") == "rgb(31, 79, 168)"
    expect(page.locator("button.c4-drop")).to_have_count(7)
    expect(page.locator("button.c4-drop[data-option='d']")).to_have_attribute(
        "aria-label", "Lascia cadere una pedina nella colonna d")
    # no Resign (the game declares none), hints (it has bots)
    expect(page.locator("#resign")).to_have_count(0)
    expect(page.locator("#hint")).to_be_visible()
    for _ in range(21):  # at most 21 drops of the person's: then the board is full
        if page.locator("#result").count():
            break
        drop = page.locator("button.c4-drop").first
        drop.wait_for(state="visible")
        drop.click()
        settle(page)
        page.wait_for_function("() => document.querySelector('#result') || "
                               "document.querySelector('button.c4-drop')")
    expect(page.locator("#result")).to_be_visible()
    # its title (its metadata's, in Italian) and the end in the renderer's words
    expect(page.locator("#main")).to_contain_text("Forza quattro")
    expect(page.locator("#main")).to_contain_text(
        re.compile(r"Quattro in fila\.|Il tabellone è pieno\."))
    discs = page.locator(".c4-cell.c4-x").count() + page.locator(".c4-cell.c4-o").count()
    assert discs >= 7
    words = {t("web_you_win", "it"), t("web_you_lose", "it"), t("web_draw", "it")}
    result = page.locator("#result").inner_text()
    assert any(w in result for w in words), result
    shot(page, "fourth-game")
    assert not page.js_errors  # type: ignore[attr-defined]
    page.context.close()
