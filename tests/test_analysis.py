"""``qwixo analyse``: any registered game's analysis found through its metadata, printed."""

import doctest
import json

import pytest

import qwixo
import qwixo.analysis as an
from qwixo.cli import main
from qwixo.core import IllegalMove
from qwixo.i18n import t


def _quixo3():
    g = qwixo.new_game("quixo", size=3)
    for m in ["a2a1", "c2a2", "b1c1", "b3a3", "c2c1"]:
        g.choose(g.to_act[0], m)
    return g


def test_docstring_examples():
    assert doctest.testmod(an, optionflags=doctest.ELLIPSIS).failed == 0


def test_cli_text_and_json(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(_quixo3().to_json())
    assert main(["--lang", "it", "analyse", str(path), "--seconds", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Analisi di 5 decisioni: valori esatti.")
    # the key moment in whole sentences, the seat and the pushes as the board shows them
    g = _quixo3()
    moment = t("an_moment", "it", step=5,
               played=g.played_words("X", "c2c1", "", "it"),
               better=g.better_words("b1a1", "", "it"), cost=t("an_cost_win_loss", "it"))
    assert moment in out and "c2c1" not in out and "b1a1" not in out
    assert main(["analyse", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["key"] == [4] and data["exact"] is True


def test_cli_errors_in_the_users_language(tmp_path, capsys):
    assert main(["--lang", "pl", "analyse", str(tmp_path / "none.json")]) == 2
    assert "Nie można odczytać" in capsys.readouterr().err
    path = tmp_path / "game.json"
    path.write_text("{not json")
    assert main(["--lang", "tr", "analyse", str(path)]) == 2
    assert main(["analyse", str(path), "--seconds", "0"]) == 2


def test_a_game_without_analysis_says_so(monkeypatch):
    monkeypatch.setattr(an, "analysis_function", lambda name: None)
    with pytest.raises(IllegalMove) as e:
        an.analyse(_quixo3())
    assert e.value.key == "analysis_unsupported"
    assert "analisi" in e.value.translated("it")


def test_value_texts_have_plural_forms():
    one = {"value": "win", "plies": 1, "score": None, "exact": True}
    five = {"value": "loss", "plies": 5, "score": None, "exact": True}
    assert an.value_text("outcome", one, "pl") == "wygrana w 1 półruchu"
    assert an.value_text("outcome", five, "pl") == "przegrana w 5 półruchach"
    assert an.value_text("outcome", {"value": None, "plies": None, "score": -12,
                                     "exact": False}, "en") == "score -12 (estimate)"
