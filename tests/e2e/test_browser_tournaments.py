"""A tournament in the browser: a person signs up, hosts a Swiss of Quixo with two bots on the
tournaments page (the form), starts it, finds their game from the lobby in one click, plays
it (over the WebSocket, the seat's link the page gave), and the page shows the standings, the
rounds with each game to replay, and the podium."""

from __future__ import annotations

import pytest
from e2e_helpers import play_to_end, shot
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def test_host_a_swiss_play_it_from_the_lobby_and_see_the_podium(own_server, page):
    # (a server of its own: the shared one's sign-ups per address are spent by the others)
    url = own_server.url
    page.goto(url + "account.html?lang=en")
    page.get_by_label(t("acct_name", "en")).last.fill("Tessa")
    page.locator("#signup-password").fill("correct horse battery")
    page.locator("#signup-password").press("Enter")
    expect(page.locator("#status")).to_contain_text(t("acct_signed_in_as", "en", name="Tessa"))

    page.goto(url + "tournaments.html?lang=en")
    form = page.locator("#tour-create")
    form.locator('input[name="name"]').fill("Browser cup")
    form.locator('select[name="game"]').select_option("quixo")
    form.locator('input[name="rounds"]').fill("2")
    form.locator('input[name="rounds"]').dispatch_event("change")
    for bot in ("random", "greedy"):
        form.locator(f'input[name="bot-{bot}"]').fill("1")
        form.locator(f'input[name="bot-{bot}"]').dispatch_event("change")
    page.click("#tour-create-btn")
    expect(page.locator("h1")).to_have_text("Browser cup")
    tour_url = page.url
    expect(page.locator("#tour-status")).to_contain_text(t("web_tour_upcoming", "en"))
    page.click("#tour-start")
    expect(page.locator("#tour-status")).to_contain_text(t("web_tour_running", "en"))

    played = set()
    while not page.locator("#tour-podium").count():
        mine = page.locator("#tour-my-game")
        if mine.count():
            href = mine.get_attribute("href")
            gid = href.split("game=")[1].split("&")[0]
            if gid not in played:
                played.add(gid)
                # the lobby's one click to the player's tournament game
                page.goto(url + "?lang=en")
                page.click("#next-tournament-game")
                expect(page.locator(".game-page")).to_be_visible()
                tid = tour_url.split("id=")[1].split("&")[0]
                you = page.request.get(url + f"api/tournaments/{tid}").json()["you"]
                play_to_end(url, gid, href.split("token=")[1], seed=len(played),
                            seat=you["game"]["seat"])
                page.goto(tour_url)
        # (the page reads the tournament again every 3 s): the podium, or a game of mine
        # not played yet
        page.wait_for_function("""(played) => document.querySelector('#tour-podium') ||
            [...document.querySelectorAll('#tour-my-game')].some((a) => !played.includes(
                new URL(a.href, location.href).searchParams.get('game')))""",
                               arg=sorted(played), timeout=180_000)
    expect(page.locator("#tour-podium li")).to_have_count(3)
    expect(page.locator("#tour-standings tbody tr")).to_have_count(3)
    expect(page.locator(".tour-round")).to_have_count(2)
    assert len(played) == 1  # three entrants, two rounds: one bye and one game each
    replay = page.locator(".tour-round a.btn").first
    assert "replay=0" in replay.get_attribute("href")
    shot(page, "tournament")
