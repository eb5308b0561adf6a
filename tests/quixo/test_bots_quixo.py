"""Quixo bots: legal moves on every size and with 4 players, no side effects, wins in one,
blocks, time budgets, perfect play on 3×3, repetition, the registry and the hint command."""

from __future__ import annotations

import doctest
import importlib
import json
import random
import time

import numpy as np
import pytest
from quixo_helpers import mover_wins_at_once, random_position

import qwixo
from qwixo import IllegalMove
from qwixo.quixo.game import QuixoGame

FAST = 0.02  # seconds a move for the search bots in these tests (legality needs no depth)
BOTS = qwixo.list_bots("quixo")


def make(name: str, seed: int = 0, seconds: float = FAST):
    return qwixo.make_bot("quixo", name, seconds=seconds, seed=seed)


def random_game(size: int, players: int, plies: int, seed: int) -> QuixoGame:
    """A game after up to ``plies`` random moves (not over)."""
    return random_position(size, players, plies, random.Random(seed))


def test_registry_order_and_names():
    assert BOTS[0] == "random" and BOTS[-1] == "perfect"
    for name in ("greedy", "linecount2", "mcts", "easy", "medium", "strong"):
        assert name in BOTS
    assert BOTS.index("greedy") < BOTS.index("easy") < BOTS.index("medium") < BOTS.index(
        "strong")


def test_unknown_bot_and_bad_seconds_are_refused():
    with pytest.raises(IllegalMove):
        qwixo.make_bot("quixo", "grandmaster")
    for bad in (0, -1, "1", True):
        with pytest.raises(IllegalMove):
            qwixo.make_bot("quixo", "strong", seconds=bad)
    for bad in (-1, "3", 1.5, True):
        with pytest.raises(IllegalMove):
            qwixo.make_bot("quixo", "strong", lmr=bad)
    for bad in ("150", 1.5, False):
        with pytest.raises(IllegalMove):
            qwixo.make_bot("quixo", "strong", contempt=bad)


# -- legality and no side effects ---------------------------------------------------------------

@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("size,players", [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (3, 4),
                                          (5, 4)])
def test_bots_play_legal_moves_and_leave_the_game_alone(name, size, players):
    for k, plies in enumerate((0, 7)):
        g = random_game(size, players, plies, seed=size * 10 + k)
        before = g.to_json()
        p = g.to_act[0]
        mv = make(name, seed=k).decide(g, p)
        assert mv in g.options(p)
        assert g.to_json() == before


@pytest.mark.parametrize("name", BOTS)
def test_bots_finish_games_with_legal_moves(name):
    """Whole 3×3 games (2 and 4 players) against the random bot."""
    for players in (2, 4):
        g = QuixoGame(size=3, players=players, ply_limit=60)
        bot, rnd = make(name, seed=1, seconds=0.02), make("random", seed=2)
        while not g.is_over:
            p = g.to_act[0]
            mv = (bot if p % 2 == 0 else rnd).decide(g, p)
            assert mv in g.options(p)
            g.choose(p, mv)


@pytest.mark.parametrize("name", BOTS)
def test_bots_pass_when_they_must(name):
    g = QuixoGame(position="SEW/W.S/ESE N")  # every border cube points at E, S or W
    assert g.options(0) == ["pass"]
    assert make(name).decide(g, 0) == "pass"


@pytest.mark.parametrize("name", BOTS)
def test_not_your_turn_and_game_over_are_refused(name):
    g = QuixoGame(size=3)
    with pytest.raises(IllegalMove) as e:
        make(name).decide(g, 1)
    assert e.value.key == "not_your_turn"
    g = QuixoGame(position="xxx/oo./... o")  # x has a line: over
    assert g.is_over
    with pytest.raises(IllegalMove) as e:
        make(name).decide(g, 1)
    assert e.value.key == "game_over"


# -- tactics --------------------------------------------------------------------------------------

WIN_IN_ONE = [
    ("xx./oo./... x", {"c1c3", "c2c3", "c3a3"}),
    ("xxxx./oo.../o..../...../..... x", {"e1e5", "e2e5", "e3e5", "e4e5", "e5a5"}),
]


