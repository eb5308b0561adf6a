"""A game's own browser files: ``GET /games/{name}/{file}`` serves the files of the game's
``GameInfo.web`` folder (its renderer module, style sheets, pictures; the suffixes of
``qwixo.gameinfo.WEB_TYPES``), which the front end loads as ``/api/meta``'s ``info.web`` names
them. Nothing here knows which game it serves; a name or file outside a game's folder is 404."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from qwixo.core import game_info, game_names
from qwixo.gameinfo import WEB_TYPES
from qwixo.server.protocol import ServerError

router = APIRouter()


@router.get("/games/{name}/{file}")
async def game_file(name: str, file: str) -> Response:
    found = game_info(name).web_files().get(file) if name in game_names() else None
    if found is None:
        raise ServerError("not_found", status=404, path=f"/games/{name}/{file}"[:80])
    suffix = "." + file.rsplit(".", 1)[-1]
    return Response(found.read_bytes(), media_type=WEB_TYPES[suffix],
                    headers={"Cache-Control": "no-cache"})
