"""The exact solitaire solver: against brute force on toy sheets, symmetry claims, the policy
of the optimal bot, policy files, the CLI and the optimal bot inside real games."""

from __future__ import annotations

import doctest
import itertools
import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire_oracle import START, brute_force_values

import qwixo
from qwixo.core import IllegalMove
from qwixo.qwixx import solitaire
from qwixo.qwixx.editions import edition
from qwixo.qwixx.solitaire import (
    OptimalBot,
    Solution,
    build_model,
    canonical_states,
    rank_options,
    solve,
    symmetries,
    tiny_edition,
)

TINY = {
    "classic": (tiny_edition("classic"), None),
    "mixx-a": (tiny_edition("mixx-a"), None),
    "mixx-b": (tiny_edition("mixx-b"), None),
    "longo": (tiny_edition("longo", lock_need=0, lucky=True), (2, 3)),
}


@pytest.fixture(scope="module")
def tiny_solutions():
    return {k: solve(ed, lucky, progress=False) for k, (ed, lucky) in TINY.items()}


# -- exactness --------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(TINY))
def test_matches_brute_force_on_every_state(kind, tiny_solutions):
    """Every state the toy sheet can reach (every state of its table, and the game's end) has
    the brute force's value."""
    ed, lucky = TINY[kind]
    sol = tiny_solutions[kind]
    m = sol.model
    oracle = brute_force_values(ed, lucky or ())
    assert sol.expected == pytest.approx(oracle[START], abs=1e-9)
    seen = set()
    for (last, count, locked, pen), v in oracle.items():
        kinds = tuple(m.row_kind(last[r], count[r], locked[r]) for r in range(4))
        assert sol.value(kinds, pen) == pytest.approx(v, abs=1e-9), (kinds, pen)
        seen.add((kinds, pen))
    table = {(ks, p) for ks in itertools.product(range(m.kinds), repeat=4)
             for p in range(m.max_penalties) if not m.over(ks, p)}
    assert table <= seen


@pytest.mark.parametrize("kind", sorted(TINY))
def test_symmetry_folding_changes_nothing(kind, tiny_solutions):
    """The solve without the symmetry folding (every state its own entry) has the folded
    solve's value on every state: with the brute force above, both layouts are exact."""
    ed, lucky = TINY[kind]
    full = solve(ed, lucky, progress=False, symmetry=False)
    folded = tiny_solutions[kind]
    m = full.model
    assert full.model.symmetry == ()
    # every state, every penalty count: same value in both layouts
    for ks in itertools.product(range(m.kinds), repeat=4):
        for p in range(m.max_penalties):
            assert folded.value(ks, p) == pytest.approx(full.value(ks, p), abs=1e-9)


def _kernel_args(m):
    return (float(m.penalty_points), m.trans, m.gain, m.closed, m.count, m.nextpos, m.index_of,
            m.tgt_cnt, m.tgt_row, m.tgt_pos, m.lucky_mask, m.A, m.B, m.faces, m.pairswap)


@pytest.mark.parametrize("name,lucky", [("classic", None), ("mixx-a", None), ("mixx-b", None),
                                        ("longo", (5, 8))])
def test_kernel_equals_the_kernel_before_on_real_sheets(name, lucky):
    """A truncated solve of each real edition: 2,000 states sampled from every level (two
    penalty layers, to keep the tables small), valued by both kernels from the same table of
    random values for the other states, level by level as the solver goes, must agree."""
    import dataclasses

    import numba
    import solitaire_kernels_before as before

    from qwixo.qwixx import solitaire_kernels as now

    m = dataclasses.replace(build_model(name, lucky), max_penalties=2)
    codes, bounds = canonical_states(m)
    rng = np.random.default_rng(7)
    sub = np.sort(rng.choice(len(codes), 2000, replace=False))
    states = np.ascontiguousarray(codes[sub])
    cuts = [(int(lo), int(hi)) for lo, hi in zip(np.searchsorted(sub, bounds[:-1]),
                                                np.searchsorted(sub, bounds[1:]), strict=True)
            if hi > lo]
    old = rng.random((2, m.size)) * 60
    index = [m.index((c >> 21, (c >> 14) & 127, (c >> 7) & 127, c & 127)) for c in states]
    start = old[:, index].copy()
    # this kernel: both layers of a level at once, [index, layer]
    side = np.ascontiguousarray(old.T)
    for lo, hi in cuts:
        now.solve_level(side, states, lo, hi, *_kernel_args(m))
    # the kernel before: one layer after the other, [layer, index] (one thread: the reference;
    # its threads would only wait for each other on these small levels)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        for p in (1, 0):
            for lo, hi in cuts:
                before.solve_block(old, p, states, lo, hi, p == 0, *_kernel_args(m))
    finally:
        numba.set_num_threads(threads)
    assert (old[:, index] != start).all()  # every state was really valued, in both layers
    assert np.array_equal(np.ascontiguousarray(side.T), old)  # bit for bit


