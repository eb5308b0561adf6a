"""The bot worker processes (:class:`qwixo.server.botrunner.WorkerPool`): answers, errors,
a game's requests kept on one worker, a bounded number in flight, a killed worker replaced."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from concurrent.futures import BrokenExecutor

import pytest

from qwixo.server.botrunner import LONG_SEARCH_NICE, WORKER_IN_FLIGHT, WorkerPool


def _run(coro_fn):
    async def main():
        pool = WorkerPool(2)
        try:
            return await coro_fn(pool)
        finally:
            pool.close()
    return asyncio.run(main())


def test_answers_and_errors_come_back_from_the_workers():
    async def main(pool):
        assert await pool.call(divmod, 17, 5) == (3, 2)
        with pytest.raises(ValueError):
            await pool.call(int, "not a number")
        return await pool.call(os.getpid)

    assert _run(main) != os.getpid()


@pytest.mark.skipif("forkserver" not in __import__("multiprocessing").get_all_start_methods(),
                    reason="no fork server on this system: each worker loads the engines")


def test_workers_are_forks_of_a_server_that_loaded_the_engines_once():
    """The workers start as forks of the fork server, which imported the engines and loaded
    their kernels before forking them (qwixo.server.worker_preload): nothing left to load."""
    async def main(pool):
        warmed = "__import__('qwixo.server.botrunner').server.botrunner._WARMED"
        return [await pool.call(eval, warmed) for _ in range(2)], await pool.call(os.getppid)

    warmed, parent = _run(main)
    assert warmed == [True, True] and parent != os.getpid()


def test_a_games_requests_stay_on_its_worker_and_others_spread():
    """The same key goes back to its worker while that one is free; a request coming while
    it is busy goes to the free worker; never more than WORKER_IN_FLIGHT with one worker."""
    async def main(pool):
        # both workers started and free (two requests at once go to two workers)
        await asyncio.gather(pool.call(time.sleep, 0.05), pool.call(time.sleep, 0.05))
        a = {await pool.call(os.getpid, key="g1") for _ in range(5)}
        b = {await pool.call(os.getpid, key="g2") for _ in range(5)}
        busy = asyncio.ensure_future(pool.call(time.sleep, 0.5, key="g1"))
        await asyncio.sleep(0.1)
        other = await pool.call(os.getpid, key="g1")  # g1's worker sleeps: the other one
        await busy
        sleeps = [asyncio.ensure_future(pool.call(time.sleep, 0.2)) for _ in range(6)]
        await asyncio.sleep(0.05)
        most = max(len(w["pending"]) for w in pool._workers if w is not None)
        await asyncio.gather(*sleeps)
        return a, b, other, most

    a, b, other, most = _run(main)
    assert len(a) == 1 and len(b) == 1
    assert other not in a
    assert most <= WORKER_IN_FLIGHT


def test_a_request_that_is_not_a_long_search_never_waits_behind_one():
    """With a long search in one worker and the other busy, a short request of the game
    whose last worker is searching waits with the busy one, never behind the search."""
    async def main(pool):
        await asyncio.gather(pool.call(time.sleep, 0.05), pool.call(time.sleep, 0.05))
        pids = {w["proc"].pid for w in pool._workers}
        await pool.call(os.getpid, key="g1")
        searching = asyncio.ensure_future(pool.call(time.sleep, 30, key="g1", long=True))
        busy = asyncio.ensure_future(pool.call(time.sleep, 0.5, key="g2"))
        await asyncio.sleep(0.05)
        long_w = next(w for w in pool._workers if w["long"] and w["long"][0])
        short = await pool.call(os.getpid, key="g1")  # g1's last worker is searching
        searching.cancel()
        busy.cancel()
        return pids, long_w["proc"].pid, short

    pids, searcher, short = _run(main)
    assert len(pids) == 2 and short in pids and short != searcher


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's nice value: Linux")
def test_a_long_search_runs_at_a_lower_cpu_priority_and_the_rest_does_not():
    """On a busy machine the event loops and the short-budget bots go first: a long search
    runs in its worker's thread of a lower priority (LONG_SEARCH_NICE), every other request
    at the worker's own; on the same worker, one after the other."""
    nice = ("__import__('os').getpriority(__import__('os').PRIO_PROCESS, "
            "__import__('threading').get_native_id())")
    where = "__import__('os').getpid()"

    async def main(pool):
        got = []
        for long in (False, True, False, None, True):
            got.append((long, await pool.call(eval, nice, key="g", long=long),
                        await pool.call(eval, where, key="g", long=long)))
        return got

    got = _run(main)
    assert len({pid for _, _, pid in got}) == 1  # (one worker: the key's)
    base = got[0][1]
    assert [n - base for _, n, _ in got] == [0, LONG_SEARCH_NICE, 0, 0, LONG_SEARCH_NICE]
    assert base == os.getpriority(os.PRIO_PROCESS, 0)  # (the worker's: the server's own)


