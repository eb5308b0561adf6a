"""The ``qwixo`` command. Each area registers its own sub-commands:

- ``qwixo play quixo|qwixx ...``      a module's ``register_play(play_subparsers)``
- ``qwixo quixo ...`` (bench, perft, solve, hint)   ``register_quixo(quixo_subparsers)``
- ``qwixo qwixx ...`` (bench, solve, hint)          ``register_qwixx(qwixx_subparsers)``
- ``qwixo serve``, ``qwixo tournament``             ``register(top_level_subparsers)``

The modules asked are listed in ``_AREAS``; one that does not exist yet is skipped.

Registration modules must be cheap to import: heavy imports (numba kernels, FastAPI) happen
inside the command handlers. A handler is ``args.func(args) -> int | None``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from qwixo import __version__
from qwixo.core import IllegalMove
from qwixo.i18n import LANGS, t

_AREAS = (
    "qwixo.quixo.cli",
    "qwixo.quixo.solver_cli",
    "qwixo.quixo.bots_cli",
    "qwixo.qwixx.cli",
    "qwixo.qwixx.solver_cli",
    "qwixo.qwixx.bots_cli",
    "qwixo.server.cli",
    "qwixo.tournament.cli",
)


def _load(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and name.startswith(e.name):  # that area is not built yet
            return None
        raise


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="qwixo", description=t("cli_description", "en"))
    parser.add_argument("--version", action="version", version=f"qwixo {__version__}")
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="language of the texts (default: QWIXO_LANG or the locale)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help="play in the terminal")
    groups = {
        "register_play": play.add_subparsers(dest="game", metavar="GAME", required=True),
        "register_quixo": sub.add_parser("quixo", help="Quixo tools: bench, perft, solve, hint")
        .add_subparsers(dest="tool", metavar="TOOL", required=True),
        "register_qwixx": sub.add_parser("qwixx", help="Qwixx tools: bench, solve, hint")
        .add_subparsers(dest="tool", metavar="TOOL", required=True),
        "register": sub,
    }
    for name in _AREAS:
        mod = _load(name)
        if mod is None:
            continue
        for hook, target in groups.items():
            if hasattr(mod, hook):
                getattr(mod, hook)(target)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    saved = os.environ.get("QWIXO_LANG")
    if args.lang:  # every text looked up during the command uses it
        os.environ["QWIXO_LANG"] = args.lang
    try:
        return int(func(args) or 0)
    except IllegalMove as e:
        print(f"qwixo: {e.translated(args.lang)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:  # main() may be called again in the same process (tests, embedding)
        if saved is None:
            os.environ.pop("QWIXO_LANG", None)
        else:
            os.environ["QWIXO_LANG"] = saved


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
