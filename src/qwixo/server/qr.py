"""QR codes of invite links, drawn on this server (no outside service): ``POST /api/qr`` with
``{"text": "http://host/?game=ID&token=..."}`` answers ``{"svg": "<svg ...>"}``, the code as
an SVG the page puts in next to the link (segno, pinned in requirements.lock). A POST, so the
seat's token never lands in an access log's query string. Only links of this site are drawn
(the text must be an http(s) URL, at most 600 characters).

Tested in ``tests/server/test_qr.py`` and by the browser journey in
``tests/e2e/test_browser_journeys.py``.
"""

from __future__ import annotations

import io
from typing import Any

from fastapi import APIRouter, Request

from qwixo.server.http_api import check_rate, read_body
from qwixo.server.protocol import ServerError

router = APIRouter()
MAX_TEXT = 600


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as an SVG element (dark modules on a white ground, a quiet
    zone of 4 modules as the standard asks; scaled by the page)."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(
        out, kind="svg", scale=1, border=4, xmldecl=False, svgns=True, nl=False,
        dark="#000", light="#fff", omitsize=True, title=None, svgclass="qr-code",
        lineclass=None)
    return out.getvalue().decode("ascii")


@router.post("/api/qr")
async def qr(request: Request) -> dict[str, Any]:
    import orjson

    check_rate(request)
    try:
        body = orjson.loads(await read_body(request))
    except orjson.JSONDecodeError:
        body = None
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str) or not text.startswith(("http://", "https://")) or len(text) > MAX_TEXT:
        raise ServerError("bad_setting", status=400, name="text", value=str(text)[:40],
                          why="why_one_of", choices=f"http://…, https://… (≤ {MAX_TEXT})")
    return {"svg": qr_svg(text)}
