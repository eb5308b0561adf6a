"""``qwixo qwixx solve``: the exact optimal expected score of one-player Qwixx.

Registration is cheap: numpy and numba are imported by the handler only.

    qwixo qwixx solve                         # classic: {"expected": 115.4831..., ...}
    qwixo qwixx solve --edition mixx-a --out /tmp/tables
    qwixo qwixx solve --edition longo --lucky 5,8
"""

from __future__ import annotations

import argparse
import json
import sys

from qwixo.core import IllegalMove
from qwixo.i18n import t

EDITIONS = ("classic", "mixx-a", "mixx-b", "longo")


def _lucky(text: str) -> tuple[int, int]:
    try:
        a, b = (int(x) for x in text.split(","))
    except ValueError:
        raise IllegalMove("solver_bad_lucky", lucky=text, top=16) from None
    return a, b


def register_qwixx(sub) -> None:
    p = sub.add_parser("solve", help=t("solver_help"), description=t("solver_help"))
    p.add_argument("--edition", choices=EDITIONS, default="classic",
                   help=t("clih_qxsolve_edition"))
    p.add_argument("--lucky", metavar="A,B", default=None, help=t("clih_qxsolve_lucky"))
    p.add_argument("--out", metavar="DIR", default=None, help=t("clih_qxsolve_out"))
    p.add_argument("--no-save", action="store_true", help=t("clih_qxsolve_no_save"))
    p.add_argument("--quiet", action="store_true", help=t("clih_qxsolve_quiet"))
    p.add_argument("--no-symmetry", action="store_true", help=t("clih_qxsolve_no_symmetry"))
    p.add_argument("--threads", type=int, default=None, metavar="N",
                   help=t("clih_qxsolve_threads"))
    p.set_defaults(func=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    from qwixo.qwixx.solitaire import build_model, solve, table_path

    lucky = _lucky(args.lucky) if args.lucky else None
    model = build_model(args.edition, lucky, symmetry=not args.no_symmetry)
    sol = solve(model, progress=not args.quiet, threads=args.threads)
    out = {"expected": round(sol.expected, 6), "edition": model.name,
           "lucky": list(model.lucky) or None, "seconds": round(sol.seconds, 2),
           "states": sol.states, "symmetry": list(model.symmetry),
           "threads": sol.threads}
    if not args.no_save:
        path = sol.save(table_path(model.label, args.out))
        print(t("solver_saved", getattr(args, "lang", None), path=str(path)), file=sys.stderr)
        out["table"] = str(path)
    print(json.dumps(out))
    return 0
