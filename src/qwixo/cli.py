"""The ``qwixo`` command. Each area registers its own sub-commands:

- ``qwixo play GAME ...``      a module's ``register_play(play_subparsers)`` (``qwixo.play``:
  every game without a command of its own)
- ``qwixo quixo ...`` (bench, perft, solve, hint)   ``register_quixo(quixo_subparsers)``
- ``qwixo qwixx ...`` (bench, solve, hint)          ``register_qwixx(qwixx_subparsers)``
- ``qwixo serve``, ``qwixo tournament``, ``qwixo engine``, ``qwixo bridge``,
  ``qwixo leaderboard``   ``register(top_level_subparsers)``

The modules asked are listed in ``_AREAS``; one that does not exist yet is skipped.

Registration modules must be cheap to import: heavy imports (numba kernels, FastAPI) happen
inside the command handlers. A handler is ``args.func(args) -> int | None``.

Every help text is looked up in the translation table while the parser is built, in the language
of ``--lang`` (found in the arguments before the parser exists, as ``--lang it`` or
``--lang=it``), else ``QWIXO_LANG`` or the locale; registration hooks call ``t(key)`` without a
language and get it:

>>> p = build_parser("it")
>>> p.format_usage().startswith("uso: qwixo")
True
>>> lang_from_argv(["--lang=pl", "quixo", "--help"]), lang_from_argv(["play", "--lang", "xx"])
('pl', None)
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys

from qwixo import __version__
from qwixo.core import IllegalMove
from qwixo.i18n import LANGS, default_lang, t

_AREAS = (
    "qwixo.quixo.cli",
    "qwixo.quixo.solver_cli",
    "qwixo.quixo.bots_cli",
    "qwixo.qwixx.cli",
    "qwixo.qwixx.solver_cli",
    "qwixo.qwixx.bots_cli",
    "qwixo.server.cli",
    "qwixo.tournament.cli",
    "qwixo.analysis",
    "qwixo.quixo.puzzles_cli",
    "qwixo.testing",
    "qwixo.engine_cli",
    "qwixo.bridge",
    "qwixo.leaderboard_cli",
    "qwixo.play",  # last: `play GAME` for the games the areas above gave no command
)


def _load(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and name.startswith(e.name):  # that area is not built yet
            return None
        raise


def lang_from_argv(argv: list[str]) -> str | None:
    """The language asked with ``--lang L`` or ``--lang=L`` anywhere before ``--`` (the last
    one wins, as with argparse), or None; an unknown value is left for argparse to refuse."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found if found in LANGS else None


# argparse's error messages (English only) and their keys; one not listed stays English
_ARGPARSE_ERRORS = (
    (r"argument (?P<arg>[^:]+): (?P<rest>.*)", "cli_err_argument"),
    (r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.*)\)", "cli_err_choice"),
    (r"invalid int value: (?P<value>.+)", "cli_err_int"),
    (r"invalid float value: (?P<value>.+)", "cli_err_float"),
    (r"invalid (?P<type>\w+) value: (?P<value>.+)", "cli_err_type"),
    (r"expected one argument", "cli_err_one"),
    (r"expected at least one argument", "cli_err_at_least_one"),
    (r"expected at most one argument", "cli_err_at_most_one"),
    (r"the following arguments are required: (?P<args>.+)", "cli_err_required"),
    (r"unrecognized arguments: (?P<args>.*)", "cli_err_unrecognized"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)", "cli_err_ambiguous"),
    (r"not allowed with argument (?P<arg>.+)", "cli_err_not_allowed"),
    (r"one of the arguments (?P<args>.+) is required", "cli_err_one_of"),
)


def translate_argparse_error(message: str, lang: str | None = None) -> str:
    """An argparse error message in ``lang`` (the message itself when it is not known).

    >>> translate_argparse_error("argument --lang: invalid choice: 'xx' (choose from 'en')", "it")
    "argomento --lang: scelta non valida: 'xx' (scegli tra 'en')"
    >>> translate_argparse_error("something new", "pl")
    'something new'
    """
    for pattern, key in _ARGPARSE_ERRORS:
        m = re.fullmatch(pattern, message, re.DOTALL)
        if m:
            params = m.groupdict()
            if "rest" in params:
                params["rest"] = translate_argparse_error(params["rest"], lang)
            return t(key, lang, **params)
    return message


