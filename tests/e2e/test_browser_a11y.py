"""axe-core (vendored, tests/e2e/vendor) on every screen of the web table: no critical and no
serious violation on the lobby, Quixo 2- and 4-player games (running, finished), a Qwixx game
of each edition, the score pad, a replay and the rules pages; and no English left on the
Turkish, Italian and Polish pages (labels read out in the page's language)."""

from __future__ import annotations

import re

import pytest
from a11y import bad, screens, violations
from e2e_helpers import new_context, new_page

from qwixo.i18n import catalog

pytestmark = pytest.mark.browser

NAMES = [name for name, _ in screens("http://x/")]


@pytest.fixture(scope="module")
def visitor(browser):
    """One visitor for the screens of this file (its scripts load once, as for a person), whose
    context lets the test inject axe (the page's CSP forbids inline script)."""
    ctx = new_context(browser, {"width": 1280, "height": 800}, bypass_csp=True)
    yield ctx
    ctx.close()


@pytest.fixture
def csp_page(browser, visitor):
    """A page of that visitor; a JavaScript error on it fails the test."""
    page = new_page(browser, context=visitor)
    yield page
    page.close()
    assert not page.js_errors, f"JavaScript errors on the page: {page.js_errors}"


@pytest.mark.parametrize("name", NAMES)
def test_no_serious_accessibility_violation(server, csp_page, name):
    setup = dict(screens(server.url))[name]
    setup(csp_page)
    found = bad(violations(csp_page))
    assert not found, f"{name}: " + "; ".join(
        f"{v['id']} ({v['impact']}, {v['n']}): {v['targets']}" for v in found)


def english_only(lang: str) -> list[str]:
    """English texts of the page's catalog that the other language says differently (long
    enough not to be a name or a number)."""
    en, other = catalog("en"), catalog(lang)
    out = []
    for key, text in en.items():
        if not key.startswith("web_") or "{" in text or len(text) < 6:
            continue
        if other.get(key) and other[key] != text and re.search(r"[a-z]{4}", text):
            out.append(text)
    return out


@pytest.mark.parametrize("lang", ["tr", "it", "pl"])
@pytest.mark.parametrize("name", ["lobby-more", "quixo-4p", "qwixx-bonus-b", "quixo-finished"])
def test_no_english_left(server, csp_page, lang, name):
    dict(screens(server.url, lang))[name](csp_page)
    csp_page.wait_for_selector(".conn-connected, #create")
    text = csp_page.evaluate("document.body.innerText")
    labels = " ".join(csp_page.eval_on_selector_all(
        "[aria-label], [title]", "els => els.map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || ''))"))
    def said(s: str, where: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(s)}(?!\w)", where) is not None

    left = [s for s in english_only(lang) if said(s, text) or said(s, labels)]
    assert not left, f"English on the {lang} page: {left}"
