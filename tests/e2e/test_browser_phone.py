"""A phone-first turn: at 390x844 and 360x640 every decision of a whole Qwixx game
fits one screen — the dice, every legal cell of one's own sheet and the roll / pass control
(a sticky action bar), the status line pinned — and Quixo's whole board with its controls. The
walk counts the decision states with a legal target off screen (or hidden under a pinned
bar): 0."""

from __future__ import annotations

import random

import pytest
from e2e_helpers import drawn, more_settings, new_page, settle, shot, version

pytestmark = pytest.mark.browser
SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]

# the targets of this decision that are not wholly on screen and uncovered
OFF_SCREEN = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const hit = inside && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!inside || !hit || !(el === hit || el.contains(hit))) out.push(el.dataset.key || el.id || el.className.baseVal || el.className);
  }
  return out;
}"""
# no animation of the page still running (a pushed row sliding into place)
SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"
QWIXX_TARGETS = "#roll, #pass, .sheet.mine .qcell.option, .dice-bar .die, .game-page > .status-row > .status"


def tap(page, target) -> None:
    """Tap ``target`` where it is, as a person does: without the scrolling Playwright's click
    may do first (it scrolls an element it finds covered or moving into another place, which
    would move the page this test measures); a target off screen is clicked the usual way."""
    box = target.bounding_box()
    vp = page.viewport_size
    if box and 0 <= box["y"] + box["height"] / 2 <= vp["height"]:
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        target.click()


def start(page, url, game, seat1="bot:random"):
    page.goto(url)
    page.wait_for_selector("#play")
    page.locator("label.seg", has_text=game).click()
    page.select_option("select[name=players]", "2")
    more_settings(page)
    page.select_option("select[name=seat1]", seat1)
    page.click("#play")
    page.wait_for_selector(".game-page")


def my_decision(page) -> bool:
    page.wait_for_selector("#result, .status.mine")
    settle(page)
    drawn(page)  # the page's own scroll to the board, drawn
    return page.locator("#result").count() == 0


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_every_qwixx_decision_fits_one_screen(server, browser, size):
    page = new_page(browser, size)
    start(page, server.url, "Qwixx")
    rnd = random.Random(size["height"])
    states = bad = 0
    where = []
    while states < 160 and my_decision(page):
        states += 1
        off = page.evaluate(OFF_SCREEN, QWIXX_TARGETS)
        if off:
            bad += 1
            where.append((version(page), off))
            shot(page, f"FAILED-phone-{size['height']}-{states}")
        before = version(page)
        if page.locator("#roll").count():
            page.click("#roll")
        else:
            cells = page.locator(".sheet.mine .qcell.option")
            if cells.count() and rnd.random() < 0.6:
                cells.nth(rnd.randrange(cells.count())).click()
                if page.locator(".chooser").count():
                    page.locator(".chooser button[data-option]").first.click()
            else:
                page.click("#pass")
                if page.locator("dialog#confirm").count():
                    page.click("#confirm-ok")
        page.wait_for_function(f"() => +document.querySelector('.game-page').dataset.version > {before}"
                               " || document.querySelector('#result')")
    shot(page, f"phone-qwixx-{size['width']}x{size['height']}")
    print(f"qwixx {size['width']}x{size['height']}: {states} decision states, {bad} with a target off screen")
    assert states >= 10
    assert bad == 0, where
    assert not page.js_errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_quixo_board_and_controls_on_one_screen(server, browser, size):
    # the screen is measured once the pushed row has slid into place (SETTLED): here without
    # the slide (a visitor who asked for less motion: the same rows, at once in their places)
    page = new_page(browser, size, reduced_motion="reduce")
    start(page, server.url, "Quixo")
    rnd = random.Random(size["width"])
    states = bad = 0
    where = []
    while states < 16 and my_decision(page):
        states += 1
        page.wait_for_function(SETTLED)  # the bot's push has slid into place
        off = page.evaluate(OFF_SCREEN, ".quixo-board, .cell.takeable, .game-page > .status-row > .status")
        cells = page.locator(".cell.takeable")
        tap(page, cells.nth(rnd.randrange(cells.count())))
        page.wait_for_selector(".arrow.legal")
        page.wait_for_function(SETTLED)  # the bot's push slid in: what a person then sees
        off += page.evaluate(OFF_SCREEN, ".arrow.legal, #cancel")
        if off:
            bad += 1
            where.append((version(page), off))
        before = version(page)
        arrows = page.locator(".arrow.legal")
        tap(page, arrows.nth(rnd.randrange(arrows.count())))
        page.wait_for_function(f"() => +document.querySelector('.game-page').dataset.version > {before}")
    shot(page, f"phone-quixo-{size['width']}x{size['height']}")
    print(f"quixo {size['width']}x{size['height']}: {states} decision states, {bad} with a target off screen")
    assert states >= 3
    assert bad == 0, where
    page.context.close()
