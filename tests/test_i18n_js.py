"""The front end's translation module (web/js/i18n.js) shows the same texts as qwixo.i18n.t:
plural forms by the count, the games' codes in words (the decoders of the games' *-codes.js
modules). Runs the modules themselves in Node.js."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from qwixo.i18n import LANGS, catalog, t

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
