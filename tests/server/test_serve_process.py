"""``qwixo.server.serve_process.ServeProcess``: its start-up deadline and failure report."""

from __future__ import annotations

import sys
import time

import pytest

from qwixo.server.serve_process import ServeProcess


def test_a_child_that_prints_nothing_fails_at_the_deadline(tmp_path, monkeypatch):
    """The deadline holds even when the child neither prints a line nor ends."""
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nexec sleep 60\n")
    silent.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(silent))
    t0 = time.monotonic()
    with pytest.raises(RuntimeError, match="did not start"):
        ServeProcess(timeout=1.0)
    assert time.monotonic() - t0 < 10


def test_a_server_that_ends_at_once_is_reported_with_its_output(tmp_path):
    with pytest.raises(RuntimeError, match="did not start") as e:
        ServeProcess("--analysis-seconds", "ten", env={"QWIXO_DATA": str(tmp_path)})
    assert "analysis-seconds" in str(e.value)


def test_serve_engine_offers_it_in_the_lobby_and_it_plays(tmp_path):
    """``qwixo serve --engine NAME=CMD``: the lobby lists it beside the shipped bots of the
    games it plays, and it plays a whole game (from a bot worker: test_server_workers.py; an
    engine that cannot start: tests/test_engine.py)."""
    import json
    import urllib.request
    from pathlib import Path

    js = Path(__file__).resolve().parents[2] / "examples" / "engines" / "random-engine.js"
    server = ServeProcess("--db", str(tmp_path / "q.sqlite"), "--bot-delay", "0",
                          "--bot-processes", "0", "--engine", f"js=node {js}",
                          env={"QWIXO_DATA": str(tmp_path)})
    try:
        def get(path):
            with urllib.request.urlopen(server.url + path.lstrip("/"), timeout=10) as r:
                return json.load(r)

        games = get("/api/meta")["games"]
        assert "js" in games["quixo"]["bots"] and "js" in games["qwixx"]["bots"]
        body = json.dumps({"game": "quixo", "settings": {"size": 3},
                           "seats": [{"kind": "bot", "bot": "js"},
                                     {"kind": "bot", "bot": "greedy"}]}).encode()
        req = urllib.request.Request(server.url + "api/games", data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            gid = json.load(r)["id"]
        deadline = time.monotonic() + 120
        while not (view := get(f"/api/games/{gid}"))["is_over"]:
            assert time.monotonic() < deadline, view
            time.sleep(0.1)
        assert view["seats"][0]["bot"] == "js" and view["end_reason"] != "resign"
    finally:
        server.stop()
