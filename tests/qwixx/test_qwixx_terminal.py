"""Terminal play and the score pad, driven with scripted input streams."""

from __future__ import annotations

import argparse
import io
import json

import pytest

import qwixo
from qwixo import IllegalMove
from qwixo.qwixx import cli
from qwixo.qwixx.game import QwixxGame
from qwixo.qwixx.terminal import Terminal, parse_dice


def run(game, script: str, **kw) -> tuple[int, str, Terminal]:
    out = io.StringIO()
    term = Terminal(game, inp=io.StringIO(script), out=out, color=False, lang="en", **kw)
    return term.run(), out.getvalue(), term


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd")
    cli.register_play(sub.add_parser("play").add_subparsers(dest="game"))
    cli.register_qwixx(sub.add_parser("qwixx").add_subparsers(dest="tool"))
    return ap


def test_score_pad_plays_a_whole_game_to_the_fourth_penalty():
    # two players; every turn: dice typed, both pass, the active player takes a penalty
    turn = "1 1 1 1 1 1\npass\npass\npass\n"
    rc, text, term = run(QwixxGame(players=2, seed=1), turn * 7, pad=True)
    g = term.game
    assert rc == 0 and g.is_over and g.end_reason == "penalties"
    assert "A fourth penalty: the game is over." in text
    assert "Player 1 takes penalty 4." in text
    assert "Winner: Player 2 with -15 points." in text
    assert "penalties XXXX = -20" in text


def test_score_pad_rules_enforced_and_scores_live():
    script = "\n".join([
        "3 4 9 1 1 1",           # a 9 is not a die face: refused
        "3 4 1",                 # too few
        "3 4 1 1 1 1",
        "r8",                    # not the white sum
        "r7", "g7",
        "?",
        "y5",
        "quit",
    ]) + "\n"
    rc, text, term = run(QwixxGame(players=2, seed=2), script, pad=True)
    assert rc == 0
    assert "Bad dice [3, 4, 9, 1, 1, 1]" in text
    assert "Type 6 numbers from 1 to 6" in text
    assert "red 8: in action 1 only the white sum 7 can be crossed." in text
    assert "Action 1: Player 1: crossed red 7; Player 2: crossed green 7" in text
    assert "Options: pass y4 y5 g5 g4 b5 b4" in text
    assert "Scores: Player 1 2, Player 2 1" in text
    assert term.game.sheets[0]["rows"][1]["crossed"] == [5]


def test_sheet_drawn_with_letters_crosses_and_locks():
    g = QwixxGame("mixx-a", players=1, seed=3)
    g.roll([2, 3, 1, 1, 1, 1])
    g.choose(0, "r5")
    g.choose(0, "pass")
    out = io.StringIO()
    term = Terminal(g, inp=io.StringIO(""), out=out, color=False, lang="en")
    text = term.sheet_text(0).plain
    lines = text.splitlines()
    assert lines[1].startswith(" R ") and lines[4].startswith(" B ")
    assert "[ 5B]" in lines[1]          # crossed, with the cell colour letter (Mixx A)
    assert " ·  " in lines[1]            # cells left of the cross are gone
    assert "12R*" in lines[1] and lines[1].rstrip().endswith("1 x =   1")


def test_bonus_and_lucky_sheets_show_their_extras():
    g = QwixxGame("bonus-a", players=1, seed=4)
    term = Terminal(g, inp=io.StringIO(""), out=io.StringIO(), color=False, lang="en")
    text = term.sheet_text(0).plain
    assert "bonus bar: R Y G B G R B Y R Y B G" in text and " 3+ " in text
    g = QwixxGame("longo", players=1, seed=4, lucky=[(6, 11)])
    term = Terminal(g, inp=io.StringIO(""), out=io.StringIO(), color=False, lang="it")
    assert "numeri fortunati: 6 11" in term.sheet_text(0).plain


def test_undo_save_and_resume(tmp_path):
    path = tmp_path / "game.json"
    script = "\n".join(["3 4 1 1 1 1", "r7", "undo", "y7", "g7", f"save {path}", "quit"]) + "\n"
    rc, text, term = run(QwixxGame(players=2, seed=5), script, pad=True)
    assert "Taken back." in text and f"Saved to {path}." in text
    saved = qwixo.load_game(path.read_text())
    assert saved.to_act == [0] and saved.sheets[0]["rows"][1]["crossed"] == [7]
    args = parser().parse_args(["play", "qwixx", "--load", str(path), "--no-color", "--pad"])
    out = io.StringIO()
    assert cli.cmd_play(args, inp=io.StringIO("pass\n2 2 2 2 2 2\nquit\n"), out=out) == 0
    assert "Player 2 rolled" in out.getvalue()


