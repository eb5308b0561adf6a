"""The Quixo retrograde solver: totals, distances, move semantics against the rules engine."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwixo.quixo import kernels as K
from qwixo.quixo import retro
from qwixo.quixo.solver import (
    Layout,
    class_order,
    class_size,
    colex_rank_py,
    decode,
    memory_estimate,
    solve,
)

U = np.uint64


# -- an independent reference: the rules engine's moves, level-by-level forward sweeps ----------
def engine_children(n: int, me: int, op: int) -> list[tuple[int, int]]:
    """Children of (me, op) from the engine, as (side to move, other) after the move."""
    T, _ = K.packed_tables(n)
    out = np.empty(K.MAX_MOVES, np.int64)
    k = K.gen_moves(U(me), U(op), T, out)
    kids = []
    for m in out[:k]:
        a, b = K.apply_move(U(me), U(op), int(m), T)
        kids.append((int(b), int(a)))
    return kids


def engine_status(n: int, me: int, op: int) -> int:
    _, L = K.packed_tables(n)
    return int(K.status_to_move(U(me), U(op), L))


def reference_solve(n: int) -> dict[tuple[int, int], tuple[str, int | None]]:
    """DTM values of every N×N board by plain level-synchronous sweeps (slow; 3×3 only)."""
    nn = n * n
    positions = []
    for code in range(3 ** nn):
        me = op = 0
        for i in range(nn):
            code, d = divmod(code, 3)
            if d == 1:
                me |= 1 << i
            elif d == 2:
                op |= 1 << i
        positions.append((me, op))
    value: dict[tuple[int, int], tuple[str, int | None]] = {}
    kids = {}
    for p in positions:
        s = engine_status(n, *p)
        if s == K.MOVER_WINS:
            value[p] = ("win", 0)
        elif s == K.MOVER_LOSES:
            value[p] = ("loss", 0)
        else:
            kids[p] = engine_children(n, *p)
    level = 1
    while True:
        new = {}
        for p, ch in kids.items():
            if p in value:
                continue
            vals = [value.get(c) for c in ch]
            if any(v is not None and v[0] == "loss" and v[1] == level - 1 for v in vals):
                new[p] = ("win", level)
            elif all(v is not None and v[0] == "win" for v in vals) and max(
                    v[1] for v in vals) == level - 1:
                new[p] = ("loss", level)
        if not new:
            break
        value.update(new)
        level += 1
    for p in positions:
        value.setdefault(p, ("draw", None))
    return value


@pytest.fixture(scope="module")
def solved3():
    return solve(3)


def test_3x3_totals_and_start(solved3):
    s = solved3.summary()
    assert (s["states"], s["win"], s["loss"], s["draw"]) == (19683, 12748, 6935, 0)
    assert (s["start"], s["plies"]) == ("win", 7)


def test_3x3_matches_reference_everywhere(solved3):
    ref = reference_solve(3)
    assert len(ref) == 3 ** 9
    wrong = [p for p, v in ref.items() if solved3.probe(*p) != v]
    assert wrong == []


def test_3x3_verify_kernel(solved3):
    assert solved3.verify() == 0
    bad = solved3.codes.copy()
    i = solved3.layout.index(0, 0)
    bad[i] = 2 * 9 + 1  # the start is a win in 7, not 9
    from qwixo.quixo.solver import verify_codes

    assert verify_codes(3, solved3.layout, bad) == 1


def local_errors(n: int, probe, positions) -> list:
    """Positions whose value does not follow from their children's (engine moves)."""
    errors = []
    for me, op in positions:
        value = probe(me, op)
        s = engine_status(n, me, op)
        if s != K.ONGOING:
            if value != (("win", 0) if s == K.MOVER_WINS else ("loss", 0)):
                errors.append((me, op, value, "terminal"))
            continue
        kids = [probe(*c) for c in engine_children(n, me, op)]
        losses = [d for v, d in kids if v == "loss"]
        if losses:
            want = ("win", min(losses) + 1)
        elif any(v == "draw" for v, _ in kids):
            want = ("draw", None)
        else:
            want = ("loss", max(d for _, d in kids) + 1)
        if value != want:
            errors.append((me, op, value, want))
    return errors


