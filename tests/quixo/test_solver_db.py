"""Quixo perfect-play databases: file format, lookups, best moves, the ``solve`` command."""

from __future__ import annotations

import doctest
import importlib
import json
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwixo.quixo import db
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.solver import solve


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("QWIXO_DATA", str(tmp_path))
    return tmp_path / "quixo"


@pytest.mark.parametrize("name", ["qwixo.quixo.db", "qwixo.quixo.solver", "qwixo.quixo.retro",
                                  "qwixo.quixo.solver_cli"])
def test_docstring_examples(name, data):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_save_and_open_round_trip(data):
    res = solve(4, blanks=2)
    path = db.save(res)
    assert path == data / "quixo4x4-b2.qdb"
    assert [p.name for p in data.iterdir()] == [path.name]  # no temporary file left
    d = db.open_db(path)
    assert d.n == 4 and d.blanks == 2
    assert np.array_equal(d.codes(), res.codes)
    # 2 bits a position plus one byte of distance, and a small header
    assert path.stat().st_size < res.codes.size * 1.25 + 20000
    assert d.verify() == 0
    for me, op in [(0xFFFF ^ 0b111, 0), (0b1010, 0xFFFF ^ 0b1111), (0x00FF, 0xFF00)]:
        assert d.probe(me, op) == res.probe(me, op)
    assert d.probe(0, 0) is None


def test_probe_builds_3x3_on_demand(data):
    assert not data.exists() or not list(data.iterdir())
    assert db.probe(3, 0, 0) == ("win", 7)
    assert (data / "quixo3x3.qdb").exists()
    assert db.lookup(QuixoGame(size=3)) == ("win", 7)
    assert db.lookup(".../.../... o") == ("win", 7)


def test_probe_refuses_what_it_does_not_cover(data):
    assert db.probe(3, 1, 1) is None          # overlapping boards
    assert db.probe(3, 1 << 9, 0) is None     # off the board
    assert db.probe(3, -1, 0) is None
    assert db.probe(4, 0, 0) is None          # no 4×4 database here
    assert db.probe("3", 0, 0) is None
    assert db.lookup(QuixoGame(size=3, players=4)) is None
    with pytest.raises(TypeError):
        db.lookup(42)


def test_partial_database_is_found(data):
    db.save(solve(4, blanks=1))
    assert db.probe(4, 0xFFFF, 0) == ("win", 0)
    full = (1 << 16) - 1
    me = 0b0110_1001_1001_0110
    assert db.probe(4, me, full ^ me) is not None
    assert db.probe(4, me, full ^ me ^ 1) is not None   # one blank
    assert db.probe(4, me, full ^ me ^ 3) is None       # two blanks


def test_best_moves_play_a_perfect_3x3_game(data):
    g = QuixoGame(size=3)
    plies = 0
    expected = 7
    while not g.is_over:
        moves = db.best_moves(g)
        value, dist = db.lookup(g)
        assert moves[0][1:] == (value, dist)
        assert dist == expected - plies
        g.choose(g.turn, moves[0][0])
        plies += 1
    assert plies == 7 and g.winner == "x"
    assert db.best_moves(g) == []


def test_best_moves_are_every_legal_move_ranked(data):
    g = QuixoGame(position="x.o/.x./o.. x")
    moves = db.best_moves(g)
    assert sorted(m for m, _, _ in moves) == sorted(g.options(g.turn))
    order = {"win": 0, "draw": 1, "loss": 2}
    keys = [(order[v], p if v == "win" else -p) for _, v, p in moves]
    assert keys == sorted(keys)
    for move, value, plies in moves:
        child = g.copy()
        child.choose(child.turn, move)
        cv, cp = db.lookup(child)
        assert {"win": "loss", "loss": "win"}[cv] == value and cp + 1 == plies


