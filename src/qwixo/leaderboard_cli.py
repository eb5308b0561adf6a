"""``qwixo leaderboard submit TRACK --agent SPEC``, ``show [TRACK]``, ``verify [TRACK]``: the
research leaderboard (:mod:`qwixo.envs.leaderboard`, ``docs/research.md``). Registered by
:func:`register`; the research package is imported by the handlers only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from qwixo.i18n import t


def register(sub: argparse._SubParsersAction) -> None:
    """``qwixo leaderboard submit|show|verify``."""
    p = sub.add_parser("leaderboard", help=t("clih_leaderboard"))
    cmds = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    s = cmds.add_parser("submit", help=t("clih_leaderboard_submit"))
    s.add_argument("track", help=t("clih_leaderboard_track"))
    s.add_argument("--agent", required=True, help=t("clih_leaderboard_agent"))
    s.add_argument("--games", type=int, default=None, help=t("clih_leaderboard_games"))
    s.add_argument("--pool-games", type=int, default=None,
                   help=t("clih_leaderboard_pool_games"))
    s.add_argument("--seed", type=int, default=None, help=t("clih_leaderboard_seed"))
    s.add_argument("--file", default=None, help=t("clih_leaderboard_file"))
    s.set_defaults(func=_submit)
    w = cmds.add_parser("show", help=t("clih_leaderboard_show"))
    w.add_argument("track", nargs="?", default=None,
                   help=t("clih_leaderboard_track"))
    w.add_argument("--file", default=None, help=t("clih_leaderboard_file"))
    w.add_argument("--json", action="store_true", help=t("clih_leaderboard_json"))
    w.set_defaults(func=_show)
    v = cmds.add_parser("verify", help=t("clih_leaderboard_verify"))
    v.add_argument("track", nargs="?", default=None,
                   help=t("clih_leaderboard_track"))
    v.add_argument("--agent", default=None, help=t("clih_leaderboard_verify_agent"))
    v.add_argument("--file", default=None, help=t("clih_leaderboard_file"))
    v.add_argument("--json", action="store_true", help=t("clih_leaderboard_json"))
    v.set_defaults(func=_verify)


def _submit(args: argparse.Namespace) -> int:
    from qwixo.envs.leaderboard import submit

    t0 = time.process_time()
    row = submit(args.track, args.agent, args.games, args.pool_games, args.seed, args.file)
    print(json.dumps(row, indent=1))
    print(t("leaderboard_submitted", None, agent=row["agent"], track=row["track"],
            seconds=f"{time.process_time() - t0:.0f}"), file=sys.stderr)
    return 0


def _show(args: argparse.Namespace) -> int:
    from qwixo.envs.leaderboard import load, table, track

    if args.track:
        track(args.track)
    data = load(args.file)
    if args.json:
        rows = [r for r in data["rows"] if not args.track or r["track"] == args.track]
        print(json.dumps({**data, "rows": rows}, indent=1))
    else:
        print(table(data, args.track) or t("leaderboard_empty"))
    return 0


def _verify(args: argparse.Namespace) -> int:
    from qwixo.envs.leaderboard import check_schema, load, track, verify_row

    if args.track:
        track(args.track)
    data = load(args.file)
    bad = check_schema(data)
    if bad:
        for line in bad:
            print(t("leaderboard_schema", None, problem=line), file=sys.stderr)
        return 1
    results = []
    for row in data["rows"]:
        if (args.track and row["track"] != args.track) or (args.agent and
                                                            row["agent"] != args.agent):
            continue
        res = verify_row(row)
        results.append(res)
        if not args.json:
            key = "leaderboard_agree" if res["agree"] else "leaderboard_disagree"
            print(t(key, None, agent=row["agent"], track=row["track"], seed=res["seed"]))
            for name, f in res["figures"].items():
                print(t("leaderboard_figure", None, figure=name,
                        old=_num(f["old"]), new=_num(f["new"]),
                        bound=_num(f["bound"]),
                        verdict=t("leaderboard_ok" if f["agree"] else "leaderboard_off")))
    if args.json:
        print(json.dumps(results, indent=1))
    return 0 if all(r["agree"] for r in results) else 1


def _num(x: float | None) -> str:
    return "—" if x is None else f"{x:.3f}" if abs(x) < 10 else f"{x:.1f}"

