"""Terminal play driven by scripted input, and the quixo sub-commands of the CLI."""

from __future__ import annotations

import io
import json
import re

import pytest

import qwixo
from qwixo.cli import main
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.terminal import load_file, play, render, save_game


def run(game, lines, **kw):
    out = io.StringIO()
    rc = play(game, io.StringIO("".join(f"{x}\n" for x in lines)), out, color=False,
              lang=kw.pop("lang", "en"), **kw)
    return rc, out.getvalue()


def test_hot_seat_moves_errors_and_undo():
    g = QuixoGame(size=3)
    rc, out = run(g, ["a1c1", "c1a1", "b2b1", "moves", "a3c3", "undo", "help", "quit"])
    assert rc == 0
    assert "The cube on c1 shows the opponent's symbol" in out
    assert "b2 is not on the border" in out
    assert "a3a1" in out  # the list of moves
    assert "Move taken back." in out
    assert g.history == ["a1c1"]
    assert "X to move." in out and "O to move." in out


def test_board_shows_letters_and_coordinates_without_colour():
    g = QuixoGame(size=4, position="x.../..../..../...o o")
    out = io.StringIO()
    from rich.console import Console

    Console(file=out, color_system=None, width=80).print(render(g))
    text = out.getvalue()
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c", "d"]
    assert lines[1].split() == ["4", "X", "·", "·", "·", "4"]
    assert lines[4].split() == ["1", "·", "·", "·", "O", "1"]


def test_four_player_cells_show_symbol_and_dot():
    g = QuixoGame(players=4, position="N.E../...../...../...../S...W E")
    rc, out = run(g, ["quit"])
    assert "X·N" in out and "O·E" in out and "X·S" in out and "O·W" in out
    assert "E (team O) to move." in out


def test_a_finished_game_and_translated_texts():
    g = QuixoGame(position="xxxx./...../...../...../..... x")
    rc, out = run(g, ["e1e5", "a1e1", "quit"], lang="it")
    assert "Vince X con una linea." in out
    assert "La partita è finita." in out


def test_save_and_resume(tmp_path):
    g = QuixoGame(size=4)
    path = tmp_path / "sub" / "game.json"
    rc, out = run(g, ["a1d1", "b1b4", f"save {path}", "save", "quit"])
    assert "Game saved to" in out and "Usage: save FILE" in out
    data = json.loads(path.read_text())
    assert data["moves"] == ["a1d1", "b1b4"] and data["game"] == "quixo"
    h = load_file(path)
    assert h == g and h.history == ["a1d1", "b1b4"]
    assert not list(path.parent.glob(".qwixo-*"))  # no temporary file left behind
    save_game(h, path)
    assert load_file(path) == g


def test_bad_files_are_reported(tmp_path):
    with pytest.raises(qwixo.IllegalMove) as e:
        load_file(tmp_path / "missing.json")
    assert e.value.key == "quixo_cannot_read"
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(qwixo.IllegalMove):
        load_file(bad)
    rc, out = run(QuixoGame(size=3), [f"save {tmp_path}", "quit"])  # a directory
    assert "Cannot write" in out


def test_against_the_random_bot_undo_goes_back_to_the_human():
    bot = qwixo.make_bot("quixo", "random", seed=1)
    g = QuixoGame(size=3)
    rc, out = run(g, ["a1c1", "undo", "quit"], bots={1: bot})
    assert "O plays" in out
    assert g.history == []


def test_bots_play_a_whole_game_and_hint_does_not_crash():
    bots = {p: qwixo.make_bot("quixo", "random", seed=p) for p in range(4)}
    g = QuixoGame(size=3, players=4, ply_limit=200)
    rc, out = run(g, [], bots=bots)
    assert rc == 0 and g.is_over
    rc, out = run(QuixoGame(size=3), ["hint", "quit"])
    assert rc == 0 and out.count("\n") > 5


def test_end_of_input_quits():
    rc, out = run(QuixoGame(), [])
    assert rc == 0


# -- the CLI ------------------------------------------------------------------------------------
def test_cli_perft(capsys):
    assert main(["quixo", "perft", "3"]) == 0
    assert capsys.readouterr().out.strip() == "76596"
    assert main(["quixo", "perft", "2", "--size", "3", "--players", "4"]) == 0
    assert capsys.readouterr().out.strip() == str(
        sum(len(c.options(1)) for c in _children(QuixoGame(size=3, players=4))))
    assert main(["quixo", "perft", "2", "--position", ".../.x./... o", "--divide"]) == 0
    lines = capsys.readouterr().out.split()
    assert lines[0].endswith(":") and int(lines[-1]) == sum(int(x) for x in lines[1:-1:2])


def _children(g):
    for mv in g.options(g.to_act[0]):
        c = g.copy()
        c.choose(c.to_act[0], mv)
        yield c


def test_cli_perft_bad_input(capsys):
    assert main(["quixo", "perft", "2", "--position", "nonsense"]) == 2
    assert "Not a Quixo position" in capsys.readouterr().err
    assert main(["quixo", "perft", "-1"]) == 2


def test_cli_bench_last_line(capsys):
    assert main(["quixo", "bench", "--seconds", "0.2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"plies/s: \d+", last)
    assert int(last.split()[1]) > 0


def test_cli_play(monkeypatch, capsys, tmp_path):
    assert main(["play", "quixo", "--vs", "no-such-bot"]) == 2
    assert "Unknown bot" in capsys.readouterr().err
    assert main(["play", "quixo", "--list-bots"]) == 0
    assert "random" in capsys.readouterr().out.split()
    monkeypatch.setattr("sys.stdin", io.StringIO("a1c1\nsave " + str(tmp_path / "g.json") +
                                                 "\nquit\n"))
    assert main(["play", "quixo", "--size", "3", "--vs", "random", "--no-color",
                 "--lang", "pl"]) == 0
    out = capsys.readouterr().out
    assert "Gra zapisana" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "quixo", "--load", str(tmp_path / "g.json"), "--no-color"]) == 0
    assert main(["play", "quixo", "--load", str(tmp_path / "none.json")]) == 2


class BrokenBot:
    name = "broken"

    def decide(self, game, player):
        raise RuntimeError("boom")


class CheatingBot:
    name = "cheat"

    def decide(self, game, player):
        return "c3c1"


@pytest.mark.parametrize("bot", [BrokenBot(), CheatingBot()])
def test_a_failing_bot_is_reported(bot):
    g = QuixoGame(size=5)
    rc, out = run(g, ["a1e1", "quit"], bots={1: bot})
    assert rc == 1 and "The bot playing O failed" in out
    assert g.history == ["a1e1"]


def test_four_player_pass_typed_in_the_terminal():
    ring = "SESES/E...E/S...S/E...E/SESES"
    g = QuixoGame(position=ring + " N")
    rc, out = run(g, ["a1e1:N", "pass", "pass", "quit"])
    assert "points at your partner (S)" in out
    assert "You cannot pass" in out
    assert g.history == ["pass"] and g.to_act == [1]
