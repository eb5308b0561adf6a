"""Hints never hold up bots: their own pool, bounded queues, a cache."""

from __future__ import annotations

import asyncio
import threading

import pytest
from server_helpers import create

import qwixo
from qwixo.core import IllegalMove
from qwixo.server import botrunner
from qwixo.server.botrunner import BotRunner, HintBusy, HintQueue


def test_queue_limits_per_seat_game_client_and_total():
    q = HintQueue(per_seat=1, per_game=2, per_client=2, total=3)
    q.admit("g1", 0, "a")
    with pytest.raises(HintBusy):
        q.admit("g1", 0, "b")  # the same seat asks again
    q.admit("g1", 1, "b")
    with pytest.raises(HintBusy):
        q.admit("g1", 2, "c")  # the game has two in flight
    q.admit("g2", 0, "b")
    with pytest.raises(HintBusy):
        q.admit("g3", 0, "b")  # client b has two in flight (and the server three)
    with pytest.raises(HintBusy):
        q.admit("g3", 0, "d")  # three in all
    for args in (("g1", 0, "a"), ("g1", 1, "b"), ("g2", 0, "b")):
        q.release(*args)
    assert q.busy == {}
    q.admit("g3", 0, "d")


def test_a_bot_decides_while_the_hint_worker_is_stuck(monkeypatch):
    """A hint that never ends does not delay a bot of another game, and further hints are
    refused at once instead of queueing."""
    release = threading.Event()
    started = threading.Event()

    def stuck_hint(game, seat, lang="en"):
        started.set()
        release.wait(60)
        return {"lines": ["done"], "moves": []}

    monkeypatch.setattr(botrunner, "hint_answer", stuck_hint)
    runner = BotRunner(workers=2, processes=0)
    runner.hints = HintQueue(per_seat=1, per_game=2, per_client=2, total=2)

    async def scenario():
        hinted = qwixo.new_game("quixo", size=3)
        first = asyncio.ensure_future(runner.hint(hinted, 0, "en", game_id="h", client="x"))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        with pytest.raises(HintBusy):
            await runner.hint(hinted, 0, "en", game_id="h", client="x")
        second = asyncio.ensure_future(runner.hint(hinted.copy(), 0, "it", game_id="h2",
                                                   client="y"))
        await asyncio.sleep(0)
        with pytest.raises(HintBusy):  # two in flight on the server: the third is refused
            await runner.hint(hinted, 0, "pl", game_id="h3", client="z")
        other = qwixo.new_game("quixo", size=3)
        decision = await asyncio.wait_for(runner.decide("b", "random", None, other, 0), 30)
        assert decision in other.options(0)
        assert not first.done()  # the bot did not wait for the hint
        release.set()
        done = {"lines": ["done"], "moves": []}
        assert await first == done and await second == done
        # the same position, seat and language again: from the cache, even when busy
        runner.hints.admit("h", 0, "x")
        assert await runner.hint(hinted, 0, "en", game_id="h", client="x") == done

    try:
        asyncio.run(scenario())
    finally:
        release.set()
        runner.close()


def test_hints_stay_answered_while_analyses_flood_in(monkeypatch):
    """Eight addresses asking two analyses each (each stuck) leave the hints' own worker and
    queue alone: another person's hint is answered; each address has two analyses running or
    waiting their turn, no more."""
    release = threading.Event()

    def stuck(game, seconds, progress=None):
        release.wait(60)
        return {"points": [], "key": []}

    monkeypatch.setattr(botrunner, "analyse_game", stuck)
    runner = BotRunner(workers=2, processes=0)

    async def scenario():
        done = qwixo.new_game("quixo", size=3)
        floods = [asyncio.ensure_future(runner.analyse(done.copy(), game_id=f"a{i}{k}",
                                                       client=f"10.0.0.{i}"))
                  for i in range(8) for k in range(2)]
        await asyncio.sleep(0.05)
        with pytest.raises(IllegalMove) as busy:  # a third from one address: refused
            await runner.analyse(done.copy(), game_id="a3", client="10.0.0.1")
        assert busy.value.key == "analysis_busy"
        game = qwixo.new_game("quixo", size=3)
        answer = await asyncio.wait_for(runner.hint(game, 0, "en", game_id="h",
                                                    client="10.9.9.9"), 30)
        assert answer["lines"] and answer["moves"] and not any(f.done() for f in floods)
        release.set()
        assert all(r == {"points": [], "key": []} for r in await asyncio.gather(*floods))

    try:
        asyncio.run(scenario())
    finally:
        release.set()
        runner.close()


def test_http_hint_busy_is_429_in_the_users_language(client, app):
    game = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    lobby = app.state.qwixo.lobby
    lobby.bots.hints = HintQueue(total=0)  # nothing admitted
    r = client.post(f"/api/games/{game['id']}/hint",
                    json={"token": game["seats"][0]["token"], "lang": "it"},
                    headers={"Accept-Language": "it"})
    assert r.status_code == 429, r.text
    assert r.json()["key"] == "hint_busy" and "suggerimenti" in r.json()["text"]


def test_worker_decisions_continue_the_last_state(monkeypatch):
    """A bot worker loads each decision's save from the game's last state it saw (only the new
    moves are played); the decisions are those made on the whole save, and an undo (a save
    that does not continue the last state) is loaded whole."""
    monkeypatch.setattr(botrunner, "_WORKER_GAMES", botrunner.OrderedDict())
    monkeypatch.setattr(botrunner, "_WORKER_BOTS", botrunner.OrderedDict())
    resumed = []
    real = botrunner.load_game

    def spy(text, base=None):
        resumed.append(base is not None)
        return real(text, base=base)

    monkeypatch.setattr(botrunner, "load_game", spy)
    g = qwixo.new_game("qwixx", players=3, seed=11)
    reference = qwixo.make_bot("qwixx", "gap")
    decisions = 0
    saves = []
    while not g.is_over and decisions < 60:
        if g.needs_roll:
            g.roll()
            continue
        p = g.to_act[0]
        fair = botrunner.fair_copy(g)
        saves.append((p, fair.to_json()))
        text = botrunner._decide_in_worker("g", p, "gap", None, fair.to_json())
        assert text == str(reference.decide(qwixo.load_game(fair.to_json()), p))
        assert botrunner._WORKER_GAMES["g"].to_json() == fair.to_json()
        g.choose(p, text)
        decisions += 1
    assert decisions == 60 and sum(resumed) == 59  # all but the first continue the last
    p, earlier = saves[30]  # as after an undo: not a continuation of the last state
    resumed.clear()
    text = botrunner._decide_in_worker("g", p, "gap", None, earlier)
    assert text == str(reference.decide(qwixo.load_game(earlier), p))
    assert botrunner._WORKER_GAMES["g"].to_json() == earlier and resumed == [True]
