"""Train the Qwixx ``td`` value function by self-play (:mod:`qwixo.qwixx.td_train`) and write
the weights file the package ships (``src/qwixo/qwixx/data/td_weights.json``).

Usage::

    python tools/qwixx_td_train.py [--editions classic,longo,...] [--players 2,3,4,5]
        [--games N] [--generations G] [--seed S] [--out FILE] [--check N]
        [--hidden H] [--epochs E] [--lam L] [--init KEY] [--against gap,race,odds]

For every edition and number of players: generation 0 of ``--games`` games by the ``odds``
and ``ev`` rules, then ``--generations`` generations of ``--games`` games of the greedy ``td``
policy, a fit after each: the logistic model by Newton's method (one core; about a minute per
edition and player count), or with ``--hidden H`` the value network with ``H`` tanh units
(``td_train.fit_net``: Adam, ``--epochs`` passes a generation; about 13 minutes for 60,000
games and 3 generations on the loaded machine). ``--lam L`` < 1 labels the td generations'
positions with lambda-returns instead of the final win share. ``--init KEY`` starts the
generation 0 fit from the weights of ``KEY`` in ``--out`` (e.g. ``classic/2``: a network
of the first 35 features, padded with zero weights on the per-row ones) instead of a logistic
fit. The weights of the pairs trained
are replaced in ``--out`` (the others kept), with this command in its header (without
``--out``). The shipped file was made by the commands listed in it, in order; the 2-player
classic network by ``--editions classic --players 2 --games 60000 --generations 3 --hidden 32
--epochs 8``. ``--check N``: the greedy ``td`` policy then plays ``N`` kernel games
(paired dice, seats rotating) against ``odds``, ``ev`` and ``gap`` and its win share is
printed; with 3 players or more also the mixed table ``td, odds, ev[, gap[, race]]`` (one
seat each, ``N`` games in every rotation of the seats on the same dice:
:func:`qwixo.qwixx.td_train.mixed_table`).

``--against gap,race,odds`` (with ``--editions``/``--players``): instead, weights learnt
against a fixed opponent (:func:`qwixo.qwixx.td_train.train_against`: ``--generations``
generations of ``--games`` games of the greedy ``td`` learner against that rule, starting from
the shipped ``edition/players`` weights), key ``edition/players@rule`` (used by the ``strong``
bot's search when it has recognised such an opponent); ``--check N`` then compares them with
the plain weights against that rule on the same dice.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

EDITIONS = "classic,longo,mixx-a,mixx-b,bonus-a,bonus-b"


def main(argv: list[str] | None = None) -> int:
    from qwixo.qwixx import td, td_train
    from qwixo.qwixx.td_train import WEIGHTS_FILE, mixed_table, td_shares

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--editions", default=EDITIONS)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--games", type=int, default=30000)
    ap.add_argument("--generations", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(WEIGHTS_FILE))
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--hidden", type=int, default=0,
                    help="hidden tanh units of the value network (0: the logistic model)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--init", default="",
                    help="start the fit from the weights of this key of the --out file "
                         "(e.g. classic/2; padded to the current features)")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="lambda of the td generations' labels (1: final outcomes)")
    ap.add_argument("--against", default="",
                    help="rules (gap,race,odds,ev): learn weights against each of them "
                         "instead, key 'edition/players@rule' (td_train.train_against)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    data = json.loads(out.read_text()) if out.exists() else {}
    table = data.get("weights", {})
    words = list(argv if argv is not None else sys.argv[1:])
    for k in range(len(words) - 1, -1, -1):  # the output file is not part of the recipe
        if words[k] == "--out":
            del words[k:k + 2]
        elif words[k].startswith("--out="):
            del words[k]
    cmd = "python tools/qwixx_td_train.py " + " ".join(words)

    def shares(ed, P, opp, n, wts):
        return td_shares(ed, P, opp, n, args.seed + 7, wts)

    for ed in args.editions.split(","):
        for P in [int(x) for x in args.players.split(",")]:
            for rule in [r for r in args.against.split(",") if r]:
                t0 = time.perf_counter()
                plain = td.load_weights(ed, P)
                res = td_train.train_against(ed, P, rule, games=args.games,
                                             generations=args.generations, seed=args.seed,
                                             hidden=args.hidden or None, epochs=args.epochs,
                                             w0=plain)
                table[f"{ed}/{P}@{rule}"] = [round(float(x), 6) for x in res["weights"]]
                print(f"{ed}/{P}@{rule}: trained in {time.perf_counter() - t0:.0f} s",
                      flush=True)
                if args.check:  # the new weights and the plain ones, on the same dice
                    a = shares(ed, P, rule, args.check, res["weights"])
                    b = shares(ed, P, rule, args.check, plain)
                    d = a - b
                    se = d.std(ddof=1) / np.sqrt(len(d))
                    print(f"  greedy td vs {rule}: win share {a.mean():.3f} with the @{rule} "
                          f"weights, {b.mean():.3f} with the plain ones (difference "
                          f"{d.mean():+.3f} +- {1.96 * se:.3f}) over {args.check} games",
                          flush=True)
            if args.against:
                continue
            t0 = time.perf_counter()
            res = td_train.train(ed, P, games=args.games, generations=args.generations,
                                 seed=args.seed, hidden=args.hidden, epochs=args.epochs,
                                 lam=args.lam,
                                 init=td.pad_weights(table[args.init]) if args.init else None)
            table[f"{ed}/{P}"] = [round(float(x), 6) for x in res["weights"]]
            print(f"{ed}/{P}: trained in {time.perf_counter() - t0:.0f} s", flush=True)
            if args.check:
                for opp in ("odds", "ev", "gap"):
                    share = shares(ed, P, opp, args.check, res["weights"])
                    print(f"  greedy td vs {opp}: win share {share.mean():.3f} over "
                          f"{args.check} games", flush=True)
                if P > 2:
                    mixed = mixed_table(ed, P, args.check, args.seed + 7, res["weights"])
                    print("  mixed table (every rotation of the seats): " + ", ".join(
                        f"{n} {100 * w:.1f}%" for n, w in mixed.items()), flush=True)
    cmds = data.get("commands", [])
    cmds.append(cmd.strip())
    doc = {
        "about": "Weights of the Qwixx td value function (qwixo.qwixx.td): per edition/players, "
                 "td.NX linear weights over td.FEATURE_NAMES, then per hidden tanh unit td.NX "
                 "input weights and one output weight (none: the logistic model), learnt by "
                 "self-play; a vector of td.NX0 (35) features per weight, the layout before "
                 "the per-row features, is read with zero weights on them (td.pad_weights). "
                 "Made by the commands below (in order; each replaces the pairs it trains).",
        "features": list(td.FEATURE_NAMES),
        "commands": cmds,
        "weights": dict(sorted(table.items())),
    }
    out.write_text(json.dumps(doc, indent=0) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
