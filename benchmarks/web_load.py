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

Usage::

    python benchmarks/web_load.py                       # 200 games, think 0.5-1.5 s
    python benchmarks/web_load.py --games 300 --think 0 # saturation: no think time

Prints the figures; the last line is ``p50_ms: A p99_ms: B errors: N``.
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

import httpx
from websockets.asyncio.client import connect

URL_RE = re.compile(r"serving on (http://127\.0\.0\.1:\d+/)")


def start_server(db: str, data: str, sync: str, log: str | None = None,
                 debug: bool = False) -> tuple[subprocess.Popen, str]:
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


async def run(url: str, games: int, plies: int, think: tuple[float, float], seconds: float,
              seed: int) -> tuple[Stats, float]:
    stats = Stats()
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        created = []
        for _ in range(games):
            r = await http.post("/api/games", json={
                "game": "quixo", "settings": {"size": 5, "ply_limit": plies},
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            if r.status_code != 201:
                stats.errors.append(f"create: {r.status_code} {r.text[:200]}")
                continue
            created.append(r.json())
    ws_base = url.replace("http://", "ws://")
    stop_at = time.time() + seconds
    go = asyncio.Event()
    stats.expected = 2 * len(created)
    tasks = []
    for g in created:
        for seat in (0, 1):
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
    ap.add_argument("--server-log", default=None, help="append the server's output to FILE")
    ap.add_argument("--server-debug", action="store_true",
                    help="run the server's event loop in asyncio debug mode (diagnosis only)")
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    args = ap.parse_args(argv)
    think = (0.0, 0.0) if args.think.strip() == "0" else tuple(
        float(x) for x in args.think.split(","))
    proc = None
    tmp = tempfile.TemporaryDirectory(prefix="qwixo-load-")
    try:
        if args.url:
            url = args.url
        else:
            proc, url = start_server(os.path.join(tmp.name, "load.sqlite"), tmp.name, args.sync,
                                     args.server_log, args.server_debug)
        cpu0 = proc_cpu(proc)
        coro = run(url, args.games, args.plies, think, args.seconds, args.seed)
        try:
            import uvloop  # the client side must not be the bottleneck: use the fast loop

            stats, wall = uvloop.run(coro)
        except ImportError:
            stats, wall = asyncio.run(coro)
        health = httpx.get(url + "api/health", params={"since": stats.started},
                           timeout=30).json()
        cpu = proc_cpu(proc) - cpu0 if proc is not None else float("nan")
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        tmp.cleanup()
    lat = [x * 1000 for x in stats.latencies]
    print(f"server: {url}  games: {args.games}  plies/game <= {args.plies}  "
          f"think: {args.think} s  sync: {args.sync}  cpus: {os.cpu_count()}")
    print(f"finished games: {stats.finished}/{args.games}  moves: {stats.moves}  "
          f"wall: {wall:.1f} s  moves/s: {stats.moves / wall:.0f}")
    if lat:
        print(f"latency ms: p50 {pct(lat, .5):.1f}  p90 {pct(lat, .9):.1f}  "
              f"p99 {pct(lat, .99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
    if stats.moves and cpu == cpu:
        print(f"server CPU: {cpu:.1f} s = {1000 * cpu / stats.moves:.2f} ms per move "
              f"({100 * cpu / wall:.0f}% of one core)")
    for key, what in (("act_ms", "server: decision (validate, commit, broadcast)"),
                      ("commit_ms", "server: database commit"),
                      ("loop_lag_ms", "server: event-loop lag")):
        a = health.get(key) or {}
        if a.get("n"):
            print(f"{what} ms: p50 {a['p50']}  p99 {a['p99']}  max {a['max']}")
    if stats.lag:
        lag = [x * 1000 for x in stats.lag]
        print(f"client event-loop lag ms: p50 {pct(lag, .5):.1f}  p99 {pct(lag, .99):.1f}")
    if "writes" in health:
        print(f"database: {health['writes']} writes in {health['commits']} commits "
              f"(group commit: {health['writes'] / max(1, health['commits']):.2f} per fsync)")
    for e in sorted(set(stats.errors))[:10]:
        print("error:", e)
    print(f"p50_ms: {pct(lat, .5):.1f} p99_ms: {pct(lat, .99):.1f} errors: {len(stats.errors)}")
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
