"""Qwixx in the browser: create a classic game (me against the random bot) in the lobby, play
it to the end from the page (an illegal click included, its refusal shown in English and in
Polish), with a phone-sized spectator watching; then the final score table."""

from __future__ import annotations

import random
import re

import pytest
from e2e_helpers import more_settings, new_page, pass_turn, settle, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def create_qwixx(page, url, edition="classic", players=2, seats=("me", "bot:random"),
                 name="Ada", scorepad=False, invites=False):
    page.goto(url)
    page.locator("label.seg", has_text="Qwixx").click()
    page.select_option("select[name=edition]", edition)
    page.select_option("select[name=players]", str(players))
    if scorepad:
        page.check("input[name=scorepad]")
    more_settings(page)
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", kind)
    page.fill("input[name=name0]", name)
    page.click("#create")  # straight to the game, as "Play"
    expect(page.locator(".sheet.mine")).to_be_visible()
    # the invite links on the game page (until their people come), the spectator link last
    links = [x.input_value() for x in page.locator("#invite-panel .invite-url").all()]
    links.append(page.locator(".side .share .invite-url").input_value())
    return links[-1] if not invites else links  # the spectator link (last), or all links


def as_int(text: str) -> int:
    """A number as the page prints it (negative ones with a real minus sign: −5)."""
    return int(text.strip().replace("\u2212", "-"))


def my_cells(page):
    """(row, index, number, classes) of every cell of my sheet."""
    return page.locator(".sheet.mine .qcell").evaluate_all(
        "els => els.map(e => [e.dataset.row, +e.dataset.index, +e.dataset.n, e.className])")


def white_sum(page) -> int:
    vals = page.locator('.die[data-die="w1"] .die-val, .die[data-die="w2"] .die-val')
    return sum(int(v) for v in vals.all_inner_texts())


def illegal_cell(page):
    """A cell of my sheet that action 1 refuses: right of my last cross, open row, not a lock
    number, not the white sum."""
    total = white_sum(page)
    cells = my_cells(page)
    for row in "rygb":
        if page.locator(f'.sheet.mine .qrow.row-{row}.closed').count():
            continue
        in_row = [c for c in cells if c[0] == row]
        last = max((c[1] for c in in_row if "crossed" in c[3]), default=-1)
        for r, i, n, cls in in_row:
            if i > last and i < len(in_row) - 1 and n != total and "option" not in cls:
                return r, i, n, total
    return None


def test_qwixx_classic_against_the_random_bot_to_the_end(server, page, phone_page):
    game_url = create_qwixx(page, server.url)
    # a spectator on a phone-sized screen
    phone_page.goto(game_url)
    expect(phone_page.locator(".sheet")).to_have_count(2)
    expect(phone_page.locator(".who")).to_have_text(t("web_spectating", "en"))
    assert phone_page.locator("button.qcell").count() == 0  # spectators cannot click cells

    rnd = random.Random(11)
    illegal_done = False
    decisions = 0
    for _step in range(600):
        page.wait_for_selector("#result, #roll, #pass")
        settle(page)
        if page.locator("#result").count():
            break
        if page.locator("#roll").count():
            page.click("#roll")
            settle(page)
            continue
        if not page.locator("#pass").count():
            continue  # a stale turn: look again
        phase = page.locator(".dice-bar .phase").inner_text()
        if phase.startswith(t("web_action1", "en", sum=white_sum(page))) and not illegal_done:
            bad = illegal_cell(page)
            if bad is not None:
                row, i, n, total = bad
                crossed = page.locator(".sheet.mine .qcell.crossed").count()
                cell = page.locator(f'.sheet.mine .qcell[data-row="{row}"][data-index="{i}"]')
                cell.click()
                settle(page)
                error = page.locator("#game-error")
                expect(error).to_have_text(t("not_white_sum", "en", cell=f"{row}{n}", total=total))
                shot(page, "qwixx-desktop-illegal")
                # refused: nothing crossed, still my decision to make
                assert page.locator(".sheet.mine .qcell.crossed").count() == crossed
                expect(page.locator("#pass")).to_be_visible()
                # the same refusal in Polish, after switching the page's language
                page.select_option("#lang", "pl")
                expect(page.locator(".sheet.mine .sheet-total")).to_contain_text(
                    t("web_total", "pl"))
                cell.click()
                settle(page)
                expect(page.locator("#game-error")).to_have_text(
                    t("not_white_sum", "pl", cell=f"{row}{n}", total=total))
                shot(page, "qwixx-desktop-illegal-pl")
                page.select_option("#lang", "en")
                expect(page.locator(".sheet.mine .sheet-total")).to_contain_text(
                    t("web_total", "en"))
                assert page.locator(".sheet.mine .qcell.crossed").count() == crossed
                illegal_done = True
        options = page.locator(".sheet.mine button.qcell.option")
        if options.count() and rnd.random() < 0.75:
            options.nth(rnd.randrange(options.count())).click()
        else:
            pass_turn(page)
        settle(page)
        decisions += 1
        if decisions == 4:
            shot(page, "qwixx-desktop-mid")
            shot(phone_page, "qwixx-phone-spectator-mid")
    else:
        pytest.fail("the Qwixx game did not end in 600 decisions")
    assert illegal_done, "never found a cell to click illegally"

    expect(page.locator("#result")).to_be_visible()
    table = page.locator("#score-table")
    expect(table).to_be_visible()
    expect(table.locator("tbody tr")).to_have_count(2)
    # the table's totals are the sheets' totals, best first, and the winner is marked
    totals = [as_int(x) for x in table.locator("tbody tr td:last-child").all_inner_texts()]
    assert totals == sorted(totals, reverse=True)
    sheet_totals = sorted(as_int(x) for x in page.locator(".sheet .sheet-total b").all_inner_texts())
    assert sorted(totals) == sheet_totals
    assert table.locator("tr.winner").count() >= 1
    # the game ended by the rules: two locked rows or four penalties on a sheet
    closed = page.locator(".sheet.mine .qrow.closed").count()
    penalties = [s.locator(".pbox.crossed").count() for s in page.locator(".sheet").all()]
    assert closed >= 2 or max(penalties) == 4, (closed, penalties)
    shot(page, "qwixx-desktop-over")
    expect(phone_page.locator("#score-table")).to_be_visible()
    shot(phone_page, "qwixx-phone-spectator-over")

    # the replay starts from empty sheets and ends with the same final table
    final_table = table.inner_text()
    page.click("#to-replay")
    expect(page.locator("#rp-step")).to_contain_text(t("web_replay_start", "en"))
    expect(page.locator(".sheet .qcell.crossed")).to_have_count(0)
    expect(page.locator("#score-table")).to_have_count(0)
    page.click("#rp-last")
    expect(page.locator("#score-table")).to_be_visible()
    assert page.locator("#score-table").inner_text() == final_table
    shot(page, "qwixx-desktop-replay-end")


