"""``qwixo serve`` as a real subprocess (restart, kill -9 and several-process tests)."""

from __future__ import annotations

import json
import signal
import time

import httpx

from qwixo.server.serve_process import ServeProcess


class Server(ServeProcess):
    """``qwixo serve`` as a subprocess on a free port, with an HTTP client on it."""

    def __init__(self, db, data_dir, *extra: str, env=None):
        super().__init__("--db", str(db), "--bot-delay", "0.1", "--http-rate", "100", *extra,
                         env={"QWIXO_DATA": str(data_dir), **(env or {})})
        self.http = httpx.Client(base_url=self.url, timeout=30)
        self.db = str(db)
        self.ws_base = self.ws_url

    def kill9(self):
        self.http.close()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self):
        self.http.close()
        super().stop()


def ws_recv(ws, pred, timeout=30.0):
    end = time.time() + timeout
    while time.time() < end:
        m = json.loads(ws.recv(timeout=max(0.01, end - time.time())))
        if pred(m):
            return m
    raise AssertionError("timeout waiting for a message")
