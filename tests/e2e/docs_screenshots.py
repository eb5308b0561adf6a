"""The user guide's pictures: every screen of the web table on a desktop (1280x800) and a
phone (390x844, a touch screen), saved as docs/img/web-<screen>-<desktop|phone>.png::

    .venv/bin/python tests/e2e/docs_screenshots.py [--lang en] [--out docs/img] [--only a,b]

In another language than English the names end in the language: web-<screen>-<size>-it.png.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from a11y import create, screens, settle  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
KEEP = ("lobby", "invite", "quixo-2p", "quixo-4p", "quixo-finished", "replay", "qwixx-classic",
        "qwixx-longo", "qwixx-mixx-a", "qwixx-bonus-a", "qwixx-bonus-b", "scorepad",
        "rules-quixo", "rules-qwixx-bonus-b")


def extra_screens(base: str):
    def pad(page):
        page.goto(f"{base}?pad=classic")
        page.wait_for_selector(".pad-page .sheet")
        sheet = page.locator('.pad-page .sheet[data-seat="0"]')
        for i in (0, 2, 3, 6):
            sheet.locator(f'.qcell[data-row="r"][data-index="{i}"]').click()
        sheet.locator('.qcell[data-row="g"][data-index="1"]').click()

    def penalty(page):
        _, url = create(base, "qwixx", {"edition": "classic", "players": 2},
                        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
        page.goto(url)
        page.click("#guide-skip")
        page.click("#roll")
        settle(page)
        page.click("#pass")
        settle(page)
        page.wait_for_selector("#pass.costly", timeout=30_000)
        page.click("#pass")
        page.wait_for_selector("dialog#confirm")

    def analysis(page):  # a finished 4x4 game's analysis, its worst moment shown on the board
        from e2e_helpers import play_to_end

        gid, url = create(base, "quixo", {"size": 4, "ply_limit": 60},
                          [{"kind": "human", "name": "Ada"},
                           {"kind": "bot", "bot": "random", "name": "Rex"}])
        play_to_end(base, gid, url.split("token=")[1].split("&")[0], seed=3)
        page.goto(f"{base}?game={gid}&replay=0")
        page.click("#an-go")
        page.wait_for_selector("#an-how", timeout=600_000)
        if page.locator(".an-moment").count():
            page.locator(".an-moment").first.click()
            page.wait_for_selector("#rp-suggest")

    def analysis_graph(page):  # the same analysis: its graph and key moments in view
        analysis(page)
        page.locator("#an-panel").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('an-panel').scrollIntoView({block: 'start'})")
        return True  # (the picture keeps this scroll)

    def puzzle(page):  # a 5x5 win in 3: a wrong move, and the solution played on the board
        from qwixo.quixo import puzzles

        p = next(q for q in puzzles.load() if q.size == 5 and q.plies == 3)
        page.goto(f"{base}?puzzle=quixo&id={p.id}")
        page.wait_for_selector("#pz-task")
        g = p.game()
        wrong = next(m for m in g.options(g.to_act[0]) if m != p.moves[0] and m[:2] == p.moves[0][:2])
        page.click(f'[data-key="sq:{wrong[:2]}"]')
        page.click(f'[data-move="{wrong[:4]}"]')
        page.wait_for_selector("#pz-retry")
        page.click("#pz-show")
        page.click("#pz-sol-next")
        page.wait_for_selector("#pz-sol-step")

    games = iter(["Quixo", "Qwixx"] * 4)  # (each picture its own pool: else they pair up)

    def play_someone(page):  # "Play someone": waiting for another player
        page.goto(base)
        page.wait_for_selector("#play-someone")
        page.locator("label.seg", has_text=next(games)).click()
        page.click("#play-someone")
        page.wait_for_selector("#pairing-count")

    def guest_name(page):  # a friend opens an invite: the table asks for their name
        from a11y import post

        reply = post(base, "/api/games", {"game": "quixo", "settings": {"size": 5}, "lang": "en",
                                          "seats": [{"kind": "human", "name": "Ada"},
                                                    {"kind": "human"}]})
        page.goto(base.rstrip("/") + reply["seats"][1]["url"])
        page.wait_for_selector("#name-form")

    return [("pad-offline", pad), ("qwixx-penalty-confirm", penalty), ("analysis", analysis),
            ("analysis-graph", analysis_graph), ("puzzle", puzzle), ("play-someone", play_someone), ("guest-name", guest_name)]


def wait_ready(base: str, seconds: float = 900) -> None:
    """Wait until the server's bots are ready (GET /api/health "ready"), so no picture shows
    the line a fresh server's page says while they are getting ready."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with urllib.request.urlopen(base + "api/health", timeout=10) as r:
            if json.loads(r.read()).get("ready", True) is not False:
                return
        time.sleep(2)


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="en")
    ap.add_argument("--only", default="", help="these screens only (comma-separated names)")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[2] / "docs" / "img"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    only = set(filter(None, args.only.split(",")))
    suffix = "" if args.lang == "en" else f"-{args.lang}"
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp))
        srv.start()
        wait_ready(srv.url)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                todo = [(n, s) for n, s in screens(srv.url, args.lang) if n in KEEP]
                todo += extra_screens(srv.url)
                todo = [(n, s) for n, s in todo if not only or n in only]
                for name, setup in todo:
                    for size, viewport in SIZES.items():
                        # (the phone a touch screen: the pages say "tap" there)
                        touch = {"has_touch": True, "is_mobile": True} if size == "phone" else {}
                        ctx = browser.new_context(viewport=viewport, reduced_motion="reduce", **touch)
                        ctx.set_default_timeout(30_000)
                        page = ctx.new_page()
                        keep_scroll = setup(page)  # (True: the screen is further down)
                        page.wait_for_timeout(300)
                        if not keep_scroll and not page.locator("dialog[open]").count():
                            page.evaluate("window.scrollTo(0, 0)")
                        path = out / f"web-{name}-{size}{suffix}.png"
                        page.screenshot(path=str(path))
                        print(path)
                        ctx.close()
                browser.close()
        finally:
            srv.stop()


if __name__ == "__main__":
    main()