def test_dice_correction_in_the_pad():
    script = "3 4 1 1 1 1\ndice 2 2 1 1 1 1\nr4\npass\npass\ndice 1 1 1 1 1 1\nquit\n"
    rc, text, term = run(QwixxGame(players=2, seed=6), script, pad=True)
    assert term.game.sheets[0]["rows"][0]["crossed"] == [4]
    assert "The dice can only be corrected before anyone has decided on them." in text


def test_against_bots_to_the_end():
    g = QwixxGame(players=3, seed=7)
    seats = cli.make_seats(g, "random", seed=1)
    assert seats[0] is None and seats[1] is not None
    # the person always passes (Enter rolls); the bots play on until the game ends
    rc, text, term = run(g, "\npass\npass\n" * 200, seats=seats)
    assert term.game.is_over and "Winner:" in text
    assert "Player 2: crossed" in text or "Player 2: passed" in text


def test_unknown_bot_and_bad_settings_are_clean_errors():
    g = QwixxGame(players=2, seed=8)
    with pytest.raises(IllegalMove) as e:
        cli.make_seats(g, "no-such-bot", seed=None)
    assert e.value.key == "unknown_bot"
    for argv in (["--players", "7"], ["--edition", "longo", "--lucky", "5,8/x"],
                 ["--load", "/nonexistent/file.json"]):
        args = parser().parse_args(["play", "qwixx", *argv])
        with pytest.raises(IllegalMove):
            cli.cmd_play(args, inp=io.StringIO(""), out=io.StringIO())


def test_cli_arguments_and_names():
    args = parser().parse_args(["play", "qwixx", "--edition", "longo", "--lucky",
                                "5,8/5,10/6,11", "--names", "Ann,Ben", "--no-color", "--pad",
                                "--lang", "pl"])
    out = io.StringIO()
    assert cli.cmd_play(args, inp=io.StringIO("quit\n"), out=out) == 0
    text = out.getvalue()
    assert "Qwixx: Longo (kostki ośmiościenne, szczęśliwe liczby), 3 gracze." in text and "Ann" in text and "Ben" in text
    assert "Gracz 3" in text  # a name left out is the language's "Player 3"


def test_end_of_input_stops_cleanly():
    rc, text, _ = run(QwixxGame(players=2, seed=9), "", pad=True)
    assert rc == 0 and "Bye." in text


def test_parse_dice():
    assert parse_dice("3 4 1 6 2 5", 6) == [3, 4, 1, 6, 2, 5]
    assert parse_dice("3,4", 2) == [3, 4]
    assert parse_dice("34", 2) == [3, 4]
    assert parse_dice("3 4 1", 6) is None and parse_dice("a b", 2) is None


def test_speed_figure_prints_the_games_per_second():
    out = io.StringIO()
    result = cli.speed("mixx-b", players=2, games=20, repeat=1, out=out)
    lines = out.getvalue().splitlines()
    assert lines[-1] == f"games/s: {result['engine']:.0f}" and result["engine"] > 0
    assert "referee" not in result  # the comparison is benchmarks/contract_speed.py
    json.dumps(result)


def test_a_bot_offering_an_illegal_decision_passes_with_a_notice():
    class Broken:
        name = "broken"

        def decide(self, game, p):
            return "r13"

    g = QwixxGame(players=2, seed=10)
    rc, text, term = run(g, "\npass\npass\nquit\n", seats=[None, Broken()])
    assert "Player 2 (bot) offered 'red 13', which is not legal" in text
    assert term.game.history[1] == ("choose", 1, "pass")


def test_hint_ranks_the_options_in_words():
    from qwixo.i18n import t

    script = "\n".join(["hint", "3 4 1 1 1 1", "hint", "quit"]) + "\n"
    rc, text, _ = run(QwixxGame(players=2, seed=2), script, pad=True)
    assert rc == 0
    # before the roll: nothing to rank yet, said in words; after it: ranked options
    assert IllegalMove("roll_needed").translated("en") in text
    assert "\n1. " in text and "\n2. " in text
    assert "hint" in t("qx_help", "en")
