"""The pages come in the reader's language before the script runs: ``<html lang>`` and every
``data-i18n`` element (skip link, sound, language label, "Loading…", the network error the
script shows without a catalogue, ``<noscript>``) hold the catalogue's text."""

from __future__ import annotations

import re

import pytest

from qwixo.i18n import t


@pytest.mark.parametrize("lang", ["tr", "it", "pl"])
def test_index_in_the_language_asked(client, lang):
    r = client.get(f"/?lang={lang}")
    assert r.status_code == 200
    page = r.text
    assert f'<html lang="{lang}"' in page
    for key in ("web_noscript", "web_loading", "web_network_error", "web_skip_to_main",
                "web_language"):
        assert f'data-i18n="{key}">{t(key, lang)}<' in page, key
    for english in ("needs JavaScript", "Loading…", "cannot be reached", "Skip to the page",
                    ">Language<", ">Sound"):
        assert english not in page, english


def test_account_pages_follow_the_browser_language(client):
    for path in ("/account.html", "/leaderboard.html", "/profile.html?name=x"):
        page = client.get(path, headers={"Accept-Language": "pl-PL,pl;q=0.9"}).text
        assert '<html lang="pl"' in page
        assert t("web_noscript", "pl") in page and t("acct_leaderboard", "pl") in page
    assert "needs JavaScript" in client.get("/account.html").text  # English by default


def test_every_marked_text_of_the_pages_is_a_catalogue_key(client):
    from qwixo.i18n import ENTRIES
    from qwixo.server.app import WEB_DIR

    for name in ("index.html", "account.html"):
        keys = re.findall(r'data-i18n="([a-z0-9_]+)"', (WEB_DIR / name).read_text())
        assert keys and set(keys) <= set(ENTRIES), name
