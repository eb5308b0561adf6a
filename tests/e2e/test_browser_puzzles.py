"""The puzzle page in a real browser: the day's puzzle and one by id drawn by the game's
renderer; the only winning move solves it, raises the puzzle rating kept in the browser (on the
server for a signed-in player) and the streak; a wrong move gets a sentence, lowers the rating,
ends the streak and offers "Try again" (the main button then) and the solution played on the
board move by move; before a try "Next puzzle" is only a secondary "Skip"; the themes choose the
puzzles' length; no serious axe-core finding at desktop and phone widths."""

from __future__ import annotations

import pytest
from a11y import violations
from e2e_helpers import new_page
from playwright.sync_api import expect

from qwixo.i18n import t
from qwixo.quixo import puzzles

pytestmark = pytest.mark.browser


def _push(page, move: str) -> None:
    page.click(f'[data-key="sq:{move[:2]}"]')
    page.click(f'[data-move="{move[:4]}"]')


def test_solve_and_fail_puzzles(browser, server):
    every = puzzles.load()
    one = next(p for p in every if p.size == 5 and p.plies == 1)

    def other_push(p):
        """Another legal push of the cube the puzzle's winning move takes (a wrong move that
        a player could well try), or None."""
        g = p.game()
        return next((m for m in g.options(g.to_act[0])
                     if m != p.moves[0] and m[:2] == p.moves[0][:2]), None)

    three = next(p for p in every if p.size == 4 and p.plies == 3 and other_push(p))
    page = new_page(browser, bypass_csp=True)
    try:
        page.goto(f"{server.url}?puzzle")  # the first game with puzzles: its daily puzzle
        expect(page.locator("#pz-task")).to_be_visible()
        daily = puzzles.daily(every)
        assert f"id={daily.id}" in page.url
        page.goto(f"{server.url}?puzzle=quixo&id={one.id}&lang=it")
        expect(page.locator("#pz-task")).to_contain_text("vince in 1 semimossa")
        assert not [v for v in violations(page) if v["impact"] in ("critical", "serious")]
        # before a try: no main button but the board; "Next puzzle" is a secondary "Skip"
        expect(page.locator("#pz-next")).to_have_text(t("web_puzzle_skip", "it"))
        expect(page.locator(".puzzle .btn.primary")).to_have_count(0)
        _push(page, one.moves[0])
        expect(page.locator("#pz-message")).to_have_text(t("web_puzzle_solved", "it"))
        expect(page.locator("#pz-next.primary")).to_have_text(t("web_puzzle_next", "it"))
        expect(page.locator("#pz-streak")).to_have_attribute("data-streak", "1")
        up = int(page.locator("#pz-rating").inner_text().split(":")[1].split("(")[0])
        assert up > 1500
        # a wrong first move on another: the solution is shown, the rating goes down
        page.goto(f"{server.url}?puzzle=quixo&id={three.id}&lang=en")
        wrong = other_push(three)
        _push(page, wrong)
        message = page.locator("#pz-message")
        expect(message).to_contain_text("does not win in time")
        assert message.inner_text()[0].isupper() and message.inner_text().endswith(".")
        down = int(page.locator("#pz-rating").inner_text().split(":")[1].split("(")[0])
        assert down < up
        expect(page.locator("#pz-streak")).to_have_attribute("data-streak", "0")
        expect(page.locator("#pz-streak")).to_have_attribute("data-best", "1")
        expect(page.locator("#pz-retry.primary")).to_be_visible()  # the main button now
        # the solution played on the board: each move drawn on the position before it
        page.click("#pz-show")
        n = len(three.moves)
        for k, move in enumerate(three.moves):
            expect(page.locator("#pz-sol-step")).to_contain_text(f"{k + 1} of {n}")
            expect(page.locator(f'.quixo-board .suggest[data-suggest="{move[:4]}"]')
                   ).to_have_count(1)
            page.click("#pz-sol-next")
        expect(page.locator("#pz-sol-step")).to_contain_text("Solution:")
        expect(page.locator(".quixo-board .suggest")).to_have_count(0)
        expect(page.locator(".quixo-board .win-line")).to_have_count(1)  # the line is made
        for viewport in ({"width": 360, "height": 640}, {"width": 1280, "height": 900}):
            page.set_viewport_size(viewport)
            assert not [v for v in violations(page) if v["impact"] in ("critical", "serious")]
        # and again from the puzzle's position: the right move is judged right
        page.click("#pz-retry")
        expect(page.locator("#pz-sol-step")).to_have_count(0)
        _push(page, three.moves[0])
        expect(page.locator("#pz-message")).to_contain_text("Right!")
        page.click("#pz-next")  # the next one, near the rating, not one seen
        page.wait_for_url(lambda u: f"id={three.id}" not in u)  # (the old task is still shown)
        expect(page.locator("#pz-task")).to_be_visible()
        assert f"id={three.id}" not in page.url and f"id={one.id}" not in page.url
        # a theme: the puzzles of one length only
        for k in range(3):
            before = page.url.split("id=")[1].split("&")[0]
            if k == 0:
                page.select_option("#pz-theme", label=t("web_puzzle_theme", "en", moves=3))
            else:
                page.click("#pz-next")
            page.wait_for_url(lambda u, old=before: f"id={old}" not in u)
            expect(page.locator("#pz-task")).to_contain_text("wins in 5 plies")
            shown = page.url.split("id=")[1].split("&")[0]
            assert next(p for p in every if p.id == shown).plies == 5
        assert not page.js_errors
    finally:
        page.context.close()


def test_a_signed_in_players_rating_is_kept_on_the_server(browser, server):
    every = puzzles.load()
    one = next(p for p in every if p.size == 5 and p.plies == 1)
    page = new_page(browser, bypass_csp=True)
    try:
        page.goto(f"{server.url}?lang=en")
        status = page.evaluate("""async () => (await fetch('/api/account/signup', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Puzzler', password: 'correct horse battery'})})).status""")
        assert status == 201
        page.goto(f"{server.url}?puzzle=quixo&id={one.id}&lang=en")
        rating = page.locator("#pz-rating")
        expect(rating).to_have_attribute("data-kept", "server")
        expect(rating).to_contain_text("1500")
        _push(page, one.moves[0])
        expect(page.locator("#pz-message")).to_have_text(t("web_puzzle_solved", "en"))
        after = int(puzzles.rate(1500, one.rating, True) + 0.5)  # Math.round
        expect(rating).to_contain_text(f": {after} (")
        mine = page.evaluate("async () => (await fetch('/api/puzzles/quixo/rating')).json()")
        assert mine["attempts"] == 1 and round(mine["rating"]) == after
        # the browser's own rating was left alone
        assert page.evaluate("localStorage.getItem('qwixo.puzzles.quixo')") is None or \
            page.evaluate("JSON.parse(localStorage.getItem('qwixo.puzzles.quixo')).rating") \
            == 1500
        assert not page.js_errors
    finally:
        page.context.close()
