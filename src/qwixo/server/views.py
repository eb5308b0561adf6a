"""Game state to the JSON a client sees (``docs/web-protocol.md`` §3).

Only the public contract and the engines' documented read-only accessors are used. A *view*
depends on who looks: a seat sees its own options; in Qwixx action 1 nobody sees the others'
pending choices (the engine already keeps them out of its sheets; the server masks them in the
event log too).

>>> import qwixo
>>> g = qwixo.new_game("quixo", size=3)
>>> v = quixo_view(g, seat=0, last=None)
>>> v["rows"], v["turn"], len(v["moves"]), v["takeable"][:3]
(['...', '...', '...'], 'x', 20, ['a1', 'b1', 'c1'])
>>> quixo_view(g, seat=1, last=None)["moves"]
[]
"""

from __future__ import annotations

from typing import Any

from qwixo.core import Game

SEAT_LETTERS = ("N", "E", "S", "W")


# -- generic ----------------------------------------------------------------------------
def safe_options(game: Game, seat: int | None) -> list[str]:
    """The options of ``seat`` if it must act now, else ``[]``."""
    if seat is None or game.is_over or seat not in game.to_act:
        return []
    return [str(o) for o in game.options(seat)]


def roller(game: Game) -> int | None:
    """The seat that must roll the dice now (None when no roll is due)."""
    if not game.needs_roll or game.is_over:
        return None
    active = getattr(game, "active", None)
    return int(active) if isinstance(active, int) else 0


def winners(game: Game) -> list[int]:
    """Seats that won: the top score in Qwixx (ties share), score 1 in Quixo."""
    if not game.is_over:
        return []
    w = getattr(game, "winners", None)
    if isinstance(w, list):
        return [int(p) for p in w]
    scores = game.scores()
    if game.name == "quixo":
        return [p for p, s in enumerate(scores) if s > 0]
    best = max(scores)
    return [p for p, s in enumerate(scores) if s == best]


def phase(game: Game) -> str:
    """``roll``, ``action1``, ``action2``, ``move`` (Quixo) or ``over``."""
    if game.is_over:
        return "over"
    if game.name == "quixo":
        return "move"
    ph = getattr(game, "phase", None)
    if isinstance(ph, str):
        return {"action_1": "action1", "action_2": "action2", "1": "action1",
                "2": "action2"}.get(ph, ph)
    if game.needs_roll:
        return "roll"
    return "action1" if len(game.to_act) > 1 else "action2"


# -- Quixo ------------------------------------------------------------------------------
def _square(file: int, rank: int) -> str:
    return f"{chr(ord('a') + file)}{rank + 1}"


def parse_quixo_move(text: str) -> dict[str, Any]:
    """``"b1b5:S"`` → ``{"text", "from", "to", "dot"}``.

    >>> parse_quixo_move("b1b5:S")
    {'text': 'b1b5:S', 'from': 'b1', 'to': 'b5', 'dot': 'S'}
    >>> parse_quixo_move("pass")["from"] is None
    True
    """
    if text == "pass":
        return {"text": text, "from": None, "to": None, "dot": None}
    body, _, dot = text.partition(":")
    # squares are a letter and one digit (sizes up to 7)
    return {"text": text, "from": body[:2], "to": body[2:4], "dot": dot or None}


def quixo_lines(rows: list[str]) -> list[list[str]]:
    """Every full line (rank, file, diagonal) of one symbol on the board.

    >>> quixo_lines(["xxx", "o.o", "..."])
    [['a3', 'b3', 'c3']]
    """
    n = len(rows)

    def side(ch: str) -> str:
        return {"x": "x", "o": "o", "N": "x", "S": "x", "E": "o", "W": "o"}.get(ch, ".")

    def at(f: int, r: int) -> str:  # r = rank from 0 at the bottom
        return side(rows[n - 1 - r][f])

    lines = [[(f, r) for f in range(n)] for r in range(n)]
    lines += [[(f, r) for r in range(n)] for f in range(n)]
    lines.append([(i, i) for i in range(n)])
    lines.append([(i, n - 1 - i) for i in range(n)])
    out = []
    for line in lines:
        first = at(*line[0])
        if first != "." and all(at(f, r) == first for f, r in line):
            out.append([_square(f, r) for f, r in line])
    return out


def quixo_view(game: Game, seat: int | None, last: dict[str, Any] | None,
               options: list[str] | None = None) -> dict[str, Any]:
    position = game.position  # type: ignore[attr-defined]
    board, turn = position.split()
    rows = board.split("/")
    if options is None:
        options = safe_options(game, seat)
    moves = [parse_quixo_move(m) for m in options]
    takeable = sorted({m["from"] for m in moves if m["from"]},
                      key=lambda s: (int(s[1:]), s[0]))
    last_move = None
    if last is not None and last.get("kind") == "choose" and "decision" in last:
        last_move = parse_quixo_move(last["decision"])
        last_move["seat"] = last.get("seat")
    return {
        "size": len(rows),
        "players": game.num_players,
        "position": position,
        "rows": rows,
        "turn": turn,
        "moves": moves,
        "takeable": takeable,
        "last_move": last_move,
        "lines": quixo_lines(rows) if game.is_over else [],
        "end_reason": getattr(game, "end_reason", None),
    }


# -- Qwixx ------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """A JSON-ready copy of engine data (tuples → lists, sets → sorted lists, objects with
    ``to_dict``/``__dict__`` → dicts)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "to_dict"):
        return _plain(value.to_dict())
    if hasattr(value, "__dict__"):
        return {k: _plain(v) for k, v in vars(value).items() if not k.startswith("_")}
    return str(value)


def qwixx_view(game: Game, seat: int | None, last: dict[str, Any] | None,
               options: list[str] | None = None) -> dict[str, Any]:
    from qwixo.server import qwixx_view as qv

    return qv.build(game, seat, safe_options(game, seat) if options is None else options)


def game_view(game: Game, seat: int | None, last: dict[str, Any] | None,
              options: list[str] | None = None) -> dict[str, Any]:
    """The game-specific part of a view: ``{"quixo": {...}}`` or ``{"qwixx": {...}}``
    (``options``: the seat's options when the caller has them already)."""
    if game.name == "quixo":
        return {"quixo": quixo_view(game, seat, last, options), "qwixx": None}
    return {"quixo": None, "qwixx": qwixx_view(game, seat, last, options)}
