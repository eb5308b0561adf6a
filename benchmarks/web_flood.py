"""Fair shares under a flood: the load of :mod:`web_load` (``--games`` concurrent games) on
several server processes sharing one PostgreSQL, with beside it

- a **bot flood** from one address (127.0.0.2): ``--flood-games`` games of two search bots
  with ``--flood-seconds`` (30 s) budgets, which keep bot workers busy for the whole run;
- a **rematch flood** from that address: a game against a search bot, resigned at once, then
  ``--rematches`` ``rematch`` messages on it; the rematch made is resigned and flooded again,
  for the whole run (how many were made, refused ``rematch_done``, ``too_many_games``);
- an **analysis flood**: ``--analysis-addresses`` addresses (127.0.0.20...) asking two
  analyses each at a time, of finished games made in the set-up, and replay steps of them;
- **probes**: ``--probes`` tables, each from its own address, a person against a search bot
  (Quixo 5x5 ``easy``, ``--probe-seconds`` budget) who moves as soon as the bot has moved and
  then asks a hint: the **bot's answer time** (from the state of the person's move to the
  state of the bot's, the server's ``--bot-delay`` included) against its budget, and the
  hints' answer times and refusals.

Each load table and probe creates its games from an address of its own (127.0.1.x,
127.0.2.x on loopback): the bots' workers are shared between creators, so the load's games
are many creators, as on a real server.

Usage::

    python benchmarks/web_flood.py                          # 200 games, 2 processes, 120 s
    python benchmarks/web_flood.py --games 50 --seconds 60  # a loaded machine

Prints web_load's figures of the load (the moves' p50/p99 per person action), then the
probes', the floods', the CPU used during the run (from ``/proc``: the servers' own processes
— their event loops — apart from their worker processes, PostgreSQL, and this script's own
``process_time``; per move of the load, a figure the machine's other work changes little),
and a last line ``bot_p99_ms: A budget_ms: B late: L/N moves_p99_ms: C hints_ok: D/E
loop_cpu_ms_per_move: F errors: G load: H cpus: I`` (``late``: probe answers more than 100 ms
past the budget; ``load``: the load average at the end, which says how much of the machine the
run had).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import ssl
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
from web_load import Plan, Run, cpu_of, family, pct, report, start_server
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

ATTACKER = "127.0.0.2"
#: one TLS context for every client (the servers are plain HTTP): httpx makes a new one per
#: transport otherwise, ~60 ms of this script's CPU each, for the ~450 addresses of a run
_TLS = ssl.create_default_context()


def client(url: str, address: str, **kw: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=url, timeout=120, transport=httpx.AsyncHTTPTransport(
        local_address=address, verify=_TLS), **kw)


def ws_url(url: str, game_id: str) -> str:
    return url.replace("http://", "ws://") + f"ws/{game_id}"


async def recv_until(ws, pred, timeout: float = 120.0) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            msg = json.loads(await ws.recv())
            if pred(msg):
                return msg


class LoadRun(Run):
    """web_load's run, each table creating its games from its own loopback address."""

    def __init__(self, urls, args, think) -> None:
        super().__init__(urls, args, think)
        self.tables: dict[int, list[httpx.AsyncClient]] = {}
        self._k = 0
        # every person connects from 127.0.0.1: its handshakes at once stay well under the
        # server's requests in progress per address (64), which refuses the others
        self.connect_gate = asyncio.Semaphore(16)

    async def person(self, game, seat, url, rng, counter, first) -> bool:
        try:
            return await super().person(game, seat, url, rng, counter, first)
        except InvalidHandshake as e:  # (refused before the WebSocket opened: an error)
            self.error(f"connect: {type(e).__name__}: {e}")
            if first:
                self.stats.expected -= 1
                if self.stats.connected >= self.stats.expected:
                    self.go.set()
            return False

    async def create(self, plan: Plan, rng: random.Random) -> dict[str, Any] | None:
        key = id(plan)
        if key not in self.tables:
            self._k += 1
            address = f"127.0.1.{self._k % 250 + 1}" if self._k < 250 else \
                f"127.0.3.{self._k % 250 + 1}"
            self.tables[key] = [client(u, address) for u in self.urls]
        http = rng.choice(self.tables[key])
        try:
            r = await http.post("/api/games", json={
                "game": plan.game, "settings": plan.settings, "seats": plan.seats})
        except httpx.HTTPError as e:
            self.error(f"create: {type(e).__name__}: {e}")
            return None
        if r.status_code != 201:
            self.error(f"create: {r.status_code} {r.text[:200]}")
            return None
        return r.json()


