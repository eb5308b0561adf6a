"""Quixo puzzles: positions from played games where exactly one move wins in N plies.

A puzzle is a 2-player position with the side to move winning in ``plies`` (1, 3, 5, …) and
only one move doing it:

- on 4×4 (from the complete database, :mod:`qwixo.quixo.perfect`): the one move whose value
  is a win at all; every other move draws or loses. Exact.
- on 5×5 (no complete database for positions with blanks): the one move that the alpha-beta
  search proves to win within ``plies``; no other move wins within ``plies`` (the search is
  exact to that depth). Exact at that depth: another move may still win more slowly.

The positions come from games played by the bots (``random`` against ``greedy`` and ``easy``,
so that mistakes leave wins to find); :func:`generate` cuts them, and the package ships a set
made by ``qwixo puzzle --generate`` (``quixo/data/puzzles.json``). Solving: the player's move
is right when it keeps a win within the plies left; the defender answers with the move that
loses the slowest (:func:`defence`). :func:`daily` picks the puzzle of a day.

>>> p = Puzzle(size=3, position="xx./oo./... x", plies=1, moves=("c1c3",), source="doc")
>>> check(p, [], "c2c3")
True
>>> check(p, [], "b2b1")
False
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from qwixo.core import IllegalMove

#: the shipped puzzle set
DATA = Path(__file__).resolve().parent / "data" / "puzzles.json"
SIZES = (4, 5)
PLIES = (1, 3, 5)


@dataclass(frozen=True)
class Puzzle:
    """A position (``size``, ``position`` text, side to move wins in ``plies``), the main line
    ``moves`` (the winning move, the defender's reply, … to the win) and where it came from."""

    size: int
    position: str
    plies: int
    moves: tuple[str, ...]
    source: str = ""
    id: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id:
            digest = hashlib.sha1(f"{self.size}|{self.position}".encode()).hexdigest()[:10]
            object.__setattr__(self, "id", f"q{self.size}-{digest}")

    @property
    def rating(self) -> float:
        """The puzzle's starting difficulty rating: longer wins on bigger boards are harder."""
        return 1200.0 + 250.0 * (self.plies - 1) + 150.0 * (self.size - 4)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["moves"] = list(self.moves)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Puzzle:
        return cls(size=int(d["size"]), position=str(d["position"]), plies=int(d["plies"]),
                   moves=tuple(d["moves"]), source=str(d.get("source", "")),
                   id=str(d.get("id", "")))

    def game(self):
        from qwixo.quixo.game import QuixoGame

        return QuixoGame(position=self.position)


# -- values of moves ------------------------------------------------------------------------
def _exact_moves(game) -> list[tuple[str, str, int | None]] | None:
    """Every move with its exact value for the mover from a database, or None."""
    from qwixo.quixo.perfect import best_moves_of

    ranked = best_moves_of(game)
    return ranked or None


def _searched_wins(game, plies: int) -> dict[str, int]:
    """The moves the search proves to win within ``plies`` plies: ``{move: plies}`` (the search
    to depth ``plies`` is exact to that depth)."""
    from qwixo.quixo.bots import QuixoState, exact_search
    from qwixo.quixo.search import score_outcome

    player = game.to_act[0]
    state = QuixoState(game, player)
    with exact_search(state) as (s, history):
        scores = s.root_scores(*state.boards, depth=plies, history=history)
        out = {}
        for m, v in (scores or {}).items():
            res = score_outcome(v)
            if res is not None and res[0] == "win" and res[1] <= plies:
                out[s.move_text(m, state.turn)] = res[1]
    return out


def winning_moves(game, plies: int) -> dict[str, int]:
    """The mover's moves that win within ``plies`` plies, ``{move: plies to the win}``: exact
    from a database where one covers the position, else from the search to that depth."""
    exact = _exact_moves(game)
    if exact is not None:
        return {m: p for m, v, p in exact if v == "win" and p is not None and p <= plies}
    return _searched_wins(game, plies)


def defence(game) -> str:
    """The defender's reply: the move that loses the slowest (a draw or a win if it has one).
    From the database where one covers the position, else the alpha-beta search."""
    exact = _exact_moves(game)
    if exact is not None:
        return exact[0][0]
    from qwixo.quixo.bots_cli import hint

    h = hint(game, 0.5)
    return h.moves[0][0]


def check(puzzle: Puzzle, played: list[str], move: str) -> bool:
    """Is ``move`` right after the moves ``played`` (the player's and the defender's, from the
    puzzle's position)? Right: it wins within the plies the puzzle has left."""
    g = puzzle.game()
    for m in played:
        g.choose(g.to_act[0], m)
    left = puzzle.plies - len(played)
    try:
        canon = g.canonical_decision(g.to_act[0], move)
        g.copy().choose(g.to_act[0], canon)
    except IllegalMove:
        return False
    wins = winning_moves(g, left)
    return canon in wins


def main_line(game, plies: int, first: str) -> tuple[str, ...]:
    """The line from ``game``: ``first``, then the defender's reply and the fastest win,
    in turn, to the end (at most ``plies`` plies)."""
    g = game.copy()
    line = []
    move = first
    for k in range(plies):
        g.choose(g.to_act[0], move)
        line.append(move)
        if g.is_over:
            break
        if k % 2 == 0:
            move = defence(g)
        else:
            wins = winning_moves(g, plies - k - 1)
            move = min(wins, key=lambda m: (wins[m], m))
    return tuple(line)


# -- cutting puzzles from games -------------------------------------------------------------
def candidates(game, max_plies: int = 5) -> tuple[str, int] | None:
    """``(move, plies)`` when the side to move has exactly one winning move, winning in
    ``plies`` <= ``max_plies`` (odd); else None."""
    if game.is_over or game.num_players != 2:
        return None
    exact = _exact_moves(game)
    if exact is not None:
        wins = [(m, p) for m, v, p in exact if v == "win"]
        if len(wins) == 1 and wins[0][1] is not None and wins[0][1] <= max_plies:
            return wins[0][0], int(wins[0][1])
        return None
    for n in range(1, max_plies + 1, 2):  # the shortest win first
        wins = _searched_wins(game, n)
        if len(wins) > 1:
            return None
        if len(wins) == 1:
            (m, p), = wins.items()
            return m, p
    return None


def generate(size: int, count: int, *, seed: int = 0, max_plies: int = 5,
             games: int = 2000) -> list[Puzzle]:
    """Up to ``count`` puzzles of ``size`` cut from games of the bots (``random`` against
    ``random``, ``greedy`` or ``easy``), as many of each length (1, 3, … ``max_plies`` plies)
    as the games give, each position once, at most one of each length a game, at most
    ``games`` games."""
    import qwixo

    if size == 4:  # the complete database (made once, 7-15 s, when missing)
        from qwixo.quixo import db

        db.ensure(4)
    rng = random.Random(seed)
    lengths = list(range(1, max_plies + 1, 2))
    quota = {n: count // len(lengths) + (1 if k < count % len(lengths) else 0)
             for k, n in enumerate(sorted(lengths, reverse=True))}
    out: list[Puzzle] = []
    seen: set[str] = set()
    for k in range(games):
        if len(out) >= count:
            break
        g = qwixo.new_game("quixo", size=size, ply_limit=80)
        other = rng.choice(["random", "random", "greedy", "easy"])
        bots = [qwixo.make_bot("quixo", "random", seed=rng.getrandbits(31)),
                qwixo.make_bot("quixo", other, seed=rng.getrandbits(31))]
        if rng.random() < 0.5:
            bots.reverse()
        taken: set[int] = set()
        while not g.is_over and len(out) < count:
            if g.ply >= 4 and g.position not in seen:
                seen.add(g.position)
                c = candidates(g, max_plies)
                if c is not None and c[1] not in taken and quota.get(c[1], 0) > 0:
                    move, plies = c
                    line = main_line(g, plies, move)
                    if len(line) == plies:  # (a line the defender cannot stretch is skipped)
                        taken.add(plies)
                        quota[plies] -= 1
                        out.append(Puzzle(size, g.position, plies, line,
                                          source=f"bots game {seed}-{k} ply {g.ply}"))
            p = g.to_act[0]
            g.choose(p, bots[p].decide(g, p))
    return out


# -- the shipped set ------------------------------------------------------------------------
def load(path: str | Path | None = None) -> list[Puzzle]:
    """The puzzles of a file (default: the shipped set)."""
    data = json.loads(Path(path or DATA).read_text(encoding="utf-8"))
    return [Puzzle.from_dict(d) for d in data["puzzles"]]


def save(puzzles: list[Puzzle], path: str | Path | None = None, command: str = "") -> Path:
    path = Path(path or DATA)
    path.write_text(json.dumps({"format": 1, "command": command,
                                "puzzles": [p.to_dict() for p in puzzles]}, indent=1) + "\n",
                    encoding="utf-8")
    return path


def daily(puzzles: list[Puzzle], day: _dt.date | None = None) -> Puzzle:
    """The puzzle of ``day`` (default today, UTC): the same for everybody that day."""
    day = day or _dt.datetime.now(_dt.UTC).date()
    k = int(hashlib.sha1(day.isoformat().encode()).hexdigest(), 16) % len(puzzles)
    return sorted(puzzles, key=lambda p: p.id)[k]


def by_difficulty(puzzles: list[Puzzle], rating: float, *, exclude: set[str] = frozenset(),
                  rng: random.Random | None = None) -> Puzzle | None:
    """A puzzle near ``rating`` (the closest few, one at random), not one of ``exclude``."""
    pool = [p for p in puzzles if p.id not in exclude]
    if not pool:
        return None
    pool.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return (rng or random).choice(pool[:5])


def expected_score(rating: float, puzzle_rating: float) -> float:
    """Elo's expectation that a player of ``rating`` solves a puzzle of ``puzzle_rating``."""
    return 1.0 / (1.0 + 10 ** ((puzzle_rating - rating) / 400.0))


def rate(rating: float, puzzle_rating: float, solved: bool, k: float = 32.0) -> float:
    """A player's new puzzle rating after a puzzle (Elo with ``k``).

    >>> round(rate(1500, 1500, True), 1), round(rate(1500, 1500, False), 1)
    (1516.0, 1484.0)
    """
    return rating + k * ((1.0 if solved else 0.0) - expected_score(rating, puzzle_rating))


__all__ = ["Puzzle", "generate", "candidates", "winning_moves", "defence", "check",
           "main_line", "load", "save", "daily", "by_difficulty", "rate", "DATA"]