def test_symmetries_of_the_real_editions():
    assert symmetries(edition("classic")) == ("r<->y", "g<->b", "pairs")
    assert symmetries(edition("mixx-a")) == ("pairs",)
    assert symmetries(edition("mixx-b")) == ()
    assert symmetries(edition("longo"), (5, 8)) == ("r<->y", "g<->b")
    assert symmetries(edition("longo"), (6, 11)) == ("r<->y", "g<->b")
    assert symmetries(edition("longo"), (7, 11)) == ("r<->y", "g<->b", "pairs")


def test_classic_model_counts():
    m = build_model("classic")
    assert m.kinds == 57  # empty, 55 (last, crosses), locked
    codes, bounds = canonical_states(m)
    # states with at most one locked row, one per class of the 8 symmetries
    assert 56 ** 4 / 8 < len(codes) < (56 ** 4 + 4 * 56 ** 3) / 8 * 1.05
    assert bounds[0] == 0 and bounds[-1] == len(codes)
    lm = build_model("longo", (5, 8))
    assert lm.kinds == 92 + 8  # 13 non-lock cells: 1 + 91 open kinds; locked with 8..15 crosses
    assert sorted(lm.closed_kind) == list(range(8, 16))


def test_dominance_further_left_is_never_worse(tiny_solutions):
    """Same crosses, last cross further left: at least as good (docs/qwixx-solver.md)."""
    sol = tiny_solutions["classic"]
    m = sol.model
    pairs = [(m.kind_of[(i, k)], m.kind_of[(j, k)]) for (i, k) in m.kind_of
             for (j, k2) in m.kind_of if k2 == k and j > i]
    assert pairs
    for left, right in pairs:
        for others in itertools.product(range(m.kinds), repeat=3):
            for p in range(m.max_penalties):
                a = sol.value((left, *others), p) + 0.0
                b = sol.value((right, *others), p)
                assert a >= b - 1e-9


# -- the policy: the bot's ranking reproduces the solver's values ----------------------------
def _all_texts(ed):
    texts = ["pass"] + [f"{'rygb'[r]}{n}" for r in range(4) for n in ed.rows[r].numbers]
    if ed.lucky:
        texts += [f"L:{c}" for c in "rygb"]
    return texts


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(sorted(TINY)), data=st.data())
def test_bot_ranking_reproduces_the_values(kind, data, tiny_solutions):
    """V(state) = mean over every roll of the best option the bot's ranking finds.

    Checks the ranking (action 1 with the best action 2 after it, the penalty, locks and the end
    of the game) against the kernel on random states of the toy sheets."""
    ed, lucky = TINY[kind]
    sol = tiny_solutions[kind]
    m = sol.model
    # a random reachable sheet: a few legal crosses
    last, count, closed = [-1] * 4, [0] * 4, 0
    for _ in range(data.draw(st.integers(0, 5))):
        r = data.draw(st.integers(0, 3))
        if (closed >> r) & 1 or bin(closed).count("1") >= 1:
            continue
        kind_r = m.row_kind(last[r], count[r])
        moves = [pos for pos in range(m.row_length) if m.trans[kind_r, pos] >= 0]
        if not moves:
            continue
        pos = data.draw(st.sampled_from(moves))
        if pos >= m.lock_from:
            count[r] += 2
            closed |= 1 << r
        else:
            count[r] += 1
        last[r] = pos
    pen = data.draw(st.integers(0, 3))
    kinds = [m.row_kind(last[r], count[r], bool((closed >> r) & 1)) for r in range(4)]
    texts = _all_texts(ed)
    lucky_set = set(lucky or ())
    total = 0.0
    rolls = list(itertools.product(range(1, ed.faces + 1), repeat=6))
    for roll in rolls:
        dice = [roll[0], roll[1]] + [None if (closed >> c) & 1 else roll[2 + c] for c in range(4)]
        s = roll[0] + roll[1]
        # action-1 texts that fit the white sum (the rest are ranked last by the bot)
        opts = [x for x in texts if x == "pass" or (x.startswith("L:") and s in lucky_set)
                or (not x.startswith("L:") and int(x[1:]) == s)]
        ranked = rank_options(sol, last, count, closed, pen, "action1", True, dice, False, opts)
        total += max(v for _, v in ranked)
    assert total / len(rolls) == pytest.approx(sol.value(kinds, pen), abs=1e-6)