def test_a_killed_worker_fails_its_request_and_is_replaced():
    async def main(pool):
        pid = await pool.call(os.getpid, key="g")
        stuck = asyncio.ensure_future(pool.call(time.sleep, 30, key="g"))
        await asyncio.sleep(0.2)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenExecutor):
            await asyncio.wait_for(stuck, 20)
        again = [await pool.call(os.getpid) for _ in range(4)]
        return pid, again

    pid, again = _run(main)
    assert pid not in again and all(again)


def test_light_bots_decide_in_the_server_and_others_in_a_worker():
    """With worker processes, a light bot (a rule: qwixo.bots.is_light) decides at once in
    the server; a search bot's decision goes to a worker."""
    import qwixo
    from qwixo.server.botrunner import BotRunner

    async def main():
        runner = BotRunner(processes=1)
        try:
            g = qwixo.new_game("qwixx", players=2, seed=4)
            g.roll([1, 1, 6, 6, 6, 6])
            light = await runner.decide("g", "gap", None, g, 1)
            started_after_light = [w is not None for w in runner.pool._workers]
            q = qwixo.new_game("quixo", size=3)
            searched = await runner.decide("q", "easy", 0.1, q, 0)
            started_after_search = [w is not None for w in runner.pool._workers]
            return g, light, started_after_light, q, searched, started_after_search
        finally:
            runner.close()

    g, light, after_light, q, searched, after_search = asyncio.run(main())
    assert qwixo.bots.is_light("qwixx", "gap") and not qwixo.bots.is_light("quixo", "easy")
    # (one worker process, and the fast lane's: a worker starts at its first request)
    assert light in g.options(1) and after_light == [False, False]
    assert searched in q.options(0) and after_search == [True, False]


def _descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (the workers are children of the fork server, itself a
    child of the server)."""
    parent = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_workers_leave_when_the_server_is_killed(tmp_path):
    """``kill -9`` of ``qwixo serve``: its bot worker processes (which hold only their end
    of a socket to it) and their fork server leave by themselves."""
    from proc_helpers import Server

    srv = Server(tmp_path / "q.sqlite", tmp_path / "data")
    try:
        g = srv.http.post("/api/games", json={
            "game": "quixo", "settings": {"size": 3},
            "seats": [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]}).json()
        deadline = time.time() + 60
        while time.time() < deadline:  # the workers decide the bots' moves
            if srv.http.get(f"/api/games/{g['id']}").json()["version"] >= 2:
                break
            time.sleep(0.2)
        workers = _descendants(srv.proc.pid)
        # the bots' worker and the hints' worker (with the fork server they came from)
        assert len(workers) >= 2
    finally:
        srv.kill9()
    deadline = time.time() + 20
    while time.time() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.2)
    assert not any(_alive(p) for p in workers)


def test_an_engine_runs_under_a_worker_and_its_failure_comes_back_with_its_reason():
    """``serve --engine``: an engine's process is a child of the worker process that decides
    for its seat (the server's isolation of bots), a crash comes back as its reason, and a
    finished game's engine stops."""
    import shlex
    import sys
    from pathlib import Path

    import qwixo
    from qwixo.bots import register_engine, unregister_engine
    from qwixo.engine import EngineFailure, EngineSpec
    from qwixo.server.botrunner import BotRunner

    bad = f"{shlex.quote(sys.executable)} {Path(__file__).resolve().parent.parent}/engines/" \
          "bad_engine.py"
    register_engine(EngineSpec.parse(f"wgood={bad} good"))
    register_engine(EngineSpec.parse(f"wcrash={bad} crash"))
    engine_pids = ("[b.proc.proc.pid for b in __import__('qwixo.server.botrunner').server"
                   ".botrunner._WORKER_BOTS.values() if getattr(b, 'proc', None)]")

    def parent(pid):
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])

    async def main():
        runner = BotRunner(processes=1)
        try:
            g = qwixo.new_game("quixo", size=3)
            assert await runner.decide("g1", "wgood", None, g, 0) in g.options(0)
            worker = await runner.pool.call(os.getpid, key="g1")
            [pid] = await runner.pool.call(eval, engine_pids, key="g1")
            assert parent(pid) == worker != os.getpid()
            with pytest.raises(EngineFailure) as err:
                await runner.decide("g2", "wcrash", None, g, 0)
            assert err.value.reason == "crashed"
            await runner.release("g1")
            assert await runner.pool.call(eval, engine_pids, key="g1") == []
            return pid
        finally:
            runner.close()

    try:
        pid = asyncio.run(main())
        assert not Path(f"/proc/{pid}").exists()
    finally:
        unregister_engine("wgood")
        unregister_engine("wcrash")


