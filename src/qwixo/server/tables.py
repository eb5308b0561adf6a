"""Read-only game tables for the front end's rules pages: ``GET /api/editions`` (the Qwixx
edition names) and ``GET /api/editions/{name}`` (one edition's sheet layout,
``qwixo.qwixx.editions.Edition.to_dict()``, the same ``layout`` a game view carries).

Tested in ``tests/e2e/test_browser_rules.py`` (the rules pages draw the sheets from it).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from starlette.exceptions import HTTPException

router = APIRouter()


@router.get("/api/editions")
async def editions() -> dict[str, Any]:
    from qwixo.qwixx.editions import EDITIONS

    return {"editions": list(EDITIONS)}


@router.get("/api/editions/{name}")
async def edition(name: str) -> dict[str, Any]:
    from qwixo.qwixx.editions import EDITIONS

    ed = EDITIONS.get(name)
    if ed is None:
        raise HTTPException(status_code=404)
    return ed.to_dict()
