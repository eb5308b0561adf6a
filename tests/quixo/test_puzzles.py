"""Quixo puzzles (qwixo.quixo.puzzles, ``qwixo puzzle``): every shipped puzzle has exactly one
winning move, checked against the 4x4 database and the 5x5 search; solving in the terminal."""

import datetime as dt
import doctest
import io
import json

import pytest

from qwixo.cli import main
from qwixo.quixo import perfect, puzzles
from qwixo.quixo import puzzles_cli as cli


@pytest.fixture
def with_4x4(data_with_4x4):
    """The complete 4x4 database in a data directory of this test's own (conftest.py)."""


def test_shipped_set():
    every = puzzles.load()
    assert len({p.id for p in every}) == len(every)
    sizes = {(p.size, p.plies) for p in every}
    assert {4, 5} <= {s for s, _ in sizes} and {1, 3, 5} <= {n for _, n in sizes}
    for p in every:
        assert len(p.moves) == p.plies and p.plies % 2 == 1
        g = p.game()
        mover = g.to_act[0]
        for m in p.moves:  # the main line is legal and ends in the mover's win
            g.choose(g.to_act[0], m)
        assert g.is_over and g.winners() == [mover]


def test_4x4_puzzles_have_one_winning_move_by_the_database(with_4x4):
    for p in [q for q in puzzles.load() if q.size == 4]:
        g = p.game()
        ranked = perfect.best_moves_of(g)
        wins = [(m, n) for m, v, n in ranked if v == "win"]
        assert wins == [(p.moves[0], p.plies)], p.id
        # the defender's replies lose as slowly as the database allows
        for k, m in enumerate(p.moves[:-1]):
            g.choose(g.to_act[0], m)
            if k % 2 == 0:
                best = perfect.best_moves_of(g)
                assert [v for mm, v, n in best if mm == p.moves[k + 1]] == [best[0][1]]


def test_5x5_puzzles_have_one_winning_move_by_the_search():
    for p in [q for q in puzzles.load() if q.size == 5 and q.plies <= 3]:
        assert puzzles.winning_moves(p.game(), p.plies) == {p.moves[0]: p.plies}, p.id


def test_check_accepts_the_win_and_refuses_the_rest(with_4x4):
    p = next(q for q in puzzles.load() if q.size == 4 and q.plies == 3)
    g = p.game()
    others = [m for m in g.options(g.to_act[0]) if m != p.moves[0]]
    assert puzzles.check(p, [], p.moves[0])
    assert not any(puzzles.check(p, [], m) for m in others)
    assert not puzzles.check(p, [], "z9z9") and not puzzles.check(p, [], "")
    assert puzzles.check(p, list(p.moves[:2]), p.moves[2])


def test_solve_in_the_terminal(with_4x4):
    p = next(q for q in puzzles.load() if q.size == 4 and q.plies == 3)
    out = io.StringIO()
    # the player's moves; the defender's reply comes from the database
    assert cli.solve(p, io.StringIO(f"{p.moves[0]}\n{p.moves[2]}\n"), out, lang="it")
    text = out.getvalue()
    assert text.startswith(f"Problema {p.id}:") and "vince in 3 semimosse" in text
    assert f"Il difensore risponde {p.moves[1]}." in text and text.rstrip().endswith("Risolto!")
    wrong = next(m for m in p.game().options(p.game().to_act[0]) if m != p.moves[0])
    out = io.StringIO()
    assert not cli.solve(p, io.StringIO(f"{wrong}\n"), out, lang="pl")
    assert f"{wrong} nie wygrywa w liczbie półruchów zadania." in out.getvalue()
    assert "Rozwiązanie: " + " ".join(p.moves) in out.getvalue()


def test_command(capsys, monkeypatch):
    p = puzzles.load()[0]
    assert main(["puzzle", "--id", p.id, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == list(p.moves)
    assert main(["--lang", "tr", "puzzle", "--id", p.id, "--solution"]) == 0
    assert "Çözüm: " + " ".join(p.moves) in capsys.readouterr().out
    assert main(["--lang", "it", "puzzle", "--id", "nope"]) == 2
    assert "Nessun problema ha l'id nope." in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no answer: the solution, exit 1
    assert main(["puzzle", "--size", "5", "--plies", "1"]) == 1
    assert "Solution: " in capsys.readouterr().out


def test_daily_and_difficulty():
    every = puzzles.load()
    day = dt.date(2026, 11, 28)
    assert puzzles.daily(every, day) == puzzles.daily(list(reversed(every)), day)
    picks = {puzzles.daily(every, day + dt.timedelta(days=k)).id for k in range(30)}
    assert len(picks) > 5
    hard = puzzles.by_difficulty(every, 2000)
    easy = puzzles.by_difficulty(every, 1000)
    assert hard.rating > easy.rating
    assert puzzles.by_difficulty(every, 1500, exclude={p.id for p in every}) is None


def test_generate_cuts_valid_puzzles(with_4x4):
    found = puzzles.generate(4, 3, seed=5)
    assert len(found) == 3
    for p in found:
        wins = [m for m, v, _ in perfect.best_moves_of(p.game()) if v == "win"]
        assert wins == [p.moves[0]]


def test_docstring_examples():
    for mod in (puzzles, cli):
        assert doctest.testmod(mod, optionflags=doctest.ELLIPSIS).failed == 0
