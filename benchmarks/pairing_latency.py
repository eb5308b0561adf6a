"""Quick pairing's latency: two signed-in players press "Play someone" with the same settings;
how long after the second press each knows their seat and both are seated in the game.

Per round: player A asks (``POST /api/pairing``) and then looks as the page does — a look
that waits on the server (``GET /api/pairing/ID?wait=20``), or with ``--poll S`` a look every
S seconds without waiting (the page before: 0.5); then player B asks. Measured from B's
request: **A heard** (A's look answers ``paired``), **B heard** (B's own answer) and
**seated** (both WebSockets welcomed at their seats of the one game). ``--processes 1``: one
server on SQLite; ``--processes 2``: two servers on one PostgreSQL (``qwixo.server.pg_local``),
A on the first, B on the second.

Usage::

    python benchmarks/pairing_latency.py                    # one process, then two, 10 rounds
    python benchmarks/pairing_latency.py --processes 2 --rounds 20 --poll 0.5

Prints each setting's figures and a last line ``seated_p50_ms: A seated_max_ms: B`` per
setting.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect

from qwixo.server.serve_process import ServeProcess

SETTINGS = {"game": "quixo", "settings": {"size": 5}, "clock": 60}


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[int(q * (len(v) - 1))] if v else float("nan")


async def account(url: str, name: str) -> tuple[httpx.AsyncClient, dict[str, str]]:
    http = httpx.AsyncClient(base_url=url, timeout=60)
    r = await http.post("/api/account/signup",
                        json={"name": name, "password": "a long enough secret 7"})
    if r.status_code != 201:
        raise SystemExit(f"sign-up of {name}: {r.status_code} {r.text[:200]}")
    return http, {"x-csrf-token": r.json()["csrf"]}


async def seated(url: str, game: str, token: str) -> float:
    async with connect(url.replace("http://", "ws://") + f"ws/{game}") as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        while True:
            m = json.loads(await ws.recv())
            if m["type"] in ("welcome", "error"):
                if m["type"] == "error":
                    raise RuntimeError(f"seat refused: {m}")
                return time.perf_counter()


async def one_round(a: tuple, b: tuple, urls: list[str], poll: float | None,
                    k: int) -> dict[str, float]:
    (ha, csrf_a), (hb, csrf_b) = a, b
    body = {**SETTINGS, "settings": {**SETTINGS["settings"], "players": 2}}
    first = (await ha.post("/api/pairing", json=body, headers=csrf_a)).json()
    if first.get("status") != "waiting":
        raise RuntimeError(f"round {k}: A was not left waiting: {first}")
    heard: dict[str, Any] = {}

    async def look() -> None:
        seek = first
        while seek["status"] == "waiting":
            if poll is None:
                r = await ha.get(f"/api/pairing/{seek['id']}", params={"wait": 20})
            else:
                await asyncio.sleep(poll)
                r = await ha.get(f"/api/pairing/{seek['id']}")
            seek = r.json()
        heard["a"], heard["seek"] = time.perf_counter(), seek

    looking = asyncio.ensure_future(look())
    await asyncio.sleep(0.3 + 0.1 * (k % 5))  # (A waits a while, at varied moments)
    t0 = time.perf_counter()
    second = (await hb.post("/api/pairing", json=body, headers=csrf_b)).json()
    b_heard = time.perf_counter()
    while second["status"] == "waiting":  # (the other process may be making the game)
        second = (await hb.get(f"/api/pairing/{second['id']}", params={"wait": 20})).json()
        b_heard = time.perf_counter()
    b_at = asyncio.ensure_future(seated(urls[-1], second["game"], second["token"]))
    await looking
    seek = heard["seek"]
    if seek["game"] != second["game"]:
        raise RuntimeError(f"round {k}: two games {seek['game']} {second['game']}")
    a_at = await seated(urls[0], seek["game"], seek["token"])
    return {"a": heard["a"] - t0, "b": b_heard - t0, "seated": max(a_at, await b_at) - t0}


async def measure(urls: list[str], rounds: int, poll: float | None) -> list[dict[str, float]]:
    a = await account(urls[0], "Pairing Ada")
    b = await account(urls[-1], "Pairing Bo")
    try:
        return [await one_round(a, b, urls, poll, k) for k in range(rounds)]
    finally:
        await a[0].aclose()
        await b[0].aclose()


def report(what: str, out: list[dict[str, float]]) -> None:
    def ms(key: str) -> str:
        v = [1000 * r[key] for r in out]
        return f"p50 {pct(v, .5):.0f}  max {max(v):.0f}"

    print(f"{what}: {len(out)} rounds  A heard ms: {ms('a')}  B heard ms: {ms('b')}  "
          f"both seated ms: {ms('seated')}")
    seated_ms = [1000 * r["seated"] for r in out]
    print(f"seated_p50_ms: {pct(seated_ms, .5):.0f} seated_max_ms: {max(seated_ms):.0f} "
          f"({what})", flush=True)


def run(processes: int, args: argparse.Namespace) -> None:
    env = {"QWIXO_RATED_MIN_AGE": "0"}
    servers: list[ServeProcess] = []
    pg = None
    with tempfile.TemporaryDirectory(prefix="qwixo-pairing-") as tmp:
        try:
            if processes == 1:
                db = f"{tmp}/pairing.sqlite"
            else:
                from qwixo.server.pg_local import PgServer

                pg = PgServer()
                db = pg.new_database()
            for i in range(processes):
                servers.append(ServeProcess("--db", db, "--http-rate", "100000",
                                            "--bot-processes", "0",
                                            env={**env, "QWIXO_DATA": f"{tmp}/data{i}"},
                                            keep_output=False))
            urls = [str(s.url) for s in servers]
            out = asyncio.run(measure(urls, args.rounds, args.poll))
            how = f"a look every {args.poll:g} s" if args.poll else "looks that wait"
            where = "1 process on sqlite" if processes == 1 else \
                f"{processes} processes on postgresql"
            report(f"{where}, {how}", out)
        finally:
            for s in servers:
                s.stop()
            if pg is not None:
                pg.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, choices=[1, 2], default=None,
                    help="one setting only (default: 1, then 2)")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--poll", type=float, default=None,
                    help="look every POLL seconds without waiting (the page before: 0.5)")
    args = ap.parse_args(argv)
    for processes in ([args.processes] if args.processes else [1, 2]):
        run(processes, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
