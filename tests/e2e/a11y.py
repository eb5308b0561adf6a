"""Accessibility checks with axe-core (vendored: ``tests/e2e/vendor/axe.min.js``) on every
screen of the web table: the lobby, Quixo 2- and 4-player games (running and finished), a
Qwixx game of each edition, the score pad, a replay and the rules pages.

Used by ``test_browser_a11y.py``; also a script that prints the counts per page::

    .venv/bin/python tests/e2e/a11y.py [--lang en] [--src PATH]

(``--src``: run the server from another checkout's ``src``, e.g. to measure an older front end.)
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from e2e_helpers import more_settings

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
EDITIONS = ("classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b")
BAD = ("critical", "serious")

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
    targets: v.nodes.slice(0, 4).map(n => n.target.join(" "))}));
}"""


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base.rstrip("/") + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def create(base: str, game: str, settings: dict, seats: list[dict], **extra) -> tuple[str, str]:
    """A game made over HTTP: (its id, the page URL of the first person seat)."""
    body = {"game": game, "settings": settings, "seats": seats, "lang": "en", **extra}
    reply = post(base, "/api/games", body)
    seat = next(s for s in reply["seats"] if s.get("token"))
    return reply["id"], base.rstrip("/") + seat["url"]


def violations(page) -> list[dict]:
    """axe-core's violations on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(RUN_AXE)


def bad(found: list[dict]) -> list[dict]:
    return [v for v in found if v["impact"] in BAD]


def count(found: list[dict], impact: str) -> int:
    return sum(v["n"] for v in found if v["impact"] == impact)


def settle(page) -> None:
    page.wait_for_selector('.game-page[data-pending="0"]', state="attached")


def screens(base: str, lang: str = "en"):
    """(name, setup(page)) for every screen checked; setup leaves the page on that screen."""
    q = f"lang={lang}"

    def lobby(page):  # as it opens: the game, its settings and the Play buttons
        page.goto(f"{base}?{q}")
        page.wait_for_selector("#play")
        page.wait_for_selector("#list-open .muted, #list-open .games")

    def lobby_more(page):  # "More settings" unfolded: the whole form
        lobby(page)
        more_settings(page)

    def friends(page):  # "Play with friends": the room with its invite, QR code and share
        page.goto(f"{base}?{q}")
        page.wait_for_selector("#play-friends")
        page.click("#play-friends")
        page.wait_for_selector("#invite-panel .qr svg")

    def quixo2(page):
        _, url = create(base, "quixo", {"size": 5, "players": 2},
                        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
        page.goto(f"{url}&{q}")
        page.wait_for_selector(".cell.takeable")
        page.locator('.cell[data-square="c1"]').click()
        page.wait_for_selector(".arrow")

    def quixo4(page):
        _, url = create(base, "quixo", {"size": 5, "players": 4},
                        [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 3)
        page.goto(f"{url}&{q}")
        page.wait_for_selector(".cell.takeable")
        page.locator('.cell[data-square="a1"]').click()
        page.wait_for_selector(".arrow")

    def quixo_over(page):
        _, url = create(base, "quixo", {"size": 3, "players": 2, "position": ".xx/.o./o.. x"},
                        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
        page.goto(f"{url}&{q}")
        page.wait_for_selector(".cell.takeable")
        page.locator('.cell[data-square="a2"]').click()
        page.locator('.arrow[data-move="a2a3"]').click()
        page.wait_for_selector("#result")
        page.wait_for_timeout(400)

    def replay(page):
        quixo_over(page)
        page.click("#to-replay")
        page.wait_for_selector("#rp-step")
        page.click("#rp-last")
        page.wait_for_selector("#result")

    def qwixx(edition):
        def setup(page):
            _, url = create(base, "qwixx", {"edition": edition, "players": 3},
                            [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"},
                             {"kind": "bot", "bot": "random"}])
            page.goto(f"{url}&{q}")
            page.wait_for_selector("#roll")
            page.click("#roll")
            page.wait_for_selector("#pass")
            settle(page)
        return setup

    def scorepad(page):
        _, url = create(base, "qwixx", {"edition": "classic", "players": 2, "scorepad": True},
                        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}])
        page.goto(f"{url}&{q}")
        page.wait_for_selector(".dice-entry")

    def rules(which):
        def setup(page):
            page.goto(f"{base}?rules={which}&{q}")
            page.wait_for_selector(".rules-page")
        return setup

    out = [("lobby", lobby), ("lobby-more", lobby_more), ("invite", friends), ("quixo-2p", quixo2), ("quixo-4p", quixo4),
           ("quixo-finished", quixo_over), ("replay", replay)]
    out += [(f"qwixx-{e}", qwixx(e)) for e in EDITIONS]
    out += [("scorepad", scorepad), ("rules-quixo", rules("quixo"))]
    out += [(f"rules-qwixx-{e}", rules(f"qwixx&edition={e}")) for e in EDITIONS]
    return out


def main() -> None:  # pragma: no cover - a report for people
    import argparse
    import os
    import sys
    import tempfile

    sys.path.insert(0, str(Path(__file__).parent))
    from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, Server
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="en")
    ap.add_argument("--src", help="run the server from this src directory")
    args = ap.parse_args()
    if args.src:
        os.environ["PYTHONPATH"] = str(Path(args.src).resolve())
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp))
        srv.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(f"{'page':24} critical serious  rules")
                for name, setup in screens(srv.url, args.lang):
                    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
                    ctx.set_default_timeout(15_000)
                    page = ctx.new_page()
                    try:
                        setup(page)
                        found = violations(page)
                        rules = ", ".join(f"{v['id']}({v['impact']},{v['n']})" for v in bad(found))
                        print(f"{name:24} {count(found, 'critical'):8} {count(found, 'serious'):7}  {rules}")
                    except Exception as e:  # noqa: BLE001 - a page the old front end lacks
                        print(f"{name:24} {'-':>8} {'-':>7}  (not available: {type(e).__name__})")
                    finally:
                        ctx.close()
                browser.close()
        finally:
            srv.stop()


if __name__ == "__main__":
    main()
