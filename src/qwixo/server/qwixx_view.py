"""The Qwixx part of a view (``docs/web-protocol.md`` §3.2), from ``QwixxGame``'s read-only
accessors (``phase``, ``active``, ``dice``, ``removed_dice``, ``sheets``, ``decided``, ``log``,
``edition``).

The engine's ``sheets`` never show action-1 decisions that are not yet revealed, so the sheets
here are the same for every viewer; only ``option_cells`` (the viewer's own options) differ.

>>> import qwixo
>>> g = qwixo.new_game("qwixx", players=2, seed=1)
>>> _ = g.roll([3, 4, 1, 1, 1, 1])
>>> v = build(g, 0, g.options(0))
>>> v["phase"], v["dice"]["w1"], v["option_cells"]["r7"]
('action1', 3, [['r', 5]])
>>> g.choose(1, "g7")          # hidden from player 0: their sheet shows nothing yet
>>> build(g, 0, g.options(0))["sheets"][1]["rows"][2]["crosses"]
0
"""

from __future__ import annotations

from typing import Any

from qwixo.core import Game

DICE = ("w1", "w2", "r", "y", "g", "b")
ROWS = ("r", "y", "g", "b")


def layout(game: Game) -> dict[str, Any]:
    """The edition's static sheet (numbers, colours, lock cells, bonus cells, bar, pairs)."""
    ed = getattr(game, "edition", None)
    if ed is None or not hasattr(ed, "to_dict"):
        return {}
    cached = _LAYOUTS.get(id(ed))
    if cached is None or cached[0] is not ed:
        if len(_LAYOUTS) > 64:
            _LAYOUTS.clear()
        cached = _LAYOUTS[id(ed)] = (ed, ed.to_dict())  # keeps ed alive: its id stays its own
    return cached[1]  # shared between views: read-only


_LAYOUTS: dict[int, tuple[Any, dict[str, Any]]] = {}


def _cell_index(lay: dict[str, Any], row: str, number: int) -> int:
    for r in lay.get("rows", []):
        if r["colour"] == row:
            for i, c in enumerate(r["cells"]):
                if c["number"] == number:
                    return i
    return -1


def option_cells(options: list[str], lay: dict[str, Any],
                 sheet: dict[str, Any] | None) -> dict[str, list[list[Any]]]:
    """For each option text, the cells (row letter, index) it crosses first.

    - ``"r7"`` → the cell of red 7;
    - ``"L:g"`` (Longo lucky cross) → the next cell of the green row;
    - ``"g9+y"`` (Bonus B reward row choice) → green 9 (the reward row is in the text);
    - ``"pass"`` → ``[]``.
    """
    out: dict[str, list[list[Any]]] = {}
    rows_state = {r["row"]: r for r in (sheet or {}).get("rows", [])}
    for text in options:
        if text == "pass":
            out[text] = []
            continue
        base = text.partition("+")[0]
        try:
            if base.startswith("L:"):
                row = base[2:]
                cells = rows_state.get(row, {}).get("cells", [])
                last = max((i for i, c in enumerate(cells) if c["crossed"]), default=-1)
                out[text] = [[row, last + 1]]
            else:
                row, number = base[0], int(base[1:])
                idx = _cell_index(lay, row, number)
                out[text] = [[row, idx]] if idx >= 0 else []
        except (ValueError, IndexError):
            out[text] = []
    return out


def sheet_views(game: Game, lay: dict[str, Any]) -> list[dict[str, Any]]:
    sheets = getattr(game, "sheets", None) or []
    out = []
    for seat, sh in enumerate(sheets):
        rows = []
        for r, row in enumerate(sh["rows"]):
            lrow = lay["rows"][r] if lay.get("rows") else {"cells": [], "colour": row["colour"]}
            crossed = set(row["crossed"])
            cells = [{"n": c["number"], "color": c["colour"], "crossed": c["number"] in crossed,
                      "lock": c["lock"],
                      "bonus": True if c.get("bonus") else (c.get("reward") or None)}
                     for c in lrow["cells"]]
            lock_colour = lrow["cells"][-1]["colour"] if lrow["cells"] else row["colour"]
            rows.append({"row": ROWS[r], "color": row["colour"], "cells": cells,
                         "lock": {"color": lock_colour, "crossed": bool(row["locked"])},
                         "closed": bool(row["closed"]), "crosses": row["crosses"],
                         "points": row["points"], "last": row.get("last")})
        bar_colours = lay.get("bar", [])
        states = {"x": "crossed", "-": "struck", "": "free"}
        bar = [{"color": c, "state": states.get(s, "free")}
               for c, s in zip(bar_colours, sh.get("bar", []), strict=False)]
        out.append({"seat": seat, "rows": rows, "penalties": sh["penalties"],
                    "lucky": list(sh.get("lucky", [])), "bar": bar,
                    "rewards": list(sh.get("rewards", [])), "total": sh["score"]})
    return out


def build(game: Game, seat: int | None, options: list[str]) -> dict[str, Any]:
    lay = layout(game)
    sheets = sheet_views(game, lay)
    dice_values = list(getattr(game, "dice", [None] * 6))
    rolled = any(d is not None for d in dice_values)
    log = getattr(game, "log", [])
    mine = sheets[seat] if seat is not None and seat < len(sheets) else None
    return {
        "edition": lay.get("name", "classic"),
        "players": game.num_players,
        "layout": lay,
        "faces": lay.get("faces", 6),
        "active": getattr(game, "active", 0),
        "turn": getattr(game, "turn", 0),
        "phase": game.phase if isinstance(getattr(game, "phase", None), str) else None,
        "dice": dict(zip(DICE, dice_values, strict=False)) if rolled else None,
        "white_sum": getattr(game, "white_sum", None),
        "removed": list(getattr(game, "removed_dice", [])),
        "closed": list(getattr(game, "closed_rows", [])),
        "sheets": sheets,
        "option_cells": option_cells(options, lay, mine),
        "log": [dict(e) for e in log[-12:]],
        "end_reason": getattr(game, "end_reason", None),
        # action 2: whether the active player crossed in action 1 (then a pass costs nothing)
        "a1_crossed": bool(getattr(game, "a1_crossed", False)) if game.phase == "action2" else None,
    }


def announce_state(game: Game) -> dict[str, Any]:
    """What announcements are computed from: who crossed the lock box of each closed row, and
    the penalties per player."""
    sheets = getattr(game, "sheets", None) or []
    locks: dict[str, list[int]] = {}
    for row in getattr(game, "closed_rows", []):
        r = ROWS.index(row)
        locks[row] = [p for p, sh in enumerate(sheets) if sh["rows"][r]["locked"]]
    return {"locks": locks, "penalties": [sh["penalties"] for sh in sheets]}