@pytest.mark.parametrize("name", [b for b in BOTS if b != "random"])
@pytest.mark.parametrize("position,wins", WIN_IN_ONE)
def test_bots_take_a_win_in_one(name, position, wins):
    g = QuixoGame(position=position)
    # the expected set is exactly the immediate wins
    immediate = set()
    for mv in g.options(0):
        c = g.copy()
        c.choose(0, mv)
        if c.winner == "x":
            immediate.add(mv)
    assert immediate == wins
    assert make(name, seconds=0.3).decide(g, 0) in wins


def threat_positions(count: int, size: int = 5, seed: int = 7) -> list[QuixoGame]:
    """Random positions where the opponent threatens to win at once, the side to move has no
    win of its own, and some move defuses the threat."""
    rng = random.Random(seed)
    found: list[QuixoGame] = []
    while len(found) < count:
        g = random_game(size, 2, rng.randrange(8, 40), rng.randrange(1 << 30))
        if g.is_over or mover_wins_at_once(g):
            continue
        p = g.to_act[0]
        flipped = QuixoGame(position=g.position[:-1] + ("o" if g.position[-1] == "x" else "x"))
        if flipped.is_over or not mover_wins_at_once(flipped):
            continue  # no threat
        safe = []
        for mv in g.options(p):
            c = g.copy()
            c.choose(p, mv)
            if not c.is_over and not mover_wins_at_once(c):
                safe.append(mv)
        if safe:
            found.append(g)
    return found


@pytest.mark.parametrize("name", ["greedy", "easy", "medium", "strong", "perfect"])
def test_bots_block_an_immediate_threat(name):
    bot = make(name, seconds=0.2)
    for g in threat_positions(6):
        p = g.to_act[0]
        mv = bot.decide(g, p)
        c = g.copy()
        c.choose(p, mv)
        assert not c.is_over, (g.position, mv)
        assert not mover_wins_at_once(c), (g.position, mv)


def test_greedy_never_makes_the_opponents_line_when_it_can_help_it():
    bot = make("greedy")
    for seed in range(30):
        g = random_game(4, 2, 12, seed)
        if g.is_over:
            continue
        p = g.to_act[0]
        ok = []
        for mv in g.options(p):
            c = g.copy()
            c.choose(p, mv)
            if not (c.is_over and c.winner != g.side_of(p)):
                ok.append(mv)
        if ok:
            c = g.copy()
            c.choose(p, bot.decide(g, p))
            assert not (c.is_over and c.winner != g.side_of(p))


def test_four_player_win_in_one():
    # N's team (x) has N cubes on a3, b3; c1c3 with either dot completes rank 3
    g = QuixoGame(position="NN./EW./... N")
    for name in ("greedy", "easy", "strong", "mcts"):
        mv = make(name, seconds=0.3).decide(g, 0)
        c = g.copy()
        c.choose(0, mv)
        assert c.is_over and c.winner == "x", (name, mv)


# -- time budget ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name,players", [("strong", 2), ("medium", 2), ("mcts", 2),
                                          ("strong", 4)])
def test_search_bots_keep_a_small_budget_loosely(name, players):
    g = random_game(5, players, 6, seed=3)
    bot = make(name, seconds=0.2)
    bot.decide(g, g.to_act[0])  # compile / load the kernels first
    t0 = time.perf_counter()
    for _ in range(3):
        bot.decide(g, g.to_act[0])
    assert (time.perf_counter() - t0) / 3 < 2.0  # loose: shared CPUs


# -- perfect play -------------------------------------------------------------------------------

def test_perfect_bot_plays_database_optimal_moves_on_3x3():
    from qwixo.quixo import db

    bot = make("perfect", seed=5)
    checked = 0
    for seed in range(40):
        g = random_game(3, 2, seed % 6, seed)
        if g.is_over:
            continue
        ranked = db.best_moves(g)
        assert ranked
        best = ranked[0][1:]
        mv = bot.decide(g, g.to_act[0])
        assert (mv, *best) in ranked, (g.position, mv, ranked[:3])
        checked += 1
    assert checked > 20


def test_perfect_bot_wins_3x3_from_the_start_against_every_bot():
    for name in ("random", "greedy", "strong"):
        g = QuixoGame(size=3, ply_limit=40)
        bots = [make("perfect", seed=1), make(name, seed=2)]
        while not g.is_over:
            p = g.to_act[0]
            g.choose(p, bots[p].decide(g, p))
        assert g.winner == "x", name
        assert g.ply <= 7


