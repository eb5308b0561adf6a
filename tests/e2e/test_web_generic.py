"""The generic front-end modules never name a game (issue 26): everything that depends on the
game comes from its renderer (web/js/games.js: quixo-game.js, qwixx-game.js register theirs;
any other game is drawn by fallback.js). Comments may name games as examples; code may not.
Run by Node.js where it is installed: the registry fills a renderer's missing members from
the fallback, and the lobby's form reads the contract's settings schema."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "src" / "qwixo" / "web" / "js"
# the modules that are each one game's own (its drawing and its renderer), the offline Qwixx
# score pad, the list of shipped renderers, and the translation module (Qwixx codes in words,
# issue 25's part); account.js (the account pages) still lists three rating classes by name
# for an empty leaderboard (issue 24's profile work)
GAME_MODULES = {"quixo.js", "qwixx.js", "quixo-game.js", "qwixx-game.js", "pad.js", "renderers.js", "i18n.js",
                "account.js"}
GENERIC = sorted(p for p in JS.glob("*.js") if p.name not in GAME_MODULES)
NAME = re.compile(r"\b(qwixx|quixo)\b", re.I)


def code_of(text: str) -> str:
    """The text without its // line comments (a // inside a string or a URL is kept)."""
    out = []
    for line in text.splitlines():
        m = re.match(r"""^((?:[^"'`/]|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`|/(?!/))*)//""", line)
        out.append(m.group(1) if m else line)
    return "\n".join(out)


def test_the_generic_modules_name_no_game():
    assert len(GENERIC) >= 20, [p.name for p in GENERIC]
    for name in ("board.js", "game.js", "game-controls.js", "lobby.js", "replay.js", "words.js", "rules.js",
                 "together.js", "walkthrough.js", "games.js", "fallback.js", "settings-form.js"):
        assert JS / name in GENERIC, name
    found = [f"{p.name}:{i + 1}: {line.strip()}" for p in GENERIC
             for i, line in enumerate(code_of(p.read_text(encoding="utf-8")).splitlines()) if NAME.search(line)]
    assert not found, found


def test_the_check_sees_a_game_name_in_code_not_in_comments():
    assert NAME.search(code_of('if (view.game === "quixo") x(); // Qwixx'))
    assert not NAME.search(code_of("// the Quixo board\nconst a = 1; // and Qwixx"))
    assert NAME.search(code_of('const url = "http://x/?rules=qwixx"; // a link'))


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
