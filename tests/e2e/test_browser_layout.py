"""The pages on a phone-sized screen: every Qwixx edition's sheet is drawn like its pad (row
letters, Mixx colours and numbers, Bonus boxes and bar, Bonus symbols, lucky numbers) and no
page scrolls sideways; the Quixo board fits. Screenshots go to /tmp/qwixo-e2e/."""

from __future__ import annotations

import pytest
from e2e_helpers import more_settings, settle, shot
from playwright.sync_api import expect
from test_browser_qwixx import create_qwixx

from qwixo.i18n import t
from qwixo.qwixx.editions import EDITIONS

pytestmark = pytest.mark.browser


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def row_numbers(page, row: str) -> list[int]:
    return [int(x) for x in page.locator(
        f'.sheet.mine .qcell[data-row="{row}"] .num').all_inner_texts()]


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_qwixx_sheet_of_every_edition_on_a_phone(server, phone_page, edition):
    page = phone_page
    page.goto(server.url)
    no_sideways_scroll(page)
    create_qwixx(page, server.url, edition=edition, players=3,
                 seats=("me", "bot:random", "open"))
    ed = EDITIONS[edition]
    # every row carries its letter, and its numbers in the pad's order
    assert page.locator(".sheet.mine .row-letter").all_inner_texts() == ["R", "Y", "G", "B"]
    for r, row in zip("rygb", ed.rows, strict=True):
        assert row_numbers(page, r) == list(row.numbers)
    expect(page.locator(".sheet")).to_have_count(3)
    mine = page.locator(".sheet.mine")
    if edition == "mixx-a":
        # cells of mixed colours: the colour letter is on each cell, not only the colour
        letters = mine.locator(".qcell .cell-letter").evaluate_all("els => els.map(e => e.dataset.t)")
        assert letters[:11] == [c.upper() for _, c in ed.rows[0].cells]
    if edition == "longo":
        expect(mine.locator(".lucky-n")).to_have_count(2)
        assert ed.faces == 8
    if edition == "bonus-a":
        expect(mine.locator(".qcell.bonus")).to_have_count(len(ed.bonus_cells))
        assert mine.locator(".barbox").all_inner_texts() == [c.upper() for c in ed.bar]
    if edition == "bonus-b":
        expect(mine.locator(".qcell.symbol")).to_have_count(2 * len(ed.pairs))
        expect(mine.locator(".reward")).to_have_count(len(ed.pairs))
    # roll, then the dice show values and letters
    page.click("#roll")
    settle(page)
    page.wait_for_selector("#pass")
    dice = page.locator(".dice-bar .die .die-val").all_inner_texts()
    assert all(1 <= int(d) <= ed.faces for d in dice), dice
    assert page.locator(".dice-bar .die .die-letter").all_inner_texts() == [
        "W", "W", "R", "Y", "G", "B"]
    expect(page.locator(".dice-bar .phase")).to_contain_text(
        t("web_action1", "en", sum=sum(int(d) for d in dice[:2])))
    no_sideways_scroll(page)
    shot(page, f"qwixx-phone-{edition}")


def test_lobby_and_quixo_board_on_a_phone(server, phone_page):
    page = phone_page
    page.goto(server.url)
    more_settings(page)
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create")  # goes to the game, as "Play" does
    expect(page.locator(".quixo-board")).to_be_visible()
    expect(page.locator(".cell.takeable")).to_have_count(16)
    page.locator('.cell[data-square="c1"]').click()
    expect(page.locator(".arrow")).to_have_count(3)
    box = page.locator(".quixo-board").bounding_box()
    assert box["width"] <= page.viewport_size["width"]
    no_sideways_scroll(page)
    shot(page, "quixo-phone-selected")
