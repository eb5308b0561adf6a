"""The translation table: every text in every language, same placeholders everywhere."""

import pytest

from qwixo.i18n import LANGS, TABLE, catalog, placeholders, t


@pytest.mark.parametrize("key", sorted(TABLE))
def test_every_key_has_every_language(key):
    entry = TABLE[key]
    assert set(entry) == set(LANGS), f"{key}: languages {sorted(entry)}"
    en = placeholders(entry["en"])
    for lang in LANGS:
        assert entry[lang].strip(), f"{key}/{lang} is empty"
        assert placeholders(entry[lang]) == en, f"{key}/{lang} placeholders differ from English"


def test_lookup_and_fallbacks():
    assert t("game_over", "tr") == "Oyun bitti."
    assert t("no_such_key_anywhere", "en") == "no_such_key_anywhere"
    assert catalog("pl")["game_over"] == "Gra się skończyła."
