"""Property tests over random games (hypothesis): the invariants of the rules hold after every
move, saving round-trips, undo restores, and every illegal decision leaves the game unchanged."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qwixo
from qwixo import IllegalMove
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.notation import SEATS, move_texts, parse_move, parse_position

GARBAGE = ["", "pass", "a1", "zz", "a1a1", "c3c1", "a1e5", "a1e1:Q", "a1e1:", "b1b5:S:N", "🙂"]


def cells_of(game: QuixoGame) -> str:
    return "".join(game.board)


def team_of_cell(ch: str) -> str | None:
    if ch == ".":
        return None
    if ch in "xo":
        return ch
    return "x" if ch in "NS" else "o"


def candidates(game: QuixoGame) -> list[str]:
    """Every move text of the board, legal or not, with every dot, and some garbage."""
    base = list(move_texts(game.size))
    if game.num_players == 4:
        base = [f"{m}:{s}" for m in base for s in SEATS] + base[:3]
    else:
        base += [m + ":N" for m in base[:3]]
    return base + GARBAGE


games = st.tuples(st.sampled_from([3, 4, 5, 6, 7]), st.sampled_from([2, 4]),
                  st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
                  st.sampled_from([None, 3]), st.sampled_from([None, 20, 45]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants(spec, rnd):
    size, players, picks, repetition, ply_limit = spec
    g = qwixo.new_game("quixo", size=size, players=players, repetition=repetition,
                       ply_limit=ply_limit)
    for pick in picks:
        if g.is_over:
            break
        p = g.to_act[0]
        opts = g.options(p)
        assert opts and len(opts) == len(set(opts))
        for other in range(players):
            if other != p:
                assert g.options(other) == []
        before = g.to_dict()
        before_pos = g.position
        before_cells = cells_of(g)

        # a few illegal decisions: each raises IllegalMove and changes nothing
        for bad in rnd.sample(candidates(g), 6):
            if bad in opts:
                continue
            try:
                g.choose(p, bad)
            except IllegalMove:
                pass
            else:  # pragma: no cover - only legal texts may be accepted
                raise AssertionError(f"{bad!r} accepted but not in options")
            assert g.to_dict() == before and g.position == before_pos
        wrong = (p + 1) % players
        try:
            g.choose(wrong, opts[0])
        except IllegalMove as e:
            assert e.key == "not_your_turn"
        assert g.to_dict() == before

        mv = opts[pick % len(opts)]
        g.choose(p, mv)
        after_cells = cells_of(g)
        n = size
        assert len(after_cells) == n * n
        blanks_before = before_cells.count(".")
        blanks_after = after_cells.count(".")
        if mv == "pass":
            assert after_cells == before_cells
        else:
            src, dst, dot = parse_move(mv, n, players)
            r, f = divmod(src, n)
            taken = before_cells[(n - 1 - r) * n + f]
            me = g.side_of(p)
            # never the opponent's cube; with 4 players only a blank or a cube pointing at you
            assert team_of_cell(taken) in (None, me)
            if players == 4:
                assert taken in (".", SEATS[p])
                assert dot in (p, p ^ 2)
            # one cube more shows a symbol exactly when a blank was taken
            assert blanks_after == blanks_before - (taken == ".")
            rd, fd = divmod(dst, n)
            landed = after_cells[(n - 1 - rd) * n + fd]
            assert landed == (me if players == 2 else SEATS[dot])
        # the position text parses back to the same bitboards
        parsed = parse_position(g.position)
        assert parsed.boards[: len(g.bitboards)] == g.bitboards

        # undo restores, then replay
        g2 = g.copy()
        g2.undo()
        assert g2.to_dict() == before and g2.position == before_pos
        # saving round-trips exactly
        h = qwixo.load_game(g.to_json())
        assert h == g and h.position == g.position and h.is_over == g.is_over
        assert h.scores() == g.scores() and h.end_reason == g.end_reason
    if g.is_over:
        assert g.to_act == []
        s = g.scores()
        assert sorted(set(s)) in ([0], [-1, 1])
        if ply_limit is not None:
            assert g.ply <= ply_limit
    else:
        assert g.scores() == [0] * players
