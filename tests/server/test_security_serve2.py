"""The second security probe against a real ``qwixo serve``: no seat token in any log line
at ``--log-level info``."""

from __future__ import annotations

import json
import time

import httpx
import pytest
from test_security_serve import GAME, Serve
from websockets.sync.client import connect

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Serve(tmp_path_factory.mktemp("probe2"), "--log-level", "info")
    yield s
    s.stop()


def test_no_seat_token_in_the_log(server):
    with httpx.Client(base_url=server.url, timeout=30) as c:
        g = c.post("/api/games", json=GAME).json()
        token = g["seats"][0]["token"]
        # the invitation link, the game's API with its token, a WebSocket with it in the URL
        assert c.get(f"/?game={g['id']}&token={token}").status_code == 200
        assert c.get(f"/api/games/{g['id']}", params={"token": token}).status_code == 200
        with connect(f"{server.url.replace('http', 'ws')}ws/{g['id']}?token={token}") as ws:
            ws.send(json.dumps({"type": "auth", "token": token}))
            assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
    time.sleep(0.5)
    log = "".join(server.output)
    assert f"/api/games/{g['id']}" in log and "token=***" in log  # the lines are there
    assert token not in log
