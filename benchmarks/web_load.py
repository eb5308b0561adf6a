"""Load benchmark of the web server on loopback: many concurrent games through the WebSocket API.

Starts ``qwixo serve`` (subprocess, 127.0.0.1, a free port, a temporary database), creates
``--games`` Quixo 5×5 games whose two seats are both driven by WebSocket clients of this script
(two connections per game), and lets every client play uniformly random legal moves, each
after a think time drawn uniformly from ``--think`` (seconds, "lo,hi"; ``0`` = as fast as
possible). The default, 0.5-1.5 s, is the pace of a bot game in the browser (the server's bot
delay is 0.4 s) — 200 games then make ~200 moves per second; ``--think 0`` measures the
saturation throughput instead (a closed loop: latency then grows with the number of games). Every game has a ply limit (``--plies``), so the run is bounded in work; it is also
bounded in time (``--seconds``) and stops by itself.

Move latency = from sending ``choose`` to receiving the server's ``ok`` for it, which covers
validation, the engine, the SQLite commit (WAL, synchronous=FULL, group commit) and the
broadcast of the new state to both seats.

``--bot-games F``: that fraction of the games is a person against the server's ``random`` bot
(only the person's moves are timed). ``--compare``: in the same run, one process on SQLite and
then two processes on one PostgreSQL (a throwaway cluster from
:mod:`qwixo.server.pg_local`, or ``--pg-url``), the two seats of each game connected to
different processes — a table of moves/s, p50/p99 per move and errors at the end.

Usage::

    python benchmarks/web_load.py                       # 200 games, think 0.5-1.5 s
    python benchmarks/web_load.py --games 300 --think 0 # saturation: no think time
    python benchmarks/web_load.py --compare --games 1000 --bot-games 0.5

Prints the figures; the last line is ``p50_ms: A p99_ms: B errors: N`` (with ``--compare``, one
such line per setup, its name first).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect

URL_RE = re.compile(r"serving on (http://127\.0\.0\.1:\d+/)")


def start_server(db: str, data: str, sync: str, log: str | None = None,
                 debug: bool = False) -> tuple[subprocess.Popen, str]:
    """``qwixo serve`` on ``db`` (an SQLite file or a PostgreSQL URL): (process, its URL)."""
    env = dict(os.environ, QWIXO_DATA=data, QWIXO_LANG="en")
    if debug:  # asyncio debug mode: the server logs every callback that blocks its loop
        env["PYTHONASYNCIODEBUG"] = "1"
    proc = subprocess.Popen(
        [sys.executable, "-m", "qwixo", "serve", "--host", "127.0.0.1", "--port", "0",
         "--db", db, "--bot-delay", "0", "--http-rate", "10000", "--sync", sync,
         "--ws-per-address", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    deadline = time.time() + 180
    lines = []
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        m = URL_RE.search(line)
        if m:
            def drain() -> None:
                with open(log or os.devnull, "a") as out:
                    for text in proc.stdout:
                        out.write(text)
            threading.Thread(target=drain, daemon=True).start()
            return proc, m.group(1)
    proc.kill()
    raise SystemExit("the server did not start:\n" + "".join(lines))


def proc_cpu(proc: subprocess.Popen | None) -> float:
    """CPU seconds (user + system) used so far by the server process (Linux)."""
    if proc is None:
        return float("nan")
    try:
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.finished = 0
        self.moves = 0
        self.lag: list[float] = []
        self.connected = 0
        self.expected = 0
        self.started = 0.0  # epoch seconds when the games started (all clients connected)


async def seat_client(ws_url: str, token: str, seat: int, stats: Stats, think: tuple[float, float],
                      stop_at: float, rng: random.Random, go: asyncio.Event) -> None:
    pending: dict[int, float] = {}
    next_id = 0
    try:
        async with connect(ws_url, max_size=2**22, open_timeout=120, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "auth", "token": token}))
            first = json.loads(await ws.recv())
            if first["type"] != "welcome":
                raise RuntimeError(f"not welcomed: {first}")
            view = first["view"]
            stats.connected += 1
            if stats.connected == stats.expected:
                go.set()  # every client is connected: the games start together
            await go.wait()
            if seat in view["to_act"] and view["options"]:
                await asyncio.sleep(rng.uniform(*think))
                next_id += 1
                pending[next_id] = time.perf_counter()
                await ws.send(json.dumps({"type": "choose", "id": next_id,
                                          "decision": rng.choice(view["options"])}))
            while time.time() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.time()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "ok":
                    sent = pending.pop(msg.get("id"), None)
                    if sent is not None:
                        stats.latencies.append(time.perf_counter() - sent)
                        stats.moves += 1
                    continue
                if kind == "error":
                    stats.errors.append(f"{msg.get('key')}: {msg.get('text')}")
                    pending.pop(msg.get("id"), None)
                    continue
                if kind in ("welcome", "state"):
                    view = msg["view"]
                else:
                    continue
                if view["is_over"]:
                    if seat == 0:
                        stats.finished += 1
                    return
                if seat in view["to_act"] and view["options"] and not pending:
                    if think[1] > 0:
                        await asyncio.sleep(rng.uniform(*think))
                    next_id += 1
                    pending[next_id] = time.perf_counter()
                    await ws.send(json.dumps({"type": "choose", "id": next_id,
                                              "decision": rng.choice(view["options"])}))
    except Exception as e:  # noqa: BLE001 - counted as an error of the run
        stats.errors.append(f"{type(e).__name__}: {e}")


async def run(urls: list[str], games: int, plies: int, think: tuple[float, float],
              seconds: float, seed: int, bot_games: float = 0.0) -> tuple[Stats, float]:
    """Create the games (game i on server i mod n) and play them; seat s of game i connects
    to server (i + s) mod n, so with two servers the seats of a game are on different ones."""
    stats = Stats()
    rng = random.Random(seed)
    created = []
    for i in range(games):
        bot = rng.random() < bot_games
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"} if bot else {"kind": "human"}]
        async with httpx.AsyncClient(base_url=urls[i % len(urls)], timeout=60) as http:
            r = await http.post("/api/games", json={
                "game": "quixo", "settings": {"size": 5, "ply_limit": plies}, "seats": seats})
        if r.status_code != 201:
            stats.errors.append(f"create: {r.status_code} {r.text[:200]}")
            continue
        created.append((i, r.json(), 1 if bot else 2))
    stop_at = time.time() + seconds
    go = asyncio.Event()
    stats.expected = sum(people for _, _, people in created)
    tasks = []
    for i, g, people in created:
        for seat in range(people):
            ws_base = urls[(i + seat) % len(urls)].replace("http://", "ws://")
            tasks.append(asyncio.ensure_future(seat_client(
                f"{ws_base}ws/{g['id']}", g["seats"][seat]["token"], seat, stats, think,
                stop_at, random.Random(rng.random()), go)))
    try:
        await asyncio.wait_for(go.wait(), timeout=max(1.0, stop_at - time.time()))
    except TimeoutError:
        stats.errors.append(f"only {stats.connected}/{stats.expected} clients connected")
        go.set()
    stats.started = time.time()
    t0 = time.perf_counter()
    lag_task = asyncio.ensure_future(loop_lag(stats, stop_at))
    await asyncio.gather(*tasks)
    lag_task.cancel()
    return stats, time.perf_counter() - t0


async def loop_lag(stats: Stats, stop_at: float) -> None:
    """How late this client's own event loop wakes up (a slow client inflates latencies)."""
    while time.time() < stop_at:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.lag.append(time.perf_counter() - t - 0.01)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    ap.add_argument("--plies", type=int, default=60, help="ply limit of each game (default 60)")
    ap.add_argument("--think", default="0.5,1.5",
                    help="think time per move in seconds, 'lo,hi' or 0 (default 0.5,1.5)")
    ap.add_argument("--seconds", type=float, default=120, help="time bound of the run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sync", default="normal", choices=["normal", "full"],
                    help="the server's database durability mode (qwixo serve --sync)")
    ap.add_argument("--bot-games", type=float, default=0.0,
                    help="fraction of the games played by a person against the random bot")
    ap.add_argument("--compare", action="store_true",
                    help="one process on SQLite, then two processes on PostgreSQL")
    ap.add_argument("--pg-url", default=None,
                    help="with --compare: this PostgreSQL database (default: a throwaway one)")
    ap.add_argument("--server-log", default=None, help="append the server's output to FILE")
    ap.add_argument("--server-debug", action="store_true",
                    help="run the server's event loop in asyncio debug mode (diagnosis only)")
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    args = ap.parse_args(argv)
    think = (0.0, 0.0) if args.think.strip() == "0" else tuple(
        float(x) for x in args.think.split(","))
    if not args.compare:
        figures = measure(args, think, "sqlite", 1)
        return 0 if not figures["errors"] else 1
    rows = [measure(args, think, "sqlite", 1), measure(args, think, "postgresql", 2)]
    print(f"\n{'setup':<28} {'moves/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for r in rows:
        print(f"{r['setup']:<28} {r['moves_s']:>8.0f} {r['p50']:>8.1f} {r['p99']:>8.1f} "
              f"{r['errors']:>7}")
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
            else:
                db = os.path.join(tmp.name, "load.sqlite")
            urls = []
            for k in range(processes):
                log = f"{args.server_log}.{k}" if args.server_log and processes > 1 else \
                    args.server_log
                proc, url = start_server(db, tmp.name, args.sync, log, args.server_debug)
                procs.append(proc)
                urls.append(url)
        cpu0 = sum(proc_cpu(p) for p in procs) if procs else float("nan")
        coro = run(urls, args.games, args.plies, think, args.seconds, args.seed, args.bot_games)
        try:
            import uvloop  # the client side must not be the bottleneck: use the fast loop

            stats, wall = uvloop.run(coro)
        except ImportError:
            stats, wall = asyncio.run(coro)
        healths = [httpx.get(u + "api/health", params={"since": stats.started},
                             timeout=30).json() for u in urls]
        cpu = sum(proc_cpu(p) for p in procs) - cpu0 if procs else float("nan")
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
    report(args, setup, urls, stats, wall, cpu, healths)
    lat = [x * 1000 for x in stats.latencies]
    return {"setup": setup, "moves_s": stats.moves / wall if wall else 0.0,
            "p50": pct(lat, .5), "p99": pct(lat, .99), "errors": len(stats.errors)}


def report(args: argparse.Namespace, setup: str, urls: list[str], stats: Stats, wall: float,
           cpu: float, healths: list[dict[str, Any]]) -> None:
    lat = [x * 1000 for x in stats.latencies]
    print(f"== {setup}: {' '.join(urls)}  games: {args.games} (bot games: {args.bot_games})  "
          f"plies/game <= {args.plies}  think: {args.think} s  sync: {args.sync}  "
          f"cpus: {os.cpu_count()}")
    print(f"finished games: {stats.finished}/{args.games}  moves: {stats.moves}  "
          f"wall: {wall:.1f} s  moves/s: {stats.moves / wall:.0f}")
    if lat:
        print(f"latency ms: p50 {pct(lat, .5):.1f}  p90 {pct(lat, .9):.1f}  "
              f"p99 {pct(lat, .99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
    if stats.moves and cpu == cpu:
        print(f"server CPU: {cpu:.1f} s = {1000 * cpu / stats.moves:.2f} ms per move "
              f"({100 * cpu / wall:.0f}% of one core)")
    for k, health in enumerate(healths):
        name = f"server {k + 1}" if len(healths) > 1 else "server"
        for key, what in (("act_ms", "decision (validate, commit, broadcast)"),
                          ("commit_ms", "database commit"), ("loop_lag_ms", "event-loop lag")):
            a = health.get(key) or {}
            if a.get("n"):
                print(f"{name}: {what} ms: p50 {a['p50']}  p99 {a['p99']}  max {a['max']}")
        if "writes" in health:
            print(f"{name}: database: {health['writes']} writes in {health['commits']} commits "
                  f"(group commit: {health['writes'] / max(1, health['commits']):.2f} per "
                  "commit)")
    if stats.lag:
        lag = [x * 1000 for x in stats.lag]
        print(f"client event-loop lag ms: p50 {pct(lag, .5):.1f}  p99 {pct(lag, .99):.1f}")
    for e in sorted(set(stats.errors))[:10]:
        print("error:", e)
    print(f"p50_ms: {pct(lat, .5):.1f} p99_ms: {pct(lat, .99):.1f} errors: {len(stats.errors)}")


if __name__ == "__main__":
    sys.exit(main())
