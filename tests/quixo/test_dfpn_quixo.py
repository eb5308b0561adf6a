"""The proof-number search (qwixo.quixo.dfpn) against the 3×3 database, and as the search's
proof helper."""

from __future__ import annotations

import random

import pytest
from quixo_helpers import random_position

import qwixo
from qwixo.core import IllegalMove
from qwixo.quixo.dfpn import Prover
from qwixo.quixo.search import Searcher, boards_of


def _keeps_win(g, move: str) -> bool:
    """After ``move`` by the side to move, that side has won or the opponent is lost."""
    from qwixo.quixo import db

    p = g.to_act[0]
    c = g.copy()
    c.choose(p, move)
    if c.is_over:
        return c.winner == g.side_of(p)
    return db.lookup(c.position)[0] == "loss"


def test_proofs_and_disproofs_agree_with_the_3x3_database():
    """Every proof is a real forced win and its move keeps it; every win is proven; nothing
    that is not a win is proven."""
    from qwixo.quixo import db

    rng = random.Random(5)
    p = Prover(3, table_bits=16)
    seen = {"win": 0, "other": 0}
    for _ in range(60):
        g = random_position(3, 2, rng.randrange(0, 12), rng)
        if g.is_over:
            continue
        (me, op), _, _, _ = boards_of(g.position)
        p.clear()
        res = p.prove(me, op, nodes=500_000)
        value = db.lookup(g.position)[0]
        if value == "win":
            assert res is True, g.position
            assert _keeps_win(g, p.move_text(p.best)), (g.position, p.move_text(p.best))
            seen["win"] += 1
        else:
            assert res is not True, (g.position, value)
            seen["other"] += 1
    assert seen["win"] >= 15 and seen["other"] >= 10


def test_a_kept_table_answers_the_next_move_of_a_proof_at_once():
    """The proof of a position holds the proofs of its continuations: after the proven move
    and any reply, the next proof takes a few nodes."""
    from qwixo.quixo import db

    rng = random.Random(8)
    p = Prover(3, table_bits=16)
    checked = 0
    for _ in range(40):
        g = random_position(3, 2, rng.randrange(0, 6), rng)
        if g.is_over or db.lookup(g.position)[0] != "win" or db.lookup(g.position)[1] < 3:
            continue
        (me, op), _, _, _ = boards_of(g.position)
        p.clear()
        assert p.prove(me, op, nodes=500_000) is True
        first = p.nodes
        g.choose(g.to_act[0], p.move_text(p.best))
        reply = db.best_moves(g.position)[0][0]  # the slowest loss
        g.choose(g.to_act[0], reply)
        (me, op), _, _, _ = boards_of(g.position)
        assert p.prove(me, op, nodes=500_000) is True
        assert p.nodes <= max(50, first // 2), (first, p.nodes)
        checked += 1
    assert checked >= 5


def test_the_search_with_the_proof_number_helper_keeps_the_3x3_wins():
    """Searcher with the df-pn helper: a proven result is a win the database confirms, and the
    move keeps it; no win is claimed where there is none."""
    from qwixo.quixo import db

    rng = random.Random(23)
    s = Searcher(3)
    s.lmr, s.threads, s.proof_helper, s.dfpn_helper = 2, 2, True, True
    s.prover_class = Prover
    checked = 0
    for _ in range(25):
        g = random_position(3, 2, rng.randrange(0, 9), rng)
        if g.is_over:
            continue
        boards, _, _, _ = boards_of(g.position)
        s.clear()
        res = s.search(*boards, seconds=2.0)
        exact = db.lookup(g.position)
        out = res.outcome()
        if out is not None and out[0] == "win":
            assert exact[0] == "win", (g.position, res, exact)
            assert _keeps_win(g, s.move_text(res.move))
        assert s.move_text(res.move) in g.options(g.to_act[0])
        checked += 1
    assert checked >= 15


def test_the_strong_bot_takes_the_dfpn_setting():
    g = qwixo.new_game("quixo", size=4)
    g.choose(0, "a1d1")
    g.choose(1, "a1a4")
    # (book=False: this position is in the opening book, which would answer without searching)
    bot = qwixo.make_bot("quixo", "strong", nodes=20_000, dfpn=True, threads=2, book=False)
    assert bot.decide(g, 0) in g.options(0)
    assert "proven" in bot.last_info and bot.last_info.get("source") != "book"
    with pytest.raises(IllegalMove):
        qwixo.make_bot("quixo", "strong", dfpn="yes")


def test_loses_proves_the_other_sides_win_on_3x3():
    """``prove(loses=True)``: True exactly where the database says the side to move loses,
    False where it wins (3×3 has no draws)."""
    from qwixo.quixo import db

    rng = random.Random(31)
    p = Prover(3, table_bits=16)
    seen = {"win": 0, "loss": 0}
    for _ in range(60):
        g = random_position(3, 2, rng.randrange(1, 8), rng)
        if g.is_over:
            continue
        value = db.lookup(g.position)[0]
        (me, op), _, _, _ = boards_of(g.position)
        p.clear()
        assert p.prove(me, op, nodes=2_000_000, loses=True) is (value == "loss"), g.position
        seen[value] += 1
    assert seen["win"] >= 5 and seen["loss"] >= 5, seen
