"""Fingerprints of the figures the rules produce, to show that a refactoring changed none.

Prints one line per item, ``name sha256-prefix``: the batch simulator's scores and rolls (six
editions, five policy mixes, fixed seeds), its random-game logs and rollouts, whole bot games
through the contract (every edition; ``strong`` with 24 playouts, ``td``, ``optimal``), the
training samples of ``td_train.generate``, the vectorised environments (Qwixx and Quixo, random
legal actions), Quixo perft counts and the root scores of the search, proof-number results and
the opening book on fixed positions. Everything is seeded and needs no time budget, so two runs
of the same code print the same lines. Usage::

    .venv/bin/python tools/fingerprints.py [PREFIX ...] > after.txt     # e.g. batch bots.td
    PYTHONPATH=/path/to/old/src .venv/bin/python tools/fingerprints.py > before.txt
    diff before.txt after.txt

(Slow the first time: the kernels compile. Uses only the public API, so an older checkout runs
it too.)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import numpy as np

import qwixo
from qwixo.qwixx import batch

EDITIONS = ("classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b")
ONLY = sys.argv[1:]


def fp(x) -> str:
    """A short hash of an array (bytes, dtype, shape) or of anything JSON can write."""
    if isinstance(x, np.ndarray):
        raw = x.tobytes() + str(x.dtype).encode() + str(x.shape).encode()
    else:
        raw = json.dumps(x, default=str, sort_keys=True).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


def item(name: str):
    """Run the decorated function now (unless ``ONLY`` leaves it out) and print its line."""
    def run(f):
        if not ONLY or any(name.startswith(o) for o in ONLY):
            try:
                print(name, f(), flush=True)
            except Exception as e:  # noqa: BLE001 - a line for the diff, and go on
                print(name, "ERROR", type(e).__name__, e, flush=True)
        return f
    return run


def bot_game(names: list[str], edition: str, seed: int, kw: dict | None = None) -> list:
    """The history of one whole game of the registry's bots ``names`` (one seat each)."""
    kw = kw or {}
    bots = [qwixo.make_bot("qwixx", n, seed=seed + i, **kw.get(n, {}))
            for i, n in enumerate(names)]
    g = qwixo.new_game("qwixx", edition=edition, players=len(names), seed=seed)
    while not g.is_over:
        if g.needs_roll:
            g.roll()
            continue
        for p in list(g.to_act):
            g.choose(p, bots[p].decide(g, p))
    return g.history


def random_steps(env, mask, rng, steps: int) -> list[str]:
    """Step a vectorised environment with random legal actions; the fingerprints seen."""
    seen = []
    for _ in range(steps):
        a = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, rew, done = env.step(a)
        seen += [fp(obs), fp(rew), fp(done)]
    return seen


for ed in EDITIONS:
    for pols in (["random"] * 3, ["gap", "race"], ["odds", "ev", "gap"], ["td", "odds"],
                 ["race", "race", "odds", "ev"]):
        @item(f"batch.{ed}.{'-'.join(pols)}")
        def _(ed=ed, pols=pols):
            r = batch.run_games(ed, 300, players=len(pols), seed=7, policies=pols)
            return fp(r["scores"]) + " " + fp(r["rolls"])

    @item(f"batch.randomlog.{ed}")
    def _(ed=ed):
        r = batch.random_log(ed, 50, players=3, seed=3, rows=500)
        return fp(r["log"]) + fp(r["scores"])


@item("batch.rollouts")
def _():
    g = qwixo.new_game("qwixx", players=3, seed=5)
    g.roll([3, 4, 2, 5, 6, 1])
    return fp(batch.rollouts(batch.state_of(g), 200, 9, policies=["odds", "gap", "ev"]))


