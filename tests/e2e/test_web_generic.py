"""The front end's renderer registry (the grep for game names in the generic modules
is tests/test_no_game_names.py): everything that depends on the game comes from its renderer
(web/js/games.js: quixo-game.js, qwixx-game.js register theirs; any other game is drawn by
fallback.js). Run by Node.js where it is installed: the registry fills a renderer's missing
members from the fallback and follows /api/meta's renderer names, and the lobby's form reads
the contract's settings schema."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "src" / "qwixo" / "web" / "js"
RUNNER = """
globalThis.localStorage = { getItem() { return null; }, setItem() {} };
globalThis.document = { documentElement: {} };
const i18n = await import(process.argv[2] + "/i18n.js");
const games = await import(process.argv[2] + "/games.js");
const form = await import(process.argv[2] + "/settings-form.js");
const meta = JSON.parse(process.argv[3]);
games.registerGame("own", { seatLabel: (s, seat) => "ABC"[seat] });
games.useMeta(meta);
const r = games.rendererFor("tictactoe");
const own = games.rendererFor("own");
const schema = form.formSchema(meta.games.tictactoe);
console.log(JSON.stringify({
  fallbackOwn: r.own, seat: r.seatLabel({}, 1), move: r.moveWords({ game: "tictactoe" }, "b2"),
  ownSeat: own.seatLabel({}, 1), ownMove: own.moveWords({ game: "own" }, "c3"), ownHas: own.own,
  schema: Object.keys(schema), defaults: form.defaultSettings(schema),
  size: form.fieldSpec("size", schema.size), hidden: form.fieldSpec("seed", schema.seed),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_registry_and_form_from_the_schema(tmp_path):
    meta = {"games": {"tictactoe": {"bots": ["random"], "info": {
        "name": "tictactoe", "title": "Tic-tac-toe", "renderer": None, "players": [2], "default_players": 2,
        "settings": [
            {"name": "size", "type": "int", "default": 3, "min": 3, "max": 5, "lobby": True, "label": "Size", "label_key": None},
            {"name": "seed", "type": "int", "default": None, "min": None, "max": None, "lobby": False, "label": "seed"},
            {"name": "first", "type": "choice", "default": "x", "lobby": True, "label": "First", "label_key": None,
             "choices": [{"value": "x", "label": "X", "label_key": None}, {"value": "o", "label": "O", "label_key": None}]},
        ]}}}}
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER, encoding="utf-8")
    r = subprocess.run(["node", str(runner), JS.as_uri(), json.dumps(meta)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["fallbackOwn"] is False and got["seat"] == "2" and got["move"] == "b2"
    assert got["ownHas"] is True and got["ownSeat"] == "B" and got["ownMove"] == "c3"  # the rest from the fallback
    # one players choice (a single count: none), the lobby settings, not the seed
    assert got["schema"] == ["size", "seed", "first"]
    assert got["defaults"] == {"size": 3, "first": "x"}
    assert got["size"]["kind"] == "choice" and got["size"]["choices"] == [3, 4, 5]
    assert got["hidden"] is None
