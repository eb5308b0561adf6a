"""Quixo notation (docs/quixo.md, "Notation"): squares, moves, positions — both ways, with clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qwixo import IllegalMove
from qwixo.quixo.notation import (
    format_position,
    move_text,
    move_texts,
    parse_move,
    parse_position,
    parse_square,
    square_name,
    start_position,
)
from qwixo.quixo.tables import move_tables


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_square_round_trip(n):
    names = [square_name(b, n) for b in range(n * n)]
    assert names[0] == "a1" and names[n - 1] == "abcdefg"[n - 1] + "1"
    assert names[-1] == "abcdefg"[n - 1] + str(n)
    assert [parse_square(s, n) for s in names] == list(range(n * n))
    assert len(set(names)) == n * n


@pytest.mark.parametrize("bad", ["", "a", "1a", "a0", "f1", "a6", "aa1", "a1 b", None, 5])
def test_bad_squares(bad):
    with pytest.raises(IllegalMove) as e:
        parse_square(bad, 5)
    assert e.value.key == "quixo_unknown_square"


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_move_round_trip(n):
    mt = move_tables(n)
    texts = move_texts(n)
    assert len(texts) == len(set(texts)) == 12 * n - 16
    for i, text in enumerate(texts):
        src, dst, dot = parse_move(text, n)
        assert (src, dst, dot) == (int(mt.src[i]), int(mt.dst[i]), None)
        assert move_text(src, dst, n) == text
        for seat, letter in enumerate("NESW"):
            assert parse_move(f"{text}:{letter}", n, 4) == (src, dst, seat)
            assert move_text(src, dst, n, seat) == f"{text}:{letter}"


def test_pass_and_case():
    assert parse_move("pass", 5) == (-1, -1, None)
    assert parse_move(" PASS ", 5, 4) == (-1, -1, None)
    assert parse_move("B1B5:s", 5, 4) == (1, 21, 2)


@pytest.mark.parametrize(("text", "players", "key"), [
    ("b1", 2, "quixo_bad_move"),
    ("b1-b5", 2, "quixo_bad_move"),
    ("b1b5x", 2, "quixo_bad_move"),
    ("b1b5:S", 2, "quixo_no_dot"),
    ("b1b5", 4, "quixo_dot_missing"),
    ("b1b5:X", 4, "quixo_bad_dot"),
    ("b1b5:NS", 4, "quixo_bad_dot"),
    ("b2b5", 2, "quixo_not_border"),
    ("b1b1", 2, "quixo_same_place"),
    ("b1c1", 2, "quixo_not_line_end"),
    ("a1e5", 2, "quixo_not_line_end"),
    ("h1a1", 2, "quixo_unknown_square"),
])
def test_bad_moves(text, players, key):
    with pytest.raises(IllegalMove) as e:
        parse_move(text, 5, players)
    assert e.value.key == key


def test_positions():
    assert start_position() == "...../...../...../...../..... x"
    assert start_position(4, 4, 2) == "..../..../..../.... S"
    p = parse_position("x..../...../...../...../....o o")
    assert (p.size, p.players, p.turn) == (5, 2, 1)
    assert p.boards == (1 << 20, 1 << 4, 0, 0)
    p = parse_position("N.E/.S./W.. E")
    assert (p.size, p.players, p.turn) == (3, 4, 1)
    assert p.boards == (1 << 6, 1 << 8, 1 << 4, 1 << 0)
    assert format_position(p.boards, p.turn, 3, 4) == "N.E/.S./W.. E"


@pytest.mark.parametrize(("text", "key"), [
    ("", "quixo_bad_position"),
    ("...../...../...../...../.....", "quixo_bad_position"),
    ("...../...../...../...../..... x extra", "quixo_bad_position"),
    ("../.. x", "quixo_position_size"),
    ("......../......../......../......../......../......../......../........ x",
     "quixo_position_size"),
    ("...../...../...../...../..... X", "quixo_position_side"),
    ("...../...../...../...../..... n", "quixo_position_side"),
    ("...../...../...../....../..... x", "quixo_position_rank"),
    ("...../...../...N./...../..... x", "quixo_position_cell"),
    ("...../...../...x./...../..... N", "quixo_position_cell"),
    (None, "quixo_bad_position"),
])
def test_bad_positions(text, key):
    with pytest.raises(IllegalMove) as e:
        parse_position(text)
    assert e.value.key == key


@given(st.integers(3, 7), st.data())
def test_position_round_trip_two_players(n, data):
    cells = data.draw(st.lists(st.sampled_from(".xo"), min_size=n * n, max_size=n * n))
    side = data.draw(st.sampled_from("xo"))
    ranks = ["".join(cells[i * n:(i + 1) * n]) for i in range(n)]
    text = "/".join(ranks) + " " + side
    p = parse_position(text)
    assert p.boards[0] & p.boards[1] == 0
    assert format_position(p.boards, p.turn, n, 2) == text


@given(st.integers(3, 7), st.data())
def test_position_round_trip_four_players(n, data):
    cells = data.draw(st.lists(st.sampled_from(".NESW"), min_size=n * n, max_size=n * n))
    side = data.draw(st.sampled_from("NESW"))
    text = "/".join("".join(cells[i * n:(i + 1) * n]) for i in range(n)) + " " + side
    p = parse_position(text)
    assert sum(bin(b).count("1") for b in p.boards) == n * n - cells.count(".")
    assert format_position(p.boards, p.turn, n, 4) == text
