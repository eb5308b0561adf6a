"""Read-only game tables for the front end's rules pages: ``GET /api/editions`` (the edition
names of the games that have editions, ``GameInfo.editions``: Qwixx's) and
``GET /api/editions/{name}`` (one edition's sheet layout, its ``to_dict()``, the same
``layout`` a game view carries).

Tested in ``tests/e2e/test_browser_rules.py`` (the rules pages draw the sheets from it).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from starlette.exceptions import HTTPException

from qwixo.core import game_info, game_names
from qwixo.gameinfo import load

router = APIRouter()


def _tables() -> dict[str, dict[str, Any]]:
    """Each game with editions: its ``{edition name: edition}`` table."""
    return {name: load(ref) for name in game_names()
            if (ref := game_info(name).editions)}


@router.get("/api/editions")
async def editions() -> dict[str, Any]:
    """``editions``: every edition name (as before, one list); ``games``: by game."""
    tables = _tables()
    return {"editions": [e for table in tables.values() for e in table],
            "games": {name: list(table) for name, table in tables.items()}}


@router.get("/api/editions/{name}")
async def edition(name: str) -> dict[str, Any]:
    for table in _tables().values():
        ed = table.get(name)
        if ed is not None:
            return ed.to_dict()
    raise HTTPException(status_code=404)
