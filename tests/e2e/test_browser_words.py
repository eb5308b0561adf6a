"""Every screen in Turkish, Italian and Polish reads in that language: the lobby,
Quixo 2 and 4 players, a finished game with its result card, the replay, a Qwixx game of each
edition, the score pad and the offline pad, the rules pages, the account page, a profile, the
leaderboard and the day's puzzle. Fails on an English word of the English catalogue that the
language's own catalogue does not use, and on a lone R/Y/G/B/W/N/E/S label, in what the page
shows and in what it tells a screen reader (aria-label, title, alt, placeholder); see
tests/words_check.py. And no English text of the page's catalogue left whole (a label read out
in the page's language), where the language says it differently."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from a11y import screens
from e2e_helpers import new_page, quiet

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qwixo.i18n import catalog, t  # noqa: E402
from words_check import problems  # noqa: E402

pytestmark = pytest.mark.browser

LANGS = ("tr", "it", "pl")
# what the page shows and what it says to a screen reader
# (and, for the whole English texts, the text shown and the aria-labels and titles as they are)
PAGE_TEXT = """() => {
  // a <code> holds a name of the protocol (an API token's scope "challenge:read"), not words
  const shown = document.body.innerText;
  let body = shown;
  for (const c of document.querySelectorAll("code")) body = body.split(c.innerText).join(" ");
  const parts = [body, document.title];
  for (const el of document.querySelectorAll("[aria-label],[title],[alt],[placeholder]")) {
    for (const a of ["aria-label", "title", "alt", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v) parts.push(v);
    }
  }
  const labels = [...document.querySelectorAll("[aria-label], [title]")].map(
    (e) => (e.getAttribute("aria-label") || "") + " " + (e.title || "")).join(" ");
  return {words: parts.join("\\n"), shown, labels};
}"""
#: the screens also checked for whole English texts (tests/e2e/test_browser_a11y.py had them)
WHOLE_TEXTS = ("lobby-more", "quixo-4p", "qwixx-bonus-b", "quixo-finished")


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


def english_left(shown: str, labels: str, lang: str) -> list[str]:
    """The English texts (:func:`english_only`) whole in the text shown or in the labels."""
    def said(s: str, where: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(s)}(?!\w)", where) is not None

    return [s for s in english_only(lang) if said(s, shown) or said(s, labels)]


def more_screens(base: str, lang: str):
    q = f"lang={lang}"

    def pad(page):
        page.goto(f"{base}?pad=bonus-b&{q}")
        page.wait_for_selector(".pad-page .sheet")

    def account(page):
        page.goto(f"{base}account.html?{q}")
        page.get_by_label(t("acct_name", lang)).last.fill(f"Ada{lang}")
        page.locator("#signup-password").fill("correct horse battery")
        page.locator("#signup-password").press("Enter")
        page.wait_for_selector("#status:not(:empty)")

    def profile(page):  # of the account the screen before made
        page.goto(f"{base}profile.html?name=Ada{lang}&{q}")
        page.wait_for_selector("h1")
        page.wait_for_selector(".acct-history", state="attached")  # (drawn last)

    def leaderboard(page):
        page.goto(f"{base}leaderboard.html?{q}")
        page.wait_for_selector("table")

    def puzzle(page):
        page.goto(f"{base}?puzzle=quixo&{q}")
        page.wait_for_selector("#pz-task")

    return [("pad-offline", pad), ("account", account), ("profile", profile),
            ("leaderboard", leaderboard), ("puzzle", puzzle)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_reads_in_the_language(server, browser, lang):
    found = {}
    todo = list(screens(server.url, lang)) + more_screens(server.url, lang)
    # one visitor going from screen to screen in one tab: the scripts load once, as for a
    # person, and what the earlier screens left (games, the account) is on the later ones too
    page = new_page(browser)
    try:
        for name, setup in todo:
            setup(page)
            if name in WHOLE_TEXTS:  # (a game's page connected, or the lobby's form drawn)
                page.wait_for_selector(".conn-connected, #create")
            quiet(page)
            text = page.evaluate(PAGE_TEXT)
            bad = problems(text["words"], lang, allowed=f"Ada Ada{lang}")
            if name in WHOLE_TEXTS:
                bad += [f"English text {s!r}" for s in english_left(text["shown"], text["labels"], lang)]
            if bad:
                found[name] = bad[:8]
            assert not page.js_errors, (name, page.js_errors)  # type: ignore[attr-defined]
    finally:
        page.context.close()
    assert len(todo) >= 20
    assert not found, "\n".join(f"{lang} {k}: {v}" for k, v in found.items())
