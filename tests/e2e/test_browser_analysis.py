"""The analysis of a finished game on the replay page, in a real browser: "Analyse" shows how
it was made (exact / estimates), the graph, and the key moments, each a button that takes the
replay to the position before that decision with the better one drawn (a Quixo arrow, a marked
Qwixx cell) and in words; the values are the server's analysis (checked against the databases in
tests/server/test_server_analysis.py)."""

from __future__ import annotations

import json
import re
import shutil
import urllib.request

import pytest
from a11y import create, violations
from e2e_helpers import ANALYSIS_SECONDS, new_page, play_to_end
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


def _get(base: str, path: str) -> dict:
    with urllib.request.urlopen(base.rstrip("/") + path, timeout=120) as r:
        return json.loads(r.read())


def _seat0_token(url: str) -> str:
    return url.split("token=")[1].split("&")[0]


@pytest.mark.parametrize("size,lang", [(3, "pl"), (4, "en")])
def test_analyse_a_quixo_game_exactly(browser, server, size, lang):
    """3x3 (solved in memory) and 4x4 (the server makes the database on first use): exact."""
    gid, url = create(server.url, "quixo", {"size": size, "ply_limit": 60},
                      [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=3)
    page = new_page(browser, bypass_csp=True)
    try:
        page.goto(f"{server.url}?game={gid}&replay=0&lang={lang}")
        page.click("#an-go")
        expect(page.locator("#an-how")).to_have_text(t("an_exact", lang), timeout=120_000)
        data = _get(server.url, f"/api/games/{gid}/analysis")["analysis"]
        assert data["exact"]
        expect(page.locator(".an-graph svg polyline")).to_have_count(2)
        if not data["key"]:
            expect(page.locator("#an-none")).to_be_visible()
            return
        moments = page.locator(".an-moment")
        expect(moments).to_have_count(len(data["key"]))
        worst = next(p for p in data["points"] if p["index"] == data["key"][0])
        text = moments.first.inner_text()
        moments.first.click()  # the replay goes to the position before that move
        total = len(_get(server.url, f"/api/games/{gid}/history")["events"])
        expect(page.locator("#rp-step")).to_contain_text(
            t("web_step_of", lang, n=worst["step"] - 1, total=total))
        # the better move drawn on the board, and in words beside it
        expect(page.locator("#rp-suggest")).to_have_text(text)
        best = worst["best"][0][:4]
        expect(page.locator(f'.quixo-board .suggest[data-suggest="{best}"]')).to_have_count(1)
        expect(page.locator(".quixo-board .suggest-head")).to_have_count(1)
        page.click("#rp-next")  # stepping on: the drawing goes
        expect(page.locator(".quixo-board .suggest")).to_have_count(0)
        expect(page.locator("#rp-suggest")).to_have_count(0)
        assert not [v for v in violations(page) if v["impact"] in ("critical", "serious")]
        assert not page.js_errors
    finally:
        page.context.close()


def test_analyse_a_three_player_qwixx_game_shows_estimates(browser, server):
    gid, url = create(server.url, "qwixx", {"players": 3},
                      [{"kind": "human"}, {"kind": "bot", "bot": "odds"},
                       {"kind": "bot", "bot": "odds"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=4)
    page = new_page(browser, bypass_csp=True)
    try:
        page.goto(f"{server.url}?game={gid}&replay=0")
        page.click("#an-go")
        how = page.locator("#an-how")
        expect(how).to_be_visible(timeout=120_000)
        assert how.inner_text() != t("an_exact", "en")  # estimates, and they say from what:
        # the server's budget (--analysis-seconds), not the default's
        assert how.inner_text() == t("an_estimate_seconds", "en", seconds=ANALYSIS_SECONDS)
        expect(page.locator(".an-graph svg polyline")).to_have_count(3)
        expect(page.locator(".an-moment").first).to_contain_text("win chance")
        # the chance a per cent as the language writes it ("35.7% win chance")
        expect(page.locator(".an-moment").first).to_contain_text(re.compile(r"\d\.\d% win chance"))
        data = _get(server.url, f"/api/games/{gid}/analysis")["analysis"]
        worst = next(p for p in data["points"] if p["index"] == data["key"][0])
        page.locator(".an-moment").first.click()  # the sheet before, the better cell marked
        expect(page.locator("#rp-suggest")).to_be_visible()
        marked = page.locator(f'.sheet[data-seat="{worst["player"]}"] .qcell.suggested')
        simple = re.fullmatch(r"[a-z]\d+", worst["best"].split("+")[0])
        expect(marked).to_have_count(1 if simple else 0)
        if simple:
            assert marked.inner_text().strip().startswith(simple.group(0)[1:])
        expect(page.locator(".qcell.suggested")).to_have_count(1 if simple else 0)
        assert not page.js_errors
    finally:
        page.context.close()


def test_analyse_a_5x5_quixo_game_shows_estimates(browser, server):
    gid, url = create(server.url, "quixo", {"size": 5, "ply_limit": 40},
                      [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=5)
    page = new_page(browser, bypass_csp=True)
    try:
        page.goto(f"{server.url}?game={gid}&replay=0&lang=it")
        page.click("#an-go")
        how = page.locator("#an-how")
        expect(how).to_be_visible(timeout=120_000)
        # estimates, and from what: the server's budget
        assert how.inner_text() == t("an_estimate_seconds", "it", seconds=ANALYSIS_SECONDS)
        expect(page.locator(".an-graph svg polyline")).to_have_count(2)
        assert not page.js_errors
    finally:
        page.context.close()


def test_the_better_qwixx_decision_is_marked_on_the_sheet(browser, server, classic_table):
    """A solitaire game (exact values): a key moment shows the sheet before that decision with
    the cell of the better decision marked on the player's sheet. (The server finds the classic
    table in its data directory, as after its first solitaire analysis: the run's table, solved
    once for every test that needs it.)"""
    tables = server.tmp / "data" / "qwixx"
    tables.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(classic_table, tables / classic_table.name)
    gid, url = create(server.url, "qwixx", {"players": 1}, [{"kind": "human"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=6)
    page = new_page(browser, bypass_csp=True)
    try:
        page.goto(f"{server.url}?game={gid}&replay=0")
        page.click("#an-go")
        expect(page.locator("#an-how")).to_have_text(t("an_exact", "en"), timeout=120_000)
        data = _get(server.url, f"/api/games/{gid}/analysis")["analysis"]
        assert data["key"]  # random play always gives expected points away somewhere
        worst = next(p for p in data["points"] if p["index"] == data["key"][0])
        page.locator(".an-moment").first.click()
        expect(page.locator("#rp-suggest")).to_be_visible()
        simple = re.fullmatch(r"[a-z]\d+", str(worst["best"]).split("+")[0])
        marked = page.locator('.sheet[data-seat="0"] .qcell.suggested')
        expect(marked).to_have_count(1 if simple else 0)
        if simple:
            expect(marked.locator(".num")).to_have_text(simple.group(0)[1:])
        page.click("#rp-next")
        expect(page.locator(".qcell.suggested")).to_have_count(0)
        assert not page.js_errors
    finally:
        page.context.close()
