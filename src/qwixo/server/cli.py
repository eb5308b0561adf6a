"""``qwixo serve``: the web app (registered by ``qwixo.cli``; cheap to import)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run the web app (HTTP + WebSocket, SQLite database)",
                       description="Serve the web app: play Qwixx and Quixo in the browser.")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free)")
    p.add_argument("--db", default=None,
                   help="SQLite database file (default: the data directory's qwixo.sqlite)")
    p.add_argument("--bot-delay", type=float, default=0.4,
                   help="seconds a bot waits before it moves, so people can follow (default 0.4)")
    p.add_argument("--http-rate", type=float, default=2.0,
                   help="POST requests per second per client address (burst 10x; default 2)")
    p.add_argument("--ws-per-address", type=int, default=256,
                   help="open WebSocket connections allowed per client address (default 256)")
    p.add_argument("--ws", default="websockets-sansio",
                   choices=["websockets-sansio", "websockets"],
                   help="WebSocket implementation of uvicorn (default websockets-sansio)")
    p.add_argument("--bot-processes", type=int, default=1,
                   help="worker processes for bots and hints (default 1; 0 = threads in the "
                        "server process)")
    p.add_argument("--sync", default="normal", choices=["normal", "full"],
                   help="database durability: normal = survives a killed server (default), "
                        "full = every move also fsync'ed (survives power loss, slower)")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=serve)


def serve(args: argparse.Namespace) -> int:
    import logging
    import socket

    import uvicorn

    from qwixo.i18n import t
    from qwixo.paths import data_dir
    from qwixo.server.app import WS_MAX_SIZE, create_app

    db = args.db or str(data_dir() / "qwixo.sqlite")
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    # bind first, so the printed URL has the real port (also with --port 0)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{port}/"

    def ready() -> None:
        print(t("serve_db", None, path=db), flush=True)
        print(t("serve_url", None, url=url), flush=True)

    app = create_app(db, bot_delay=args.bot_delay, http_rate=args.http_rate,
                     http_burst=10 * args.http_rate, sync=args.sync,
                     bot_processes=max(0, args.bot_processes),
                     ws_per_address=max(1, args.ws_per_address), on_ready=ready)
    config = uvicorn.Config(app, log_level=args.log_level, ws_max_size=WS_MAX_SIZE,
                            ws=args.ws, lifespan="on", timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0
