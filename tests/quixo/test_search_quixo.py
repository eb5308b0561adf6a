"""The alpha-beta kernels against independent references: the 3×3 database (exact values and
distances) and a plain Python negamax over the public game API (2 and 4 players)."""

from __future__ import annotations

import random

import pytest
from quixo_helpers import mover_wins_at_once, random_position

from qwixo.quixo.game import QuixoGame
from qwixo.quixo.search import (
    INF,
    MATE,
    Searcher,
    boards_of,
    score_outcome,
    search_tables,
)
from qwixo.quixo.tables import move_tables


def test_search_values_match_the_3x3_database():
    """Proven search results are exactly the database's (value and plies to the end)."""
    from qwixo.quixo import db

    rng = random.Random(11)
    s = Searcher(3)
    checked = 0
    for _ in range(40):
        g = random_position(3, 2, rng.randrange(0, 9), rng)
        if g.is_over:
            continue
        boards, _, _, _ = boards_of(g.position)
        s.clear()
        res = s.search(*boards, seconds=3.0)
        exact = db.lookup(g.position)
        assert res.outcome() == exact, (g.position, res, exact)
        checked += 1
    assert checked >= 30


# -- a plain Python reference negamax over the game API ------------------------------------------

def _line_eval(game: QuixoGame, weights) -> int:
    n = game.size
    lines = [int(x) for x in move_tables(n).lines]
    if game.num_players == 2:
        x, o = game.bitboards
    else:
        nn, e, s, w = game.bitboards
        x, o = nn | s, e | w
    mine, theirs = (x, o) if game.side_of(game.to_act[0]) == "x" else (o, x)
    border = move_tables(n).border
    cubes = lambda b: bin(b).count("1")  # noqa: E731
    return (sum(int(weights[cubes(mine & ln)]) - int(weights[cubes(theirs & ln)])
                for ln in lines)
            + int(weights[n + 1]) * (cubes(mine & border) - cubes(theirs & border))
            + int(weights[n + 2]))


def reference(game: QuixoGame, depth: int, ply: int, weights, path: list[str],
              plain: bool = False) -> int:
    """Negamax with the search's conventions: an immediate win is checked first at every node
    (also at depth 0, unless ``plain``), a repeated position is 0, a move making the
    opponent's line loses."""
    pos = game.position
    if pos in path:
        return 0
    if plain and depth <= 0:
        return _line_eval(game, weights)
    if mover_wins_at_once(game):
        return MATE - ply - 1
    if depth <= 0:
        return _line_eval(game, weights)
    p = game.to_act[0]
    me = game.side_of(p)
    best = -INF
    for mv in game.options(p):
        c = game.copy()
        c.choose(p, mv)
        if c.is_over:
            v = MATE - ply - 1 if c.winner == me else -(MATE - ply - 1)
        else:
            v = -reference(c, depth - 1, ply + 1, weights, path + [pos], plain)
        best = max(best, v)
    return best


@pytest.mark.parametrize("size,players,depth,plain", [(3, 2, 3, False), (4, 2, 2, False),
                                                     (3, 4, 2, False), (4, 4, 2, False),
                                                     (4, 2, 2, True), (3, 2, 3, True)])
def test_root_scores_match_a_python_negamax(size, players, depth, plain):
    rng = random.Random(size * 100 + players)
    weights = search_tables(size).plain if plain else search_tables(size).weights
    s = Searcher(size, players, plain=plain)
    for _ in range(4):
        g = random_position(size, players, rng.randrange(2, 14), rng)
        if g.is_over:
            continue
        boards, turn, _, _ = boards_of(g.position)
        s.clear()
        scores = s.root_scores(*boards, depth=depth)
        p = g.to_act[0]
        opts = g.options(p)
        if opts == ["pass"]:
            continue
        texts = {s.move_text(m, turn): v for m, v in scores.items()}
        assert set(texts) == set(opts)
        for mv in opts:
            c = g.copy()
            c.choose(p, mv)
            if c.is_over:
                want = MATE - 1 if c.winner == g.side_of(p) else -(MATE - 1)
            else:
                want = -reference(c, depth - 1, 1, weights, [g.position], plain)
            assert texts[mv] == want, (g.position, mv)


