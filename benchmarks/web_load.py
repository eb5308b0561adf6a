"""Load benchmark of the web server on loopback: many concurrent games of people and bots.

What it models (the defaults; every number is an option):

- ``--games`` **concurrent games**, kept at that number for the whole run: when a game ends
  its table starts a new game of the same kind at once (``POST /api/games``, then its people
  connect), as people who play again. Half are Qwixx (``--qwixx 0.5``; classic, 3 players),
  half Quixo 5×5 (2 players).
- **Every game has at least one person**; a quarter (``--two-people 0.25``) have two. The
  other seats are the server's bots: Quixo ``easy``, Qwixx ``gap`` (light bots, ~1 ms of CPU
  per decision; a search bot costs its whole time budget per move and is bounded by cores,
  not by the server). The server paces bots as for people: ``--bot-delay`` (default 0.4 s, as
  ``qwixo serve``).
- **A person is one WebSocket client** of this script. It acts when the view says it must
  (Qwixx: rolls when it is the roller, decides in action 1 and action 2; Quixo: moves) after a
  **think time drawn uniformly from** ``--think`` (default ``2,6`` seconds, mean 4 s; a
  person's first action after the start waits a uniform 0..hi so that the games do not all
  move at once), and picks a uniformly random legal option. About 1.25 people per game and one
  action per ~4 s make ~300 person actions per second for 1,000 games; the bots' decisions
  and rolls come on top (``all moves/s``).
- **Latency per person action** = from sending ``roll``/``choose`` to receiving the ``state``
  message that carries that action (its ``event`` is this seat's, newer than the version the
  person saw): validation, the engine, the database commit and the broadcast. With several
  processes each person connects to a process drawn at random (a load balancer), so a game's
  people, its bots (run by the process holding the game's lease) and its creation are often
  on different processes, and moves cross between them through PostgreSQL ``NOTIFY``.
- **Errors**: an ``error`` message, an action not acknowledged within ``--ack-timeout``
  (10 s), a refused game creation, a connection that fails or closes before its game is over,
  a client exception — each counts.

The games are created and every person connected before the clock starts (the games start
together), then the run lasts ``--seconds``; afterwards no new action is sent, the ones in
flight are waited for, and everything stops by itself.

``--compare`` runs, in the same invocation, one process on SQLite and then two processes on one
PostgreSQL (a throwaway cluster from :mod:`qwixo.server.pg_local`, or ``--pg-url``), and prints
a table of moves/s, p50/p99 per person action and errors.

Usage::

    python benchmarks/web_load.py                        # 200 games, one process on SQLite
    python benchmarks/web_load.py --compare --games 1000 # the issue's figure
    python benchmarks/web_load.py --think 0 --games 50   # saturation: no think time

Prints the figures; the last line is ``p50_ms: A p99_ms: B errors: N`` (with ``--compare``, one
such line per setup, its name first).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect

try:  # the client must not be the bottleneck: parse the views fast
    from orjson import loads
except ImportError:  # pragma: no cover
    from json import loads
from websockets.exceptions import ConnectionClosed

from qwixo.server.serve_process import ServeProcess


def start_server(db: str, data: str, args: argparse.Namespace,
                 log: str | None = None) -> tuple[subprocess.Popen, str]:
    """``qwixo serve`` on ``db`` (an SQLite file or a PostgreSQL URL): (process, its URL).
    The per-address limits are lifted: every client of this script comes from 127.0.0.1."""
    env = {"QWIXO_DATA": data}
    if args.server_debug:  # asyncio debug mode: the server logs every callback that blocks
        env["PYTHONASYNCIODEBUG"] = "1"
    try:
        s = ServeProcess("--db", db, "--bot-delay", str(args.bot_delay), "--http-rate",
                         "100000", "--sync", args.sync, "--ws-per-address", "1000000",
                         *args.serve_arg, env=env, log=log, keep_output=False)
    except RuntimeError as e:
        raise SystemExit(str(e)) from None
    return s.proc, str(s.url)


def cpu_of(pids: list[int]) -> float:
    """CPU seconds (user + system) used so far by these processes and their children that
    have ended (Linux ``/proc``); a vanished process counts 0."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def family(pid: int) -> list[int]:
    """``pid`` and its living descendants (the bot worker processes, PostgreSQL's backends)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, person actions in the run
    errors: list[str] = field(default_factory=list)
    all_moves: int = 0        # every event (people, bots, server rolls) during the run
    games_done: int = 0       # games that ended during the run
    games_started: int = 0    # replacement games created during the run
    connected: int = 0
    expected: int = 0
    started: float = 0.0      # epoch seconds when the run started (everyone connected)
    lag: list[float] = field(default_factory=list)


@dataclass
class Plan:
    """The kind of one table: its game, settings and who sits where."""

    game: str
    settings: dict[str, Any]
    seats: list[dict[str, Any]]

    @property
    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]


def make_plan(rng: random.Random, args: argparse.Namespace) -> Plan:
    people = 2 if rng.random() < args.two_people else 1
    if rng.random() < args.qwixx:
        game, settings, n, bot = "qwixx", {"players": 3}, 3, "gap"
    else:
        game, settings, n, bot = "quixo", {"size": 5}, 2, "easy"
    humans = set(rng.sample(range(n), people))
    seats = [{"kind": "human"} if i in humans else {"kind": "bot", "bot": bot}
             for i in range(n)]
    return Plan(game, settings, seats)


class Run:
    """One measurement: the tables, their people, the figures."""

    def __init__(self, urls: list[str], args: argparse.Namespace,
                 think: tuple[float, float]) -> None:
        self.urls = urls
        self.args = args
        self.think = think
        self.stats = Stats()
        self.rng = random.Random(args.seed)
        self.go = asyncio.Event()
        self.stop_at = float("inf")   # no new action after this (epoch seconds)
        self.http = [httpx.AsyncClient(base_url=u, timeout=60,
                                       limits=httpx.Limits(max_connections=32))
                     for u in urls]
        self.connect_gate = asyncio.Semaphore(64)

    def in_run(self) -> bool:
        return self.go.is_set() and time.time() < self.stop_at

    def error(self, what: str) -> None:
        if self.stats.started and time.time() < self.stop_at + self.args.ack_timeout + 5:
            self.stats.errors.append(what)
        elif not self.stats.started:
            self.stats.errors.append("before the start: " + what)

    async def create(self, plan: Plan, rng: random.Random) -> dict[str, Any] | None:
        http = rng.choice(self.http)
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

    async def person(self, game: dict[str, Any], seat: int, url: str, rng: random.Random,
                     counter: bool, first: bool) -> bool:
        """One person at ``seat`` until the game ends (True) or the run does (False)."""
        token = game["seats"][seat]["token"]
        ws_url = url.replace("http://", "ws://") + f"ws/{game['id']}"
        try:
            async with self.connect_gate:
                ws = await connect(ws_url, max_size=2**22, open_timeout=120,
                                   ping_interval=None, close_timeout=2)
        except (OSError, TimeoutError, ConnectionClosed) as e:
            self.error(f"connect: {type(e).__name__}: {e}")
            if first:
                self.stats.expected -= 1
                if self.stats.connected >= self.stats.expected:
                    self.go.set()
            return False
        try:
            return await self._play(ws, token, seat, rng, counter, first)
        except ConnectionClosed as e:
            self.error(f"closed by the server: {e}")
            return False
        except Exception as e:  # noqa: BLE001 - counted as an error of the run
            self.error(f"{type(e).__name__}: {e}")
            return False
        finally:
            await ws.close()

    async def _play(self, ws, token: str, seat: int, rng: random.Random, counter: bool,
                    first: bool) -> bool:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        msg = loads(await asyncio.wait_for(ws.recv(), 120))
        if msg["type"] != "welcome":
            raise RuntimeError(f"not welcomed: {msg}")
        view = msg["view"]
        seen = view["version"]  # events counted up to here (counter only)
        if first:
            self.stats.connected += 1
            if self.stats.connected >= self.stats.expected:
                self.go.set()  # every person is connected: the games start together
            await self.go.wait()
            seen = view["version"]
        lo, hi = self.think
        act_at = time.time() + (rng.uniform(0, hi) if first else rng.uniform(lo, hi))
        pending: tuple[int, float, int] | None = None  # (id, sent at, version seen)
        next_id = 0
        while True:
            now = time.time()
            if view["is_over"]:
                return True
            must = (view["needs_roll"] and view["roller"] == seat) or (
                seat in view["to_act"] and view["options"] and view["my_pending"] is None)
            if pending is not None:
                wait = pending[1] + self.args.ack_timeout - time.perf_counter()
                if wait <= 0:
                    self.error(f"no answer within {self.args.ack_timeout} s")
                    return False
            elif must and now >= self.stop_at:
                return False  # the run is over: nobody acts any more
            elif must and now >= act_at:
                next_id += 1
                if view["needs_roll"]:
                    out = {"type": "roll", "id": next_id}
                else:
                    out = {"type": "choose", "id": next_id,
                           "decision": rng.choice(view["options"])}
                pending = (next_id, time.perf_counter(), view["version"])
                await ws.send(json.dumps(out))
                continue
            elif must:
                wait = act_at - now
            else:
                wait = max(0.1, self.stop_at + self.args.ack_timeout - now)
                if now > self.stop_at + self.args.ack_timeout:
                    return False
            try:  # (asyncio.timeout: no task per message, unlike wait_for)
                async with asyncio.timeout(min(wait, 30.0)):
                    raw = await ws.recv()
            except TimeoutError:
                continue
            msg = loads(raw)
            kind = msg["type"]
            if kind in ("welcome", "state"):
                newer = msg["view"]["version"] >= view["version"]
                if newer:
                    was_waiting = not must
                    view = msg["view"]
                    must_now = (view["needs_roll"] and view["roller"] == seat) or (
                        seat in view["to_act"] and view["options"]
                        and view["my_pending"] is None)
                    if must_now and (was_waiting or pending is not None):
                        act_at = time.time() + rng.uniform(lo, hi)  # a new decision to think
                ev = msg.get("event")
                if counter and newer and self.in_run():
                    self.stats.all_moves += max(0, view["version"] - seen)
                    seen = max(seen, view["version"])
                if (pending is not None and ev and ev.get("seat") == seat
                        and ev.get("n", 0) > pending[2]):
                    if time.time() < self.stop_at + self.args.ack_timeout:
                        self.stats.latencies.append(time.perf_counter() - pending[1])
                    pending = None
            elif kind == "error":
                self.error(f"{msg.get('key')}: {msg.get('text')}")
                if pending is not None and msg.get("id") == pending[0]:
                    pending = None
                    act_at = time.time() + rng.uniform(lo, hi)
            elif kind == "ok" and pending is not None and msg.get("id") == pending[0]:
                # (the state of the change comes first; an ok alone means it was not seen)
                self.error("ok without the state of the change")
                pending = None

    async def main(self) -> float:
        """Create the tables, start them together, run ``--seconds``; the run's wall time."""
        n = self.args.games
        gate = asyncio.Semaphore(32)  # game creations at once while setting up
        tasks = [asyncio.ensure_future(self.table(k, gate)) for k in range(n)]
        t_setup = time.time()
        try:
            await asyncio.wait_for(self.go.wait(), timeout=self.args.setup_seconds)
        except TimeoutError:
            self.stats.errors.append(f"only {self.stats.connected}/{self.stats.expected} "
                                     f"people connected in {self.args.setup_seconds} s")
            self.go.set()
        print(f"set-up: {n} games, {self.stats.connected} people connected in "
              f"{time.time() - t_setup:.1f} s", flush=True)
        self.stats.started = time.time()
        self.stop_at = self.stats.started + self.args.seconds
        # this one process plays ~1,250 people: its own garbage collector must not stall them
        # all at once (a person's browser holds one game, not 1,250), as the server does not
        # (qwixo.server.app._quiet_collector): the set-up's objects frozen, young ones collected
        # every 50,000
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(50_000, 20, 10)
        t0 = time.perf_counter()
        lag = asyncio.ensure_future(self.loop_lag())
        try:
            await asyncio.gather(*tasks)
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
        lag.cancel()
        for c in self.http:
            await c.aclose()
        return min(time.perf_counter() - t0, self.args.seconds)

    async def table(self, k: int, gate: asyncio.Semaphore) -> None:
        """Table ``k``: a game, then a new one of the same kind when it ends, until the end of
        the run (its first game is created under ``gate``: a bounded set-up)."""
        rng = random.Random(self.rng.random())
        plan = make_plan(rng, self.args)
        self.stats.expected += len(plan.people)
        async with gate:
            game = await self.create(plan, rng)
        if game is None:
            self.stats.expected -= len(plan.people)
            if self.stats.connected >= self.stats.expected:
                self.go.set()
            return
        first = True
        while True:
            people = plan.people
            results = await asyncio.gather(*(
                self.person(game, seat, rng.choice(self.urls), random.Random(rng.random()),
                            counter=(j == 0), first=first)
                for j, seat in enumerate(people)))
            first = False
            if not (all(results) and self.in_run()):
                return
            self.stats.games_done += 1
            game = await self.create(plan, rng)
            if game is None:
                return
            self.stats.games_started += 1

    async def loop_lag(self) -> None:
        """How late this client's own event loop wakes up (a slow client inflates latencies)."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.05)
            self.stats.lag.append(time.perf_counter() - t - 0.05)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    ap.add_argument("--qwixx", type=float, default=0.5,
                    help="fraction of Qwixx games (3 players); the rest Quixo 5x5")
    ap.add_argument("--two-people", type=float, default=0.25,
                    help="fraction of games with two people (the others have one)")
    ap.add_argument("--think", default="2,6",
                    help="a person's think time per action in seconds, 'lo,hi' (uniform) or "
                         "0 (default 2,6)")
    ap.add_argument("--bot-delay", type=float, default=0.4,
                    help="the server's --bot-delay (default 0.4, as qwixo serve)")
    ap.add_argument("--seconds", type=float, default=120, help="length of the run (default 120)")
    ap.add_argument("--ack-timeout", type=float, default=10.0,
                    help="an action not acknowledged within this many seconds is an error")
    ap.add_argument("--setup-seconds", type=float, default=600,
                    help="time allowed to create the games and connect everyone")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sync", default="normal", choices=["normal", "full"],
                    help="the SQLite durability mode (qwixo serve --sync)")
    ap.add_argument("--compare", action="store_true",
                    help="one process on SQLite, then two processes on PostgreSQL")
    ap.add_argument("--only", choices=["sqlite", "postgresql"], default=None,
                    help="with --compare: run only this setup (development)")
    ap.add_argument("--processes", type=int, default=2,
                    help="with --compare: the number of processes on PostgreSQL (default 2)")
    ap.add_argument("--pg-url", default=None,
                    help="with --compare: this PostgreSQL database (default: a throwaway one)")
    ap.add_argument("--pg-tcp", action="store_true",
                    help="reach the throwaway PostgreSQL over TCP on 127.0.0.1 (default: its "
                         "Unix socket, as a server on the same machine would)")
    ap.add_argument("--serve-arg", action="append", default=[],
                    help="an extra argument for every qwixo serve (repeatable)")
    ap.add_argument("--server-log", default=None, help="append the server's output to FILE")
    ap.add_argument("--server-debug", action="store_true",
                    help="run the server's event loop in asyncio debug mode (diagnosis only)")
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    args = ap.parse_args(argv)
    args.think_text = args.think
    think = (0.0, 0.0) if args.think.strip() == "0" else tuple(
        float(x) for x in args.think.split(","))
    if not args.compare:
        figures = measure(args, think, "sqlite", 1)
        return 0 if not figures["errors"] else 1
    setups = [("sqlite", 1), ("postgresql", args.processes)]
    rows = [measure(args, think, b, n) for b, n in setups if args.only in (None, b)]
    print(f"\n{'setup':<28} {'moves/s':>8} {'people/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'errors':>7}")
    for r in rows:
        print(f"{r['setup']:<28} {r['moves_s']:>8.0f} {r['people_s']:>8.0f} {r['p50']:>8.1f} "
              f"{r['p99']:>8.1f} {r['errors']:>7}")
    for r in rows:
        print(f"{r['setup']}: p50_ms: {r['p50']:.1f} p99_ms: {r['p99']:.1f} "
              f"errors: {r['errors']}")
    return 0 if not any(r["errors"] for r in rows) else 1


def measure(args: argparse.Namespace, think: tuple[float, float], backend: str,
            processes: int) -> dict[str, Any]:
    """Start ``processes`` servers on ``backend``, play, print the figures, stop them."""
    procs: list[subprocess.Popen] = []
    tmp = tempfile.TemporaryDirectory(prefix="qwixo-load-")
    pg = None
    pg_pid = None
    try:
        if args.url:
            urls = [args.url]
        else:
            if backend == "postgresql":
                db = args.pg_url
                if db is None:
                    from qwixo.server.pg_local import PgServer

                    pg = PgServer()
                    db = pg.new_database()
                    if not args.pg_tcp:  # same machine: PostgreSQL's Unix socket
                        db = (f"postgresql://{pg.user}@/{db.rsplit('/', 1)[1]}"
                              f"?host={pg.root}&port={pg.port}")
                    with open(os.path.join(pg.data, "postmaster.pid")) as f:
                        pg_pid = int(f.readline())
            else:
                db = os.path.join(tmp.name, "load.sqlite")
            urls = []
            for k in range(processes):
                log = f"{args.server_log}.{k}" if args.server_log and processes > 1 else \
                    args.server_log
                proc, url = start_server(db, tmp.name, args, log)
                procs.append(proc)
                urls.append(url)

        def server_pids() -> list[int]:
            return [p for proc in procs for p in family(proc.pid)]

        def db_pids() -> list[int]:
            return family(pg_pid) if pg_pid else []

        run = Run(urls, args, think)

        async def measured() -> tuple[float, float, float, float]:
            # the CPU is counted from the start of the run (after the set-up)
            task = asyncio.ensure_future(run.main())
            await run.go.wait()
            cpu0 = (cpu_of(server_pids()), cpu_of(db_pids()), time.process_time())
            wall = await task
            return (wall, cpu_of(server_pids()) - cpu0[0], cpu_of(db_pids()) - cpu0[1],
                    time.process_time() - cpu0[2])

        try:
            import uvloop  # the client side must not be the bottleneck: use the fast loop

            wall, cpu, db_cpu, client_cpu = uvloop.run(measured())
        except ImportError:
            wall, cpu, db_cpu, client_cpu = asyncio.run(measured())
        load = os.getloadavg()
        healths = [httpx.get(u + "api/health", params={"since": run.stats.started},
                             timeout=30).json() for u in urls]
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        if pg is not None:
            pg.stop()
        tmp.cleanup()
    setup = f"{processes} process{'es' if processes > 1 else ''} on {backend}"
    stats = run.stats
    report(args, setup, urls, stats, wall, (cpu, db_cpu, client_cpu), healths, load)
    lat = [x * 1000 for x in stats.latencies]
    return {"setup": setup, "moves_s": stats.all_moves / wall if wall else 0.0,
            "people_s": len(lat) / wall if wall else 0.0,
            "p50": pct(lat, .5), "p99": pct(lat, .99), "errors": len(stats.errors)}


def report(args: argparse.Namespace, setup: str, urls: list[str], stats: Stats, wall: float,
           cpus: tuple[float, float, float], healths: list[dict[str, Any]],
           load: tuple[float, float, float]) -> None:
    lat = [x * 1000 for x in stats.latencies]
    cpu, db_cpu, client_cpu = cpus
    print(f"== {setup}: {' '.join(urls)}  games: {args.games} (Qwixx {args.qwixx:.0%}, two "
          f"people {args.two_people:.0%})  think: {args.think_text} s  bot delay: "
          f"{args.bot_delay} s  cpus: {os.cpu_count()}  load average: "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"wall: {wall:.1f} s  person actions: {len(lat)} ({len(lat) / wall:.0f}/s)  all "
          f"moves: {stats.all_moves} ({stats.all_moves / wall:.0f}/s)  games ended: "
          f"{stats.games_done}, new games: {stats.games_started}")
    if lat:
        print(f"latency per person action ms: p50 {pct(lat, .5):.1f}  p90 {pct(lat, .9):.1f}  "
              f"p99 {pct(lat, .99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
    if stats.all_moves:
        per = 1000 / stats.all_moves
        print(f"CPU (% of one core, ms per move): servers {100 * cpu / wall:.0f}% "
              f"{cpu * per:.2f}  database {100 * db_cpu / wall:.0f}% {db_cpu * per:.2f}  "
              f"this client {100 * client_cpu / wall:.0f}% {client_cpu * per:.2f}")
    for k, health in enumerate(healths):
        name = f"server {k + 1}" if len(healths) > 1 else "server"
        if health.get("commits"):  # since the server started (the set-up included)
            print(f"{name}: {health['writes']} changes written in {health['commits']} "
                  f"transactions ({health['writes'] / health['commits']:.2f} a transaction)")
        for key, what in (("act_ms", "decision (validate, commit, broadcast)"),
                          ("commit_ms", "database commit"), ("loop_lag_ms", "event-loop lag"),
                          ("gc_ms", "garbage collection pauses (gen 1-2)")):
            a = health.get(key) or {}
            if a.get("n"):
                print(f"{name}: {what} ms: p50 {a['p50']}  p99 {a['p99']}  max {a['max']}"
                      + (f"  ({a['n']} passes)" if key == "gc_ms" else ""))
        for lane, a in (health.get("bot_wait_ms") or {}).items():
            if a.get("n"):
                print(f"{name}: bot decisions of the {lane} lane waited for a worker ms: "
                      f"n {a['n']}  p50 {a['p50']}  p99 {a['p99']}  max {a['max']}")
    if stats.lag:
        lag = [x * 1000 for x in stats.lag]
        print(f"client event-loop lag ms: p50 {pct(lag, .5):.1f}  p99 {pct(lag, .99):.1f}")
    counts: dict[str, int] = {}
    for e in stats.errors:
        counts[e[:160]] = counts.get(e[:160], 0) + 1
    for e, c in sorted(counts.items(), key=lambda x: -x[1])[:10]:
        print(f"error ({c}x): {e}")
    print(f"p50_ms: {pct(lat, .5):.1f} p99_ms: {pct(lat, .99):.1f} errors: {len(stats.errors)}")


if __name__ == "__main__":
    sys.exit(main())
