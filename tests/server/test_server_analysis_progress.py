"""An analysis reports its progress as it goes: GET /api/games/ID/analysis/progress gives the
percentage and the first points while GET .../analysis computes (thread and worker-process
pools alike), and the tables the analyses read are built at the warm-up, not on the first
request."""

from __future__ import annotations

import asyncio
import threading

from server_helpers import create, play_to_end

import qwixo
from qwixo.analysis import analyse
from qwixo.server import botrunner, warmup
from qwixo.server.botrunner import BotRunner


def _finished_3x3():  # (the game of qwixo.analysis's example: its last move throws the win)
    g = qwixo.new_game("quixo", size=3)
    any(g.choose(g.to_act[0], m) for m in ("a2a1", "c2a2", "b1c1", "b3a3", "c2c1"))
    return g


def test_every_analysis_reports_each_decision_then_the_whole():
    g = _finished_3x3()
    reports = []
    a = analyse(g, progress=reports.append)
    assert [r["done"] for r in reports] == [1, 2, 3, 4, 5]
    assert {r["total"] for r in reports} == {5}
    # the reports' points and rows, put together, are the analysis' own
    assert [p for r in reports for p in r["points"]] == a["points"]
    assert [row for r in reports for row in r["series"]] == a["series"]
    q = qwixo.new_game("qwixx", players=2, seed=3)
    bots = [qwixo.make_bot("qwixx", "odds", seed=p) for p in range(2)]
    for _ in range(6):
        q.roll()
        while q.to_act and not q.needs_roll:
            p = q.to_act[0]
            q.choose(p, bots[p].decide(q, p))
    reports = []
    a = qwixo.analysis.analyse(q, seconds=0.5, progress=reports.append)
    assert reports and reports[-1]["done"] == reports[-1]["total"]
    assert [p for r in reports for p in r["points"]] == a["points"]
    assert [row for r in reports for row in r["series"]] == a["series"]


def test_progress_while_the_server_analyses(client, monkeypatch):
    g = create(client, settings={"size": 3, "ply_limit": 40})
    assert client.get(f"/api/games/{g['id']}/analysis/progress").status_code == 409
    moves, _ = play_to_end(client, g)
    path = f"/api/games/{g['id']}/analysis"
    assert client.get(path + "/progress").json() == {"state": "none"}
    seen_first = threading.Event()
    real = botrunner.analyse_game

    def held(game, seconds, progress=None):  # the first point reported, then held
        def report(r):
            progress(r)
            if r["done"] == 1:
                seen_first.wait()
        return real(game, seconds, report)

    monkeypatch.setattr(botrunner, "analyse_game", held)
    answer = {}
    asking = threading.Thread(target=lambda: answer.update(r=client.get(path)))
    asking.start()
    try:
        while True:  # until the first point's report has reached the event loop
            now = client.get(path + "/progress").json()
            if now["state"] == "running" and now["points"]:
                break
        assert now["done"] == 1 and now["total"] == moves
        assert now["percent"] == int(100 / moves)
        assert now["points"][0]["index"] == 0 and now["points"][0]["step"] == 1
        assert len(now["series"]) == 1
    finally:
        seen_first.set()
        asking.join()
    assert answer["r"].status_code == 200
    assert client.get(path + "/progress").json() == {"state": "done"}
    assert "/api/games/{game_id}/analysis/progress" in client.get("/openapi.json").json()["paths"]


def test_a_worker_process_sends_its_reports():
    async def main():
        runner = BotRunner(processes=1, analysis_seconds=5)
        reports = []
        try:
            a = await runner.analyse(_finished_3x3(), client="x", progress=reports.append)
        finally:
            runner.close()
        return a, reports

    a, reports = asyncio.run(main())
    assert [r["done"] for r in reports] == [1, 2, 3, 4, 5]
    assert [p for r in reports for p in r["points"]] == a["points"]


def test_the_tables_are_built_at_the_warm_up(monkeypatch):
    """Each game that names tables (GameInfo.tables) has them built by the warm-up of the
    server's analyses' worker (BotRunner.tables) and by ``qwixo warm-up``, not by the first
    analysis."""
    names = [label for label, _ in warmup.table_steps()]
    assert names and all(label.endswith(" tables") for label in names)
    built = []
    monkeypatch.setattr(warmup, "table_steps",
                        lambda: [(label, lambda x=label: built.append(x)) for label in names])

    async def main():
        runner = BotRunner(processes=0)
        runner.tables = True
        try:
            assert runner.warm_up() == []  # (the bots do not wait for the tables)
            await runner.tables_ready
        finally:
            runner.close()

    asyncio.run(main())
    assert built == names
    built.clear()
    monkeypatch.setattr(warmup, "warm_up", lambda **kw: None)  # (the kernels: tested apart)
    from qwixo.cli import main as cli_main

    assert cli_main(["warm-up"]) == 0
    assert built == names
