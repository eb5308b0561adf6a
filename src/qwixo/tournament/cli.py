"""``qwixo tournament GAME --bots a,b,... --games N ...`` (registered by :func:`register`);
``GAME``: a registered game (``qwixo.game_names()``: qwixx, quixo...).

Options: ``--players K``; ``--NAME`` for every setting a registered game's schema offers on
command lines (``Setting.cli_option``; :func:`setting_options`: for qwixo's own games
``--edition E``, ``--size N`` and ``--ply-limit L``, whose default is the game's tournament
setting, ``GameInfo.tournament``); ``--jobs J`` (processes, default 1), ``--seed S``,
``--seconds T`` (each bot's time per decision), ``--plot DIR`` (PNG charts), ``--json`` (the
whole report as JSON on stdout). A progress bar runs on stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from qwixo.core import game_info
from qwixo.gameinfo import text
from qwixo.i18n import number, percent, t


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tournament", help=t("clih_tournament"))
    from qwixo.core import game_names

    p.add_argument("game", choices=list(game_names()),
                   help=t("clih_tournament_game"))
    p.add_argument("--bots", required=True, help=t("clih_tournament_bots"))
    p.add_argument("--engine", action="append", default=[], metavar="NAME=CMD",
                   help=t("clih_tournament_engine"))
    p.add_argument("--games", type=int, default=100, help=t("clih_tournament_games"))
    from qwixo.tournament.formats import FORMATS

    p.add_argument("--format", choices=FORMATS, default=None, help=t("clih_tournament_format"))
    p.add_argument("--rounds", type=int, default=None, help=t("clih_tournament_rounds"))
    p.add_argument("--minutes", type=float, default=None, help=t("clih_tournament_minutes"))
    p.add_argument("--players", type=int, default=None, help=t("clih_tournament_players"))
    p.add_argument("--jobs", type=int, default=1, help=t("clih_tournament_jobs"))
    p.add_argument("--cluster", metavar="local|ADDRESS", default=None,
                   help=t("clih_tournament_cluster"))
    p.add_argument("--seed", type=int, default=0, help=t("clih_tournament_seed"))
    p.add_argument("--seconds", type=float, default=None, help=t("clih_tournament_seconds"))
    p.add_argument("--rate", action="store_true", help=t("clih_tournament_rate"))
    p.add_argument("--ratings-file", metavar="FILE", default=None,
                   help=t("clih_tournament_ratings_file"))
    p.add_argument("--plot", metavar="DIR", default=None, help=t("clih_tournament_plot"))
    p.add_argument("--json", action="store_true", help=t("clih_tournament_json"))
    # the games' settings, from their schemas (``--edition``, ``--size``, ``--ply-limit``...);
    # a setting named like one of the command's own options (``--seed``) is not offered
    more = setting_options({a.dest for a in p._actions})
    for name, option in more.items():
        p.add_argument("--" + name.replace("_", "-"), **option)
    p.set_defaults(func=_run, game_settings=list(more))


def setting_options(taken: set[str] | frozenset[str] = frozenset()) -> dict[str, dict]:
    """``{setting: argparse keywords}``: one ``--NAME`` option for each setting that a registered
    game's schema offers on command lines (:meth:`Setting.cli_option`), in the games' order,
    but for the names in ``taken``. Its help names each game that has it, with the setting's
    label and the default a tournament uses (the game's ``tournament`` setting, else the
    schema's); a setting several games have is one option (its choices those of all of them).
    The option's value is None unless given, and the game checks it, as it checks its
    settings anywhere (the same option serves every game, parsed before the game is known):
    a setting the game does not have is a clear error (``tournament_wrong_setting``), and a
    choice is shown as ``{a,b}`` but not refused by the parser (Qwixx takes ``--edition
    Longo`` as ``longo``, as it always did).

    >>> import qwixo
    >>> opts = setting_options()
    >>> all(s.name in opts for n in qwixo.game_names() for s in qwixo.game_info(n).settings
    ...     if s.cli_option() is not None)
    True
    """
    from qwixo.core import game_names

    options: dict[str, dict] = {}
    helps: dict[str, list[str]] = {}
    for name in game_names():
        info = game_info(name)
        for setting in info.settings:
            option = setting.cli_option()
            if option is None or setting.name in taken:
                continue
            words = setting.label or setting.help
            default = info.tournament.get(setting.name, setting.default)
            line = (t("clih_tournament_setting", game=text(info.title),
                      setting=text(words) if words else setting.name, default=default)
                    if default is not None else
                    t("clih_tournament_setting_nodefault", game=text(info.title),
                      setting=text(words) if words else setting.name))
            have = options.get(setting.name)
            if have is None:
                options[setting.name] = option
                helps[setting.name] = [line]
                continue
            helps[setting.name].append(line)
            if "choices" in have and "choices" in option and have.get("type") is option["type"]:
                have["choices"] += [c for c in option["choices"] if c not in have["choices"]]
            else:  # different kinds of value: the games check them
                have.pop("choices", None)
                if have.get("type") is not option.get("type"):
                    have.pop("type", None)
                    have.pop("metavar", None)
    for name, option in options.items():
        option["help"] = "; ".join(helps[name])
        choices = option.pop("choices", None)
        if choices and "metavar" not in option:
            option["metavar"] = "{" + ",".join(str(c) for c in choices) + "}"
    return options


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from qwixo.engine import EngineSpec
    from qwixo.tournament.runner import run_tournament

    lang = args.lang
    bots = [b for b in (x.strip() for x in args.bots.split(",")) if b]
    engines = [EngineSpec.parse(e) for e in args.engine]
    err = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=err,
                  transient=False) as prog:
        task = prog.add_task(t("tournament_progress", lang), total=max(args.games, 1))

        logged = [time.monotonic(), 0]
        started = logged[0]

        def progress(done: int, total: int) -> None:
            prog.update(task, completed=done)
            if err.is_terminal:
                return
            # no live bar in a log file (a long or cluster run): a line every 30 s and at the end
            now = time.monotonic()
            if now - logged[0] >= 30 or done == total:
                logged[0] = now
                left = (now - started) / done * (total - done)
                print(t("tournament_progress_line", lang, done=done, total=total,
                        elapsed=f"{now - started:.0f}", left=f"{left:.0f}"),
                      file=sys.stderr, flush=True)

        settings = {k: getattr(args, k) for k in args.game_settings
                    if getattr(args, k) is not None}
        if args.format:
            from qwixo.tournament.formats import run_event

            prog.update(task, total=None)
            rep = run_event(args.game, bots, args.format, rounds=args.rounds,
                            minutes=args.minutes, players=args.players, jobs=args.jobs,
                            seed=args.seed, seconds=args.seconds, settings=settings,
                            engines=engines,
                            progress=lambda done, _: prog.update(task, completed=done))
        else:
            rep = run_tournament(args.game, bots, args.games, players=args.players,
                                 jobs=args.jobs, seed=args.seed, seconds=args.seconds,
                                 progress=progress, cluster=args.cluster, engines=engines,
                                 settings=settings)
    if args.rate or args.ratings_file:
        from qwixo.tournament.ratings import rate_report

        rep["ratings"] = rate_report(rep)
        if args.ratings_file:
            try:
                _save_ratings(args.ratings_file, rep)
            except OSError as e:
                print(t("tournament_cannot_write", lang, path=args.ratings_file,
                        why=e.strerror or e), file=sys.stderr)
                return 2
    files = []
    if args.plot:
        from qwixo.tournament.plots import write_plots

        try:
            files = write_plots(rep, args.plot, lang)
        except OSError as e:
            print(t("tournament_cannot_write", lang, path=args.plot, why=e.strerror or e),
                  file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(_clean(rep)))
    else:
        if "standings" in rep:
            print_standings(rep, lang)
        print_report(rep, lang)
        if "ratings" in rep:
            print_ratings(rep, lang)
        if files:
            print(t("tournament_plots", lang, files=", ".join(str(f) for f in files)))
    return 0


def _save_ratings(path: str, rep: dict) -> None:
    """Merge the report's ratings into the JSON file ``path`` (created when missing)."""
    import datetime
    import os

    from qwixo.tournament.ratings import merge_ratings

    data: dict = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    out = merge_ratings(data, _clean(rep), when)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, path)


