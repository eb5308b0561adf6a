"""The 4×4 opening book (qwixo.quixo.book): its symmetry handling, that it covers every reply of
the defender up to its last ply, that its moves are the solver's fastest wins, and its use by
the ``strong`` bot."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import qwixo
from qwixo import IllegalMove
from qwixo.quixo import book
from qwixo.quixo.kernels import MOVER_WINS, ONGOING
from qwixo.quixo.search import boards_of


def _image_position(me: int, op: int, s: int) -> tuple[int, int]:
    return book.image(me, s), book.image(op, s)


def test_the_shipped_book_loads_and_starts_at_the_empty_board():
    b = book.load()
    assert b is not None and len(b) > 1000
    assert book.canonical(0, 0) in b
    assert all(0 <= m < 32 for m in list(b.values())[:500])  # 4×4 move indices


@settings(max_examples=60, deadline=None)
@given(st.integers(0, (1 << 16) - 1), st.integers(0, (1 << 16) - 1), st.integers(0, 7))
def test_canonical_form_is_shared_by_the_eight_images(me, op, s):
    op &= ~me
    assert book.canonical(*_image_position(me, op, s)) == book.canonical(me, op)
    c = book.canonical(me, op)
    assert c <= (me << 16 | op)
    # the images of a board keep its cube count
    assert bin(book.image(me, s)).count("1") == bin(me).count("1")


def _walk(rng: random.Random, plies: int):
    """Positions the first player meets following the book, the defender replying at random:
    ``[(ply, me, op)]`` (normalised, the first player to move), up to ``plies`` or to the book
    move that makes a line (then the last item is ``(ply, None, None)``)."""
    out = []
    me = op = 0
    for ply in range(0, plies + 1, 2):
        out.append((ply, me, op))
        m = book.book_move(me, op)
        assert m is not None, f"ply {ply}: not in the book"
        kids = {mm: (r, a, b) for mm, r, a, b in book._children(me, op)}
        r, a, b = kids[m]
        if r == MOVER_WINS:
            out.append((ply + 1, None, None))
            break
        assert r == ONGOING
        replies = [(a2, b2) for _, r2, a2, b2 in book._children(a, b) if r2 == ONGOING]
        me, op = rng.choice(replies)
    return out


def test_every_defender_reply_stays_in_the_book_up_to_its_last_ply():
    rng = random.Random(7)
    ends = set()
    for _ in range(40):
        walk = _walk(rng, book.BOOK_PLIES)
        ply, me, _ = walk[-1]
        assert ply == book.BOOK_PLIES or me is None
        ends.add(ply)
    assert book.BOOK_PLIES in ends


def test_the_book_answers_every_image_of_a_position_with_the_image_of_its_move():
    rng = random.Random(3)
    for ply, me, op in _walk(rng, book.BOOK_PLIES)[1:]:
        if me is None:
            continue
        m = book.book_move(me, op)
        child = {mm: (r, a, b) for mm, r, a, b in book._children(me, op)}[m]
        for s in range(8):
            ime, iop = _image_position(me, op, s)
            im = book.book_move(ime, iop)
            assert im is not None, (ply, s)
            r, a, b = {mm: (r, a, b) for mm, r, a, b in book._children(ime, iop)}[im]
            assert (r, book.canonical(a, b)) == (child[0], book.canonical(child[1], child[2]))


def test_positions_outside_the_book_are_not_answered():
    (me, op), _, _, _ = boards_of("x.../.o../..x./...o x")
    assert book.book_move(me, op) is None
    assert book.book_move(0, 0, book={}) is None


# -- against the solver ---------------------------------------------------------------------------

# (solved4: the 4×4 game solved once for the Quixo tests, see conftest.py)

@pytest.mark.slow
def test_book_moves_are_the_solvers_fastest_wins(solved4):
    b = book.load()
    # the first plies of the book rebuilt from the solver are the shipped ones
    small, counts = book.build(4, probe=solved4.probe)
    assert counts[0] == 1 and all(b[k] == m for k, m in small.items())
    # a sample of every ply: the book's move wins, as fast as the position allows
    keys = sorted(b)
    rng = random.Random(11)
    for key in [k for k in keys if k in small] + rng.sample(keys, 150):
        me, op = key >> 16, key & 0xFFFF
        value, plies = solved4.probe(me, op)
        assert value == "win"
        r, a, c = {m: (r, a, c) for m, r, a, c in book._children(me, op)}[b[key]]
        if r == MOVER_WINS:
            assert plies == 1
        else:
            assert r == ONGOING
            assert solved4.probe(a, c) == ("loss", plies - 1)


# -- the strong bot -------------------------------------------------------------------------------

def test_strong_plays_the_book_on_4x4_and_searches_without_it():
    g = qwixo.new_game("quixo", size=4)
    bot = qwixo.make_bot("quixo", "strong", seconds=0.2, seed=1)
    text = bot.decide(g, 0)
    assert text in g.options(0) and g.ply == 0  # the game is unchanged
    assert bot.last_info["source"] == "book" and bot.last_info["proven"]
    g.choose(0, text)
    g.choose(1, g.options(1)[0])
    text2 = bot.decide(g, 0)
    assert bot.last_info["source"] == "book" and text2 in g.options(0)
    off = qwixo.make_bot("quixo", "strong", seconds=0.05, seed=1, book=False)
    off.decide(g, 0)
    assert off.last_info.get("source") != "book" and off.last_info["depth"] >= 1
    # medium and other sizes search
    medium = qwixo.make_bot("quixo", "medium", seconds=0.05, seed=1)
    medium.decide(g, 0)
    assert medium.last_info.get("source") != "book"
    g5 = qwixo.new_game("quixo", size=5)
    bot.decide(g5, 0)
    assert bot.last_info.get("source") != "book"


def test_strong_plays_the_book_as_the_second_seat_too():
    # the first player (o here) is the book's side whichever seat it has
    g = qwixo.new_game("quixo", size=4, first="o")
    bot = qwixo.make_bot("quixo", "strong", seconds=0.05, seed=2)
    seat = g.to_act[0]
    bot.decide(g, seat)
    assert bot.last_info["source"] == "book"


@pytest.mark.parametrize("bad", [1, "yes", 0.5])
def test_book_setting_must_be_a_bool(bad):
    with pytest.raises(IllegalMove):
        qwixo.make_bot("quixo", "strong", book=bad)


def test_strong_leaves_the_book_rather_than_repeat_a_position():
    from qwixo.quixo.bots import AlphaBetaBot, QuixoState

    g = qwixo.new_game("quixo", size=4)
    bot = AlphaBetaBot(seconds=0.05, seed=0)
    state = QuixoState(g, 0)
    assert bot.book_move(state) is not None
    # make the position after the book move an earlier position of the game
    m = book.book_move(*state.boards)
    kids = {mm: (a, b) for mm, _, a, b in book._children(*state.boards)}
    a, b = kids[m]
    from qwixo.quixo.bots import searcher

    s = searcher(4, 2)
    state._earlier = [((a, b), bin(a | b).count("1"))]
    assert s.hash_of((a, b)) in {s.hash_of(x) for x, _ in state.earlier()}
    assert bot.book_move(state) is None
