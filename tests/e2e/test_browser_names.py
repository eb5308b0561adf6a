"""People's names for everything: no internal bot id on any page a person reads —
seats, news, results, menus, replays, the leaderboard — in the four languages. The ids stay in
the API (the test reads them there)."""

from __future__ import annotations

import re

import pytest
from a11y import create, post
from e2e_helpers import more_settings, new_page, quiet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: ids that are no word of the language a page is read in ("odds", "random", "strong" are
#: English words, and English level names; Turkish "ev" is a word)
IDS = {"en": ("linecount2", "mcts", "greedy", "gap", "ev"),
       "tr": ("linecount2", "mcts", "greedy", "gap", "odds", "optimal"),
       "it": ("linecount2", "mcts", "greedy", "gap", "ev", "odds", "optimal"),
       "pl": ("linecount2", "mcts", "greedy", "gap", "ev", "odds", "optimal")}


def _texts(page) -> str:
    """What a person reads or hears: the text, the labels, the options of every menu."""
    return page.evaluate("""() => [document.body.innerText,
      ...[...document.querySelectorAll('[aria-label], [title]')].map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || '')),
      ...[...document.querySelectorAll('option')].map(o => o.textContent)].join('\\n')""")


def _ids_in(text: str, lang: str) -> list[str]:
    return [i for i in IDS[lang] if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]


def _pages(base):
    bots = [{"kind": "bot", "bot": b} for b in ("gap", "gap", "ev", "odds")]
    qwixx, qurl = create(base, "qwixx", {"edition": "classic", "players": 5},
                         [{"kind": "human", "name": "Ada"}, *bots], auto_roll=True)
    _, q4 = create(base, "quixo", {"size": 5, "players": 4},
                   [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": b}
                                                         for b in ("linecount2", "mcts", "greedy")])
    over, qo = create(base, "quixo", {"size": 3, "players": 2},
                      [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}])
    return qurl, q4, qo, over


def test_no_bot_id_on_any_page_in_four_languages(server, browser):
    base = server.url.rstrip("/")
    qurl, q4, qo, over = _pages(base)
    page = new_page(browser)
    found: dict[str, list[str]] = {}
    try:
        # a finished game against greedy: Ada resigns (the result and the news name the bot)
        page.goto(qo)
        page.wait_for_selector("#resign")
        page.click("#resign")
        page.click("#confirm-ok")
        page.wait_for_selector("#result")
        # the news of the end name the bot by its level
        expect(page.locator(".news")).to_contain_text("Novice")
        bad = _ids_in(_texts(page), "en")
        if bad:
            found["quixo-resigned news (en)"] = bad
        for lang in ("en", "tr", "it", "pl"):
            q = f"lang={lang}"
            screens = {
                "lobby": (f"{base}/?{q}", "#more-settings"),
                "qwixx-5p": (f"{qurl}&{q}", ".sheet"),
                "quixo-4p": (f"{q4}&{q}", ".quixo-board"),
                "quixo-over": (f"{qo}&{q}", "#result"),
                "replay": (f"{base}/?game={over}&replay=99&{q}", "#rp-step"),
                "leaderboard-quixo": (f"{base}/leaderboard.html?class=quixo-5x5-2p&{q}", ".acct-table"),
                "leaderboard-qwixx": (f"{base}/leaderboard.html?class=qwixx-classic-2p&{q}", ".acct-table"),
            }
            for name, (url, ready) in screens.items():
                page.goto(url)
                page.wait_for_selector(ready)
                if name == "lobby":  # every bot level in every seat menu
                    more_settings(page)
                    for sel in page.locator("select").all():
                        assert sel.count()
                quiet(page)  # (its requests answered and drawn: the menus filled)
                bad = _ids_in(_texts(page), lang)
                if bad:
                    found[f"{name} ({lang})"] = bad
        assert not page.js_errors
    finally:
        page.context.close()
    assert not found, found
    # the ids stay in the API
    seats = post(base, "/api/games", {"game": "quixo", "settings": {"size": 3},
                                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
    assert seats["view"]["seats"][1]["bot"] == "greedy" and seats["view"]["seats"][1]["name"] == "greedy"
