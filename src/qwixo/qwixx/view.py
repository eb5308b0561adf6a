"""What a player sees of a Qwixx game: :meth:`QwixxGame.view` (``docs/api.md``).

Everyone sees the same sheets and dice: the engine keeps the action-1 decisions that are not
yet revealed out of its sheets and its events, so another player's hidden choice never shows.
Only ``options`` / ``board.option_cells`` (the viewer's own options, from
:meth:`QwixxGame.option_details`) and ``pending`` (:meth:`QwixxGame.pending`) depend on who
looks; ``events`` are the engine's :attr:`QwixxGame.events`.

A view is read-only: parts of its ``board`` (the ``layout``, the sheets' rows) are shared
between views, as they change seldom while views are made at every move (copy a view with
``copy.deepcopy`` before changing it).

>>> import qwixo
>>> g = qwixo.new_game("qwixx", players=2, seed=1)
>>> v = g.view(0)
>>> v["phase"], v["needs_roll"], v["roller"], v["board"]["dice"]
('roll', True, 0, None)
>>> _ = g.roll([3, 4, 1, 1, 1, 1])
>>> v = g.view(0)
>>> v["phase"], v["board"]["dice"]["w1"], v["board"]["option_cells"]["r7"]
('action1', 3, [['r', 5]])
>>> v["options"][1]["text"], v["options"][1]["cells"]
('r7', [['r', 7]])
>>> g.choose(1, "g7")          # hidden from player 0 until player 0 decides too
>>> v0, v1 = g.view(0), g.view(1)
>>> v0["decided"], v0["pending"], v1["pending"], v0["board"]["sheets"][1]["rows"][2]["crosses"]
([1], None, 'g7', 0)
>>> v0["board"]["sheets"] == v1["board"]["sheets"] == g.view(None)["board"]["sheets"]
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from qwixo.core import check_since
from qwixo.qwixx.editions import COLOURS as ROWS
from qwixo.qwixx.editions import DICE

LOG_TAIL = 12  # the engine events shown in ``board.log``

_LAYOUTS: dict[str, dict[str, Any]] = {}
_BAR_STATES = {"x": "crossed", "-": "struck", "": "free"}


def layout(game: Any) -> dict[str, Any]:
    """The edition's static sheet (``Edition.to_dict`` without the rules page's ``rules``),
    shared between views: read-only."""
    ed = game.edition
    lay = _LAYOUTS.get(ed.name)
    if lay is None:
        lay = ed.to_dict()
        del lay["rules"]
        _LAYOUTS[ed.name] = lay
    return lay


def _cell_index(lay: dict[str, Any], row: str, number: int) -> int:
    for i, c in enumerate(lay["rows"][ROWS.index(row)]["cells"]):
        if c["number"] == number:
            return i
    return -1  # pragma: no cover - every option's cell is on the sheet


@lru_cache(maxsize=1 << 16)
def _row(lay_name: str, r: int, colour: str, crossed: tuple[int, ...], locked: bool,
         closed: bool, crosses: int, points: int, last: int | None) -> dict[str, Any]:
    """One row of a sheet as the web protocol draws it. A row changes at most once or twice
    a turn while a game's views are made at every move, for every viewer: the rows are made
    once per state and shared between views (as the ``layout`` is), so they are read-only."""
    lrow = _LAYOUTS[lay_name]["rows"][r]
    cells = [{"n": c["number"], "color": c["colour"], "crossed": c["number"] in crossed,
              "lock": c["lock"], "bonus": True if c.get("bonus") else (c.get("reward") or None)}
             for c in lrow["cells"]]
    return {"row": ROWS[r], "color": colour, "cells": cells,
            "lock": {"color": lrow["cells"][-1]["colour"], "crossed": locked},
            "closed": closed, "crosses": crosses, "points": points, "last": last}


_SHEETS: dict[tuple[str, int, Any], dict[str, Any]] = {}
MAX_SHEETS = 1 << 15


def sheets(game: Any, lay: dict[str, Any]) -> list[dict[str, Any]]:
    """Every sheet as the web protocol draws it (``docs/web-protocol.md`` §3.2). A sheet is
    made once per state (:meth:`QwixxGame.sheet_keys`) and shared between views: read-only."""
    name = lay["name"]
    _LAYOUTS.setdefault(name, lay)
    out = []
    plain = None
    for seat, key in enumerate(game.sheet_keys()):
        k = (name, seat, key)
        sheet = _SHEETS.get(k)
        if sheet is None:
            if plain is None:
                plain = game.sheets
            sheet = _sheet(name, lay, seat, plain[seat])
            if len(_SHEETS) >= MAX_SHEETS:  # the oldest half goes (dicts keep their order)
                for old in list(_SHEETS)[:MAX_SHEETS // 2]:
                    del _SHEETS[old]
            _SHEETS[k] = sheet
        out.append(sheet)
    return out


def _sheet(name: str, lay: dict[str, Any], seat: int, sh: dict[str, Any]) -> dict[str, Any]:
    rows = [_row(name, r, row["colour"], tuple(row["crossed"]), bool(row["locked"]),
                 bool(row["closed"]), row["crosses"], row["points"], row["last"])
            for r, row in enumerate(sh["rows"])]
    bar = [{"color": c, "state": _BAR_STATES.get(s, "free")}
           for c, s in zip(lay["bar"], sh["bar"], strict=False)]
    return {"seat": seat, "rows": rows, "penalties": sh["penalties"],
            "lucky": list(sh["lucky"]), "bar": bar, "rewards": list(sh["rewards"]),
            "total": sh["score"]}


def view(game: Any, player: int | None = None, since: int = 0) -> dict[str, Any]:
    """:meth:`QwixxGame.view`: the keys of :meth:`qwixo.core.Game.view`; ``board`` holds the
    edition, its ``layout``, ``active``, ``turn``, ``dice``, ``white_sum``, the ``removed``
    dice / ``closed`` rows, the ``sheets``, ``option_cells`` (the cells each of the viewer's
    options crosses, as ``[row, index]``) and ``log`` (the last events)."""
    check_since(since)
    if player is not None:
        player = game.check_player(player)
    lay = layout(game)
    opts = game.option_details(player) if player is not None else []
    evs = game.events
    dice = game.dice
    rolled = any(d is not None for d in dice)
    board = {
        "edition": lay["name"],
        "players": game.num_players,
        "layout": lay,
        "faces": lay["faces"],
        "active": game.active,
        "turn": game.turn,
        "phase": game.phase,
        "dice": dict(zip(DICE, dice, strict=True)) if rolled else None,
        "white_sum": game.white_sum,
        "removed": game.removed_dice,
        "closed": game.closed_rows,
        "sheets": sheets(game, lay),
        # the cell each option crosses first (what the page highlights and makes clickable)
        "option_cells": {o["text"]: [[row, _cell_index(lay, row, n)] for row, n in o["cells"][:1]]
                         for o in opts},
        "log": [dict(e) for e in game.log[-LOG_TAIL:]],
        "rolls": last_rolls(evs),
        "end_reason": game.end_reason,
        # a pass now costs a penalty (action 2, the active player crossed nothing in action 1)
        "pass_penalty": game.phase == "action2" and not game.a1_crossed,
    }
    return game._view(player, since, roller=game.active if game.needs_roll else None,
                      options=opts, events=evs, end_reason=game.end_reason, board=board)


#: the rolls whose events a view's ``board["rolls"]`` carries (this one and the one before)
ROLLS_SHOWN = 2


def last_rolls(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of the last :data:`ROLLS_SHOWN` rolls, oldest first, each a list that starts
    with its ``roll`` event (what the table shows of a roll: who crossed what, passed, took a
    penalty or locked a row). Only what everyone may see: a hidden action-1 decision is not
    among the game's events before action 1 takes effect.

    >>> last_rolls([{"type": "roll", "player": 0}, {"type": "pass", "player": 1},
    ...             {"type": "roll", "player": 1}])
    [[{'type': 'roll', 'player': 0}, {'type': 'pass', 'player': 1}], [{'type': 'roll', 'player': 1}]]
    """
    out: list[list[dict[str, Any]]] = []
    for e in reversed(events):
        if e["type"] == "game_over":
            continue
        if not out:
            out.append([])
        out[-1].append(e)
        if e["type"] == "roll":
            if len(out) == ROLLS_SHOWN:
                break
            out.append([])
    rolls = [list(reversed(r)) for r in reversed(out) if r and r[-1]["type"] == "roll"]
    return rolls


def details(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A finished game's figures of one seat for its player's statistics (``INFO.details``),
    read from the contract's view (its ``board``; no rule is recomputed): the crosses per
    colour, locks (lock cells crossed), penalties, lucky and bonus crosses."""
    sheets = [sh for sh in (view.get("board") or {}).get("sheets") or []
              if sh.get("seat") == seat]
    if not sheets:
        return {}
    sh = sheets[0]
    crosses: dict[str, int] = {}
    locks = 0
    for row in sh.get("rows", []):
        for cell in row.get("cells", []):
            if cell.get("crossed"):
                colour = cell.get("color") or row.get("color")
                crosses[colour] = crosses.get(colour, 0) + 1
                locks += int(bool(cell.get("lock")))
    return {"crosses": crosses, "locks": locks, "penalties": sh.get("penalties", 0),
            "lucky": len(sh.get("lucky") or []), "bonus": len(sh.get("rewards") or [])}
