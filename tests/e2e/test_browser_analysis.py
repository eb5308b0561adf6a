"""The analysis of a finished game on the replay page, in a real browser: "Analyse" shows its
progress (a percentage, the graph and the worst decisions so far) while the server works, then
how it was made (exact / estimates), the wide graph with its axes (a click goes to that move), and
the key moments, each a button that takes the replay to the position before that decision with
the move played and the better one drawn (Quixo arrows, marked Qwixx cells) and in words; the
result card's "Analyse" opens it. The values are the server's analysis (checked against the
databases in tests/server/test_server_analysis.py). The tests wait for the analysis as long as
its progress moves, not for a fixed time."""

from __future__ import annotations

import json
import re
import shutil
import urllib.request

import pytest
from a11y import create, violations
from e2e_helpers import ANALYSIS_SECONDS, forget, new_context, new_page, play_to_end
from playwright.sync_api import expect

from qwixo.i18n import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def _axe_tab(browser):
    ctx = new_context(browser, bypass_csp=True)
    yield new_page(browser, context=ctx)
    ctx.close()


@pytest.fixture
def tab(_axe_tab):
    """The page of this file's tests: one visitor's tab (the games are opened by their links),
    whose context lets the test inject axe (the page's CSP forbids inline script)."""
    forget(_axe_tab)  # (each test a new visitor: no language kept from the one before)
    _axe_tab.js_errors.clear()  # type: ignore[attr-defined]
    yield _axe_tab
    _axe_tab.unroute_all(behavior="ignoreErrors")


def _get(base: str, path: str) -> dict:
    with urllib.request.urlopen(base.rstrip("/") + path, timeout=120) as r:
        return json.loads(r.read())


def _seat0_token(url: str) -> str:
    return url.split("token=")[1].split("&")[0]


def _analysed(page) -> None:
    """Wait for the analysis on the page (``#an-how``) as long as it moves: its progress (the
    decisions done, or the analysis' start) must change within a few rounds of waiting (the
    analysis runs at a low priority: on a loaded machine one decision can take a round)."""
    last, stale = None, 0
    while True:
        try:
            expect(page.locator("#an-how")).to_be_visible()
            return
        except AssertionError:
            bar = page.locator("#an-progress")
            now = bar.get_attribute("data-done") if bar.count() else "gone"
            stale = stale + 1 if now == last else 0
            assert stale < 6, f"the analysis made no progress ({now} decisions done)"
            last = now


def _with_tables(server, quixo4_db) -> None:
    """The server's data directory holds the 4x4 database (as after its warm-up)."""
    where = server.tmp / "data" / "quixo"
    where.mkdir(parents=True, exist_ok=True)
    if not (where / quixo4_db.name).exists():
        shutil.copyfile(quixo4_db, where / quixo4_db.name)


