"""``qwixo qwixx bench`` and ``qwixo qwixx hint``."""

import qwixo
from qwixo.cli import main


def test_bench_prints_games_per_second_last(capsys):
    assert main(["qwixx", "bench", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("games/s: ")
    assert int(out[-1].split()[-1]) > 0
    assert "rolls per game" in out[-2]


def test_bench_refuses_bad_seconds(capsys):
    assert main(["qwixx", "bench", "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err


def _saved(tmp_path, players=2, dice=(1, 1, 6, 6, 6, 6), decide=()):
    g = qwixo.new_game("qwixx", players=players, seed=3)
    g.roll(list(dice))
    for p, text in decide:
        g.choose(p, text)
    path = tmp_path / "game.json"
    path.write_text(g.to_json())
    return g, path


def test_hint_from_a_saved_game(tmp_path, capsys):
    g, path = _saved(tmp_path)
    assert main(["qwixx", "hint", str(path), "--player", "1", "--playouts", "32"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Player 1")
    ranked = [line.split()[1] for line in out[1:]]
    assert sorted(ranked) == sorted(g.options(1))


def test_hint_every_player_to_act_and_languages(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("QWIXO_LANG", "en")  # main() sets it from --lang: restored afterwards
    g, path = _saved(tmp_path, players=3, decide=[(0, "r2")])
    assert main(["--lang", "it", "qwixx", "hint", str(path), "--playouts", "16"]) == 0
    out = capsys.readouterr().out
    assert "Giocatore 1" in out and "Giocatore 2" in out and "Giocatore 0" not in out


def test_hint_errors(tmp_path, capsys):
    assert main(["qwixx", "hint", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["qwixx", "hint", str(bad)]) == 2
    quixo = tmp_path / "quixo.json"
    quixo.write_text(qwixo.new_game("quixo", size=3).to_json())
    assert main(["qwixx", "hint", str(quixo)]) == 2
    assert "Qwixx" in capsys.readouterr().err
    fresh = tmp_path / "fresh.json"
    fresh.write_text(qwixo.new_game("qwixx", players=2, seed=1).to_json())
    assert main(["qwixx", "hint", str(fresh)]) == 1
    g, path = _saved(tmp_path)
    assert main(["qwixx", "hint", str(path), "--player", "7"]) == 2


def test_hint_answer_is_reachable_from_the_tools_module():
    from qwixo.qwixx import bots_cli

    g = qwixo.new_game("qwixx", players=2, seed=3)
    g.roll([1, 1, 6, 6, 6, 6])
    h = bots_cli.hint_answer(g, 1, lang="tr", playouts=16)
    lines, moves = h["lines"], h["moves"]
    assert len(lines) == len(moves) == len(g.options(1)) and "kazanma" in lines[0]
    # the data beside the lines: the same options, best first, with their win chances
    assert sorted(m["move"] for m in moves) == sorted(g.options(1))
    assert all(0 <= m["chance"] <= 1 for m in moves)
    assert all(m["move"] in line for m, line in zip(moves, lines, strict=True))
