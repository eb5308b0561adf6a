"""POST /api/qr: the QR code of an invite link drawn on the server (segno), as SVG; anything
but an http(s) link of reasonable length is refused with the usual error and nothing drawn."""

from __future__ import annotations

import re

import pytest

LINK = "http://127.0.0.1:8000/?game=Ab12Cd34&token=" + "x" * 32


def _modules(svg: str) -> int:
    return int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))


def test_an_invite_link_becomes_an_svg_qr_code(client):
    r = client.post("/api/qr", json={"text": LINK})
    assert r.status_code == 200
    svg = r.json()["svg"]
    assert svg.startswith("<svg") and 'class="qr-code"' in svg and "<script" not in svg
    # version 4 or 5 at level M for a link of this length: 33 or 37 modules + 2 x 4 quiet zone
    assert _modules(svg) in (41, 45)
    # a longer link needs a bigger code: the code depends on the text
    longer = client.post("/api/qr", json={"text": LINK + "&lang=pl" * 10}).json()["svg"]
    assert _modules(longer) > _modules(svg)


@pytest.mark.parametrize("body", [{"text": "javascript:alert(1)"}, {"text": "http://x/" + "a" * 700},
                                  {"text": 5}, {}, [], "no"])
def test_anything_else_is_refused(client, body):
    r = client.post("/api/qr", json=body)
    assert r.status_code == 400
    assert r.json()["key"] == "bad_setting"
