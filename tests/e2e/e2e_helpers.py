"""Helpers of the browser tests: the server subprocess, pages, screenshots, game-page waits, a
seat played to the end over the WebSocket."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from websockets.sync.client import connect

from qwixo.server.serve_process import ServeProcess

#: Debian's chromium-headless-shell (the same Chromium, built from the same Debian source
#: package, without the windows of the full browser: what playwright itself runs for headless
#: Chromium; a third of the full browser's CPU time on these tests, measured on the words check
#: and two more files), else Debian's full chromium; QWIXO_CHROMIUM names another
CHROMIUM = os.environ.get("QWIXO_CHROMIUM") or next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
     if os.access(p, os.X_OK)), "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("QWIXO_E2E_SHOTS", "/tmp/qwixo-e2e"))
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# first start compiles the numba kernels when the cache is cold; a busy machine may set more
STARTUP_TIMEOUT = float(os.environ.get("QWIXO_E2E_STARTUP", "180"))
#: the server's analysis budget (``qwixo serve --analysis-seconds``; 10 s by default): the
#: browser tests of the analysis check the page, not the strength of a long search
ANALYSIS_SECONDS = 2


class Server:
    """``qwixo serve`` in a subprocess: start, kill -9, start again on the same port and db."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.db = tmp / "qwixo.sqlite"
        self.port = 0
        self._srv: ServeProcess | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def output(self) -> list[str]:
        return self._srv.output if self._srv else []

    def start(self) -> None:
        self._srv = ServeProcess(
            "--db", str(self.db), "--bot-delay", "0.05", "--http-rate", "50",
            "--analysis-seconds", str(ANALYSIS_SECONDS), port=self.port,
            env={"QWIXO_DATA": str(self.tmp / "data"), "PYTHONUNBUFFERED": "1"},
            timeout=STARTUP_TIMEOUT)
        self.port = self._srv.port
        deadline = time.monotonic() + STARTUP_TIMEOUT
        # the URL is printed when the page answers; wait until the bots and hints are ready
        # too (their kernels compiled or loaded: /api/health's "ready"), as a test expects
        while True:
            try:
                with urllib.request.urlopen(self.url + "api/health", timeout=5) as r:
                    if r.status == 200 and json.loads(r.read()).get("ready", True):
                        return
            except OSError:
                if time.monotonic() > deadline:
                    raise
            if time.monotonic() > deadline:
                raise RuntimeError("qwixo serve's bots were not ready in time:\n"
                                   + "".join(self.output[-40:]))
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL: the server dies without any cleanup."""
        if self._srv and self._srv.proc.poll() is None:
            self._srv.proc.send_signal(signal.SIGKILL)
            self._srv.proc.wait(10)

    def stop(self) -> None:
        if self._srv:
            self._srv.stop(timeout=10)


def game_sites():
    """``tests/contract/game_sites.py`` (the outside games the contract's tests install),
    loaded by its path."""
    path = Path(__file__).resolve().parents[1] / "contract" / "game_sites.py"
    spec = importlib.util.spec_from_file_location("game_sites", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def serving(tmp: Path, site: Path | None = None) -> Iterator[Server]:
    """A started server (stopped when the generator closes: a fixture's body); ``site``: a
    folder of games installed beside qwixo, first on the server's Python path."""
    if site is None:
        srv = Server(tmp)
        srv.start()
    else:
        with game_sites().python_path(site):
            srv = Server(tmp)
            srv.start()
    try:
        yield srv
    finally:
        srv.stop()


class PageErrors(list):
    """JavaScript errors of a page: a test fails on any."""


#: what went wrong on the network for the pages of the running test (requests that failed,
#: answers of 500 and more, console errors): shown in the report of a test that fails
NET_LOG: list[str] = []


def _origin(url: str) -> str:
    """``http://host:port`` of an address."""
    return "/".join(url.split("/", 3)[:3])


def _log_network(page) -> None:
    inflight = page.requests_in_flight = set()  # type: ignore[attr-defined]
    origins = page.origins_seen = set()  # type: ignore[attr-defined]

    def asked(req) -> None:
        inflight.add(req)
        if req.url.startswith(("http://", "https://")):
            origins.add(_origin(req.url))

    def done(req) -> None:
        inflight.discard(req)

    def failed(req) -> None:
        inflight.discard(req)
        NET_LOG.append(f"request failed: {req.method} {req.url} ({req.failure})")

    def answered(res) -> None:
        if res.status >= 500:
            NET_LOG.append(f"HTTP {res.status}: {res.request.method} {res.url}")

    def console(msg) -> None:
        if msg.type == "error":
            NET_LOG.append(f"console: {msg.text}")

    page.on("request", asked)
    page.on("requestfinished", done)
    page.on("requestfailed", failed)
    page.on("response", answered)
    page.on("console", console)


def new_context(browser, viewport=DESKTOP, bypass_csp=False, reduced_motion=None,
                service_workers="block"):
    """A browser context (a new visitor: no cookies, no storage, an empty cache);
    ``reduced_motion="reduce"``: a visitor who asked for no animations (the pages are drawn
    at once in their final places). The page's service worker (``sw.js``: network first, so
    an online page gets the server's answers either way; it matters offline) is not started
    unless ``service_workers="allow"``: the tests of the pages offline, of a new visitor's
    first minutes and the axe walk over every screen run with it; elsewhere it would only
    copy every file of every page load into its cache (a sixth of the browser's CPU time)."""
    ctx = browser.new_context(viewport=viewport, bypass_csp=bypass_csp,
                              reduced_motion=reduced_motion, service_workers=service_workers)
    ctx.set_default_timeout(20_000)
    return ctx


def new_page(browser, viewport=DESKTOP, bypass_csp=False, context=None, reduced_motion=None,
             service_workers="block"):
    """A page (its JavaScript errors in ``page.js_errors``) in a new context, or in ``context``
    (the same visitor: its cookies, storage and cache); ``bypass_csp``: a test may inject
    axe-core (the page's CSP forbids inline script)."""
    ctx = context or new_context(browser, viewport, bypass_csp, reduced_motion, service_workers)
    page = ctx.new_page()
    page.js_errors = PageErrors()  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))  # type: ignore[attr-defined]
    _log_network(page)
    return page