@pytest.mark.parametrize("kind", sorted(TINY))
def test_policy_simulation_scores_the_expected_value(kind, tiny_solutions):
    """Playing the policy out gives the exact expected score (within 4 standard errors)."""
    sol = tiny_solutions[kind]
    scores, turns = solitaire.simulate(sol, 40000, seed=7)
    se = scores.std() / np.sqrt(len(scores))
    assert abs(scores.mean() - sol.expected) < 4 * se + 1e-9
    assert turns.min() >= 1


# -- files and CLI ------------------------------------------------------------------------
def test_save_and_load_round_trip(tmp_path, tiny_solutions):
    sol = tiny_solutions["classic"]
    path = sol.save(tmp_path / "t.npz")
    assert path.exists() and not list(tmp_path.glob(".*tmp"))
    back = Solution.load(path, tiny_edition("classic"))
    assert back.expected == pytest.approx(sol.expected, rel=1e-6)
    with pytest.raises(IllegalMove):
        Solution.load(path, tiny_edition("classic", cells=5, faces=3))


def test_bad_settings_are_refused():
    with pytest.raises(IllegalMove, match="lucky numbers"):
        build_model("longo")
    with pytest.raises(IllegalMove, match="two different numbers"):
        build_model("longo", (5, 5))
    with pytest.raises(IllegalMove, match="two different numbers"):
        build_model("longo", (5, 17))
    with pytest.raises(IllegalMove, match="no lucky numbers"):
        build_model("classic", (5, 8))
    for name in ("bonus-a", "bonus-b"):
        with pytest.raises(IllegalMove, match="solver handles"):
            build_model(name)
    with pytest.raises(IllegalMove):
        build_model("no-such-edition")