def random_positions(n: int, count: int, seed: int, blanks: int | None = None):
    rng = random.Random(seed)
    nn = n * n
    out = []
    while len(out) < count:
        cells = [rng.choice("xo") if blanks is not None else rng.choice(".xo")
                 for _ in range(nn)]
        if blanks:
            for i in rng.sample(range(nn), rng.randint(0, blanks)):
                cells[i] = "."
        me = sum(1 << i for i, c in enumerate(cells) if c == "x")
        op = sum(1 << i for i, c in enumerate(cells) if c == "o")
        out.append((me, op))
    return out


@pytest.fixture(scope="module")
def solved4_few_blanks():
    """The 4×4 positions with at most 2 blank cubes, solved on one thread (the same codes as
    on two: test_pairs_side_by_side_give_the_same_codes)."""
    return solve(4, blanks=2, threads=1)


def test_4x4_few_blanks_consistent(solved4_few_blanks):
    res = solved4_few_blanks
    assert res.layout.classes[0] == (0, 16)
    assert all(a + b >= 14 for a, b in res.layout.classes)
    assert res.verify() == 0
    assert local_errors(4, res.probe, random_positions(4, 400, 1, blanks=2)) == []
    assert res.probe(0, 0) is None  # the empty board has 16 blanks: not covered


def test_pairs_side_by_side_give_the_same_codes(solved4_few_blanks):
    """Two threads (the pairs of a total of cubes solved side by side, serial first pass) and
    one thread give the same codes, class statistics in the same order, and the statistics say
    which way each pair was solved."""
    one = solved4_few_blanks
    two = solve(4, blanks=2, threads=2)
    assert np.array_equal(one.codes, two.codes)
    assert [(c["to_move"], c["other"], c["win"], c["loss"], c["draw"]) for c in one.class_stats] \
        == [(c["to_move"], c["other"], c["win"], c["loss"], c["draw"]) for c in two.class_stats]
    assert not any(c["side_by_side"] for c in one.class_stats)
    assert all(c["side_by_side"] for c in two.class_stats if c["group"] >= 14)
    assert all(c["cpu_seconds"] >= 0 and c["group"] == c["to_move"] + c["other"]
               for c in two.class_stats)
    # too little memory for two pairs at once: one after the other, the same codes
    from qwixo.quixo.solver import memory_estimate

    tight = solve(4, blanks=2, threads=2, memory_limit=memory_estimate(4, 2))
    assert np.array_equal(one.codes, tight.codes)


@pytest.mark.slow
def test_4x4_complete_first_player_wins_in_21(solved4):
    res = solved4
    s = res.summary()
    assert s["states"] == 3 ** 16
    assert s["win"] + s["loss"] + s["draw"] == 3 ** 16
    assert (s["start"], s["plies"]) == ("win", 21)
    assert local_errors(4, res.probe, random_positions(4, 1500, 2)) == []
    # the no-blank part is closed: solving it alone gives the same values
    closed = solve(4, blanks=0)
    for a, b in closed.layout.classes:
        o1, o2 = closed.layout.offsets[(a, b)], res.layout.offsets[(a, b)]
        size = class_size(4, a, b)
        assert np.array_equal(closed.codes[o1:o1 + size], res.codes[o2:o2 + size])
    assert closed.verify() == 0


@pytest.mark.slow
def test_5x5_without_blanks():
    res = solve(5, blanks=0)
    s = res.summary()
    assert s["states"] == 2 ** 25
    assert len(res.class_stats) == 26
    by = {(c["to_move"], c["other"]): c for c in res.class_stats}
    # 4 cubes cannot block the 5 ranks: the side with 21 or more has a line, the other none
    for a in range(5):
        assert by[(a, 25 - a)]["loss"] == by[(a, 25 - a)]["states"]
        assert by[(25 - a, a)]["win"] == by[(25 - a, a)]["states"]
    assert s["draw"] > 0  # the closed game has draws
    assert local_errors(5, res.probe, random_positions(5, 600, 3, blanks=0)) == []


# -- kernels against the rules engine, ranking -------------------------------------------------
boards = st.integers(3, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.sampled_from(".xo"), min_size=n * n, max_size=n * n)))


def bits(cells, ch):
    return sum(1 << i for i, c in enumerate(cells) if c == ch)