@contextmanager
def axe_page(browser, viewport: dict, init_script: str | None = None) -> Iterator:
    """A page whose context lets the test inject axe (``bypass_csp``: the page's CSP forbids
    inline script), with ``init_script`` run in every page; a JavaScript error on the page
    fails the test when the page is closed."""
    ctx = new_context(browser, viewport, bypass_csp=True)
    if init_script:
        ctx.add_init_script(init_script)
    page = new_page(browser, context=ctx)
    yield page
    errors = list(page.js_errors)  # type: ignore[attr-defined]
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def forget(page) -> None:
    """Make a tab shared by several tests a new visitor's again, as far as the pages can
    tell: on a page without scripts (its server's /api/health: the same site, so the tab
    keeps its renderer; about:blank when that server is gone), with the storage of every
    server it has been to (the language, the seats held, the lobby's last form, the pad, a
    service worker and its cache) and the cookies (an account) gone."""
    try:
        if not page.url.startswith("http"):
            raise ValueError(page.url)
        page.goto(_origin(page.url) + "/api/health", timeout=5_000)
    except Exception:  # noqa: BLE001 - no page yet, or its server stopped
        # (a failed load goes on to the browser's error page, a navigation of its own that
        # may cut this one short: either way the tab ends on a page without scripts)
        for _ in range(3):
            try:
                page.goto("about:blank")
            except Exception:  # noqa: BLE001
                page.wait_for_load_state()
            if not page.url.startswith("http"):
                break
        else:
            raise RuntimeError(f"the tab stays on {page.url}")
    cdp = page.context.new_cdp_session(page)
    try:
        for origin in sorted(page.origins_seen):  # type: ignore[attr-defined]
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    finally:
        cdp.detach()
    page.origins_seen.clear()  # type: ignore[attr-defined]
    page.context.clear_cookies()