def print_ratings(rep: dict, lang: str | None = None, file=None) -> None:
    """The ratings of ``rep["ratings"]``: per bot rating ± 2 deviations, deviation, games."""
    from rich.console import Console
    from rich.table import Table

    rated = rep["ratings"]
    out = file or sys.stdout
    con = Console(file=out, highlight=False, soft_wrap=True,
                  width=None if getattr(out, "isatty", lambda: False)() else 160)
    if rated["class"] is None:
        con.print(t("tournament_not_rated", lang))
        return
    con.print(t("tournament_ratings_title", lang, cls=rated["class"],
                system=t("tournament_system_" + rated["system"], lang)))
    tab = Table()
    for c in ("bot", "rating", "deviation", "games"):
        tab.add_column(t(f"tournament_col_{c}", lang), justify="left" if c == "bot" else "right")
    for bot, r in sorted(rated["bots"].items(), key=lambda kv: -kv[1]["rating"]):
        tab.add_row(bot, number(r["rating"], lang), number(r["deviation"], lang),
                    number(r["games"], lang))
    con.print(tab)


def print_standings(rep: dict, lang: str | None = None, file=None) -> None:
    """An event's standings (``qwixo tournament --format``): place, bot, points, tie breaks,
    games won / drawn / lost, byes."""
    from rich.console import Console
    from rich.table import Table

    out = file or sys.stdout
    con = Console(file=out, highlight=False, soft_wrap=True,
                  width=None if getattr(out, "isatty", lambda: False)() else 160)
    con.print(t("tournament_standings_title", lang, format=t(
        "tournament_format_" + rep["format"].replace("-", "_"), lang),
        rounds=len(rep["rounds"]), games=rep["games"]))
    tab = Table()
    cols = ("place", "bot", "points", "direct", "buchholz", "sonneborn_berger", "wdl", "byes")
    for c in cols:
        tab.add_column(t(f"tournament_col_{c}", lang), justify="left" if c == "bot" else "right")
    for r in rep["standings"]:
        tab.add_row(str(r["place"]), r["bot"], _num(r["points"], lang), _num(r["direct"], lang),
                    _num(r["buchholz"], lang), _num(r["sonneborn_berger"], lang),
                    f"{r['won']} / {r['drawn']} / {r['lost']}", str(r["byes"]))
    con.print(tab)


