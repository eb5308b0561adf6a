"""Every number a person reads is written the language's way (docs/glossary.md, "Numbers"):
Turkish, Italian and Polish write a decimal comma ("35,7"), Turkish puts the per cent sign
first ("%35,7"); the web (web/js/i18n.js, Intl), the terminal and the CLI (qwixo.i18n, Babel)
agree."""

from __future__ import annotations

import re
import shutil

import pytest

from qwixo.analysis import format_analysis
from qwixo.cli import main
from qwixo.i18n import number, percent
from test_i18n_js import run_js

COMMA = ("tr", "it", "pl")
# a decimal written with a point: "35.7" (a Turkish "1.837" groups thousands)
POINT_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d{1,2}(?![\d.])")

# what the web writes in each language (web/js/i18n.js number and percent, run in Node.js)
NUMBERS = """[m.number(35.74, 1), m.number(1234567), m.number(7.4, null), m.number(2.5, 1, true),
             m.percent(0.3574), m.percent(0.6, 0), m.number(1837), m.number(12345),
             m.t("an_win_chance", { percent: m.percent(0.3574) })]"""


def test_python_numbers_per_language():
    assert [number(35.74, x, 1) for x in ("en", "tr", "it", "pl")] == ["35.7", "35,7", "35,7",
                                                                       "35,7"]
    assert [percent(0.3574, x) for x in ("en", "tr", "it", "pl")] == ["35.7%", "%35,7", "35,7%",
                                                                      "35,7%"]
    assert number(7.4, "tr", None) + " sn" == "7,4 sn"
    assert [number(x, "pl") for x in (1837, -1837, 9999.6, 12345)] == ["1837", "-1837",
                                                                       "10\u00a0000", "12\u00a0345"]
    assert number(1837, "it") == "1837" and number(12345, "it") == "12.345"
    assert number(1837, "tr") == "1.837" and number(1837.26, "pl", 1) == "1837,3"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_web_writes_numbers_as_the_server(tmp_path):
    langs = ("en", *COMMA)
    got = run_js(tmp_path, langs, NUMBERS)
    from qwixo.i18n import t

    for x in langs:
        want = [number(35.74, x, 1), number(1234567, x), number(7.4, x, None),
                number(2.5, x, 1, sign=True), percent(0.3574, x), percent(0.6, x, 0),
                number(1837, x), number(12345, x), t("an_win_chance", x, percent=percent(0.3574, x))]
        assert [s.replace("\u00a0", " ") for s in got[x]] == [s.replace("\u00a0", " ")
                                                              for s in want], x
    assert got["tr"][4] == "%35,7" and got["it"][0] == "35,7" and got["pl"][0] == "35,7"
    # Italian and Polish group the thousands from five digits on (CLDR), Turkish from four
    assert got["pl"][6:8] == ["1837", "12\u00a0345"] and got["it"][6:8] == ["1837", "12.345"]
    assert got["tr"][6] == "1.837"


@pytest.mark.parametrize("lang", COMMA)
def test_the_terminal_analysis_and_hints_write_decimal_commas(lang):
    a = {"metric": "win_chance", "exact": False, "budget": {"seconds": 2.5},
         "points": [{"index": 3, "player": 0, "chosen": "pass", "chosen_value": 0.25,
                     "best": "r7", "best_value": 0.375, "loss": 0.125}],
         "key": [3], "summary": {"seats": [{"seat": 0, "accuracy": 87.5}]}}
    import qwixo

    text = format_analysis(a, qwixo.new_game("qwixx", players=2), lang)
    assert "2,5" in text and percent(0.375, lang, 0) in text and percent(0.875, lang) in text
    assert not POINT_DECIMAL.search(text), text

    from qwixo.qwixx.strong import hint_lines

    g = qwixo.new_game("qwixx", players=2, seed=1)
    g.roll([1, 1, 6, 6, 6, 6])
    lines = "\n".join(hint_lines(g, 0, lang, playouts=32))
    assert re.search(r"\d,\d", lines) and not POINT_DECIMAL.search(lines), lines
    if lang == "tr":
        assert re.search(r"%\d+,\d", lines), lines


@pytest.mark.parametrize("lang", COMMA)
def test_the_cli_tournament_table_writes_decimal_commas(lang, capsys):
    assert main(["--lang", lang, "tournament", "qwixx", "--bots", "random,gap", "--games", "2",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d,\d", out) and not POINT_DECIMAL.search(out), out
    assert ("%100,0" if lang == "tr" else "100,0%") in out, out


def test_the_cli_ratings_table_groups_as_the_language_does():
    import io

    from qwixo.tournament.cli import print_ratings

    rep = {"ratings": {"class": "quixo-5x5-2p", "system": "glicko2",
                       "bots": {"gap": {"rating": 1751.4, "deviation": 256.2, "games": 12000}}}}
    shown = {}
    for lang in ("en", "tr", "it", "pl"):
        out = io.StringIO()
        print_ratings(rep, lang, file=out)
        shown[lang] = re.findall(r"[\d.,\u00a0]*\d", out.getvalue().splitlines()[-2])
    assert shown["en"][-3:] == ["1,751", "256", "12,000"]
    assert shown["tr"][-3:] == ["1.751", "256", "12.000"]
    assert shown["it"][-3:] == ["1751", "256", "12.000"]
    assert shown["pl"][-3:] == ["1751", "256", "12\u00a0000"]
