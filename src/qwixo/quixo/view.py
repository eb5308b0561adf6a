"""What a player sees of a Quixo game: :meth:`QuixoGame.view` (``docs/api.md``).

Nothing in Quixo is hidden, so every player and a spectator see the same board; only the
``options`` differ (the player to move gets their moves, the others ``[]``).

>>> import qwixo
>>> g = qwixo.new_game("quixo", size=3)
>>> g.choose(0, "a1c1")
>>> v = g.view(1)
>>> v["phase"], v["to_act"], v["board"]["rows"], v["board"]["turn"]
('move', [1], ['...', '...', '..x'], 'o')
>>> v["options"][0]
{'text': 'a1c1', 'from': 'a1', 'to': 'c1', 'dot': None}
>>> v["events"]
[{'type': 'move', 'player': 0, 'text': 'a1c1', 'from': 'a1', 'to': 'c1', 'dot': None}]
>>> g.view(0)["options"], g.view(0, since=1)["events"], g.view(0)["event_count"]
([], [], 1)
"""

from __future__ import annotations

from typing import Any

from qwixo.core import check_since
from qwixo.quixo.notation import PASS_TEXT

#: the side of each cell character (4 players: the seat letters of the two teams)
_SIDE = {"x": "x", "o": "o", "N": "x", "S": "x", "E": "o", "W": "o"}


def move_detail(text: str) -> dict[str, Any]:
    """What a move text does: the cube taken (``from``), the square it is pushed in at
    (``to``) and, with 4 players, the seat its dot points at (``dot``).

    >>> move_detail("b1b5:S")
    {'text': 'b1b5:S', 'from': 'b1', 'to': 'b5', 'dot': 'S'}
    >>> move_detail("pass")
    {'text': 'pass', 'from': None, 'to': None, 'dot': None}
    """
    if text == PASS_TEXT:
        return {"text": text, "from": None, "to": None, "dot": None}
    body, _, dot = text.partition(":")
    # a square is a file letter and one rank digit (sizes up to 7)
    return {"text": text, "from": body[:2], "to": body[2:4], "dot": dot or None}


def full_lines(rows: list[str]) -> list[list[str]]:
    """Every full line (rank, file, diagonal) of one side on a board given as its ranks from
    the top down.

    >>> full_lines(["xxx", "o.o", "..."])
    [['a3', 'b3', 'c3']]
    """
    n = len(rows)

    def at(f: int, r: int) -> str:  # r = rank from 0 at the bottom
        return _SIDE.get(rows[n - 1 - r][f], ".")

    lines = [[(f, r) for f in range(n)] for r in range(n)]
    lines += [[(f, r) for r in range(n)] for f in range(n)]
    lines.append([(i, i) for i in range(n)])
    lines.append([(i, n - 1 - i) for i in range(n)])
    out = []
    for line in lines:
        first = at(*line[0])
        if first != "." and all(at(f, r) == first for f, r in line):
            out.append([f"{chr(ord('a') + f)}{r + 1}" for f, r in line])
    return out


def line_seats(game: Any, lines: list[list[str]], rows: list[str]) -> list[list[int]]:
    """For each full line, the players whose symbol it shows (2 players: the one; 4 players:
    the team), read with the game's own :meth:`~qwixo.quixo.game.QuixoGame.side_of`.

    >>> import qwixo
    >>> g = qwixo.new_game("quixo", players=4)
    >>> line_seats(g, full_lines(["NNSSN", ".....", ".....", ".....", "EEWEW"]),
    ...            ["NNSSN", ".....", ".....", ".....", "EEWEW"])
    [[1, 3], [0, 2]]
    """
    n = len(rows)
    out = []
    for line in lines:
        f, r = ord(line[0][0]) - ord("a"), int(line[0][1:]) - 1
        side = _SIDE.get(rows[n - 1 - r][f])
        out.append([p for p in range(game.num_players) if game.side_of(p) == side])
    return out


def events(game: Any, since: int = 0) -> list[dict[str, Any]]:
    """The game's events from number ``since`` on: one ``move`` per ply (``player``,
    ``text``, ``from``, ``to``, ``dot``; a 4-player pass has ``from``/``to`` None), then
    ``game_over`` (``winners``, ``reason``, ``lines``, ``line_seats``: the players whose
    symbol each line shows, ``by``: who made the last move, ``resigned``: who gave up) once
    the game is over."""
    movers = game._movers()
    history = game.history
    out: list[dict[str, Any]] = []
    for i in range(max(0, since), len(history)):
        out.append({"type": "move", "player": movers[i], **move_detail(history[i])})
    if game.is_over and since <= len(history):
        rows = game.board
        lines = full_lines(rows)
        out.append({"type": "game_over", "winners": game.winners(),
                    "reason": game.end_reason, "lines": lines,
                    "line_seats": line_seats(game, lines, rows),
                    "by": movers[-1] if movers else None,
                    "resigned": game.resigned})
    return out


def view(game: Any, player: int | None = None, since: int = 0) -> dict[str, Any]:
    """:meth:`QuixoGame.view`."""
    check_since(since)
    if player is not None:
        player = game.check_player(player)
    options = [move_detail(t) for t in game.options(player)] if player is not None else []
    count = len(game.history) + (1 if game.is_over else 0)
    evs = events(game, since) if since < count else []
    position = game.position
    board, turn = position.split()
    rows = board.split("/")
    lines = full_lines(rows) if game.is_over else []
    last_move = None
    if game.history:
        last_move = {**move_detail(game.history[-1]), "seat": game._movers()[-1]}
    return game._view(player, since, roller=None, options=options, events=evs,
                      event_count=count,
                     end_reason=game.end_reason, board={
                         "size": game.size,
                         "players": game.num_players,
                         "position": position,
                         "rows": rows,
                         "turn": turn,
                         "moves": options,
                         "takeable": sorted({m["from"] for m in options if m["from"]},
                                            key=lambda s: (int(s[1:]), s[0])),
                         "last_move": last_move,
                         "lines": lines,
                         "line_seats": line_seats(game, lines, rows),
                         "end_reason": game.end_reason,
                     })


def details(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A finished game's figures of one seat for its player's statistics (``INFO.details``),
    read from the contract's view (its ``board``; no rule is recomputed): the board size,
    whether the seat won by a line the opponent pushed, and how many lines of the seat's
    symbol the opponent's last push made (``lines_by_opponent``)."""
    board = view.get("board") or {}
    # lines of this seat's symbol that a push of the other side completed (the game says
    # whose symbol each line shows, ``line_seats``, and who pushed, ``last_move.seat``)
    mover = (board.get("last_move") or {}).get("seat")
    return {"size": board.get("size"),
            "opponent_line": view.get("end_reason") == "opponent_line"
            and seat in (view.get("winners") or []),
            "lines_by_opponent": sum(1 for owners in board.get("line_seats") or []
                                     if seat in owners and mover is not None
                                     and mover not in owners)}
