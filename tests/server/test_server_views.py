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


def test_fields_every_view_shares_are_the_same_for_every_seat():
    """What :func:`qwixo.server.lobby.views_after` relies on: a seat's view and the spectator
    view agree on every field but the seat's own (options, pending, board), in random games."""
    shared = ("game", "players", "phase", "to_act", "needs_roll", "roller", "is_over",
              "scores", "winners", "end_reason", "decided", "events", "event_count")
    for name, settings in (("qwixx", {"players": 3}), ("qwixx", {"players": 4,
                                                                   "edition": "bonus-b"}),
                           ("quixo", {"size": 5}), ("quixo", {"size": 5, "players": 4})):
        rng = random.Random(name + str(settings))
        g = qwixo.new_game(name, **settings)
        since = 0
        for _ in range(120):
            if g.is_over:
                break
            pub = g.view(None, since=since)
            for seat in range(g.num_players):
                v = g.view(seat, since=since)
                assert {k: v[k] for k in shared} == {k: pub[k] for k in shared}
            since = pub["event_count"]
            if g.needs_roll:
                g.roll()
                continue
            p = rng.choice(list(g.to_act))
            g.choose(p, rng.choice(g.options(p)))


def test_a_change_watched_by_one_seat_makes_one_view(tmp_path, monkeypatch):
    """Only a seated person watches: the change makes that seat's view once (the spectator
    fields come from it), the person gets the same view as a fresh one, and a spectator who
    comes later gets the whole spectator view, board included."""
    import asyncio

    from qwixo.core import game_class, load_game
    from qwixo.server.lobby import Lobby
    from qwixo.server.protocol import CreateGame
    from qwixo.server.rooms import Conn
    from qwixo.server.store import Store

    cls = game_class("qwixx")
    calls = []
    real_view = cls.view

    def counting(self, player=None, since=0):
        calls.append(player)
        return real_view(self, player, since)

    async def main():
        store = Store(tmp_path / "v.sqlite")
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateGame.model_validate(
            {"game": "qwixx", "settings": {"players": 2},
             "seats": [{"kind": "human"}, {"kind": "human"}]}))
        person = Conn()
        person.seat = 0
        room.conns.add(person)
        monkeypatch.setattr(cls, "view", counting)
        await lobby.act(room, room.public["roller"], "roll")
        made = list(calls)
        monkeypatch.setattr(cls, "view", real_view)
        sent = [json.loads(m) for m in [person.out.get_nowait()
                                        for _ in range(person.out.qsize())] if m]
        state = [m for m in sent if m["type"] == "state"][-1]
        room.seat_views = (None, {})
        fresh = json.loads(json.dumps(room.view(0)))
        spectator = room.view(None)
        await lobby.close()
        store.close()
        return made, state["view"], fresh, spectator, load_game(room.snapshot)

    made, sent_view, fresh, spectator, game = asyncio.run(main())
    assert made == [0]
    assert sent_view == fresh
    assert spectator["qwixx"] == json.loads(json.dumps(game.view(None)["board"]))
    assert spectator["options"] == [] and spectator["my_pending"] is None