for ed in EDITIONS:
    for names in (["gap", "race"], ["odds", "ev", "gap"], ["random", "odds"]):
        @item(f"bots.{ed}.{'-'.join(names)}")
        def _(ed=ed, names=names):
            return fp([bot_game(names, ed, s) for s in range(3)])

    @item(f"bots.{ed}.strong")
    def _(ed=ed):
        return fp([bot_game(["strong", "odds"], ed, s, {"strong": {"playouts": 24}})
                   for s in range(2)])


@item("bots.td")
def _():
    from qwixo.qwixx.rulebots import TdBot

    out = []
    for ed in ("classic", "mixx-a"):
        for s in range(3):
            bots = [TdBot(seed=s), qwixo.make_bot("qwixx", "odds", seed=s)]
            g = qwixo.new_game("qwixx", edition=ed, players=2, seed=s)
            while not g.is_over:
                if g.needs_roll:
                    g.roll()
                    continue
                for p in list(g.to_act):
                    g.choose(p, bots[p].decide(g, p))
            out.append(g.history)
    return fp(out)


@item("bots.strong.3p")
def _():
    return fp([bot_game(["strong", "odds", "ev"], "classic", s, {"strong": {"playouts": 24}})
               for s in range(2)])


@item("solitaire")
def _():
    return fp([bot_game(["optimal"], "classic", s) for s in range(3)])


@item("vector.qwixx")
def _():
    from qwixo.envs.vector import QwixxVec

    out = []
    for ed, players in (("classic", 2), ("longo", 3), ("bonus-b", 2), ("mixx-a", 1)):
        env = QwixxVec(64, edition=ed, players=players)
        obs, mask = env.reset(seed=11)
        seen = [fp(obs), fp(mask)] + random_steps(env, mask, np.random.default_rng(1), 300)
        out.append(fp(seen + [fp(env.final_scores)]))
    return fp(out)


@item("vector.quixo")
def _():
    from qwixo.envs.vector import QuixoVec

    out = []
    for size, players in ((5, 2), (5, 4), (4, 2)):
        env = QuixoVec(32, size=size, players=players)
        _, mask = env.reset(seed=3)
        out.append(fp(random_steps(env, mask, np.random.default_rng(2), 200)))
    return fp(out)


@item("td_train.generate")
def _():
    from qwixo.qwixx import td, td_train

    X, Y = td_train.generate("classic", 60, 2, 777, ["td"] * 2,
                             td_weights=td.load_weights("classic", 2), keep=0.25)
    X2, Y2 = td_train.generate("longo", 40, 3, 5, ["odds", "ev", "gap"], keep=0.5)
    return fp(X) + fp(Y) + fp(X2) + fp(Y2)


@item("quixo.perft")
def _():
    from qwixo.quixo import kernels as QK

    T, L = QK.packed_tables(5)
    return fp([int(QK.perft(np.uint64(0), np.uint64(0), d, T, L)) for d in range(1, 4)])


@item("quixo.search")
def _():
    from qwixo.quixo import book
    from qwixo.quixo.dfpn import Prover
    from qwixo.quixo.search import Searcher, boards_of

    out = []
    for size, players, depth in ((3, 2, 3), (4, 2, 2), (5, 2, 2), (3, 4, 2), (4, 4, 2)):
        rng = random.Random(size * 100 + players)
        s = Searcher(size, players)
        for _ in range(4):
            g = qwixo.new_game("quixo", size=size, players=players)
            for _ in range(rng.randrange(2, 12)):
                if g.is_over:
                    break
                p = g.to_act[0]
                g.choose(p, rng.choice(g.options(p)))
            if g.is_over:
                continue
            boards, _, _, _ = boards_of(g.position)
            s.clear()
            out.append(sorted(s.root_scores(*boards, depth=depth).items()))
            if players == 2 and size == 3:
                out.append(str(Prover(3, table_bits=16).prove(*boards[:2], nodes=200_000)))
    out.append(book.book_move(0, 0))
    out.append([(m, r) for m, r, _, _ in book._children(0, 0)])
    return fp(out)
