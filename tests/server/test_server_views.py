"""The JSON views, checked against the engines over random games: every option points at the
right cells, sheets agree with the engine, hidden choices stay hidden, and Quixo boards match
the position."""

from __future__ import annotations

import json
import random

import pytest
from server_helpers import auth, create, recv_until

import qwixo
from qwixo.qwixx.editions import EDITIONS


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("players", [1, 3])
def test_qwixx_views_agree_with_the_engine(edition, players):
    rng = random.Random(hash((edition, players)) & 0xFFFF)
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=rng.randrange(10**6))
    steps = 0
    while not g.is_over and steps < 400:
        steps += 1
        if g.needs_roll:
            g.roll()
            continue
        # every viewer sees the same sheets (hidden choices are not in them)
        base = g.view(None)["board"]
        for seat in range(players):
            opts = g.options(seat)
            full = g.view(seat)
            v = full["board"]
            assert [o["text"] for o in full["options"]] == opts
            assert v["sheets"] == base["sheets"]
            assert set(v["option_cells"]) == set(opts)
            for text, cells in v["option_cells"].items():
                if text == "pass":
                    assert cells == []
                    continue
                assert len(cells) == 1
                row, idx = cells[0]
                sheet_row = next(r for r in v["sheets"][seat]["rows"] if r["row"] == row)
                cell = sheet_row["cells"][idx]
                assert not cell["crossed"]
                base_text = text.partition("+")[0]
                if not base_text.startswith("L:"):
                    assert base_text == f"{row}{cell['n']}"
        for sh_view, sh in zip(base["sheets"], g.sheets, strict=True):
            assert sh_view["total"] == sh["score"]
            for rv, r in zip(sh_view["rows"], sh["rows"], strict=True):
                assert sorted(c["n"] for c in rv["cells"] if c["crossed"]) == sorted(r["crossed"])
                assert rv["crosses"] == r["crosses"]
        p = rng.choice(g.to_act)
        g.choose(p, rng.choice(g.options(p)))
    json.dumps(g.view(0))  # JSON-ready to the end


@pytest.mark.parametrize("size,players", [(3, 2), (5, 2), (5, 4), (7, 2)])
def test_quixo_views_agree_with_the_engine(size, players):
    rng = random.Random(size * 10 + players)
    g = qwixo.new_game("quixo", size=size, players=players, ply_limit=80)
    while not g.is_over:
        p = g.to_act[0]
        v = g.view(p)["board"]
        assert v["rows"] == g.board and v["size"] == size
        assert [m["text"] for m in v["moves"]] == g.options(p)
        for m in v["moves"]:
            if m["text"] != "pass":
                assert m["from"] + m["to"] + (":" + m["dot"] if m["dot"] else "") == m["text"]
                assert g.cell(m["from"]) in (".", "x", "o", "NESW"[p])
        g.choose(p, rng.choice(g.options(p)))
    full = g.view(None)
    v = full["board"]
    if g.winners():
        assert v["lines"], "a won game shows its winning line"
    assert full["winners"] == g.winners() == g.winners


def test_four_player_quixo_through_the_server(client):
    g = create(client, settings={"size": 5, "players": 4},
               seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        v = auth(ws, g["seats"][0]["token"])["view"]
        assert v["quixo"]["turn"] == "N" and all(":" in m for m in v["options"])
        ws.send_json({"type": "choose", "decision": "a1a5:S"})
        s, _ = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        assert s["view"]["quixo"]["rows"][0][0] == "S"  # the cube's dot points at S
        assert s["view"]["to_act"] == [1] and s["view"]["quixo"]["turn"] == "E"
        s, _ = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["version"] == 2)
        assert s["event"]["seat"] == 1  # the bot (E) answered
        assert s["view"]["to_act"] == [2] and s["view"]["quixo"]["turn"] == "S"
