"""``qwixo quixo solve``: the retrograde solver from the command line.

Progress goes to stderr (one line a class), JSON lines to stdout: one line a class
``{"to_move", "other", "win", "loss", "draw"}``, then a last summary line, e.g. for 3×3
``{"size": 3, "states": 19683, "win": 12748, "loss": 6935, "draw": 0, "start": "win",
"plies": 7, "seconds": ...}``. The database is written to the qwixo data directory (or
``--out``) unless ``--no-save``.
"""

from __future__ import annotations

import argparse
import json
import sys

from qwixo.i18n import number, t


def register_quixo(sub) -> None:
    p = sub.add_parser("solve", help=t("qsolve_help"), description=t("qsolve_help"))
    p.add_argument("--size", type=int, required=True, help=t("qsolve_help_size"))
    p.add_argument("--blanks", type=int, default=None, metavar="K",
                   help=t("qsolve_help_blanks"))
    p.add_argument("--out", default=None, metavar="DIR", help=t("qsolve_help_out"))
    p.add_argument("--verify", action="store_true", help=t("qsolve_help_verify"))
    p.add_argument("--no-save", action="store_true", help=t("qsolve_help_no_save"))
    p.add_argument("--threads", type=int, default=None, help=t("qsolve_help_threads"))
    p.set_defaults(func=cmd_solve)


def _emit(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj, separators=(", ", ": ")) + "\n")
    sys.stdout.flush()


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def cmd_solve(args: argparse.Namespace) -> int:
    from qwixo.quixo.retro import MAX_SOLVE_SIZE
    from qwixo.quixo.solver import MEMORY_LIMIT, class_order, class_size, memory_estimate

    lang = getattr(args, "lang", None)
    n, blanks = args.size, args.blanks
    if not 3 <= n <= MAX_SOLVE_SIZE:
        _err(t("qsolve_bad_size", lang, size=n))
        return 2
    if blanks is not None and blanks < 0:
        _err(t("qsolve_bad_blanks", lang, blanks=blanks))
        return 2
    if blanks is not None and blanks >= n * n:
        blanks = None
    if args.threads is not None and args.threads < 1:
        _err(t("bad_setting", lang, name="threads", value=args.threads, why="why_at_least",
                   lo=1))
        return 2
    what = (t("qsolve_all_positions", lang) if blanks is None
            else t("qsolve_at_most_blanks", lang, blanks=blanks))
    need = memory_estimate(n, blanks)
    if need > MEMORY_LIMIT:
        _err(t("qsolve_too_big", lang, size=n, what=what, gb=number(need / 1e9, lang, 1),
               limit=MEMORY_LIMIT // 1024**3))
        return 2
    classes = class_order(n, blanks)
    states = sum(class_size(n, a, b) for a, b in classes)
    _err(t("qsolve_start", lang, size=n, what=what, states=number(states, lang),
           classes=len(classes)))

    def progress(st: dict) -> None:
        _err(t("qsolve_class", lang, to_move=st["to_move"], other=st["other"],
               states=number(st['states'], lang), win=number(st['win'], lang), loss=number(st['loss'], lang),
               draw=number(st['draw'], lang), seconds=number(st["seconds"], lang, 2)))
        _emit({k: st[k] for k in ("to_move", "other", "win", "loss", "draw")})

    from qwixo.quixo.solver import solve

    result = solve(n, blanks, progress=progress, threads=args.threads)
    summary = result.summary()
    _err(t("qsolve_done", lang, states=number(summary['states'], lang),
           seconds=number(result.seconds, lang, 2), win=number(summary['win'], lang),
           loss=number(summary['loss'], lang), draw=number(summary['draw'], lang)))
    if "start" in summary:
        if summary["start"] == "draw":
            _err(t("qsolve_start_draw", lang))
        else:
            _err(t("qsolve_start_value", lang, value=t(f"qsolve_value_{summary['start']}", lang),
                   plies=summary["plies"]))
    if args.verify:
        bad = result.verify()
        summary["verify_errors"] = bad
        _err(t("qsolve_verified", lang, bad=bad))
    if not args.no_save:
        from qwixo.quixo.db import save

        path = save(result, args.out)
        _err(t("qsolve_saved", lang, path=str(path), mb=number(path.stat().st_size / 1e6, lang, 1)))
    _emit(summary)
    return 1 if summary.get("verify_errors") else 0