class _Formatter(argparse.HelpFormatter):
    lang: str | None = None

    def add_usage(self, usage, actions, groups, prefix=None):
        if prefix is None:  # argparse's own "usage: " is English only
            prefix = t("cli_usage", self.lang)
        super().add_usage(usage, actions, groups, prefix)


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose own words (usage, section titles, ``-h``, the error line) come
    from the translation table, in the language current when it was made. Sub-parsers made
    with ``add_parser`` are of this class too."""

    def __init__(self, *args, **kwargs) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, add_help=False, **kwargs)
        self.lang = default_lang()
        self._positionals.title = t("cli_positionals", self.lang)
        self._optionals.title = t("cli_options", self.lang)
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=t("cli_help_help", self.lang))

    def _get_formatter(self):
        formatter = super()._get_formatter()
        formatter.lang = self.lang
        return formatter

    def error(self, message: str):
        self.print_usage(sys.stderr)
        message = translate_argparse_error(message, self.lang)
        self.exit(2, t("cli_error", self.lang, prog=self.prog, message=message) + "\n")


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The whole ``qwixo`` parser with its texts in ``lang`` (default: ``QWIXO_LANG`` or the
    locale). ``QWIXO_LANG`` is set to ``lang`` while the areas register their sub-commands."""
    saved = os.environ.get("QWIXO_LANG")
    if lang:
        os.environ["QWIXO_LANG"] = lang
    try:
        return _build()
    finally:
        if saved is None:
            os.environ.pop("QWIXO_LANG", None)
        else:
            os.environ["QWIXO_LANG"] = saved


def _build() -> argparse.ArgumentParser:
    parser = _Parser(prog="qwixo", description=t("cli_description"))
    parser.add_argument("--version", action="version", version=f"qwixo {__version__}",
                        help=t("cli_help_version"))
    parser.add_argument("--lang", choices=LANGS, default=None, help=t("cli_help_lang"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help=t("cli_help_play"))
    groups = {
        "register_play": play.add_subparsers(dest="game", metavar="GAME", required=True),
        "register_quixo": sub.add_parser("quixo", help=t("cli_help_quixo"))
        .add_subparsers(dest="tool", metavar="TOOL", required=True),
        "register_qwixx": sub.add_parser("qwixx", help=t("cli_help_qwixx"))
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


# optional parts of qwixo: the top-level module each needs -> the extra that installs it
_EXTRAS = {
    "fastapi": "web", "starlette": "web", "uvicorn": "web", "pydantic": "web",
    "websockets": "web", "psycopg": "web", "psycopg_pool": "web", "argon2": "web",
    "matplotlib": "plots",
    "pettingzoo": "research", "gymnasium": "research", "pyspiel": "research",
    "dask": "cluster", "distributed": "cluster",
}


def missing_extra(module: str | None) -> str | None:
    """The extra (``pip install 'qwixo[EXTRA]'``) that brings ``module``, or None.

    >>> missing_extra("fastapi"), missing_extra("matplotlib.pyplot"), missing_extra("numpy")
    ('web', 'plots', None)
    """
    return _EXTRAS.get((module or "").split(".")[0])


def main(argv: list[str] | None = None) -> int:
    """Run ``qwixo`` with ``argv`` (default: ``sys.argv[1:]``); the exit status.

    ``--lang`` (also the ``--lang`` of ``play quixo``, kept apart as ``args.play_lang``)
    decides the language of the help, the messages and the errors; ``QWIXO_LANG`` is set to it
    while the command runs and restored afterwards.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    asked = lang_from_argv(argv)
    parser = build_parser(asked)
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    lang = getattr(args, "lang", None) or asked
    saved = os.environ.get("QWIXO_LANG")
    if lang:  # every text looked up during the command uses it
        os.environ["QWIXO_LANG"] = lang
    try:
        return int(func(args) or 0)
    except IllegalMove as e:
        print(f"qwixo: {e.translated(lang)}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as e:
        extra = missing_extra(e.name)
        if extra is None:
            raise
        print(f"qwixo: {t('cli_needs_extra', lang, module=e.name, extra=extra)}", file=sys.stderr)
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
