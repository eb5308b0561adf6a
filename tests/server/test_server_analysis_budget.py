"""``qwixo serve --analysis-seconds``: the server's own time budget of a finished game's analysis
(``GET /api/games/ID/analysis``) reaches the hints' worker that computes it, is recorded with the
analysis (``budget.seconds``, what the replay page shows) and decides which stored analysis is
reused (one of at least that budget)."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from proc_helpers import Server
from server_helpers import create, play_to_end

from qwixo.cli import build_parser, main
from qwixo.server import botrunner
from qwixo.server.app import create_app


def _finished_bot_game(srv: Server) -> str:
    """A 3x3 Quixo game of two random bots on the running server ``srv``, played to its end."""
    g = srv.http.post("/api/games", json={
        "game": "quixo", "settings": {"size": 3, "ply_limit": 30},
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    assert g.status_code == 201, g.text
    gid = g.json()["id"]
    end = time.time() + 90
    while not srv.http.get(f"/api/games/{gid}").json()["is_over"]:
        assert time.time() < end, "the bots did not finish the game"
        time.sleep(0.2)
    return gid


def test_qwixo_serve_analyses_with_its_budget_and_reuses_a_bigger_one(tmp_path):
    db, data = tmp_path / "games.sqlite", tmp_path / "data"
    # in the hints' worker process (--bot-processes 1): the budget travels with the request
    srv = Server(db, data, "--analysis-seconds", "1.5", "--bot-processes", "1")
    try:
        gid = _finished_bot_game(srv)
        r = srv.http.get(f"/api/games/{gid}/analysis")
        assert r.status_code == 200, r.text
        first = r.json()
        assert first["analysis"]["budget"]["seconds"] == 1.5
        assert first["analysis"]["points"]
    finally:
        srv.stop()
    # a server with a smaller budget reads the stored analysis (made with more time) back
    # instead of making one of 0.5 s
    srv = Server(db, data, "--analysis-seconds", "0.5", "--bot-processes", "0")
    try:
        again = srv.http.get(f"/api/games/{gid}/analysis")
        assert again.status_code == 200, again.text
        assert again.json() == first
    finally:
        srv.stop()


def test_a_bigger_budget_than_the_stored_one_computes_again(tmp_path, monkeypatch):
    db = str(tmp_path / "q.sqlite")
    calls = []
    real = botrunner.analyse_game  # (the in-process hints' pool: bot_processes=0)
    monkeypatch.setattr(botrunner, "analyse_game",
                        lambda game, seconds, progress=None: calls.append(seconds)
                        or real(game, seconds, progress))

    def app(seconds: float):
        return create_app(db, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000,
                          analysis_seconds=seconds)

    with TestClient(app(0.5)) as client:
        g = create(client, settings={"size": 3, "ply_limit": 40})
        play_to_end(client, g)
        small = client.get(f"/api/games/{g['id']}/analysis").json()["analysis"]
        assert client.get(f"/api/games/{g['id']}/analysis").json()["analysis"] == small
    assert small["budget"]["seconds"] == 0.5 and calls == [0.5]
    with TestClient(app(2.0)) as client:  # more than the stored 0.5 s: made again, kept
        big = client.get(f"/api/games/{g['id']}/analysis").json()["analysis"]
    assert big["budget"]["seconds"] == 2.0 and calls == [0.5, 2.0]
    with TestClient(app(1.0)) as client:  # less than the stored 2 s: the stored one
        assert client.get(f"/api/games/{g['id']}/analysis").json()["analysis"] == big
    assert calls == [0.5, 2.0]


def test_the_option_and_its_bad_values(capsys):
    parser = build_parser()
    assert parser.parse_args(["serve"]).analysis_seconds == botrunner.ANALYSIS_SECONDS == 10.0
    assert parser.parse_args(["serve", "--analysis-seconds", "2"]).analysis_seconds == 2.0
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--analysis-seconds", "ten"])
    for bad in ("0", "-3", "nan", "inf"):  # refused before the server binds its port
        assert main(["--lang", "pl", "serve", "--port", "0", "--analysis-seconds", bad]) == 2
        err = capsys.readouterr().err
        assert "--analysis-seconds" in err and "dodatnia liczba sekund" in err, err
