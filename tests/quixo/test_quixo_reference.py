"""An independent, slow, pure-Python Quixo referee (grids of characters, no bitboards, no tables)
cross-checks the numba kernels behind QuixoGame on thousands of positions from random games:
the set of legal moves, the position after each move and the result of each move."""

from __future__ import annotations

import random

import pytest

from qwixo.quixo.cli import perft
from qwixo.quixo.game import QuixoGame

FILES = "abcdefg"
SEATS = "NESW"


# -- the referee --------------------------------------------------------------------------------
def ref_parse(text: str) -> tuple[list[list[str]], str]:
    """grid[row][col] with row 0 at the bottom (rank 1), and the side to move."""
    board, side = text.split()
    ranks = board.split("/")
    return [list(r) for r in reversed(ranks)], side


def ref_format(grid: list[list[str]], side: str) -> str:
    return "/".join("".join(row) for row in reversed(grid)) + " " + side


def ref_team(cell: str) -> str | None:
    """x or o for a cell (2-player cells are x/o; 4-player cells the seat letters)."""
    if cell == ".":
        return None
    if cell in "xo":
        return cell
    return "x" if cell in "NS" else "o"


def ref_lines(grid: list[list[str]]) -> set[str]:
    """The teams that own a complete line (row, column or diagonal)."""
    n = len(grid)
    lines = [[(r, c) for c in range(n)] for r in range(n)]
    lines += [[(r, c) for r in range(n)] for c in range(n)]
    lines.append([(i, i) for i in range(n)])
    lines.append([(i, n - 1 - i) for i in range(n)])
    owners = set()
    for line in lines:
        teams = {ref_team(grid[r][c]) for r, c in line}
        if len(teams) == 1 and None not in teams:
            owners |= teams
    return owners


def ref_moves(text: str) -> dict[str, tuple[str, str | None]]:
    """Every legal move of the side to move -> (position after it, winning team or None)."""
    grid, side = ref_parse(text)
    n = len(grid)
    four = side in SEATS
    me_team = ref_team(side) if four else side
    other = "o" if me_team == "x" else "x"
    result: dict[str, tuple[str, str | None]] = {}
    for r in range(n):
        for c in range(n):
            if not (r in (0, n - 1) or c in (0, n - 1)):
                continue
            cell = grid[r][c]
            if four:
                if cell != "." and cell != side:
                    continue
            elif cell == other:
                continue
            ends = []
            for end in ((r, 0), (r, n - 1), (0, c), (n - 1, c)):
                if end != (r, c) and end not in ends:
                    ends.append(end)
            for rr, cc in ends:
                g = [row[:] for row in grid]
                # the cubes between the gap and the chosen end slide one step towards the gap
                if rr == r:
                    step = 1 if cc > c else -1
                    x = c
                    while x != cc:
                        g[r][x] = g[r][x + step]
                        x += step
                else:
                    step = 1 if rr > r else -1
                    y = r
                    while y != rr:
                        g[y][c] = g[y + step][c]
                        y += step
                dots = [side, SEATS[(SEATS.index(side) + 2) % 4]] if four else [side]
                for dot in dots:
                    g2 = [row[:] for row in g]
                    g2[rr][cc] = dot
                    owners = ref_lines(g2)
                    if other in owners:
                        winner = other
                    elif me_team in owners:
                        winner = me_team
                    else:
                        winner = None
                    nxt = SEATS[(SEATS.index(side) + 1) % 4] if four else other
                    name = f"{FILES[c]}{r + 1}{FILES[cc]}{rr + 1}"
                    if four:
                        name += ":" + dot
                    result[name] = (ref_format(g2, nxt), winner)
    if four and not result:
        grid_next = SEATS[(SEATS.index(side) + 1) % 4]
        result["pass"] = (ref_format(grid, grid_next), None)
    return result


def ref_perft(text: str, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for pos, winner in ref_moves(text).values():
        if depth == 1:
            total += 1
        elif winner is None:
            total += ref_perft(pos, depth - 1)
    return total


# -- the cross-checks ---------------------------------------------------------------------------
def check_position(game: QuixoGame) -> None:
    expected = ref_moves(game.position)
    p = game.to_act[0]
    options = game.options(p)
    assert len(options) == len(set(options))
    assert set(options) == set(expected), game.position
    for mv in options:
        child = game.copy()
        child.choose(p, mv)
        pos, winner = expected[mv]
        assert child.position == pos, (game.position, mv)
        assert child.winner == winner, (game.position, mv)
        assert child.is_over == (winner is not None)


def random_positions(size: int, players: int, count: int, seed: int):
    """Positions from random games; each game restarts when it ends."""
    rng = random.Random(seed)
    game = QuixoGame(size=size, players=players)
    produced = 0
    while produced < count:
        if game.is_over:
            game = QuixoGame(size=size, players=players)
        yield game
        produced += 1
        p = game.to_act[0]
        game.choose(p, rng.choice(game.options(p)))


@pytest.mark.parametrize(("size", "players", "count"),
                         [(3, 2, 1500), (4, 2, 1500), (5, 2, 1500), (5, 4, 500), (3, 4, 600),
                          (6, 2, 150), (7, 2, 100)])
def test_engine_agrees_with_the_referee_on_random_positions(size, players, count):
    for game in random_positions(size, players, count, seed=size * 10 + players):
        check_position(game)


def test_referee_positions_include_passes_and_finished_games():
    """The random 4-player positions above must really exercise passes and both results."""
    passes = wins = 0
    for game in random_positions(3, 4, 600, seed=34):
        opts = game.options(game.to_act[0])
        passes += opts == ["pass"]
        for mv in opts:
            c = game.copy()
            c.choose(c.to_act[0], mv)
            wins += c.is_over
    assert passes > 0 and wins > 0


@pytest.mark.parametrize(("size", "players", "depth"),
                         [(3, 2, 4), (4, 2, 3), (5, 2, 3), (3, 4, 3), (4, 4, 2), (6, 2, 2)])
def test_perft_agrees_with_the_referee(size, players, depth):
    game = QuixoGame(size=size, players=players)
    assert perft(game, depth) == ref_perft(game.position, depth)


def test_perft_from_midgame_positions_agrees_with_the_referee():
    for i, game in enumerate(random_positions(4, 2, 40, seed=7)):
        if i % 4 == 0:
            assert perft(game, 2) == ref_perft(game.position, 2)
    for i, game in enumerate(random_positions(4, 4, 40, seed=8)):
        if i % 4 == 0:
            assert perft(game, 2) == ref_perft(game.position, 2)
