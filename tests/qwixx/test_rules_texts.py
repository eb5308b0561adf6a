"""The rules pages state each edition's own numbers: every sentence that depends on the edition
(``Edition.rules``, what GET /api/editions/{name} carries and the page shows) is checked here
against the edition's sheet, in every language, so that no rules text can contradict the engine."""

from __future__ import annotations

import re

import pytest

from qwixo.i18n import t
from qwixo.qwixx.editions import EDITIONS, END_ROWS

LANGS = ("en", "tr", "it", "pl")


def _said(ed, lang):
    rules = ed.rules()
    return {key: t(key, lang, **params) for part in ("intro", "play") for key, params in rules[part]}


def _numbers(text):
    return [int(n) for n in re.findall(r"\d+", text)]


@pytest.mark.parametrize("name", list(EDITIONS))
@pytest.mark.parametrize("lang", LANGS)
def test_each_rules_sentence_states_the_editions_numbers(name, lang):
    ed = EDITIONS[name]
    sheet = ed.to_dict()
    said = _said(ed, lang)
    # the lock: how many numbers of a row lock it (read off the sheet's lock cells) and how many
    # crosses that needs
    locks = {sum(c["lock"] for c in row["cells"]) for row in sheet["rows"]}
    assert len(locks) == 1
    lock_key = "web_rules_qwixx_lock" if locks == {1} else "web_rules_qwixx_lock_two"
    assert lock_key in said
    assert ed.lock_need in _numbers(said[lock_key])
    if lang == "en":
        assert ("Either of the last two numbers" in said[lock_key]) == (locks == {2})
    # the penalty and the end
    assert f"−{ed.penalty_points} " in said["web_rules_qwixx_penalty"]
    assert _numbers(said["web_rules_qwixx_end"]) == [ed.max_penalties]
    assert END_ROWS == 2  # the end sentence says "two rows" in words
    # action 2: the row of the die's colour, or a box of its colour in any row
    any_row = "web_rules_qwixx_action2_any_row" in said
    assert any_row == ed.action2_any_row
    assert ("web_rules_qwixx_action2" in said) != any_row
    # the edition's own paragraph: its range of numbers where it names one
    own = said[f"web_rules_ed_{name}"]
    if name == "classic":
        assert _numbers(own) == [min(ed.sums), max(ed.sums), max(ed.sums), min(ed.sums)]
    if name == "longo":
        assert _numbers(own) == [ed.faces, min(ed.sums), max(ed.sums)]


def test_rules_sentences_that_contradicted_the_rulebooks():
    en = {name: _said(ed, "en") for name, ed in EDITIONS.items()}
    longo = en["longo"]["web_rules_qwixx_lock_two"]
    assert "at least 6 crosses" in longo and "5" not in longo
    assert "Either of the last two numbers" in longo
    assert "in any row" in en["mixx-a"]["web_rules_qwixx_action2_any_row"]
    assert "row of that colour" not in en["mixx-a"]["web_rules_qwixx_action2_any_row"]
    # Bonus B: every row has the same length; the rewards go to the row with the fewest crosses
    for key in ("web_legend_bonus_b", "web_bonus_two-crosses", "web_bonus_double"):
        text = t(key, "en")
        assert "fewest crosses" in text and not re.search("shortest|weakest", text), key
        for lang in ("tr", "it", "pl"):
            assert not re.search("en kısa|en zayıf|più corta|più debole|najkrótsz|najsłabsz",
                                 t(key, lang)), (key, lang)


def test_the_games_views_do_not_carry_the_rules_page():
    import qwixo

    g = qwixo.new_game("qwixx", edition="longo", players=2, seed=1)
    assert "rules" not in g.view(0)["board"]["layout"]
    assert "rules" in EDITIONS["longo"].to_dict()
