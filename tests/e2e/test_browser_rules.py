"""The rules pages (every game and Qwixx edition, every language, drawn with the real board and
sheet: the sheet from GET /api/editions/{name}) and the offline score pad: it keeps working
with the server gone (service worker) and sends nothing about the pad to any server."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from e2e_helpers import new_page, shot
from playwright.sync_api import expect

from qwixo.i18n import t
from qwixo.qwixx.editions import EDITIONS

SW = Path(__file__).resolve().parents[2] / "src" / "qwixo" / "web" / "sw.js"

pytestmark = pytest.mark.browser


def test_editions_endpoint(server):
    with urllib.request.urlopen(server.url + "api/editions") as r:
        assert json.loads(r.read())["editions"] == list(EDITIONS)
    with urllib.request.urlopen(server.url + "api/editions/longo") as r:
        assert json.loads(r.read()) == EDITIONS["longo"].to_dict()


@pytest.mark.parametrize("lang", ["en", "tr", "it", "pl"])
def test_rules_pages_in_every_language(server, page, lang):
    page.goto(f"{server.url}?rules=quixo&lang={lang}")
    expect(page.locator(".rules-page h1")).to_have_text(t("web_rules_title", lang, game="Quixo"))
    expect(page.locator(".rules-page")).to_contain_text(t("web_rules_quixo_move", lang))
    expect(page.locator(".rules-page .quixo-board")).to_have_count(2)  # 2 and 4 players
    for edition, ed in EDITIONS.items():
        page.locator(".rules-nav a", has_text=t(f"web_edition_{edition}", lang)).click()
        sheet = page.locator(".rules-page .sheet")
        expect(sheet).to_have_count(1)
        # every sentence of the edition's rules, with the edition's own numbers (Edition.rules,
        # checked against the sheet in tests/qwixx/test_rules_texts.py)
        for part in ("intro", "play"):
            for key, params in ed.rules()[part]:
                expect(page.locator(".rules-page")).to_contain_text(t(key, lang, **params))
        for r, row in zip("rygb", ed.rows, strict=True):
            nums = [int(x) for x in sheet.locator(f'.qcell[data-row="{r}"] .num').all_inner_texts()]
            assert nums == list(row.numbers), (edition, r)
        if lang == "en":
            shot(page, f"rules-{edition}")


def test_offline_score_pad(own_server, browser):
    page = new_page(browser, service_workers="allow")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url))
    try:
        page.goto(own_server.url + "?pad=bonus-a")
        page.wait_for_selector(".pad-page .sheet")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cache = re.search(r'const CACHE = "([^"]+)"', SW.read_text(encoding="utf-8")).group(1)
        page.wait_for_function("async (c) => await caches.has(c)", arg=cache)
        page.wait_for_function("async (c) => (await (await caches.open(c)).keys()).length > 30", arg=cache)
        own_server.stop()  # no server from here on
        page.reload()
        sheet = page.locator('.pad-page .sheet[data-seat="0"]')
        expect(sheet).to_be_visible()
        sheet.locator('.qcell[data-row="r"][data-index="0"]').click()
        sheet.locator('.qcell[data-row="r"][data-index="2"]').click()
        expect(sheet.locator(".qcell.crossed")).to_have_count(2)
        expect(sheet.locator('.qcell.skipped[data-row="r"]')).to_have_count(1)
        expect(sheet.locator(".sheet-total b")).to_have_text("3")  # 2 crosses: 3 points
        sheet.get_by_role("button", name=f"+ {t('web_penalties', 'en')}").click()
        expect(sheet.locator(".sheet-total b")).to_have_text("\u22122")
        page.reload()  # kept in this browser
        expect(page.locator('.pad-page .sheet[data-seat="0"] .qcell.crossed')).to_have_count(2)
        shot(page, "pad-offline")
        # nothing about the pad went to the server: only the page's files and tables
        # (the page's line on the bots' warm-up asks /api/health: not about the pad)
        assert not [u for u in sent if "/api/" in u and "/api/i18n/" not in u and "/api/editions" not in u
                    and "/api/health" not in u], sent
    finally:
        page.context.close()


def test_a_crossed_number_stays_readable(server, page):
    """A crossed cell's number is drawn above its X, in full black with a white halo: the X
    frames it, as a pen cross on the paper sheet does, and does not hide it."""
    page.goto(f"{server.url}?rules=qwixx&edition=classic&lang=en")
    expect(page.locator(".rules-page .rules-figure .qcell.crossed").first).to_be_visible()
    # (read in one call on the cell drawn now: the page redraws when the sheet's layout comes)
    style = page.wait_for_function("""() => {
        const c = document.querySelector('.rules-page .rules-figure .qcell.crossed');
        if (!c || !c.isConnected) return null;
        const n = getComputedStyle(c.querySelector('.num')), m = getComputedStyle(c.querySelector('.mark'));
        return n.color ? {num: +n.zIndex, mark: +m.zIndex, color: n.color, halo: n.textShadow} : null;
    }""").json_value()
    assert style["num"] > style["mark"], style
    assert style["color"] == "rgb(17, 17, 17)" and style["halo"] != "none", style
