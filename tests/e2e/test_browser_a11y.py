"""axe-core (vendored, tests/e2e/vendor) on every screen of the web table: no critical and no
serious violation on the lobby, Quixo 2- and 4-player games (running, finished), a Qwixx game
of each edition, the score pad, a replay and the rules pages. (No English text left whole on
the Turkish, Italian and Polish pages: tests/e2e/test_browser_words.py.)"""

from __future__ import annotations

import pytest
from a11y import bad, screens, violations
from e2e_helpers import new_context, new_page

pytestmark = pytest.mark.browser

NAMES = [name for name, _ in screens("http://x/")]


@pytest.fixture(scope="module")
def tab(browser):
    """One visitor for the screens of this file, in one tab going from screen to screen (its
    scripts load once, as for a person), whose context lets the test inject axe (the page's CSP
    forbids inline script); with the page's service worker (every screen as it comes through it)."""
    ctx = new_context(browser, {"width": 1280, "height": 800}, bypass_csp=True,
                      service_workers="allow")
    yield new_page(browser, context=ctx)
    ctx.close()


@pytest.fixture
def csp_page(tab):
    """That tab for one screen; a JavaScript error on it meanwhile fails the test."""
    tab.js_errors.clear()
    yield tab
    assert not tab.js_errors, f"JavaScript errors on the page: {tab.js_errors}"


@pytest.mark.parametrize("name", NAMES)
def test_no_serious_accessibility_violation(server, csp_page, name):
    setup = dict(screens(server.url))[name]
    setup(csp_page)
    found = bad(violations(csp_page))
    assert not found, f"{name}: " + "; ".join(
        f"{v['id']} ({v['impact']}, {v['n']}): {v['targets']}" for v in found)