def test_strong_search_solves_3x3_start():
    from qwixo.quixo.search import Searcher

    res = Searcher(3).search(0, 0, seconds=5.0)
    assert res.outcome() == ("win", 7)


# -- repetition -----------------------------------------------------------------------------------

def test_repetition_counts_as_a_draw_in_the_search():
    from qwixo.quixo import kernels as K
    from qwixo.quixo.search import Searcher, boards_of

    (me, op), _, n, _ = boards_of("x.o.o/.x.../..o../...../o...x x")
    s = Searcher(n)
    T, L = K.packed_tables(n)
    m = next(m for m in range(T.shape[1]) if not op & int(T[K.SRC, m]))

    nme, nop = K.apply_move(np.uint64(me), np.uint64(op), m, T)
    assert K.outcome(nme, nop, L) == K.ONGOING
    child = (int(nop), int(nme))
    plain = s.root_scores(me, op, depth=3)
    assert plain[m] != 0
    s.clear()
    hist = [s.hash_of(child)]  # the child position occurred just before this one
    rep = s.root_scores(me, op, depth=3, history=hist)
    assert rep[m] == 0
    s.clear()
    s.contempt = 40
    assert s.root_scores(me, op, depth=3, history=hist)[m] == -40
    s.contempt = 0


def test_bot_sees_repetitions_of_the_game_history():
    """The bots' state lists the earlier positions that can come back (as many cubes)."""
    from qwixo.quixo.bots import QuixoState

    g = QuixoGame(size=3)
    g.choose(0, "a1c1")  # x takes a blank: 1 cube
    g.choose(1, "c3a3")  # o takes a blank: 2 cubes (x c1, o a3)
    st = QuixoState(g, 0)
    assert st.earlier() == []  # the earlier positions had fewer cubes
    g.choose(0, "c1a1")  # own cubes from now on
    g.choose(1, "a3c3")
    assert len(QuixoState(g, 0).earlier()) == 2
    g.choose(0, "a1c1")
    g.choose(1, "c3a3")  # back to the position after ply 2
    st2 = QuixoState(g, 0)
    assert st2.boards == st.boards
    assert st.boards in [b for b, _ in st2.earlier()]
    assert g.repetitions == 2


# -- hint ----------------------------------------------------------------------------------------

def test_hint_from_the_database_and_from_search():
    from qwixo.quixo.bots_cli import hint, hint_text

    h = hint(QuixoGame(size=3))
    assert (h.source, h.value, h.plies) == ("database", "win", 7)
    h = hint(QuixoGame(position="xxxx./oo.../o..../...../..... x"), seconds=0.3)
    assert h.source == "search" and h.value == "win" and h.plies == 1
    assert h.moves[0][0] in {"e1e5", "e2e5", "e3e5", "e4e5", "e5a5"}
    for lang in ("en", "tr", "it", "pl"):
        assert "e" in hint_text(QuixoGame(size=5, players=4), lang, seconds=0.1)
    over = QuixoGame(position="xxx/oo./... o")
    assert hint(over).source == "none"


def test_hint_command(capsys):
    from qwixo.cli import main

    assert main(["quixo", "hint", "xx./oo./...", "x"]) == 0
    out = capsys.readouterr().out
    assert "c1c3" in out and "database" in out
    assert main(["quixo", "hint", "--json", "--seconds", "0.2", "--size", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["source"] == "search" and len(data["moves"]) == 44
    assert main(["quixo", "hint", "not a position"]) == 2
    assert main(["quixo", "hint", "--size", "9"]) == 2


@pytest.mark.parametrize("name", ["qwixo.quixo.bots", "qwixo.quixo.search", "qwixo.quixo.mcts",
                                  "qwixo.quixo.perfect", "qwixo.quixo.bots_cli"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_bots_in_threads_share_the_searcher_safely():
    import threading

    games = [random_game(5, 2, 6, seed=s) for s in range(4)]
    answers: dict[int, str] = {}

    def run(i: int) -> None:
        g = games[i]
        answers[i] = make("strong", seconds=0.1).decide(g, g.to_act[0])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for i, g in enumerate(games):
        assert answers[i] in g.options(g.to_act[0])