class Floods:
    def __init__(self, urls: list[str], args: argparse.Namespace, run: LoadRun) -> None:
        self.urls, self.args, self.run = urls, args, run
        self.bot_answers: list[float] = []
        self.hints: list[float] = []
        self.hint_refused: dict[str, int] = {}
        self.rematch: dict[str, int] = {}
        self.analyses: list[float] = []
        self.analysis_status: dict[int, int] = {}
        self.replays: list[float] = []
        self.finished: list[str] = []
        self.errors: list[str] = []

    def live(self) -> bool:
        return self.run.in_run()

    # -- set-up -----------------------------------------------------------------------
    async def prepare(self) -> None:
        """Finished games for the analysis flood (random moves to the ply limit), and the
        bot flood's games."""
        http = client(self.urls[0], "127.0.0.3")
        sem = asyncio.Semaphore(8)

        async def one(k: int) -> None:
            async with sem:
                r = await http.post("/api/games", json={
                    "game": "quixo", "settings": {"size": 5, "ply_limit": 40},
                    "seats": [{"kind": "human"}, {"kind": "human"}]})
                g = r.json()
                rng = random.Random(k)
                wss = [await connect(ws_url(self.urls[0], g["id"]), max_size=2**22)
                       for _ in range(2)]
                views = []
                for s, ws in enumerate(wss):
                    await ws.send(json.dumps({"type": "auth", "token": g["seats"][s]["token"]}))
                    views.append((await recv_until(ws, lambda m: m["type"] == "welcome"))["view"])
                view = views[0]
                while not view["is_over"]:
                    seat = view["to_act"][0]
                    opts = views[seat]["options"]
                    await wss[seat].send(json.dumps({"type": "choose",
                                                     "decision": rng.choice(opts)}))
                    n = view["version"] + 1
                    for s, ws in enumerate(wss):
                        views[s] = (await recv_until(ws, lambda m, n=n: m["type"] == "state"
                                                     and m["view"]["version"] >= n))["view"]
                    view = views[0]
                for ws in wss:
                    await ws.close()
                self.finished.append(g["id"])

        await asyncio.gather(*(one(k) for k in range(self.args.finished_games)))
        attacker = client(self.urls[0], ATTACKER)
        for _ in range(self.args.flood_games):
            bot = {"kind": "bot", "bot": "strong", "seconds": self.args.flood_seconds}
            r = await attacker.post("/api/games", json={
                "game": "quixo", "settings": {"size": 5}, "seats": [bot, bot]})
            if r.status_code != 201:
                self.errors.append(f"bot flood: {r.status_code} {r.text[:120]}")
        await http.aclose()
        await attacker.aclose()

    # -- the floods -------------------------------------------------------------------
    async def rematch_flood(self) -> None:
        http = client(self.urls[0], ATTACKER)
        r = await http.post("/api/games", json={
            "game": "quixo", "settings": {"size": 5},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "strong", "seconds": 5.0}]})
        game, token = r.json()["id"], r.json()["seats"][0]["token"]
        await http.aclose()
        while self.live():
            url = random.choice(self.urls)
            async with connect(ws_url(url, game), max_size=2**22,
                               local_addr=(ATTACKER, 0)) as ws:
                await ws.send(json.dumps({"type": "auth", "token": token}))
                await recv_until(ws, lambda m: m["type"] in ("welcome", "error"))
                await ws.send(json.dumps({"type": "resign", "id": "r"}))
                await recv_until(ws, lambda m: m.get("id") == "r")
                ready = None
                for k in range(self.args.rematches):
                    await ws.send(json.dumps({"type": "rematch", "id": k}))
                    m = await recv_until(ws, lambda m: m["type"] in ("rematch_ready", "error"))
                    key = "made" if m["type"] == "rematch_ready" else m.get("key", "?")
                    self.rematch[key] = self.rematch.get(key, 0) + 1
                    if m["type"] == "rematch_ready":
                        ready = m
                        await asyncio.sleep(0.01)  # (its ok; the next one goes as the flood)
                if ready is None:
                    await asyncio.sleep(1.0)
                    continue
                game, token = ready["game"], ready["token"]
                await asyncio.sleep(0.5)

    async def analysis_flood(self, address: str) -> None:
        http = client(random.choice(self.urls), address)
        rng = random.Random(address)

        async def asker() -> None:
            while self.live():
                gid = rng.choice(self.finished)
                t = time.perf_counter()
                r = await http.get(f"/api/games/{gid}/analysis")
                self.analysis_status[r.status_code] = self.analysis_status.get(
                    r.status_code, 0) + 1
                if r.status_code == 200:
                    self.analyses.append(time.perf_counter() - t)
                else:
                    await asyncio.sleep(0.5)
                t = time.perf_counter()
                r = await http.get(f"/api/games/{gid}/replay/{rng.randint(0, 40)}")
                if r.status_code == 200:
                    self.replays.append(time.perf_counter() - t)

        await asyncio.gather(asker(), asker())
        await http.aclose()

    async def probe(self, k: int) -> None:
        """A person against a search bot, from an address of its own: the bot's answer
        times, and a hint after each of the bot's moves."""
        address = f"127.0.2.{k + 1}"
        http = client(random.choice(self.urls), address)
        bot_seat = 1
        while self.live():
            r = await http.post("/api/games", json={
                "game": "quixo", "settings": {"size": 5},
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy",
                                              "seconds": self.args.probe_seconds}]})
            if r.status_code != 201:
                self.errors.append(f"probe create: {r.status_code}")
                await asyncio.sleep(1)
                continue
            g = r.json()
            async with connect(ws_url(random.choice(self.urls), g["id"]), max_size=2**22,
                               local_addr=(address, 0)) as ws:
                await ws.send(json.dumps({"type": "auth", "token": g["seats"][0]["token"]}))
                view = (await recv_until(ws, lambda m: m["type"] == "welcome"))["view"]
                rng = random.Random(k)
                moved_at = None
                n = 0
                while self.live() and not view["is_over"]:
                    if 0 in view["to_act"] and view["options"]:
                        n += 1
                        await ws.send(json.dumps({"type": "choose", "id": n,
                                                  "decision": rng.choice(view["options"])}))
                    msg = await recv_until(ws, lambda m: m["type"] in ("state", "error"),
                                           timeout=self.args.flood_seconds * 4)
                    if msg["type"] == "error":
                        continue
                    view = msg["view"]
                    ev = msg.get("event") or {}
                    if ev.get("seat") == 0:
                        moved_at = time.perf_counter()
                    elif ev.get("seat") == bot_seat and moved_at is not None:
                        self.bot_answers.append(time.perf_counter() - moved_at)
                        moved_at = None
                        if not view["is_over"] and 0 in view["to_act"]:
                            await self.hint(http, g)

    async def hint(self, http: httpx.AsyncClient, g: dict[str, Any]) -> None:
        t = time.perf_counter()
        r = await http.post(f"/api/games/{g['id']}/hint",
                            json={"token": g["seats"][0]["token"]})
        if r.status_code == 200:
            self.hints.append(time.perf_counter() - t)
        else:
            key = r.json().get("key", str(r.status_code))
            self.hint_refused[key] = self.hint_refused.get(key, 0) + 1

    async def guarded(self, coro) -> None:
        try:
            await coro
        except Exception as e:  # noqa: BLE001 - a flood that broke is reported, not fatal
            self.errors.append(f"{type(e).__name__}: {e}"[:200])

    async def all(self) -> None:
        await self.run.go.wait()
        await asyncio.gather(
            self.guarded(self.rematch_flood()),
            *(self.guarded(self.analysis_flood(f"127.0.0.{20 + i}"))
              for i in range(self.args.analysis_addresses)),
            *(self.guarded(self.probe(k)) for k in range(self.args.probes)))


