"""``qwixo tournament`` builds its game-setting options from the games' settings schemas (issue
26): ``--edition``, ``--size`` and ``--ply-limit`` come from Qwixx's and Quixo's
``GameInfo.settings`` and keep working as they always did."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import qwixo
from qwixo.cli import build_parser, main
from qwixo.tournament import cli as tcli
from qwixo.tournament.runner import run_tournament

CLI_SOURCE = Path(tcli.__file__)


def _tournament_parser(lang: str = "en"):
    parser = build_parser(lang)
    sub = next(a for a in parser._actions if a.dest == "command")
    return sub.choices["tournament"]


def _option(parser, flag):
    return next(a for a in parser._actions if flag in a.option_strings)


def test_every_command_line_setting_of_every_game_is_an_option():
    p = _tournament_parser()
    flags = {f for a in p._actions for f in a.option_strings}
    for name in qwixo.game_names():
        for s in qwixo.game_info(name).settings:
            if s.cli_option() is None or s.name == "seed":  # --seed is the tournament's seed
                continue
            assert "--" + s.name.replace("_", "-") in flags, (name, s.name)
    # the names users type, as before
    assert {"--edition", "--size", "--ply-limit"} <= flags


def test_no_game_setting_is_written_by_hand_in_the_command():
    """The command's own ``add_argument`` calls name no setting of any game (they come from
    the schemas); the check finds one when a hand-written ``--size`` is put back."""
    settings = {"--" + s.name.replace("_", "-") for n in qwixo.game_names()
                for s in qwixo.game_info(n).settings} - {"--seed"}

    def by_hand(source: str) -> set[str]:
        out = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "add_argument":
                out |= {a.value for a in node.args if isinstance(a, ast.Constant)}
        return out & settings

    source = CLI_SOURCE.read_text("utf-8")
    assert by_hand(source) == set()
    assert by_hand(source + '\np.add_argument("--size", type=int)\n') == {"--size"}


def test_help_from_the_schema_with_the_tournament_defaults():
    p = _tournament_parser()
    assert _option(p, "--size").help == "Quixo: Board size (default 5)"
    assert _option(p, "--ply-limit").help == "Quixo: draw after this many plies (default 300)"
    assert _option(p, "--edition").help == "Qwixx: Edition (default classic)"
    assert _option(p, "--edition").metavar == "{" + ",".join(
        qwixo.game_info("qwixx").setting("edition").choices) + "}"
    assert _option(p, "--size").type is int and _option(p, "--size").default is None
    pl = _tournament_parser("pl")
    assert _option(pl, "--size").help == "Quixo: Rozmiar planszy (domyślnie 5)"


def test_the_options_give_the_same_tournament_as_the_keywords(capsys):
    assert main(["tournament", "quixo", "--bots", "random,greedy", "--games", "2", "--size", "3",
                 "--ply-limit", "6", "--seed", "4", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    same = run_tournament("quixo", ["random", "greedy"], 2, size=3, ply_limit=6, seed=4)
    assert rep["settings"] == same["settings"] == {"size": 3, "ply_limit": 6, "repetition": 3,
                                                   "players": 2}
    strip = [(r["lineup"], r["scores"], r["length"], r["end"]) for r in same["records"]]
    assert [(r["lineup"], r["scores"], r["length"], r["end"]) for r in rep["records"]] == strip


def test_an_edition_is_the_games_to_check(capsys):
    # Qwixx takes an edition's name in any case, as the command always did
    assert main(["tournament", "qwixx", "--bots", "random,gap", "--games", "2",
                 "--edition", "Longo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(["tournament", "qwixx", "--bots", "random,gap", "--games", "2",
                 "--edition", "nope"]) == 2
    assert "nope" in capsys.readouterr().err


@pytest.mark.parametrize("game, flag, value", [("quixo", "--edition", "classic"),
                                                ("qwixx", "--size", "3"),
                                                ("qwixx", "--ply-limit", "3")])
def test_a_setting_of_another_game_is_a_clear_error(capsys, game, flag, value):
    assert main(["--lang", "en", "tournament", game, "--bots", "random", "--games", "1", flag,
                 value]) == 2
    assert f"{flag} does not apply to {game}" in capsys.readouterr().err


def test_a_setting_two_games_share_is_one_option(monkeypatch):
    from qwixo.gameinfo import GameInfo, Setting

    a = GameInfo(name="a", title={"en": "A"}, game="x:A", players=(2,), default_players=2,
                 utility="win_loss", settings=(Setting("mode", "choice", "x", choices=("x", "y"),
                                                       label={"en": "Mode"}),))
    b = GameInfo(name="b", title={"en": "B"}, game="x:B", players=(2,), default_players=2,
                 utility="win_loss", settings=(Setting("mode", "choice", None, choices=("z",),
                                                       label={"en": "Style"}),
                                               Setting("seed", "int", None)))
    infos = {"a": a, "b": b}
    monkeypatch.setattr("qwixo.core.game_names", lambda: ("a", "b"))
    monkeypatch.setattr(tcli, "game_info", infos.__getitem__)
    opts = tcli.setting_options({"seed"})
    assert list(opts) == ["mode"]
    assert opts["mode"]["metavar"] == "{x,y,z}" and "choices" not in opts["mode"]
    assert opts["mode"]["help"] == "A: Mode (default x); B: Style"
