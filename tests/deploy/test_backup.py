"""``qwixo backup``: a consistent copy of a running server's SQLite database (online backup),
which a server started on the copy serves with every game."""

from __future__ import annotations

import sqlite3

from fastapi.testclient import TestClient

from qwixo.cli import main
from qwixo.server.app import create_app


def _game(client, first_move: bool):
    r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201
    g = r.json()
    if first_move:
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            ws.send_json({"type": "auth", "token": g["seats"][0]["token"]})
            while ws.receive_json()["type"] != "welcome":
                pass
            ws.send_json({"type": "choose", "decision": "a1c1", "id": 1})
            while (m := ws.receive_json())["type"] != "ok":
                assert m["type"] != "error", m
    return g["id"]


def test_backup_of_a_running_server(tmp_path, capsys):
    db, out = tmp_path / "live.sqlite", tmp_path / "copy.sqlite"
    app = create_app(db, warm_up=False, http_rate=1000, http_burst=1000)
    with TestClient(app) as client:
        ids = [_game(client, first_move=i % 2 == 0) for i in range(4)]
        # the server is running (its connection open, the WAL not checkpointed): back up now
        assert main(["backup", "--db", str(db), str(out)]) == 0
        assert "4 games" in capsys.readouterr().out
    with sqlite3.connect(out) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("SELECT count(*) FROM events").fetchone()[0] == 2
    with TestClient(create_app(out, warm_up=False)) as client:
        for gid in ids:
            assert client.get(f"/api/games/{gid}").status_code == 200
        assert client.get(f"/api/games/{ids[0]}").json()["version"] == 1


def test_backup_errors(tmp_path, capsys):
    assert main(["backup", "--db", str(tmp_path / "none.sqlite"), str(tmp_path / "x")]) == 2
    assert "no database" in capsys.readouterr().err
    assert main(["backup", "--db", "postgresql://u@h/db", str(tmp_path / "x")]) == 2
    assert "pg_dump" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