def test_action1_choice_hidden_until_everyone_decided(server, browser, page):
    bob_link, watch_link = create_qwixx(page, server.url, seats=("me", "invite"), invites=True)
    bob, spectator = new_page(browser), new_page(browser)
    try:
        bob.goto(bob_link)
        spectator.goto(watch_link)
        page.click("#roll")
        settle(page)
        total = white_sum(page)
        row = "g" if total == 12 else "r"  # red 12 locks (needs 5 crosses); green 12 is first
        cell = page.locator(f'.sheet.mine .qcell[data-row="{row}"][data-n="{total}"]')
        expect(cell).to_have_class(re.compile(r"\boption\b"))
        cell.click()
        settle(page)
        # my own choice is shown to me, marked as still hidden
        expect(page.locator("#my-pending")).to_contain_text(f"{row.upper()} {total}")
        expect(cell).to_have_class(re.compile(r"\bpending\b"))
        # the others see that I have decided, not what
        for other in (bob, spectator):
            mine = other.locator('.sheet[data-seat="0"]')
            expect(mine.locator(".marker.decided")).to_be_visible()
            expect(mine.locator(".qcell.crossed")).to_have_count(0)
        shot(spectator, "qwixx-hidden-choice-spectator")
        # the roll in words: the others read that I decided, not what; Bob is deciding
        bob_name = bob.locator('.sheet[data-seat="1"]').get_attribute("aria-label")
        now = spectator.locator(".round-summary.current")
        expect(now).to_contain_text(t("web_round_decided", "en", name="Ada"))
        expect(now).to_contain_text(t("web_round_deciding", "en", name=bob_name))
        expect(now).not_to_contain_text(t("web_round_cross", "en", name="Ada", cell=f"{row}{total}"))
        # Bob passes: action 1 resolves and my cross appears everywhere, in words and marked
        # on the sheets as crossed in this roll
        bob.click("#pass")
        settle(bob)
        for other in (page, bob, spectator):
            expect(other.locator(f'.sheet[data-seat="0"] .qcell.crossed[data-row="{row}"]'
                                 f'[data-n="{total}"]')).to_have_count(1)
            summary = other.locator(".round-summary.current")
            expect(summary).to_contain_text(t("web_round_cross", "en", name="Ada", cell=f"{row}{total}"))
            expect(summary).to_contain_text(t("web_round_pass", "en", name=bob_name))
            marked = other.locator(".qcell.this-roll")
            expect(marked).to_have_count(1)
            expect(marked).to_have_attribute("aria-label", re.compile(t("web_cell_this_roll", "en")))
        expect(page.locator("#my-pending")).to_have_count(0)
        assert not bob.js_errors and not spectator.js_errors
    finally:
        bob.context.close()
        spectator.context.close()
