"""The WebSocket transport of a real ``qwixo serve``: compression with a window that holds
the previous state message."""

from __future__ import annotations

import json

from proc_helpers import Server, ws_recv
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.sync.client import connect

from qwixo.server.ws import WS_WINDOW_BITS


def test_state_messages_are_compressed_with_the_wide_window(tmp_path):
    # (its bots in its threads, no worker process: the claim is the transport)
    srv = Server(tmp_path / "q.sqlite", tmp_path / "data", "--bot-processes", "0")
    try:
        g = srv.http.post("/api/games", json={
            "game": "qwixx", "settings": {"seed": 3},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
        with connect(f"{srv.ws_base}ws/{g['id']}") as ws:
            (ext,) = ws.protocol.extensions
            assert isinstance(ext, PerMessageDeflate)
            # the client inflates with the server's window: uvicorn alone would say 12
            assert ext.remote_max_window_bits == WS_WINDOW_BITS == 15
            ws.send(json.dumps({"type": "spectate"}))
            ws_recv(ws, lambda m: m["type"] == "welcome")
            states = [ws_recv(ws, lambda m: m["type"] == "state") for _ in range(3)]
        assert [s["view"]["version"] for s in states] == sorted(s["view"]["version"]
                                                                for s in states)
    finally:
        srv.stop()