def test_cli_solve(tmp_path, monkeypatch, capsys, tiny_solutions):
    from qwixo.cli import main

    real = solitaire.build_model
    monkeypatch.setattr(solitaire, "build_model",
                        lambda name, lucky=None, symmetry=True: real(tiny_edition(), None,
                                                                     symmetry=symmetry))
    assert main(["qwixx", "solve", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr()
    result = json.loads(out.out.strip().splitlines()[-1])
    assert result["expected"] == pytest.approx(tiny_solutions["classic"].expected, abs=1e-6)
    assert result["edition"] == "tiny-classic" and result["seconds"] >= 0
    assert (tmp_path / "solitaire-tiny-classic.npz").exists()
    assert "solve tiny-classic" in out.err  # the progress bar
    # one thread: the same values, and the JSON line says so
    assert main(["qwixx", "solve", "--no-save", "--quiet", "--threads", "1"]) == 0
    one = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert one["threads"] == 1 and one["expected"] == result["expected"]


def test_cli_refuses_bad_input(capsys):
    from qwixo.cli import main

    assert main(["qwixx", "solve", "--edition", "longo", "--quiet"]) == 2
    assert main(["qwixx", "solve", "--edition", "longo", "--lucky", "4,x"]) == 2
    assert "two different numbers" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["qwixx", "solve", "--edition", "bonus-a"])


def test_doctests():
    result = doctest.testmod(solitaire, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


# -- the optimal bot in real games --------------------------------------------------------
def _fake_solution(name, lucky=None, seed=0):
    """A policy table of the right shape with random values: enough to check legality."""
    m = build_model(name, lucky)
    rng = np.random.default_rng(seed)
    values = rng.random((m.max_penalties, m.size), dtype=np.float32) * 100
    return Solution(m, values)


@pytest.mark.parametrize("name,players", [("classic", 1), ("classic", 3), ("mixx-a", 2),
                                          ("mixx-b", 1), ("longo", 2)])
def test_bot_plays_legal_options(name, players):
    lucky = [(5, 8), (6, 11)][:players] if name == "longo" else None
    g = qwixo.new_game("qwixx", edition=name, players=players, seed=11, lucky=lucky)
    bots = [OptimalBot(solution=_fake_solution(name, lucky[p] if lucky else None, seed=p))
            for p in range(players)]
    assert all(b.supports(g, p) for p, b in enumerate(bots))
    rng = random.Random(5)
    steps = 0
    while not g.is_over and steps < 2000:
        if g.needs_roll:
            g.roll()
            continue
        p = g.to_act[0]
        before = g.to_json()
        choice = bots[p].decide(g, p) if rng.random() < 0.9 else rng.choice(g.options(p))
        assert g.to_json() == before
        assert choice in g.options(p)
        g.choose(p, choice)
        steps += 1
    assert g.is_over


def test_bot_never_takes_a_pointless_penalty():
    """With a real table the bot crosses when the dice offer a good cell: here the empty sheet
    and white 1+1: red 2 (or yellow 2) is the textbook best first move."""
    sol = _fake_solution("classic")
    m = sol.model
    # an exact toy fact instead: on the toy sheet, passing into a penalty never beats a free
    # cross of the leftmost cell with the white sum
    tsol = solve(tiny_edition(), progress=False)
    ranked = dict(rank_options(tsol, [-1] * 4, [0] * 4, 0, 0, "action1", True,
                               [1, 1, 2, 2, 2, 2], False, ["pass", "r2", "y2"]))
    assert ranked["r2"] >= ranked["pass"]
    assert ranked["r2"] == pytest.approx(ranked["y2"])  # red and yellow are interchangeable
    assert m.kinds == 57


def test_bot_supports(tmp_path):
    bot = OptimalBot(solution=_fake_solution("classic"), compute=False)
    assert bot.supports(qwixo.new_game("qwixx", edition="classic"))
    empty = OptimalBot(directory=tmp_path)  # no saved tables there
    assert empty.supports(qwixo.new_game("qwixx", edition="classic"))  # solved on first use
    assert not OptimalBot(directory=tmp_path, compute=False).supports(
        qwixo.new_game("qwixx", edition="classic"))
    assert not empty.supports(qwixo.new_game("qwixx", edition="mixx-a"))
    g = qwixo.new_game("qwixx", edition="longo", players=2, lucky=[(5, 8), (6, 11)])
    assert not empty.supports(g)
    # supports() looks for the saved table of the player's lucky pair (reading one is
    # test_save_and_load_round_trip's); an empty file in its place, not 400 MB of one
    solitaire.table_path("longo-5-8", tmp_path).touch()
    assert empty.supports(g, 0) and not empty.supports(g, 1) and not empty.supports(g)
    assert not bot.supports(qwixo.new_game("qwixx", edition="bonus-b"))
    g = qwixo.new_game("qwixx", edition="bonus-a", players=1)
    g.roll()
    with pytest.raises(IllegalMove):
        bot.decide(g, 0)


@pytest.mark.slow
def test_classic_optimum_is_the_published_one(tmp_path, classic_solution):
    """The full classic solve: 115.4831 (Howe; realead/qwixxmaster). About a minute or two
    (the session's fixture, shared with the solitaire analysis)."""
    sol = classic_solution
    assert sol.expected == pytest.approx(solitaire.CLASSIC_OPTIMUM, abs=5e-5)
    # the bot loads what was saved
    m = sol.model
    rng = np.random.default_rng(1)
    for _ in range(2000):  # dominance: same crosses, further left is never worse
        (i, k), (j, k2) = (list(m.kind_of)[x] for x in rng.integers(0, len(m.kind_of), 2))
        if k != k2 or i == j:
            continue
        others = [int(x) for x in rng.integers(0, m.kinds, 3)]
        left, right = m.kind_of[(min(i, j), k)], m.kind_of[(max(i, j), k)]
        p = int(rng.integers(0, 4))
        assert sol.value((left, *others), p) >= sol.value((right, *others), p) - 1e-9
    sol.save(solitaire.table_path("classic", tmp_path))
    bot = OptimalBot(directory=tmp_path, compute=False)
    g = qwixo.new_game("qwixx", players=1, seed=3)
    g.roll([1, 1, 6, 6, 6, 6])
    assert bot.decide(g, 0) in ("r2", "y2")