@pytest.mark.parametrize("size,lang", [(3, "pl"), (4, "en")])
def test_analyse_a_quixo_game_exactly(tab, server, quixo4_db, size, lang):
    """3x3 (solved in memory) and 4x4 (the database its warm-up built): exact."""
    _with_tables(server, quixo4_db)
    gid, url = create(server.url, "quixo", {"size": size, "ply_limit": 60},
                      [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=3)
    page = tab
    page.goto(f"{server.url}?game={gid}&replay=0&lang={lang}")
    page.click("#an-go")
    _analysed(page)
    expect(page.locator("#an-how")).to_have_text(t("an_exact", lang))
    data = _get(server.url, f"/api/games/{gid}/analysis")["analysis"]
    assert data["exact"]
    expect(page.locator(".an-chart polyline")).to_have_count(2)
    # the axes, named; a click on the graph goes to the position after that move
    expect(page.locator(".an-axis-name")).to_have_text(
        [t("web_analysis_axis_outcome", lang), t("web_analysis_axis_moves", lang)])
    third = data["points"][2]
    page.locator('.an-col[data-row="2"]').click()
    total = len(_get(server.url, f"/api/games/{gid}/history")["events"])
    expect(page.locator("#rp-step")).to_contain_text(
        t("web_step_of", lang, n=third["step"], total=total))
    expect(page.locator(".an-cursor")).to_have_count(1)
    if not data["key"]:
        expect(page.locator("#an-none")).to_be_visible()
        return
    moments = page.locator(".an-moment")
    expect(moments).to_have_count(len(data["key"]))
    worst = next(p for p in data["points"] if p["index"] == data["key"][0])
    text = moments.first.inner_text()
    # in a player's words: what was played, what was better, and what it cost
    costs = [t(k, lang) for k in ("an_cost_win_draw", "an_cost_win_loss", "an_cost_draw_loss")]
    assert any(text.endswith(c) for c in costs), text
    moments.first.click()  # the replay goes to the position before that move
    expect(page.locator("#rp-step")).to_contain_text(
        t("web_step_of", lang, n=worst["step"] - 1, total=total))
    # the better move and the move played drawn on the board, and in words beside it
    expect(page.locator("#rp-suggest")).to_have_text(text)
    expect(page.locator("#rp-drawn")).to_have_text(t("web_analysis_drawn", lang))
    best = worst["best"][0][:4]
    expect(page.locator(f'.quixo-board .suggest[data-suggest="{best}"]')).to_have_count(1)
    played = page.locator(f'.quixo-board .suggest.played[data-played="{worst["move"][:4]}"]')
    expect(played).to_have_count(1)
    expect(page.locator(".quixo-board .suggest-head")).to_have_count(2)
    assert not [v for v in violations(page) if v["impact"] in ("critical", "serious")]
    page.set_viewport_size({"width": 360, "height": 640})  # a phone: the same, readable
    assert not [v for v in violations(page) if v["impact"] in ("critical", "serious")]
    width = page.evaluate("document.querySelector('.an-chart').getBoundingClientRect().width")
    assert width <= 360  # (no wider than the phone)
    page.set_viewport_size({"width": 1280, "height": 900})
    width = page.evaluate("document.querySelector('.an-chart').getBoundingClientRect().width")
    assert width > 600  # the whole width of the page, not a sidebar
    page.click("#rp-next")  # stepping on: the drawing goes
    expect(page.locator(".quixo-board .suggest")).to_have_count(0)
    expect(page.locator("#rp-suggest")).to_have_count(0)
    assert not page.js_errors


def test_analyse_a_three_player_qwixx_game_shows_estimates(tab, server):
    gid, url = create(server.url, "qwixx", {"players": 3},
                      [{"kind": "human"}, {"kind": "bot", "bot": "odds"},
                       {"kind": "bot", "bot": "odds"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=4)
    page = tab
    page.goto(f"{server.url}?game={gid}&replay=0")
    page.click("#an-go")
    _analysed(page)
    how = page.locator("#an-how")
    assert how.inner_text() != t("an_exact", "en")  # estimates, and they say from what:
    # the server's budget (--analysis-seconds), not the default's
    assert how.inner_text() == t("an_estimate_seconds", "en", seconds=ANALYSIS_SECONDS)
    expect(page.locator(".an-chart polyline")).to_have_count(3)
    expect(page.locator(".an-axis-name")).to_have_text(
        [t("web_analysis_axis_win_chance", "en"), t("web_analysis_axis_rolls", "en")])
    expect(page.locator(".an-moment").first).to_contain_text("This cost win chance")
    # the chances per cent as the language writes them ("41% → 29%")
    expect(page.locator(".an-moment").first).to_contain_text(re.compile(r"\d%"))
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
    # the decision played marked too, where it was a cell
    crossed = re.fullmatch(r"[a-z]\d+", str(worst["chosen"]).split("+")[0])
    if crossed and worst["chosen"] != worst["best"]:
        expect(page.locator(f'.sheet[data-seat="{worst["player"]}"] .qcell.played')
               ).to_have_count(1)
    assert not page.js_errors


def test_analyse_a_5x5_quixo_game_from_the_result_card(tab, server):
    """The result card's "Analyse" opens the replay with the analysis asked; while the server
    works the page shows the percentage, the graph and the worst decisions so far (the
    answer is held here until the page has drawn a progress report, so that it is seen)."""
    gid, url = create(server.url, "quixo", {"size": 5, "ply_limit": 40},
                      [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=5)
    final = _get(server.url, f"/api/games/{gid}/analysis")["analysis"]  # (computed, stored)
    k = 6
    report = {"state": "running", "metric": final["metric"], "done": k,
              "total": len(final["points"]), "percent": int(100 * k / len(final["points"])),
              "points": final["points"][:k], "series": final["series"][:k]}
    held = []
    page = tab
    page.route(f"**/api/games/{gid}/analysis", lambda route: held.append(route))
    page.route(f"**/api/games/{gid}/analysis/progress",
               lambda route: route.fulfill(json=report))
    page.goto(f"{url}&lang=it")
    page.click("#result-analyse")
    expect(page.locator("#an-progress-text")).to_have_text(t(
        "web_analysis_progress", "it", percent=report["percent"], done=k,
        total=report["total"]))
    expect(page.locator("#an-progress")).to_have_attribute("value", str(report["percent"]))
    expect(page.locator(".an-chart polyline")).to_have_count(2)  # the graph so far
    worst = [p for p in report["points"] if p["loss"] > 0]
    expect(page.locator(".an-moment")).to_have_count(min(5, len(worst)))
    assert held  # the analysis itself still on its way
    held[0].continue_()
    _analysed(page)
    # estimates, and from what: the server's budget
    assert page.locator("#an-how").inner_text() == t("an_estimate_seconds", "it",
                                                     seconds=ANALYSIS_SECONDS)
    expect(page.locator(".an-chart polyline")).to_have_count(2)
    assert not page.js_errors


def test_the_better_qwixx_decision_is_marked_on_the_sheet(tab, server, classic_table):
    """A solitaire game (exact values): a key moment shows the sheet before that decision with
    the cell of the better decision marked on the player's sheet. (The server finds the classic
    table in its data directory, as after its first solitaire analysis: the run's table, solved
    once for every test that needs it.)"""
    tables = server.tmp / "data" / "qwixx"
    tables.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(classic_table, tables / classic_table.name)
    gid, url = create(server.url, "qwixx", {"players": 1}, [{"kind": "human"}])
    play_to_end(server.url, gid, _seat0_token(url), seed=6)
    page = tab
    page.goto(f"{server.url}?game={gid}&replay=0")
    page.click("#an-go")
    _analysed(page)
    expect(page.locator("#an-how")).to_have_text(t("an_exact", "en"))
    expect(page.locator(".an-axis-name")).to_have_text(
        [t("web_analysis_axis_expected_score", "en"), t("web_analysis_axis_rolls", "en")])
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
