"""``qwixo serve``: the web app (registered by ``qwixo.cli``; cheap to import)."""

from __future__ import annotations

import argparse
import sys

from qwixo.i18n import number, t

#: the range ``--analysis-seconds`` is kept to (a positive value outside it is moved into it)
ANALYSIS_RANGE = (0.5, 120.0)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help=t("clih_serve"), description=t("clih_serve_desc"))
    p.add_argument("--host", default="127.0.0.1", help=t("clih_serve_host"))
    p.add_argument("--lan", nargs="?", const="auto", default=None, metavar="ADDRESS",
                   help=t("clih_serve_lan"))
    p.add_argument("--port", type=int, default=8000, help=t("clih_serve_port"))
    p.add_argument("--db", default=None, help=t("clih_serve_db"))
    p.add_argument("--bot-delay", type=float, default=0.4, help=t("clih_serve_bot_delay"))
    p.add_argument("--http-rate", type=float, default=2.0, help=t("clih_serve_http_rate"))
    p.add_argument("--ws-per-address", type=int, default=256,
                   help=t("clih_serve_ws_per_address"))
    p.add_argument("--ws", default="websockets-sansio",
                   choices=["websockets-sansio", "websockets"], help=t("clih_serve_ws"))
    p.add_argument("--bot-processes", type=int, default=1, help=t("clih_serve_bot_processes"))
    p.add_argument("--engine", action="append", default=[], metavar="NAME=CMD",
                   help=t("clih_serve_engine"))
    p.add_argument("--sync", default="normal", choices=["normal", "full"],
                   help=t("clih_serve_sync"))
    p.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                   help=t("clih_serve_forwarded_allow_ips"))
    p.add_argument("--allowed-origins", default=None, metavar="ORIGINS",
                   help=t("clih_serve_allowed_origins"))
    p.add_argument("--request-timeout", type=float, default=10.0, metavar="SECONDS",
                   help=t("clih_serve_request_timeout"))
    p.add_argument("--analysis-seconds", type=float, default=10.0, metavar="SECONDS",
                   help=t("clih_serve_analysis_seconds", lo=f"{ANALYSIS_RANGE[0]:g}",
                          hi=f"{ANALYSIS_RANGE[1]:g}"))
    p.add_argument("--no-tables", dest="tables", action="store_false",
                   help=t("clih_serve_no_tables"))
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"],
                   help=t("clih_serve_log_level"))
    p.set_defaults(func=serve)
    w = sub.add_parser("warm-up", help=t("clih_warm_up"), description=t("clih_warm_up_desc"))
    w.add_argument("--no-tables", dest="tables", action="store_false",
                   help=t("clih_warm_up_no_tables"))
    w.set_defaults(func=warm)
    b = sub.add_parser("backup", help=t("clih_backup"), description=t("clih_backup_desc"))
    b.add_argument("out", help=t("clih_backup_out"))
    b.add_argument("--db", default=None, help=t("clih_serve_db"))
    b.set_defaults(func=backup)


