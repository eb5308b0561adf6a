"""Clear play, keyboard and touch: a Quixo game played with the keyboard alone (the focus ring
distinct from every other state), clicks on cubes that cannot be taken explained at once, the
Qwixx penalty confirmation (cancel, then confirm), a Qwixx decision by keyboard, every control
at least 44x44 px on a phone, moves and hints in words, the walkthrough, and the rematch."""

from __future__ import annotations

import re

import pytest
from a11y import create
from e2e_helpers import PHONE, more_settings, new_page, settle, shot, version
from playwright.sync_api import expect
from test_browser_quixo import board_rows

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def quixo_game(server, page, size=3, position=None, players=2):
    settings = {"size": size, "players": players, **({"position": position} if position else {})}
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    gid, url = create(server.url, "quixo", settings, seats)
    page.goto(url)
    page.wait_for_selector(".cell.takeable")
    settle(page)
    return gid, url


def focused(page) -> dict:
    return page.evaluate("() => { const e = document.activeElement; return {key: e.dataset.key || '', "
                         "cls: e.getAttribute('class') || ''}; }")


def test_quixo_by_keyboard_alone(server, page):
    quixo_game(server, page)
    # Tab reaches the board: the focus lands on a cube that may be taken
    for _ in range(30):
        page.keyboard.press("Tab")
        if focused(page)["key"].startswith("sq:"):
            break
    else:
        pytest.fail("Tab never reached the board")
    assert "takeable" in focused(page)["cls"]
    # the focus ring is drawn only on the focused cube, in a colour no other state uses
    ring = page.evaluate("() => getComputedStyle(document.activeElement.querySelector('.focus-ring')).stroke")
    others = page.evaluate("""() => [...document.querySelectorAll('.cell:not(:focus) .focus-ring')]
        .map(e => getComputedStyle(e).stroke)""")
    states = page.evaluate("""() => [...document.querySelectorAll('.cell .cube')]
        .map(e => getComputedStyle(e).stroke)""")
    assert ring not in ("none", "") and all(o == "none" for o in others) and ring not in states
    # arrow keys move over the cubes; Enter takes one, Escape puts it back
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    start = focused(page)["key"]
    page.keyboard.press("Enter")
    expect(page.locator(".arrow")).not_to_have_count(0)
    assert focused(page)["key"].startswith("arrow:")  # the focus went to a push arrow
    page.keyboard.press("Escape")
    expect(page.locator(".arrow")).to_have_count(0)
    assert focused(page)["key"] == start
    # take it again, move among the arrows, push with Space
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    key = focused(page)["key"]
    assert key.startswith("arrow:")
    before = board_rows(page)
    v = version(page)
    page.keyboard.press(" ")
    page.wait_for_function("v => +document.querySelector('.game-page').dataset.version > v", arg=v)
    settle(page)
    assert board_rows(page) != before
    # the move is told in words
    expect(page.locator("#last-move")).to_contain_text(re.compile(r"pushed it in from the"))


def test_cubes_that_cannot_be_taken_say_why(server, page):
    # 3×3: b2 is the centre, a1 shows O (the opponent's symbol)
    quixo_game(server, page, position=".../.../o.. x")
    v = version(page)
    page.locator('.cell[data-square="b2"]').click(force=True)  # aria-disabled: force the click
    expect(page.locator("#game-error")).to_have_text(t("web_why_inner", "en"))
    page.locator('.cell[data-square="a1"]').click(force=True)
    expect(page.locator("#game-error")).to_have_text(t("quixo_opponent_cube", "en", square="a1"))
    expect(page.locator(".arrow")).to_have_count(0)
    assert version(page) == v  # nothing was sent
    assert page.locator('.cell[data-square="a1"]').get_attribute("aria-disabled") == "true"
    # a cube that may be taken clears nothing but shows its arrows
    page.locator('.cell[data-square="c1"]').click()
    expect(page.locator(".arrow.legal")).to_have_count(2)


