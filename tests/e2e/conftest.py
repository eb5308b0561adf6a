"""End-to-end tests of the web app in a real browser.

playwright drives Debian's chromium in its headless shell (``/usr/bin/chromium-headless-shell``,
else ``/usr/bin/chromium``; ``make test`` installs both where they are missing; ``QWIXO_CHROMIUM``
names another); ``qwixo serve`` runs as a subprocess on 127.0.0.1 with a free port and a temporary
database. Screenshots are saved under ``/tmp/qwixo-e2e/`` (desktop and phone sizes).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from e2e_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NET_LOG,
    PHONE,
    SHOTS,
    forget,
    new_page,
    serving,
    shot,
)
from playwright.sync_api import expect

# an assertion on the page waits for what it expects as long as a page's actions do (the
# contexts' 20 s): a game page's first load on a loaded machine can take more than playwright's
# 5 s default, and an assertion that holds returns as soon as it does
expect.set_options(timeout=20_000)


def _server(tmp: Path):
    yield from serving(tmp)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """One server for the tests that do not kill it."""
    yield from _server(tmp_path_factory.mktemp("e2e-server"))


@pytest.fixture
def own_server(tmp_path):
    """A server of this test alone (it may kill and restart it)."""
    yield from _server(tmp_path)


@pytest.fixture(scope="session", autouse=True)
def _fresh_screenshots():
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob("FAILED-*.png"):  # from an earlier run
        old.unlink(missing_ok=True)


# module scope: playwright's sync API keeps an event loop running in the main thread while it
# is open, which would break the asyncio.run() of the tests collected after these
@pytest.fixture(scope="module")
def browser():
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"Debian's chromium is missing ({CHROMIUM}): the browser tests need it. "
                    "Install it with `make browser` (apt-get install chromium chromium-headless-shell).",
                    pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    if call.when == "setup":
        NET_LOG.clear()
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    if rep.when == "call" and rep.failed and NET_LOG:
        rep.sections.append(("the pages' network and console errors", "\n".join(NET_LOG[-60:])))
    return rep


def _failed(request) -> bool:
    rep = getattr(request.node, "rep_call", None)
    return rep is not None and rep.failed


# the pages of a module's tests: one tab each size, made a new visitor's again before every
# test (``forget``: a blank page, no storage, no cookies, no service worker of any server it
# went to; the browser's cache of the files stays) — a new page costs a new renderer's start
@pytest.fixture(scope="module")
def _tab(browser):
    p = new_page(browser)
    yield p
    p.context.close()


@pytest.fixture(scope="module")
def _phone_tab(browser):
    p = new_page(browser, PHONE)
    yield p
    p.context.close()


def _fresh_tab(tab, request, suffix: str):
    forget(tab)
    tab.js_errors.clear()
    yield tab
    if _failed(request):
        shot(tab, f"FAILED-{request.node.name}{suffix}")
    errors = list(tab.js_errors)
    tab.unroute_all(behavior="ignoreErrors")
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(_tab, request):
    """A desktop-sized page, as a new visitor's; a JavaScript error on it fails the test."""
    yield from _fresh_tab(_tab, request, "")


@pytest.fixture
def phone_page(_phone_tab, request):
    """A phone-sized page, as a new visitor's; a JavaScript error on it fails the test."""
    yield from _fresh_tab(_phone_tab, request, "-phone")
