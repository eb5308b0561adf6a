"""The search's symmetry-folded transposition table, its packed entries, the helper threads
(lazy SMP and the proof helper) and the bot settings that choose them."""

from __future__ import annotations

import random

import numpy as np
import pytest
from quixo_helpers import random_position

import qwixo
from qwixo.core import IllegalMove
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.kernels import SRC, apply_move
from qwixo.quixo.search import (
    EXACT,
    LOWER,
    MATE,
    UPPER,
    Searcher,
    _tt_probe,
    _tt_store,
    boards_of,
    search_tables,
    symmetry,
    table_key,
    zobrist2,
)


def _image(x: int, s: int, n: int) -> int:
    out = 0
    for i in range(n * n):
        if x >> i & 1:
            r, f = symmetry(s, i // n, i % n, n)
            out |= 1 << (r * n + f)
    return out


@pytest.mark.parametrize("n", [3, 4, 5])
def test_symmetries_map_positions_and_moves_consistently(n):
    """zsym[s] hashes a position as its image under symmetry s hashes, and mperm[s] maps a
    move to the move that does the same thing on the image."""
    t = search_tables(n)
    rng = random.Random(n)
    u = np.uint64
    for _ in range(30):
        cells = [rng.randrange(3) for _ in range(n * n)]
        me = sum(1 << i for i, c in enumerate(cells) if c == 1)
        op = sum(1 << i for i, c in enumerate(cells) if c == 2)
        for s in range(8):
            ime, iop = _image(me, s, n), _image(op, s, n)
            assert zobrist2(u(me), u(op), n, t.zsym[s]) == zobrist2(u(ime), u(iop), n, t.zrow)
            for m in range(t.M):
                if op & int(t.T[SRC, m]):
                    continue
                a, b = apply_move(u(me), u(op), m, t.T)
                ia, ib = apply_move(u(ime), u(iop), int(t.mperm[s, m]), t.T)
                assert (int(ia), int(ib)) == (_image(int(a), s, n), _image(int(b), s, n))
                assert int(t.mperm[8 + s, t.mperm[s, m]]) == m  # the inverse


def test_mirror_images_share_one_table_key():
    t = search_tables(4)
    me, op = 0b0000_0000_0010_0001, 0b1000_0000_0000_0000
    keys = {table_key(np.uint64(_image(me, s, 4)), np.uint64(_image(op, s, 4)), 4, t.zsym, 8)[0]
            for s in range(8)}
    assert len(keys) == 1
    assert table_key(np.uint64(me), np.uint64(op), 4, t.zsym, 1)[0] == zobrist2(
        np.uint64(me), np.uint64(op), 4, t.zrow)


def test_table_entries_round_trip_and_keep_the_deeper_result():
    tt = np.zeros((16, 2), dtype=np.uint64)
    h = np.uint64(0x1234_5678_9ABC_DEF0)
    _tt_store(tt, h, -12345, 7, EXACT, 30, 0, 5)
    assert _tt_probe(tt, h, 7, -100, 100, 1) == (True, -12345, 30)
    assert _tt_probe(tt, h, 8, -100, 100, 1) == (False, 0, 30)     # too shallow: move only
    # a win 5 plies ahead found 2 plies in: stored relative to the node, read back at ply 4
    _tt_store(tt, h, MATE - 5, 9, LOWER, 3, 2, 5)
    assert _tt_probe(tt, h, 9, 0, 10, 4) == (True, MATE - 7, 3)
    # a shallower result of another position in the same bucket goes to the second entry
    h2 = h ^ np.uint64(1 << 40)
    _tt_store(tt, h2, 42, 2, UPPER, 1, 0, 5)
    assert _tt_probe(tt, h, 9, 0, 10, 4)[0] and _tt_probe(tt, h2, 2, 50, 60, 1)[:2] == (True, 42)
    # a torn entry (data of another write) no longer matches its key
    tt[int(h) & 14, 1] ^= np.uint64(1)
    assert _tt_probe(tt, h, 1, -100, 100, 1) == (False, 0, -1)


@pytest.mark.parametrize("proof", [False, True])
def test_two_threads_keep_the_3x3_values_exact(proof):
    """With a helper thread (lazy SMP or the proof helper), the folded table and late-move
    reductions, proven results are the database's."""
    from qwixo.quixo import db

    rng = random.Random(21)
    s = Searcher(3)
    s.lmr, s.threads, s.proof_helper = 2, 2, proof
    checked = 0
    for _ in range(30):
        g = random_position(3, 2, rng.randrange(0, 9), rng)
        if g.is_over:
            continue
        boards, _, _, _ = boards_of(g.position)
        s.clear()
        res = s.search(*boards, seconds=3.0)
        assert res.outcome() == db.lookup(g.position), (g.position, res)
        assert s.move_text(res.move) in g.options(g.to_act[0])
        checked += 1
    assert checked >= 20


def test_helper_threads_stop_with_the_search():
    import threading

    s = Searcher(5)
    s.threads = 2
    before = threading.active_count()
    res = s.search(0, 0, seconds=0.3)
    assert s.move_text(res.move) in QuixoGame().options(0)
    assert threading.active_count() == before
    assert res.nodes > 0


@pytest.mark.parametrize("setting,value", [("threads", 0), ("threads", "2"), ("threads", True),
                                           ("proof", "yes"), ("nodes", 0), ("nodes", 2.5)])
def test_bad_search_settings_are_refused(setting, value):
    with pytest.raises(IllegalMove):
        qwixo.make_bot("quixo", "strong", **{setting: value})


def test_strong_bot_with_a_node_budget_and_one_thread_is_reproducible():
    g = qwixo.new_game("quixo", position="x.o../.xo../..x../o..../..... x")
    moves = set()
    for _ in range(2):
        from qwixo.quixo import bots

        bots._SEARCHERS.clear()
        bot = qwixo.make_bot("quixo", "strong", nodes=20_000, threads=1)
        moves.add(bot.decide(g, 0))
        assert bot.last_info["nodes"] <= 20_000 + 2048
    assert len(moves) == 1