def test_qwixx_pass_that_costs_a_penalty_is_confirmed(server, page):
    _, url = create(server.url, "qwixx", {"edition": "classic", "players": 2},
                    [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    page.goto(url)
    page.click("#roll")
    settle(page)
    # action 1: a pass costs nothing and is not asked about
    expect(page.locator("#pass")).to_have_text(t("web_pass", "en"))
    page.click("#pass")
    settle(page)
    page.wait_for_selector(".dice-bar .phase")
    expect(page.locator(".dice-bar .phase")).to_contain_text(
        t("web_action2", "en", name="Ada"), timeout=20_000)
    settle(page)
    # action 2 after nothing crossed: the pass button says what it costs, and asks
    pen = t("web_pass_penalty", "en", points=5)
    expect(page.locator("#pass")).to_have_text(pen)
    v = version(page)
    page.click("#pass")
    dialog = page.locator("dialog#confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(t("web_penalty_text", "en", points=5, count=1, max=4))
    shot(page, "qwixx-penalty-confirm")
    page.keyboard.press("Escape")  # cancel: nothing sent
    expect(dialog).to_have_count(0)
    assert version(page) == v
    expect(page.locator(".sheet.mine .pbox.crossed")).to_have_count(0)
    page.click("#pass")
    page.click("#confirm-ok")
    settle(page)
    expect(page.locator(".sheet.mine .pbox.crossed")).to_have_count(1)


def test_qwixx_cross_by_keyboard(server, page):
    _, url = create(server.url, "qwixx", {"edition": "classic", "players": 2},
                    [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    page.goto(url)
    page.click("#roll")
    settle(page)
    page.locator(".sheet.mine .qcell.option").first.wait_for()
    page.locator("#pass").focus()
    for _ in range(20):
        page.keyboard.press("Tab")
        if focused(page)["key"].startswith("cell:"):
            break
    assert "option" in focused(page)["cls"], focused(page)
    # arrows move over the cells; Enter on an option makes my hidden choice
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator("#my-pending, .sheet.mine .qcell.crossed").first).to_be_visible()


CONTROLS = "button, a[href], select, input:not([type=hidden]), summary, [role=button]"


def small_controls(page) -> list[str]:
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter(e => {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || r.right <= 0 || getComputedStyle(e).visibility === 'hidden') return false;
        if (e.closest('dialog:not([open])')) return false;
        const lab = e.closest('label');
        const b = lab ? lab.getBoundingClientRect() : r;
        return Math.max(r.width, b.width) < 43.5 || Math.max(r.height, b.height) < 43.5;
      }).map(e => `${e.tagName} ${e.id || e.className.baseVal || e.className || ''} ${e.textContent.trim().slice(0, 20)}`
        + ` ${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`)""", CONTROLS)


def test_every_control_is_44px_on_a_phone(server, browser):
    page = new_page(browser, PHONE)
    try:
        page.goto(server.url)
        more_settings(page)
        assert not small_controls(page), small_controls(page)
        quixo_game(server, page, size=5, players=4)
        page.locator('.cell[data-square="a1"]').click()
        page.wait_for_selector(".arrow")
        assert not small_controls(page), small_controls(page)
        _, url = create(server.url, "qwixx", {"edition": "longo", "players": 2},
                        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
        page.goto(url)
        page.click("#roll")
        settle(page)
        page.wait_for_selector("#pass")
        assert not small_controls(page), small_controls(page)
        shot(page, "phone-qwixx-longo-touch")
    finally:
        page.context.close()


def test_walkthrough_steps_and_skip(server, page):
    quixo_game(server, page)
    guide = page.locator("#guide")
    expect(guide).to_contain_text(t("web_guide_quixo_1", "en"))
    page.locator('.cell[data-square="a1"]').click()
    expect(guide).to_contain_text(t("web_guide_quixo_2", "en"))
    page.click("#guide-skip")
    expect(guide).to_have_count(0)
    quixo_game(server, page)  # skipped once: not shown again
    expect(page.locator("#guide")).to_have_count(0)


def test_rematch_with_the_other_side_starting(server, page):
    gid, _ = quixo_game(server, page, position=".xx/.o./o.. x")
    page.locator('.cell[data-square="a2"]').click()
    page.locator('.arrow[data-move="a2a3"]').click()
    expect(page.locator("#result")).to_contain_text(t("web_you_win", "en"))
    shot(page, "quixo-won-rematch")
    page.click("#rematch")
    page.wait_for_function("id => new URLSearchParams(location.search).get('game') !== id", arg=gid)
    expect(page.locator(".who")).to_contain_text("(X)")
    # O (the bot) started this time: its cube is on the board when my turn comes
    page.wait_for_selector(".cell.takeable")
    assert sum(r.count("o") for r in board_rows(page)) == 1
    expect(page.locator("#new-game")).to_have_count(0)
