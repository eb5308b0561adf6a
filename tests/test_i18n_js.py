"""The front end's translation module (web/js/i18n.js) shows the same texts as qwixo.i18n.t:
plural forms by the count, the games' codes in words (the decoders of the games' *-codes.js
modules). Runs the modules themselves in Node.js."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from qwixo.i18n import LANGS, catalog, number, t

JS = Path(__file__).resolve().parent.parent / "src" / "qwixo" / "web" / "js" / "i18n.js"
RUNNER = """
import { readFileSync } from "node:fs";
const [,, module, cats, cases, ...codes] = process.argv;
const catalogs = JSON.parse(readFileSync(cats, "utf8"));
globalThis.localStorage = { setItem() {}, getItem() { return null; } };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => ({ ok: true, json: async () => catalogs[url.split("/").pop()] });
const m = await import(module);
for (const c of codes) await import(c);  // the games' codes in words (their decoders)
const out = {};
for (const lang of Object.keys(catalogs)) {
  await m.loadLang(lang);
  out[lang] = PER_LANG;
}
console.log(JSON.stringify(out));
"""
# what each language's run gives by default: the texts of the cases
TEXTS = 'JSON.parse(readFileSync(cases, "utf8")).map(([k, p]) => m.t(k, p))'


def run_js(tmp_path, langs, per_lang: str = TEXTS, cases=()) -> dict:
    """``{lang: value}`` of the JavaScript expression ``per_lang`` (``m``: the module
    i18n.js with that language loaded) run in Node.js for each of ``langs``."""
    cats = tmp_path / "cats.json"
    cats.write_text(json.dumps({lang: catalog(lang) for lang in langs}), encoding="utf-8")
    case_file = tmp_path / "cases.json"
    case_file.write_text(json.dumps(list(cases)), encoding="utf-8")
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER.replace("PER_LANG", per_lang), encoding="utf-8")
    codes = [p.as_uri() for p in sorted(JS.parent.glob("*-codes.js"))]
    r = subprocess.run(["node", str(runner), JS.as_uri(), str(cats), str(case_file), *codes],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)
CASES = [
    ("web_players_n", {"n": n}) for n in (1, 2, 3, 5, 12, 22, 101)
] + [
    ("web_draw_rule", {"plies": 300}),
    ("row_closed", {"row": "g"}),
    ("die_removed", {"die": "b", "dice": "1 2 3"}),
    ("lock_needs", {"cell": "r12", "need": 5, "have": 2}),
    ("announce_row_locked", {"row": "Y", "name": "Ala"}),
    ("announce_timeout", {"name": "Ala", "decision": "pass"}),
    ("bad_dice", {"dice": "[9]", "faces": 6, "count": 5, "names": "w1 w2 r y b"}),
    ("not_your_turn", {"player": 2}),
    ("quixo_opponent_cube", {"square": "b1"}),
    ("web_hint_win_in", {"n": 1}),
    ("web_hint_loss_in", {"n": 3}),
    ("acct_games_n", {"n": 1}),
    ("acct_games_n", {"n": 25}),
    ("acct_graph_label", {"cls": "c", "n": 2, "rating": 1500}),
    ("acct_claimed", {"n": 1}),
    ("web_bot_rating", {"rating": "1500", "cls": "c", "games": 21, "deviation": 40}),
    ("web_pass_penalty", {"points": 5}),
    ("not_ratable", {"why": "why_scorepad"}),
    ("bad_setting", {"name": "lang", "value": "xx", "why": "why_one_of", "choices": "en, tr"}),
    ("web_move_cross", {"cell": "y7"}),
    ("web_lock_label", {"row": "g"}),
    ("quixo_dot_other_team", {"dot": "E", "seats": "N, S"}),
    ("web_face_dot", {"face": "X", "seat": "W"}),
    ("web_your_rating", {"cls": "qwixx-longo-2p", "rating": 1500, "games": 3}),
    ("web_bot_unrated", {"cls": "quixo-5x5-2p"}),
    # the forms a sentence asks for ({row.loc}, {cell.def}: Polish locative, Italian article)
    ("web_move_lucky", {"row": "g"}),
    ("web_move_cross", {"cell": "r8"}),
    ("web_round_cross", {"name": "Ala", "cell": "b7"}),
    ("lock_needs", {"cell": "y11", "need": 5, "have": 2}),
    ("an_played_cross", {"name": "Ala", "cell": "g12", "reward": "", "value": "1"}),
]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_front_end_formats_like_the_server(tmp_path):
    got = run_js(tmp_path, LANGS, cases=CASES)
    for lang in LANGS:
        assert got[lang] == [t(key, lang, **params) for key, params in CASES], lang


HINT_RUNNER = """
import { readFileSync } from "node:fs";
const [,, js, cats, cases] = process.argv;
const catalogs = JSON.parse(readFileSync(cats, "utf8"));
globalThis.localStorage = { setItem() {}, getItem() { return null; } };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => ({ ok: true, json: async () => catalogs[url.split("/").pop()] });
const m = await import(`${js}/i18n.js`);
await import(`${js}/renderers.js`);
const { hintOption, hintWords } = await import(`${js}/hints.js`);
const out = {};
for (const lang of Object.keys(catalogs)) {
  await m.loadLang(lang);
  out[lang] = JSON.parse(readFileSync(cases, "utf8")).map(([view, options, moves]) => {
    const option = hintOption(moves, options);
    return [option, hintWords(view, moves, option)];
  });
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_hint_words_come_from_the_hints_data_in_every_language(tmp_path):
    """The page says a hint from the server's ranked moves (``moves``: data, not the engine's
    lines in some language): the same sentences, numbers in the language's own form, in every
    language; the option marked is the first ranked one the seat can play."""
    import qwixo
    from qwixo.bots import hint
    from qwixo.i18n import percent

    quixo = qwixo.new_game("quixo", size=3)
    qwixx = qwixo.new_game("qwixx", players=2, seed=3)
    qwixx.roll([1, 1, 6, 6, 6, 6])
    solo = qwixo.new_game("qwixx", players=1, seed=3)
    solo.roll([1, 1, 6, 6, 6, 6])
    cases = []
    for g in (quixo, qwixx, solo):
        h = hint(g, 0, "tr", seconds=0.2)
        view = {"game": g.name, "players": g.num_players}
        cases.append((view, g.options(0), h["moves"]))
    lost = [{"move": "zz", "outcome": "win", "plies": 1}, {"move": "a1a3", "outcome": "loss",
                                                           "plies": 5}]
    cases.append(({"game": "quixo", "players": 2}, ["a1a3", "a1c1"], lost))
    cases.append(({"game": "quixo", "players": 2}, ["a1a3"],
                  [{"move": "a1a3", "outcome": "draw", "plies": None}]))
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    cats = tmp_path / "cats.json"
    cats.write_text(json.dumps({lang: catalog(lang) for lang in LANGS}), encoding="utf-8")
    runner = tmp_path / "hints.mjs"
    runner.write_text(HINT_RUNNER, encoding="utf-8")
    r = subprocess.run(["node", str(runner), JS.parent.as_uri(), str(cats),
                        str(tmp_path / "cases.json")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    best = [c[2][0] for c in cases[:3]]
    for lang in LANGS:
        (q_opt, q_words), (x_opt, x_words), (s_opt, s_words), (l_opt, l_words), (_, d_words) = \
            got[lang]
        assert [q_opt, x_opt, s_opt] == [m["move"] for m in best]
        # Quixo 3x3 from the start: won in 7 plies, 4 moves of the player's own
        assert q_words.endswith(t("web_hint_win_in", lang, n=4)), (lang, q_words)
        # Qwixx: the win chance as the language writes a percentage ("%35" in Turkish)
        chance = t("web_hint_chance", lang, pct=percent(best[1]["chance"], lang, 0))
        assert x_words.endswith(chance), (lang, x_words)
        # solitaire: the expected score, with the language's decimal sign
        score = t("web_hint_expected", lang, score=number(best[2]["score"], lang, 1))
        assert s_words.endswith(score), (lang, s_words)
        # a ranked move the seat cannot play is skipped; a lost position, a draw
        assert l_opt == "a1a3" and l_words.endswith(t("web_hint_loss_in", lang, n=3))
        assert d_words.endswith(t("web_hint_draw", lang))
    assert got["tr"][1][1] != got["en"][1][1] and "%" in got["tr"][1][1]