def _num(x: float, lang: str | None) -> str:
    """A number of points as the language writes it (½ points: one decimal, else none)."""
    return number(x, lang, None)


def _clean(x):
    """JSON without NaN (as null)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x


def _label(prefix: str, name: str, lang: str | None) -> str:
    """The translated label of a setting or end reason (the name itself when the table has
    none, e.g. a reason added later)."""
    from qwixo.i18n import TABLE

    return t(prefix + name, lang) if prefix + name in TABLE else name


def _choice(info, name: str, value, lang: str | None) -> str:
    """A setting's value as the game names it (its choice label, "Klasik"), else as it is."""
    from qwixo.i18n import TABLE

    setting = info.setting(name)
    key = f"{setting.choice_label}{value}" if setting and setting.choice_label else ""
    return text(key, lang) if key in TABLE else str(value)


def print_report(rep: dict, lang: str | None = None, file=None) -> None:
    """The report as a table (rich) and a few lines."""
    from rich.console import Console
    from rich.table import Table


    out = file or sys.stdout
    wide = None if getattr(out, "isatty", lambda: False)() else 160
    con = Console(file=out, highlight=False, soft_wrap=True, width=wide)
    st = rep["settings"]
    info = game_info(rep["game"])
    detail = ", ".join(f"{_label('cli_setting_', k, lang)} {_choice(info, k, v, lang)}"
                       for k, v in st.items() if k != "players")
    con.print(t("tournament_title", lang, game=text(info.title, lang), games=rep["games"],
                players=st["players"], settings=detail))
    tab = Table()
    cols = ["bot", "games", "wins", "ci", "elo", "mean", "median", "std", "range"]
    draws = any("draws" in b for b in rep["bots"])  # win/loss games count their draws
    if draws:
        cols.append("draws")
    for c in cols:
        tab.add_column(t(f"tournament_col_{c}", lang), justify="left" if c == "bot" else "right")
    for b in sorted(rep["bots"], key=lambda b: -b["elo"]):
        sc = b["score"]
        row = [b["bot"], number(b["games"], lang), percent(b["win_rate"], lang),
               f"{percent(b['ci95'][0], lang)}–{percent(b['ci95'][1], lang)}",
               f"{number(b['elo'], lang)} ± {number(1.96 * b['elo_se'], lang)}",
               number(sc["mean"], lang, 1), number(sc["median"], lang, 1),
               number(sc["std"], lang, 1), f"{number(sc['min'], lang)}–{number(sc['max'], lang)}"]
        if draws:
            row.append(str(b["draws"]))
        tab.add_row(*row)
    con.print(tab)
    ln = rep["length"]
    unit = t(f"tournament_unit_{info.length}", lang)
    con.print(t("tournament_lengths", lang, unit=unit, mean=number(ln["mean"], lang, 1),
                median=number(ln["median"], lang, 1), min=number(ln["min"], lang),
                max=number(ln["max"], lang)))
    reasons = ", ".join(f"{_label('cli_end_', k, lang) if k else '-'} {v}"
                        for k, v in rep["end_reasons"].items())
    con.print(t("tournament_ends", lang, reasons=reasons))
    for f in rep.get("failures", ()):
        con.print(t("tournament_failure", lang, i=f["i"], bot=f["bot"],
                    why=t("bot_failure_" + f["why"], lang)))
    con.print(t("tournament_time", lang, seconds=number(rep["wall"], lang, 1),
                per_game=number(rep["wall"] / max(rep["games"], 1), lang, 2), jobs=rep["jobs"],
                seed=rep["seed"]))