def test_damaged_files_are_refused(data, tmp_path):
    path = db.save(solve(3))
    raw = path.read_bytes()
    bad = tmp_path / "bad.qdb"
    bad.write_bytes(b"NOTADB00" + raw[8:])
    with pytest.raises(ValueError):
        db.Database.open(bad)
    bad.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(ValueError):
        db.Database.open(bad)
    header_len = int.from_bytes(raw[8:16], "little")
    bad.write_bytes(raw[:16] + b"{" * header_len + raw[16 + header_len:])
    with pytest.raises(ValueError):
        db.Database.open(bad)


def test_damaged_database_in_place_is_skipped_or_rebuilt(data):
    data.mkdir(parents=True, exist_ok=True)
    (data / "quixo3x3.qdb").write_bytes(b"QWXQDB01garbage")
    (data / "quixo4x4.qdb").write_bytes(b"")
    assert db.probe(4, 0, 0) is None
    assert db.probe(3, 0, 0) == ("win", 7)  # the 3×3 one is solved again
    assert db.Database.open(data / "quixo3x3.qdb").verify() == 0


def test_solve_command(data, capsys):
    from qwixo.cli import main

    assert main(["quixo", "solve", "--size", "3", "--verify", "--out", str(data)]) == 0
    out = capsys.readouterr()
    lines = [json.loads(x) for x in out.out.splitlines()]
    last = lines[-1]
    assert {k: last[k] for k in ("size", "states", "win", "loss", "draw", "start", "plies")} == {
        "size": 3, "states": 19683, "win": 12748, "loss": 6935, "draw": 0, "start": "win",
        "plies": 7}
    assert last["verify_errors"] == 0
    classes = lines[:-1]
    assert len(classes) == 55
    assert sum(c["win"] for c in classes) == 12748
    assert "3×3" in out.err and (data / "quixo3x3.qdb").exists()


def test_solve_command_5x5_closed_classes_listing(data, capsys, monkeypatch):
    """The 5×5 no-blank output format, on a stand-in solve (the real one is a benchmark)."""
    from qwixo.cli import main
    from qwixo.quixo import solver

    real = solver.solve

    def small(n, blanks=None, **kw):
        assert (n, blanks) == (5, 0)
        return real(3, 0, **kw)

    monkeypatch.setattr(solver, "solve", small)
    assert main(["quixo", "solve", "--size", "5", "--blanks", "0", "--no-save"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert all(set(x) == {"to_move", "other", "win", "loss", "draw"} for x in lines[:-1])
    assert not data.exists() or not list(data.glob("*.qdb"))


@pytest.mark.parametrize("argv", [["--size", "5"], ["--size", "5", "--blanks", "1"],
                                  ["--size", "7"], ["--size", "2"],
                                  ["--size", "3", "--blanks", "-1"],
                                  ["--size", "3", "--threads", "0"]])
def test_solve_command_refuses(argv, data, capsys):
    from qwixo.cli import main

    assert main(["quixo", "solve", *argv]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.strip()
    if argv[:2] == ["--size", "5"]:
        assert "GB" in out.err


@pytest.fixture(scope="module")
def module_data(tmp_path_factory):
    """A data directory for the tests that hypothesis runs (function fixtures do not mix)."""
    old = os.environ.get("QWIXO_DATA")
    os.environ["QWIXO_DATA"] = str(tmp_path_factory.mktemp("qdata"))
    yield
    if old is None:
        del os.environ["QWIXO_DATA"]
    else:
        os.environ["QWIXO_DATA"] = old


@settings(max_examples=60, deadline=None)
@given(cells=st.lists(st.sampled_from(".xo"), min_size=9, max_size=9),
       side=st.sampled_from("xo"))
def test_best_moves_agree_with_the_engine_on_random_3x3(module_data, cells, side):
    text = "/".join("".join(cells[i:i + 3]) for i in (0, 3, 6)) + " " + side
    value = db.lookup(text)
    moves = db.best_moves(text)
    g = QuixoGame(position=text)
    if g.is_over:
        assert moves == [] and value[1] == 0
        assert value[0] == ("win" if g.winner == side else "loss")
        return
    assert sorted(m for m, _, _ in moves) == sorted(g.options(g.turn))
    assert (moves[0][1], moves[0][2]) == value  # the best move realises the value
