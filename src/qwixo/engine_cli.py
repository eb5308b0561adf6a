"""``qwixo engine GAME BOT``: any bot qwixo can make, as an engine speaking the engine protocol
(:mod:`qwixo.engine`, ``docs/engine-protocol.md``) on standard input and output."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from qwixo.core import Game, IllegalMove, compact_json, load_game
from qwixo.engine import PROTOCOL, read_json


def serve_bot(game: str, bot: str, *, options: dict[str, Any] | None = None,
              stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Speak the engine protocol on ``stdin``/``stdout`` for bot ``bot`` of ``game`` (any name
    :func:`qwixo.make_bot` takes), until ``quit`` or the end of the input. The bot is made at
    each ``newgame`` with its seed and budget; a ``position`` carries the game's seat save,
    loaded here (continuing the last one where it can)."""
    from qwixo.bots import check_bot, make_bot

    check_bot(game, bot)
    src = stdin or sys.stdin
    out = stdout or sys.stdout
    opts = dict(options or {})

    def say(msg: dict[str, Any]) -> None:
        out.write(compact_json(msg) + "\n")
        out.flush()

    current: Any = None
    warmed = False
    last: Game | None = None
    pos: dict[str, Any] | None = None
    for line in src:
        if not line.strip():
            continue
        try:
            msg = read_json(line)
            kind = msg.get("type") if isinstance(msg, dict) else None
        except ValueError:
            kind = None
        if kind == "hello":
            say({"type": "engine", "protocol": PROTOCOL, "name": f"qwixo {bot}",
                 "author": "qwixo", "games": {game: {}},
                 "options": [{"name": k, "default": v} for k, v in opts.items()]})
        elif kind == "newgame":
            if msg.get("game") != game:
                say({"type": "error", "error": "unsupported",
                     "message": f"this engine plays {game}"})
                continue
            budget = msg.get("budget_ms")
            kw = {**opts, **(msg.get("options") or {})}
            try:
                current = make_bot(game, bot, seconds=None if budget is None else
                                   budget / 1000, seed=msg.get("seed"), **kw)
            except (IllegalMove, TypeError, ValueError) as e:
                say({"type": "error", "error": "unsupported", "message": str(e)})
                continue
            last = None
            if not warmed:  # the bot's first decision loads its tables and kernels: here,
                # before "ready" (the host's start time), not in the first budget
                warmed = _warm_up(game, bot, msg.get("settings") or {}, kw)
            say({"type": "ready"})
        elif kind == "position":
            pos = msg
        elif kind == "go":
            if current is None or pos is None:
                say({"type": "error", "error": "bad_message",
                     "message": "go before newgame and position"})
                continue
            data = {"game": game, **pos["save"]}
            g = load_game(data, base=last)
            last = g
            decision = current.decide(g.copy(), int(pos["seat"]))
            info = getattr(current, "last_info", None)
            if isinstance(info, dict) and info:
                say({"type": "info", **{k: v for k, v in info.items()
                                         if isinstance(v, (int, float, str, bool))}})
            say({"type": "decision", "decision": str(decision)})
        elif kind == "error":
            print(f"qwixo engine: the host says {msg.get('error')}: {msg.get('message')}",
                  file=sys.stderr)
        elif kind == "stop":
            continue  # decisions here are made within their budget: nothing to stop
        elif kind == "quit":
            return 0
        else:
            say({"type": "error", "error": "bad_message", "message": line.strip()[:200]})
    return 0


def register(sub: Any) -> None:
    """``qwixo engine GAME BOT [--set KEY=VALUE]...``: a bot as an engine on stdin/stdout."""
    from qwixo.core import game_names
    from qwixo.i18n import t

    p = sub.add_parser("engine", help=t("clih_engine"))
    p.add_argument("game", choices=list(game_names()), help=t("clih_engine_game"))
    p.add_argument("bot", help=t("clih_engine_bot"))
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help=t("clih_engine_set"))
    p.set_defaults(func=_run)


def _warm_up(game: str, bot: str, settings: dict[str, Any], options: dict[str, Any]) -> bool:
    """One decision of a throwaway bot of the same kind (its seed and memory apart from the
    game's bot) on a new game of these settings; True (also when that fails: the real
    decision then says why)."""
    from qwixo.bots import make_bot
    from qwixo.core import new_game

    try:
        g = new_game(game, **settings)
        while g.needs_roll:
            g.roll()
        if g.to_act:
            make_bot(game, bot, seconds=0.05, seed=0, **options).decide(g, g.to_act[0])
    except Exception as e:  # noqa: BLE001 - a warm-up only
        print(f"qwixo engine: warm-up: {type(e).__name__}: {e}", file=sys.stderr)
    return True


def _run(args: Any) -> int:
    options: dict[str, Any] = {}
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise IllegalMove("bad_setting", name="--set", value=item, why="why_key_value")
        try:
            options[key.strip()] = json.loads(value)
        except ValueError:
            options[key.strip()] = value
    return serve_bot(args.game, args.bot, options=options)