def own_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) of these processes themselves, not of their children."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def ms(values: list[float]) -> str:
    v = [1000 * x for x in values]
    if not v:
        return "n 0"
    return f"n {len(v)}  p50 {pct(v, .5):.0f}  p99 {pct(v, .99):.0f}  max {max(v):.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--bot-processes", type=int, default=2,
                    help="each server's --bot-processes (default 2)")
    ap.add_argument("--flood-games", type=int, default=10)
    ap.add_argument("--flood-seconds", type=float, default=30.0)
    ap.add_argument("--rematches", type=int, default=20)
    ap.add_argument("--analysis-addresses", type=int, default=8)
    ap.add_argument("--finished-games", type=int, default=24)
    ap.add_argument("--analysis-seconds", type=float, default=5.0)
    ap.add_argument("--probes", type=int, default=4)
    ap.add_argument("--probe-seconds", type=float, default=0.5)
    ap.add_argument("--think", default="2,6")
    ap.add_argument("--bot-delay", type=float, default=0.4)
    ap.add_argument("--ack-timeout", type=float, default=10.0)
    ap.add_argument("--setup-seconds", type=float, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--qwixx", type=float, default=0.5)
    ap.add_argument("--two-people", type=float, default=0.25)
    ap.add_argument("--sync", default="normal")
    ap.add_argument("--server-log", default=None)
    args = ap.parse_args(argv)
    args.server_debug = False
    args.think_text = args.think
    args.serve_arg = ["--bot-processes", str(args.bot_processes),
                      "--analysis-seconds", str(args.analysis_seconds)]
    think = (0.0, 0.0) if args.think.strip() == "0" else tuple(
        float(x) for x in args.think.split(","))
    from qwixo.server.pg_local import PgServer

    pg = PgServer()
    procs: list[subprocess.Popen] = []
    tmp = tempfile.TemporaryDirectory(prefix="qwixo-flood-")
    try:
        db = pg.new_database()
        db = f"postgresql://{pg.user}@/{db.rsplit('/', 1)[1]}?host={pg.root}&port={pg.port}"
        urls = []
        for k in range(args.processes):
            log = f"{args.server_log}.{k}" if args.server_log else None
            proc, url = start_server(db, tmp.name, args, log)
            procs.append(proc)
            urls.append(url)
        run = LoadRun(urls, args, think)
        floods = Floods(urls, args, run)

        with open(os.path.join(pg.data, "postmaster.pid")) as f:
            pg_pid = int(f.readline())
        mains = [proc.pid for proc in procs]

        def cpu_now() -> tuple[float, float, float, float]:
            """CPU seconds so far: the servers' own processes (their event loops and
            threads), their bot/hint/analysis/read workers, PostgreSQL, this script."""
            workers = [p for m in mains for p in family(m) if p != m]
            return (own_cpu(mains), cpu_of(workers), cpu_of(family(pg_pid)),
                    time.process_time())

        async def go() -> tuple[float, tuple[float, ...]]:
            t = time.time()
            await floods.prepare()
            print(f"flood set-up: {len(floods.finished)} finished games, "
                  f"{args.flood_games} two-bot games of {args.flood_seconds:g} s bots "
                  f"({time.time() - t:.1f} s)", flush=True)
            flood = asyncio.ensure_future(floods.all())
            task = asyncio.ensure_future(run.main())
            await run.go.wait()
            cpu0 = cpu_now()  # (from the start of the run: the set-up is not counted)
            wall = await task
            cpu1 = cpu_now()
            flood.cancel()
            return wall, tuple(b - a for a, b in zip(cpu0, cpu1, strict=True))

        try:  # this script must not be the bottleneck: the fast loop where there is one
            import uvloop

            wall, cpu = uvloop.run(go())
        except ImportError:
            wall, cpu = asyncio.run(go())
        healths = [httpx.get(u + "api/health", params={"since": run.stats.started},
                             timeout=30).json() for u in urls]
        load = os.getloadavg()
        report(args, f"{args.processes} processes on postgresql", urls, run.stats, wall,
               (cpu[0] + cpu[1], cpu[2], cpu[3]), healths, load)
        moves = max(1, run.stats.all_moves)
        print(f"CPU during the run (% of one core, ms per load move): the servers' event "
              f"loops {100 * cpu[0] / wall:.0f}% {1000 * cpu[0] / moves:.2f}  their workers "
              f"(bots, hints, analyses, reads) {100 * cpu[1] / wall:.0f}%  database "
              f"{100 * cpu[2] / wall:.0f}% {1000 * cpu[2] / moves:.2f}  this client "
              f"{100 * cpu[3] / wall:.0f}% {1000 * cpu[3] / moves:.2f}")
        budget = 1000 * (args.probe_seconds + args.bot_delay)
        bot = [1000 * x for x in floods.bot_answers]
        over = sum(1 for x in bot if x > budget + 100)
        print(f"probe bots (budget {args.probe_seconds:g} s + bot delay {args.bot_delay:g} s "
              f"= {budget:.0f} ms) answer ms: {ms(floods.bot_answers)}  over budget+100 ms: "
              f"{over}")
        print(f"hints ms: {ms(floods.hints)}  refused: {floods.hint_refused or 0}")
        print(f"rematch flood: {floods.rematch}")
        print(f"analysis flood: {ms(floods.analyses)}  statuses: {floods.analysis_status}")
        print(f"replays ms: {ms(floods.replays)}")
        for e in floods.errors[:10]:
            print(f"flood error: {e}")
        lat = [1000 * x for x in run.stats.latencies]
        print(f"bot_p99_ms: {pct(bot, .99):.0f} budget_ms: {budget:.0f} late: {over}/{len(bot)} "
              f"moves_p99_ms: {pct(lat, .99):.1f} hints_ok: {len(floods.hints)}/"
              f"{len(floods.hints) + sum(floods.hint_refused.values())} loop_cpu_ms_per_move: "
              f"{1000 * cpu[0] / moves:.2f} errors: {len(run.stats.errors)} load: "
              f"{load[0]:.1f} cpus: {os.cpu_count()}")
        return 0
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        pg.stop()
        tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
