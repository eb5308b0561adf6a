"""The long probes of the second security and reliability probe, against real
``qwixo serve`` processes on loopback; the cheap ones are tests (``tests/server/test_security_*``,
``tests/server/test_server_pg_late_auth.py``).

- ``load``: ``--games`` games (default 1,000) over two processes on one PostgreSQL (a throwaway
  cluster from :mod:`qwixo.server.pg_local`): Quixo 4x4, a person (a WebSocket client of this
  script, on a process drawn at random, playing a random legal move at once) against the
  ``random`` bot, ``--concurrent`` games at a time. Prints each process's memory (RSS)
  before, the highest seen during the games, and every minute for ``--after`` seconds (300)
  after the last game ended: the rooms nobody uses leave memory (``QWIXO_IDLE_SECONDS``, 120 s
  by default), so it should come back near its start.
- ``races``: the H1 race, ``--rounds`` times: a game on process B (a person there and a
  bot), a person and spectators opening their WebSockets on process A and authenticating only
  after a move of B's person; counts the connections of A that then miss the game's next
  change (frozen) and the games that stop (no change for 10 s while waiting on the server).
- ``slow``: ``--connections`` clients that send a request body a byte a second (one process,
  SQLite); prints how many are cut and after how long (the whole-body deadline), and how many
  were refused at once (the per-address cap of requests in progress).
- ``signins``: a sign-in flood (one process, SQLite, behind a "proxy": the addresses come in
  ``X-Forwarded-For``): ``--flooders`` addresses with ``--parallel`` sign-ins in flight each
  (names nobody has: each costs a hash; a 429 waits a second) for ``--seconds``, while a person plays Quixo against the ``random`` bot and
  ``--fresh`` sign-ins with the right password come from new addresses; prints the person's
  move round trip (p50, p99) before and during the flood, and how the fresh sign-ins were
  answered. Then one wrong guess of one account from each of ``--guessers`` addresses: how
  many got 401 and how many 429 (the per-account limit).

Usage::

    python benchmarks/web_probes.py load --games 1000 --after 300
    python benchmarks/web_probes.py races --rounds 20
    python benchmarks/web_probes.py slow --connections 200
    python benchmarks/web_probes.py signins --flooders 24 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import sys
import tempfile
import threading
import time
import warnings

from qwixo.server.serve_process import ServeProcess

warnings.filterwarnings("ignore", category=DeprecationWarning)  # websockets' sync connect()


class Serve(ServeProcess):
    """``qwixo serve`` as a subprocess on a free port (waits up to 300 s for it to listen)."""

    def __init__(self, db: str, data: str, *extra: str, env: dict | None = None) -> None:
        try:
            super().__init__("--db", db, "--bot-delay", "0", "--http-rate", "10000",
                             "--bot-processes", "0", *extra,
                             env={"QWIXO_DATA": data, **(env or {})}, timeout=300)
        except RuntimeError as e:
            raise SystemExit(str(e)) from None
        self.lines = self.output
        self.ws = self.ws_url

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0


def _two_on_postgres(env: dict | None = None) -> tuple[object, list[Serve]]:
    from qwixo.server.pg_local import PgServer

    pg = PgServer()
    url = pg.new_database()
    tmp = tempfile.mkdtemp(prefix="qwixo-probe-")
    return pg, [Serve(url, f"{tmp}/d{i}", "--log-level", "info", env=env) for i in range(2)]


# -- load ---------------------------------------------------------------------------------------
async def _play(server: Serve, other: Serve, rng: random.Random, errors: list[str]) -> int:
    import httpx
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        r = await http.post("/api/games", json={
            "game": "quixo", "settings": {"size": 4, "ply_limit": 40},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        if r.status_code != 201:
            errors.append(f"create {r.status_code}")
            return 0
        g = r.json()
    target = rng.choice((server, other))  # the person's process: a load balancer's choice
    moves = 0
    async with connect(f"{target.ws}ws/{g['id']}", open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "auth", "token": g["seats"][0]["token"]}))
        view, sent = None, -1
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if m["type"] in ("welcome", "state"):
                view = m["view"]
            elif m["type"] == "error":
                errors.append(m["key"])
            if view is None:
                continue
            if view["is_over"]:
                return moves
            if 0 in view["to_act"] and view["options"] and view["version"] != sent:
                sent = view["version"]
                await ws.send(json.dumps({"type": "choose", "id": view["version"],
                                          "decision": rng.choice(view["options"])}))
                moves += 1


async def _load(servers: list[Serve], games: int, concurrent: int,
                errors: list[str]) -> tuple[int, float]:
    rng = random.Random(29)
    sem = asyncio.Semaphore(concurrent)
    done = 0

    async def one(i: int) -> int:
        nonlocal done
        async with sem:
            try:
                n = await _play(servers[i % 2], servers[1 - i % 2], rng, errors)
            except Exception as e:  # noqa: BLE001 - counted
                errors.append(type(e).__name__)
                n = 0
            done += 1
            return n

    t0 = time.time()
    moves = sum(await asyncio.gather(*(one(i) for i in range(games))))
    return moves, time.time() - t0


def load(args: argparse.Namespace) -> int:
    env = {"QWIXO_GAMES_BURST": str(args.games * 2)}
    if args.idle is not None:
        env["QWIXO_IDLE_SECONDS"] = str(args.idle)
    pg, servers = _two_on_postgres(env)
    try:
        time.sleep(5)
        before = [s.rss_mb() for s in servers]
        print("memory before (MB):", " ".join(f"{m:.1f}" for m in before), flush=True)
        peak = list(before)
        errors: list[str] = []
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                for i, s in enumerate(servers):
                    peak[i] = max(peak[i], s.rss_mb())
                stop.wait(1.0)

        threading.Thread(target=sample, daemon=True).start()
        moves, wall = asyncio.run(_load(servers, args.games, args.concurrent, errors))
        stop.set()
        print(f"{args.games} games, {moves} person moves in {wall:.0f} s; errors: "
              f"{len(errors)} {sorted(set(errors))[:5]}", flush=True)
        print("memory during, highest (MB):", " ".join(f"{m:.1f}" for m in peak), flush=True)
        end = time.time()
        after: list[float] = []
        while time.time() - end < args.after:
            time.sleep(min(60, args.after - (time.time() - end)))
            after = [s.rss_mb() for s in servers]
            print(f"memory {time.time() - end:.0f} s after (MB):",
                  " ".join(f"{m:.1f}" for m in after), flush=True)
        for s in servers:
            idle = [ln.strip() for ln in s.lines if "idle games left memory" in ln]
            print("evictions:", idle[-1] if idle else "none logged")
        rel = [a / b - 1 for a, b in zip(after or peak, before, strict=True)]
        print("after vs before:", " ".join(f"{100 * r:+.1f}%" for r in rel))
        return 0 if not errors else 1
    finally:
        for s in servers:
            s.stop()
        pg.stop()


# -- races --------------------------------------------------------------------------------------
def races(args: argparse.Namespace) -> int:
    import httpx
    from websockets.sync.client import connect

    pg, (a, b) = _two_on_postgres()
    frozen = stopped = total = 0
    try:
        for r in range(args.rounds):
            g = httpx.post(f"{b.url}api/games", json={
                "game": "quixo", "settings": {"size": 4},
                "seats": [{"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
            on_b = connect(f"{b.ws}ws/{g['id']}")
            on_b.send(json.dumps({"type": "auth", "token": g["seats"][0]["token"]}))
            view = _until(on_b, lambda m: m["type"] == "welcome")["view"]
            late = [connect(f"{a.ws}ws/{g['id']}") for _ in range(1 + args.spectators)]
            time.sleep(0.3)
            on_b.send(json.dumps({"type": "choose", "decision": random.choice(view["options"]),
                                  "id": 1}))
            _until(on_b, lambda m: m["type"] in ("ok", "error"))
            time.sleep(0.3)
            late[0].send(json.dumps({"type": "auth", "token": g["seats"][1]["token"]}))
            for ws in late[1:]:
                ws.send(json.dumps({"type": "spectate"}))
            views = [_until(ws, lambda m: m["type"] == "welcome")["view"] for ws in late]
            # A's person moves, then B's: every connection of A must see B's move
            v = views[0]
            late[0].send(json.dumps({"type": "choose", "decision": v["options"][0], "id": 2}))
            _until(late[0], lambda m: m["type"] in ("ok", "error") and m.get("id") == 2)
            view = _until(on_b, lambda m: m["type"] == "state" and 0 in m["view"]["to_act"])
            on_b.send(json.dumps({"type": "choose", "id": 3,
                                  "decision": random.choice(view["view"]["options"])}))
            ok = _until(on_b, lambda m: m["type"] in ("ok", "error") and m.get("id") == 3)
            for ws in late:
                total += 1
                try:
                    _until(ws, lambda m, v=ok.get("version", 0): m["type"] == "state"
                           and m["view"]["version"] >= v, timeout=10)
                except TimeoutError:
                    frozen += 1
            stopped += 0 if ok["type"] == "ok" else 1
            for ws in [on_b, *late]:
                ws.close()
            print(f"round {r + 1}: frozen so far {frozen} of {total}", flush=True)
    finally:
        a.stop()
        b.stop()
        pg.stop()
    print(f"frozen connections: {frozen} of {total}; refused moves: {stopped}")
    return 0 if frozen == 0 else 1


def _until(ws, pred, timeout: float = 30.0) -> dict:
    end = time.time() + timeout
    while True:
        left = end - time.time()
        if left <= 0:
            raise TimeoutError
        m = json.loads(ws.recv(timeout=left))
        if pred(m):
            return m


# -- slow ---------------------------------------------------------------------------------------
def slow(args: argparse.Namespace) -> int:
    tmp = tempfile.mkdtemp(prefix="qwixo-slow-")
    s = Serve(f"{tmp}/s.sqlite", tmp)
    host, port = s.url.split("//")[1].rstrip("/").split(":")
    results: list[tuple[str, float]] = []
    lock = threading.Lock()

    def one() -> None:
        t0 = time.time()
        c = socket.create_connection((host, int(port)))
        c.settimeout(120)
        body = b'{"game": "quixo", "seats": []}' + b" " * 200
        c.sendall(b"POST /api/games HTTP/1.1\r\nHost: " + host.encode() + b"\r\n"
                  b"Content-Type: application/json\r\nContent-Length: "
                  + str(len(body)).encode() + b"\r\n\r\n")
        status = "open"
        try:
            for byte in body:
                c.sendall(bytes([byte]))
                c.settimeout(0.0)
                try:
                    data = c.recv(4096)
                    status = data.split(b" ")[1].decode() if data else "closed"
                    break
                except BlockingIOError:
                    pass
                c.settimeout(120)
                time.sleep(1.0)
        except OSError:
            status = "closed"
        finally:
            c.close()
        with lock:
            results.append((status, time.time() - t0))

    threads = [threading.Thread(target=one, daemon=True) for _ in range(args.connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    s.stop()
    by: dict[str, list[float]] = {}
    for status, took in results:
        by.setdefault(status, []).append(took)
    for status, took in sorted(by.items()):
        print(f"{status}: {len(took)} connections, held {min(took):.1f} to {max(took):.1f} s")
    return 0


# -- signins --------------------------------------------------------------------------------
async def _moves(server: Serve, stop: asyncio.Event, out: list[float]) -> None:
    """A person playing Quixo against the random bot, one game after another, until ``stop``:
    the round trip of each move (sent -> the state that has it) in ``out``."""
    import httpx
    from websockets.asyncio.client import connect

    rng = random.Random(9)
    if True:
        while not stop.is_set():
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
                r = await http.post("/api/games", json={
                    "game": "quixo", "settings": {"size": 5, "ply_limit": 60},
                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
            if r.status_code != 201:
                raise SystemExit(f"game refused: {r.text}")
            g = r.json()
            async with connect(f"{server.ws}ws/{g['id']}") as ws:
                await ws.send(json.dumps({"type": "auth", "token": g["seats"][0]["token"]}))
                sent_at, version = None, -1
                while not stop.is_set():
                    m = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if m["type"] not in ("welcome", "state"):
                        continue
                    view = m["view"]
                    if sent_at is not None and view["version"] > version:
                        out.append(time.perf_counter() - sent_at)
                        sent_at = None
                    if view["is_over"]:
                        break
                    if sent_at is None and 0 in view["to_act"] and view["options"]:
                        version = view["version"]
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "choose", "decision":
                                                  rng.choice(view["options"])}))


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def signins(args: argparse.Namespace) -> int:
    import httpx

    tmp = tempfile.mkdtemp(prefix="qwixo-signins-")
    s = Serve(f"{tmp}/s.sqlite", tmp, "--forwarded-allow-ips", "127.0.0.1")
    password = "correct horse battery"

    def post(http, path, body, address):
        return http.post(path, json=body, headers={"x-forwarded-for": address})

    async def main() -> None:
        unlimited = httpx.Limits(max_connections=None, max_keepalive_connections=None)
        async with httpx.AsyncClient(base_url=s.url, timeout=120, limits=unlimited) as http:
            for k in range(args.fresh + 1):
                r = await post(http, "/api/account/signup",
                               {"name": f"Fresh {k}", "password": password}, f"10.9.{k}.1")
                assert r.status_code == 201, r.text
            stop = asyncio.Event()
            before: list[float] = []
            player = asyncio.ensure_future(_moves(s, stop, before))
            await asyncio.sleep(args.seconds / 2)
            during: list[float] = []
            stop.set()
            await player
            stop = asyncio.Event()
            player = asyncio.ensure_future(_moves(s, stop, during))
            codes: dict[int, int] = {}

            async def flood(address: str, lane: int) -> None:
                n = 0
                while not stop.is_set():  # names nobody has: each costs a hash, no account
                    n += 1
                    try:
                        r = await post(http, "/api/account/signin", {
                            "name": f"Nobody {lane} {n}", "password": "wrong guess 1"}, address)
                        code = r.status_code
                    except httpx.HTTPError:  # (a kept-alive connection the server closed)
                        code = "connection error"
                    codes[code] = codes.get(code, 0) + 1
                    if code != 401:
                        await asyncio.sleep(1.0)

            flooders = [asyncio.ensure_future(flood(f"10.1.{k}.1", k * 10 + j))
                        for k in range(args.flooders) for j in range(args.parallel)]
            await asyncio.sleep(2)
            fresh = []
            for k in range(1, args.fresh + 1):
                async with httpx.AsyncClient(base_url=s.url, timeout=120) as own:
                    t0 = time.perf_counter()  # (a connection of its own)
                    r = await post(own, "/api/account/signin",
                                   {"name": f"Fresh {k}", "password": password}, f"10.2.{k}.1")
                fresh.append((r.status_code, time.perf_counter() - t0))
                await asyncio.sleep(args.seconds / 2 / args.fresh)
            stop.set()
            await asyncio.gather(player, *flooders)
            print(f"moves before the flood: {len(before)}, round trip p50 "
                  f"{_pct(before, 0.5):.1f} ms, p99 {_pct(before, 0.99):.1f} ms")
            print(f"moves during the flood of {args.flooders} addresses: {len(during)}, round "
                  f"trip p50 {_pct(during, 0.5):.1f} ms, p99 {_pct(during, 0.99):.1f} ms; the "
                  f"flood's answers {dict(sorted(codes.items(), key=str))}")
            ok = [t for c, t in fresh if c == 200]
            print(f"fresh-address sign-ins: {len(ok)}/{len(fresh)} signed in "
                  f"({', '.join(str(c) for c, _ in fresh if c != 200) or 'none refused'}), "
                  f"in {', '.join(f'{t * 1000:.0f}' for t in ok)} ms")
            guesses: dict[int, int] = {}
            for k in range(args.guessers):
                async with httpx.AsyncClient(base_url=s.url, timeout=120) as own:
                    r = await post(own, "/api/account/signin",
                                   {"name": f"Fresh {args.fresh}", "password": f"guess {k}"},
                                   f"10.3.{k}.1")
                guesses[r.status_code] = guesses.get(r.status_code, 0) + 1
            print(f"one guess from each of {args.guessers} addresses on one account: "
                  f"{dict(sorted(guesses.items()))}")

    try:
        asyncio.run(main())
    finally:
        s.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="probe", required=True)
    p = sub.add_parser("load")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--concurrent", type=int, default=100)
    p.add_argument("--after", type=float, default=300.0)
    p.add_argument("--idle", type=float, default=None, help="QWIXO_IDLE_SECONDS of the servers")
    p.set_defaults(func=load)
    p = sub.add_parser("races")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--spectators", type=int, default=3)
    p.set_defaults(func=races)
    p = sub.add_parser("slow")
    p.add_argument("--connections", type=int, default=200)
    p.set_defaults(func=slow)
    p = sub.add_parser("signins")
    p.add_argument("--flooders", type=int, default=24)
    p.add_argument("--parallel", type=int, default=4, help="requests in flight per flooder")
    p.add_argument("--fresh", type=int, default=10)
    p.add_argument("--guessers", type=int, default=40)
    p.add_argument("--seconds", type=float, default=20.0)
    p.set_defaults(func=signins)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
