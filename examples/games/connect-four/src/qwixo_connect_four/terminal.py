"""Connect Four in the terminal (``qwixo play connect4``): the board with its column letters,
the last disc and a winning line in capitals."""

from __future__ import annotations

from typing import Any

DISCS = {"x": "●", "o": "○", ".": "·"}
HIGHLIGHT = {"●": "◉", "○": "◎"}  # the last disc, the winning line


def draw(view: dict[str, Any], lang: str | None = None) -> str:
    """The picture of the board of ``view`` (the game's view dict), as lines of text."""
    board = view["board"]
    marked = set(board.get("line") or ()) | {board.get("last")}
    letters = board["columns"]
    rows = board["rows"]
    out = ["  " + " ".join(letters)]
    for i, row in enumerate(rows):
        number = len(rows) - i
        cells = []
        for c, mark in enumerate(row):
            disc = DISCS[mark]
            cells.append(HIGHLIGHT.get(disc, disc) if f"{letters[c]}{number}" in marked
                         else disc)
        out.append(f"{number} " + " ".join(cells))
    out.append("  " + " ".join(letters))
    return "\n".join(out)