@settings(max_examples=150, deadline=None)
@given(boards)
def test_push_and_unpush_agree_with_engine(board):
    """The solver moves with the engine's kernels on int64 boards and an int64 copy of the
    tables: the same bits as on uint64; its un-move gives the parent back."""
    n, cells = board
    me, op = bits(cells, "x"), bits(cells, "o")
    tb = retro.rank_tables(n)
    T, _ = K.packed_tables(n)
    assert np.array_equal(tb.T, T.astype(np.int64))
    for m in range(T.shape[1]):
        assert bool(K.legal(op, m, tb.T)) == bool(K.legal(U(op), m, T))
        if not K.legal(U(op), m, T):
            continue
        em, eo = K.apply_move(U(me), U(op), m, T)
        mm, mo = K.apply_move(me, op, m, tb.T)
        assert (int(em), int(eo)) == (int(mm), int(mo))
        # the un-move gives the parent back (the taken cube was the mover's or blank)
        back_m = retro.unpush(int(mm), m, tb.T)
        back_o = retro.unpush(int(mo), m, tb.T)
        src = int(T[K.SRC, m])
        assert back_o == op
        assert back_m | (me & src) == me and not back_m & src


@settings(max_examples=200, deadline=None)
@given(boards)
def test_ranking_kernels_match_python(board):
    n, cells = board
    me, op = bits(cells, "x"), bits(cells, "o")
    nn = n * n
    tb = retro.rank_tables(n)
    a, b = me.bit_count(), op.bit_count()
    assert retro.colex_rank(me, tb.rt, tb.pop8) == colex_rank_py(me)
    assert retro.unrank(colex_rank_py(me), a, nn, tb.comb) == me
    free = ((1 << nn) - 1) & ~me
    packed = retro.pext(op, free, tb.pext8, tb.pop8)
    assert retro.pdep(packed, free, tb.pdep8, tb.pop8) == op
    layout = Layout(n, class_order(n))
    off = layout.offset_table()
    j = retro.index_in(me, op, a, b, off[a, b], nn, (1 << nn) - 1, tb.comb, tb.rt, tb.pop8,
                       tb.pext8)
    assert j == layout.index(me, op)
    assert off[a, b] <= j < off[a, b] + class_size(n, a, b)
    assert bool(retro.has_line(me, tb.line)) == any(
        (me & int(x)) == int(x) for x in K.packed_tables(n)[1])


def test_ranks_are_a_bijection_on_3x3():
    layout = Layout(3, class_order(3))
    seen = set()
    for code in range(3 ** 9):
        me = op = 0
        for i in range(9):
            code, d = divmod(code, 3)
            me |= (d == 1) << i
            op |= (d == 2) << i
        seen.add(layout.index(me, op))
    assert seen == set(range(3 ** 9)) and layout.total == 3 ** 9


def test_class_order_and_memory():
    order = class_order(4)
    assert len(order) == len(set(order)) == sum(t + 1 for t in range(17))
    totals = [a + b for a, b in order]
    assert totals == sorted(totals, reverse=True)
    assert class_order(5, blanks=0) == [x for x in class_order(5, blanks=1) if sum(x) == 25]
    assert memory_estimate(5, 0) < 1e9 < 8e9 < memory_estimate(5)


def test_decode():
    assert decode(0) == ("draw", None)
    assert decode(1) == ("win", 0) and decode(2) == ("loss", 0)
    assert decode(2 * 21 + 1) == ("win", 21) and decode(2 * 6 + 2) == ("loss", 6)


@pytest.mark.parametrize("args", [(2, None), (6, 0), ("4", None), (True, None), (4, -1),
                                  (4, 1.5)])
def test_bad_arguments(args):
    with pytest.raises(ValueError):
        solve(*args)


def test_memory_refusal_before_allocating():
    with pytest.raises(MemoryError):
        solve(5)
    with pytest.raises(MemoryError):
        solve(4, memory_limit=1000)


def test_partial_solves_are_consistent_with_complete_3x3(solved3):
    for k in range(10):
        part = solve(3, blanks=k)
        for (a, b), off in part.layout.offsets.items():
            size = class_size(3, a, b)
            full = solved3.layout.offsets[(a, b)]
            assert np.array_equal(part.codes[off:off + size], solved3.codes[full:full + size])