def test_warm_up_takes_turns_per_step_so_the_rules_do_not_wait_for_the_bots():
    """Another process compiling a game's bots (holding that step's lock) does not hold up
    the server's own warm-up of the rules; a rules step's holder does, until it lets go. The
    server takes the games in the other order than its bot workers."""
    import threading

    from qwixo.core import GAME_NAMES
    from qwixo.server.warmup import compile_lock, steps, warm_up

    assert [s[0] for s in steps(bots=False, reverse=True)] == [
        f"{n} rules" for n in reversed(GAME_NAMES)]
    last = GAME_NAMES[-1]
    with compile_lock(f"{last} bots"):  # a worker compiling the bots
        rules = threading.Thread(target=warm_up, kwargs={"bots": False})
        rules.start()
        rules.join(600)  # (a bound for a deadlock, not a timing)
        assert not rules.is_alive()
    done = threading.Event()
    with compile_lock(f"{GAME_NAMES[0]} rules"):  # a worker compiling the rules
        rules = threading.Thread(target=lambda: (warm_up(bots=False), done.set()))
        rules.start()
        assert not done.wait(0.5)
    rules.join(600)
    assert done.is_set()


def test_one_creators_bots_cannot_hold_up_another_creators_bot():
    """The bots' workers are shared between the games' creators in turn: however many games
    one creator's bots think in (here, searches that never end, some in games that ended
    meanwhile), they hold all the workers but one, and another creator's bot is answered at
    once."""
    import threading

    import qwixo
    from qwixo.server.botrunner import BotRunner

    release = threading.Event()

    class Thinker:
        def __init__(self, stuck):
            self.stuck = stuck

        def decide(self, game, seat):
            if self.stuck:
                release.wait(60)
            return game.options(seat)[0]

    runner = BotRunner(workers=2, processes=0)
    runner.bot = lambda game_id, seat, *a: Thinker(game_id.startswith("flood"))

    async def main():
        game = qwixo.new_game("quixo", size=3)
        flood = []
        for _ in range(2):  # games that end (resigned) while their bot thinks: the search
            # goes on in its worker, and holds its slot until it answers
            for f in flood:
                f.cancel()
            flood = [asyncio.ensure_future(runner.decide(f"flood{i}", "strong", 30.0, game,
                                                         0, owner="flooder"))
                     for i in range(20)]
            await asyncio.sleep(0.05)
        assert runner.bot_share.running["flooder"] == 1
        mine = await asyncio.wait_for(runner.decide("mine", "strong", 1.0, game, 0,
                                                    owner="someone else"), 10)
        assert mine in game.options(0) and not any(f.done() for f in flood)
        release.set()
        await asyncio.gather(*flood)
        while runner.bot_share.running:  # the abandoned search ends, its slot comes back
            await asyncio.sleep(0.01)

    try:
        asyncio.run(main())
    finally:
        release.set()
        runner.close()


def test_a_short_budget_is_answered_while_long_searches_hold_every_other_worker():
    """The fast lane: long searches (budgets over ``FAST_LANE_SECONDS``) of two creators hold
    every worker they may (one each, searches that never end), a third creator's long search
    waits for them, and a decision of a short budget is still answered — in the worker long
    searches never take."""
    import threading

    import qwixo
    from qwixo.server.botrunner import FAST_LANE_SECONDS, BotRunner

    release = threading.Event()
    started = []

    class Thinker:
        def __init__(self, game_id):
            self.game_id = game_id

        def decide(self, game, seat):
            started.append(self.game_id)
            if self.game_id.startswith("long"):
                release.wait(60)
            return game.options(seat)[0]

    runner = BotRunner(workers=2, processes=0)
    runner.bot = lambda game_id, seat, *a: Thinker(game_id)
    assert runner.bot_workers == 3
    assert runner.is_long("quixo", "strong", FAST_LANE_SECONDS + 1)
    assert not runner.is_long("quixo", "strong", None)  # its declared budget: 1 s
    assert not runner.is_long("quixo", "easy", None)  # a shipped bot of fixed depth

    async def main():
        game = qwixo.new_game("quixo", size=3)
        longs = [asyncio.ensure_future(runner.decide(f"long{k}", "strong", 30.0, game, 0,
                                                     owner=owner))
                 for k, owner in enumerate(["a", "a", "b", "b", "c"])]
        while runner.long_share.in_use < 2:
            await asyncio.sleep(0.01)
        short = await asyncio.wait_for(runner.decide("short", "strong", 0.5, game, 0,
                                                     owner="d"), 10)
        assert short in game.options(0)
        assert sorted(started[:2]) == ["long0", "long2"] and started[2] == "short"
        assert not any(f.done() for f in longs)
        assert runner.long_share.running == {"a": 1, "b": 1}  # c's long search waits
        release.set()
        await asyncio.gather(*longs)
        assert sorted(started) == ["long0", "long1", "long2", "long3", "long4", "short"]

    try:
        asyncio.run(main())
    finally:
        release.set()
        runner.close()