def test_proven_scores_decode():
    assert score_outcome(MATE - 5) == ("win", 5)
    assert score_outcome(-(MATE - 2)) == ("loss", 2)
    assert score_outcome(0) is None


def test_node_limit_stops_the_search_and_still_gives_a_legal_move():
    s = Searcher(5)
    res = s.search(0, 0, node_limit=3000)
    assert res.nodes <= 3000 + 2048
    assert s.move_text(res.move) in QuixoGame().options(0)
    assert s.root_scores(0, 0, depth=6, node_limit=2000) is None


def test_four_player_search_finds_the_team_win_and_the_dot():
    # S (partner of N) owns a3 and b3; N to move: c1c3 completes rank 3 with either dot
    (b0, b1, b2, b3), turn, n, players = boards_of("SS./EW./... N")
    s = Searcher(n, players)
    res = s.search(b0, b1, b2, b3, max_depth=3)
    assert res.outcome() == ("win", 1)
    assert s.move_text(res.move, turn) in {"c1c3:N", "c1c3:S", "c2c3:N", "c2c3:S",
                                           "c3a3:N", "c3a3:S"}


def test_late_move_reductions_keep_the_3x3_values_exact():
    """With late-move reductions (the strong bot's setting) proven results are still exactly
    the database's: a reduced move that might beat alpha is searched again at full depth."""
    from qwixo.quixo import db

    rng = random.Random(12)
    s = Searcher(3)
    s.lmr = 2
    checked = 0
    for _ in range(40):
        g = random_position(3, 2, rng.randrange(0, 9), rng)
        if g.is_over:
            continue
        boards, _, _, _ = boards_of(g.position)
        s.clear()
        res = s.search(*boards, seconds=3.0)
        assert res.outcome() == db.lookup(g.position), (g.position, res)
        checked += 1
    assert checked >= 30


def test_late_move_reductions_search_fewer_nodes_to_the_same_depth():
    """LMR prunes: the 5×5 start to depth 6 takes fewer nodes with it than without, and both
    searches return a legal move."""
    counts = {}
    for lmr in (0, 3):
        s = Searcher(5)
        s.lmr = lmr
        r = s.search(0, 0, max_depth=6)
        assert r.depth == 6 and 0 <= r.move < search_tables(5).M
        counts[lmr] = r.nodes
    assert counts[3] < counts[0], counts


def test_numba_caches_are_where_numba_writes_them(tmp_path, monkeypatch):
    """The stale-cache check looks where numba itself keeps the compiled kernels (next to the
    sources, or the per-user cache of a read-only install, or under NUMBA_CACHE_DIR), and it
    drops the cache files of the named modules there when a source changed."""
    from numba.core import config

    from qwixo.quixo import dfpn, retro, search

    dirs = search.numba_cache_dirs()
    for kernel in (search.negamax2, dfpn.mid, retro.run_pair):
        assert kernel._cache._cache_path in {str(d) for d in dirs}
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    (d,) = search.numba_cache_dirs()
    assert d.parent == tmp_path
    d.mkdir()
    (d / "somemod.f-1.py311.nbi").write_text("stale")
    (d / "other.f-1.py311.nbi").write_text("kept")
    search._drop_stale_caches("somemod", stamp_name="test-stamp")
    assert not (d / "somemod.f-1.py311.nbi").exists()
    assert (d / "other.f-1.py311.nbi").exists() and (d / "test-stamp.sha256").exists()
    (d / "somemod.f-1.py311.nbi").write_text("fresh")  # same sources: kept from now on
    search._drop_stale_caches("somemod", stamp_name="test-stamp")
    assert (d / "somemod.f-1.py311.nbi").exists()