def quiet(page) -> None:
    """Wait until the page has drawn what it asked for: every HTTP request of the page answered
    (its fetches, scripts, styles), a game page's last decision answered
    (``data-pending="0"``), then two animation frames drawn (what the answers changed is on
    screen)."""
    deadline = time.monotonic() + 20  # (the contexts' timeout for an action)
    while page.requests_in_flight:  # type: ignore[attr-defined]
        if time.monotonic() > deadline:
            raise TimeoutError(f"requests unanswered: {[r.url for r in page.requests_in_flight]}")
        page.wait_for_timeout(20)  # (the page's events come in meanwhile)
    if page.locator(".game-page[data-pending]").count():  # (a replay has none)
        page.wait_for_selector('.game-page[data-pending="0"]', state="attached")
    drawn(page)


def drawn(page) -> None:
    """Wait until the page has drawn two frames since now: what its scripts changed (a
    redraw, its scroll) is laid out and on screen."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame("
                  "() => requestAnimationFrame(done)))")


def shot(page, name: str) -> Path:
    """Save a full-page screenshot under SHOTS."""
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path



def play_to_end(server_url: str, gid: str, token: str, seed: int, seat: int = 0) -> None:
    """Play ``seat`` of game ``gid`` (its seat ``token``) to the end of the game over the
    WebSocket, a random legal option (``random.Random(seed)``) whenever it is to act, and the
    roll when it is its to make."""
    rng = random.Random(seed)
    with connect(server_url.replace("http://", "ws://") + f"ws/{gid}") as ws:
        ws.send(json.dumps({"type": "auth", "token": token}))
        decided: set[int] = set()  # the versions this seat has sent its decision for

        def act(view: dict) -> None:
            if view.get("needs_roll") and view.get("roller") == seat:
                ws.send(json.dumps({"type": "roll"}))  # the seat rolls (no auto-roll)
            elif seat in view["to_act"] and view["options"] and view["version"] not in decided:
                # one decision a version: a state sent before the server had this seat's
                # (hidden, simultaneous) decision still lists the seat among those to act
                decided.add(view["version"])
                ws.send(json.dumps({"type": "choose", "decision": rng.choice(view["options"]),
                                    "id": view["version"]}))

        view: dict = {}
        while True:
            m = json.loads(ws.recv(timeout=60))
            if m["type"] in ("welcome", "state"):
                view = m["view"]
                if view["is_over"]:
                    return
                act(view)
            elif m["type"] == "error" and m["key"] == "rate_limited":
                time.sleep(1.0)  # the connection's message budget: the same again, later
                decided.discard(view.get("version"))
                act(view)
            elif m["type"] == "error":
                # an answer to a view that is already old (a retry after rate_limited, or the
                # server rolling by itself): the next state message goes on
                assert m["key"] in ("not_your_turn", "no_roll_needed", "roll_needed"), m


def version(page) -> int:
    """The version (number of events) of the game the page shows."""
    return int(page.locator(".game-page").get_attribute("data-version"))


def settle(page) -> None:
    """Wait until the decision the page sent is answered (refused, or accepted and shown)."""
    page.wait_for_selector('.game-page[data-pending="0"]', state="attached")


def pass_turn(page) -> None:
    """Click Pass; when the pass costs a penalty the page asks first: confirm."""
    page.click("#pass")
    if page.locator("dialog#confirm").count():
        page.click("#confirm-ok")


def more_settings(page) -> None:
    """Unfold the lobby's "More settings" (seats, clock, rated, undo, "Create game"): folded
    when the lobby opens."""
    page.wait_for_selector("#more-settings")
    if page.locator("#more-settings[open]").count() == 0:
        page.click("#more-settings-toggle")
    page.wait_for_selector("#more-settings[open] #create")