def warm(args: argparse.Namespace) -> int:
    """Compile the engines' kernels now, with a progress bar (``make run`` does this before
    ``qwixo serve``): the numba cache then serves every later process at once; then (unless
    ``--no-tables``) build the games' tables the analyses read."""
    import time

    from qwixo.server.warmup import prepare_tables, warm_up

    t0 = time.perf_counter()
    tty = sys.stdout.isatty()

    def progress(done: int, total: int, label: str) -> None:
        width = 24
        bar = "#" * (width * done // total) + "-" * (width - width * done // total)
        line = t("warm_up_progress", None, bar=bar, done=done, total=total)
        print(("\r" + line) if tty else line, end="" if tty and done < total else "\n",
              flush=True)

    warm_up(progress=progress)
    if args.tables:  # the analyses' databases, once (a minute or two on a fresh install)
        print(t("warm_up_tables", None), flush=True)
        prepare_tables(progress=progress)
    print(t("warm_up_done", None, seconds=number(time.perf_counter() - t0, None, 1)), flush=True)
    return 0


def backup(args: argparse.Namespace) -> int:
    """Copy the server's SQLite database to ``args.out`` while it runs (SQLite's online backup:
    a consistent snapshot, committed moves only), then check the copy."""
    import os
    import sqlite3

    from qwixo.paths import data_dir
    from qwixo.server.store_backup import backup_sqlite

    db = args.db or str(data_dir() / "qwixo.sqlite")
    if "://" in db:
        print("qwixo: " + t("backup_not_sqlite", None, db=db.split("@")[-1]), file=sys.stderr)
        return 2
    if not os.path.isfile(db):
        print("qwixo: " + t("backup_no_db", None, path=db), file=sys.stderr)
        return 2
    try:
        games = backup_sqlite(db, args.out)
    except (OSError, sqlite3.Error) as e:
        print("qwixo: " + t("backup_failed", None, path=args.out, why=e), file=sys.stderr)
        return 2
    print(t("backup_done", None, path=args.out, games=games))
    return 0


def analysis_budget(seconds: float, lang: str | None = None) -> float:
    """The analysis budget of ``qwixo serve --analysis-seconds``: a positive number of seconds
    kept to :data:`ANALYSIS_RANGE`; anything else is refused.

    >>> analysis_budget(2), analysis_budget(0.1), analysis_budget(1e9)
    (2.0, 0.5, 120.0)
    >>> analysis_budget(0, "en")
    Traceback (most recent call last):
    ...
    qwixo.core.IllegalMove: Invalid setting --analysis-seconds=0: a positive number of seconds.
    """
    import math

    from qwixo.core import IllegalMove

    if not (seconds > 0 and math.isfinite(seconds)):
        raise IllegalMove("bad_setting", name="--analysis-seconds", value=seconds,
                          why=t("cli_why_positive_seconds", lang))
    return min(ANALYSIS_RANGE[1], max(ANALYSIS_RANGE[0], float(seconds)))


def offer_engines(specs: list[str], lang: str | None = None) -> bool:
    """Register each ``NAME=CMD`` of ``--engine`` as a bot of the games it plays (asked in a
    handshake now: an engine that does not start, or plays none of the games, is a clear
    error at once, not at the first move); False (after a message) when one cannot be used."""
    from qwixo.bots import register_engine
    from qwixo.core import game_names
    from qwixo.engine import EngineFailure, EngineSpec, probe

    for text in specs:
        spec = EngineSpec.parse(text)
        try:
            hello = probe(spec)
        except EngineFailure as e:
            print("qwixo: " + t("engine_unusable", lang, name=spec.name, why=e.words(lang),
                                detail=e.detail), file=sys.stderr)
            return False
        games = hello.get("games")
        plays = tuple(g for g in game_names() if isinstance(games, (dict, list)) and g in games)
        if not plays:
            print("qwixo: " + t("engine_unusable", lang, name=spec.name,
                                why=t("bot_failure_refused", lang),
                                detail=f"games: {games!r}"), file=sys.stderr)
            return False
        register_engine(EngineSpec(spec.name, spec.command, spec.start_seconds,
                                   spec.grace_seconds, plays))
    return True


def serve(args: argparse.Namespace) -> int:
    import logging
    import socket

    import uvicorn

    from qwixo.paths import data_dir
    from qwixo.server.app import WS_MAX_SIZE, create_app
    from qwixo.server.reach import Listen, is_loopback
    from qwixo.server.security import OriginPolicy, redact_logs, uvicorn_options
    from qwixo.server.ws import ws_protocol

    analysis_seconds = analysis_budget(args.analysis_seconds, getattr(args, "lang", None))
    if not offer_engines(args.engine, getattr(args, "lang", None)):
        return 2
    db = args.db or str(data_dir() / "qwixo.sqlite")
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    # --lan: every address (the local network's too), unless --host names one there
    if args.lan is not None and is_loopback(args.host):
        args.host = "0.0.0.0"
    # bind first, so the printed URL has the real port (also with --port 0)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as e:  # port taken, address not local, no permission
        sock.close()
        print("qwixo: " + t("serve_cannot_bind", None, host=args.host, port=args.port,
                            why=e.strerror or e), file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    listen = Listen.of(args.host, port, args.lan)
    here = "127.0.0.1" if args.host == "0.0.0.0" else "::1" if args.host == "::" else args.host
    host = f"[{here}]" if ":" in here else here
    url = f"http://{host}:{port}/"

    def ready() -> None:
        print(t("serve_db", None, path=_shown(db)), flush=True)
        print(t("serve_url", None, url=url), flush=True)
        for address in listen.lan:
            print(t("serve_url_lan", None, url=listen.url(address)), flush=True)
        if not listen.lan:
            print(t("serve_local_only", None), flush=True)

    origins = [o for o in (args.allowed_origins or "").split(",") if o.strip()]
    try:
        OriginPolicy(origins)
    except ValueError as e:
        sock.close()
        print("qwixo: " + t("serve_bad_origin", None, why=e), file=sys.stderr)
        return 2
    app = create_app(db, bot_delay=args.bot_delay, http_rate=args.http_rate,
                     http_burst=10 * args.http_rate, sync=args.sync,
                     bot_processes=max(0, args.bot_processes),
                     ws_per_address=max(1, args.ws_per_address),
                     allowed_origins=origins, request_timeout=max(0.5, args.request_timeout),
                     analysis_seconds=analysis_seconds, tables=args.tables)
    app.state.listen = listen  # the address of invite links (qwixo.server.reach)
    config = uvicorn.Config(app, log_level=args.log_level, ws_max_size=WS_MAX_SIZE,
                            ws=ws_protocol(args.ws), lifespan="on", timeout_graceful_shutdown=3,
                            **uvicorn_options(args.forwarded_allow_ips,
                                              max(0.5, args.request_timeout)))
    redact_logs()  # no seat token in any log line (uvicorn configured its loggers above)

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets=sockets)
            if not self.should_exit:  # listening: the page answers from now on
                ready()

    Server(config).run(sockets=[sock])
    return 0


def _shown(db: str) -> str:
    """The database as printed: a PostgreSQL URL without its password.

    >>> _shown("postgresql://ada:secret@db.example:5432/qwixo")
    'postgresql://ada:***@db.example:5432/qwixo'
    """
    import re

    return re.sub(r"^(postgres(?:ql)?://[^:/@]+):[^@]*@", r"\1:***@", db)
