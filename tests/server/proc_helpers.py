"""``qwixo serve`` as a real subprocess (restart, kill -9 and several-process tests)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import httpx

URL_RE = re.compile(r"serving on (http://127\.0\.0\.1:\d+/)")


class Server:
    """``qwixo serve`` as a subprocess on a free port."""

    def __init__(self, db, data_dir, *extra: str):
        env = dict(os.environ, QWIXO_DATA=str(data_dir), QWIXO_LANG="en")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "qwixo", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db), "--bot-delay", "0.1", "--http-rate", "100", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.output: list[str] = []
        self.url = None
        deadline = time.time() + 180
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.output.append(line)
            m = URL_RE.search(line)
            if m:
                self.url = m.group(1)
                break
        if self.url is None:
            self.proc.kill()
            raise AssertionError("server did not start:\n" + "".join(self.output))
        # keep draining the output so the server never blocks on a full pipe
        threading.Thread(target=self._drain, daemon=True).start()
        self.http = httpx.Client(base_url=self.url, timeout=30)
        self.ws_base = self.url.replace("http://", "ws://")

    def _drain(self):
        for line in self.proc.stdout:
            self.output.append(line)

    def kill9(self):
        self.http.close()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self):
        self.http.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def ws_recv(ws, pred, timeout=30.0):
    end = time.time() + timeout
    while time.time() < end:
        m = json.loads(ws.recv(timeout=max(0.01, end - time.time())))
        if pred(m):
            return m
    raise AssertionError("timeout waiting for a message")
