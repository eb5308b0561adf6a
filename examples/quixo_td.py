"""Learn 4×4 Quixo by self-play on the vectorised environment (TD learning over line-pattern
features, numpy only) and check its moves against the perfect database.

    python examples/quixo_td.py                     # 4×4: ~10 minutes on a busy 2-core box
    python examples/quixo_td.py --size 3 --plies 200000     # 3×3 in seconds
    python examples/quixo_td.py --plot curve.png    # the learning curve (matplotlib)

The value of an afterstate — the board right after a move, seen by the player who made it —
is ``tanh(sum of w[c, a, b])`` over the 2N + 2 lines, where a and b are the mover's and the
opponent's cubes in the line and c its class (a border rank or file, an inner one, a
diagonal); a line of the opponent's is a loss (-1) and otherwise a line of one's own a win
(+1), exactly. Every game of the :class:`~qwixo.envs.vector.QuixoVec` batch is played by
the same agent for both sides (epsilon-greedy on the afterstate values), and TD(0) moves
each afterstate's value towards minus the value of the opponent's next afterstate (or the
result). Afterstates of all legal moves are computed in numpy from the move tables of
:mod:`qwixo.quixo.tables` (the kernels' own geometry); the environment plays the moves.

**How good is it?** The perfect database (``qwixo quixo solve --size 4``, built on first use by
:func:`qwixo.quixo.db.ensure`, ~15-40 s) gives every position's value. A move *keeps the value*
when it leaves the opponent in a lost position from a won one, or in a drawn one from a drawn
one. The script reports the share of the agent's greedy moves that keep the value, over
positions that are won or drawn for the side to move (a lost position cannot be spoilt), on

- a fixed set of positions from random games, after every tenth of training (the learning
  curve), next to the share of a uniformly random move;
- positions from the trained agent's own games (with 10% random moves, so that the games
  differ).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from qwixo.envs.vector import QuixoVec
from qwixo.quixo import db
from qwixo.quixo.kernels import packed_tables

KEEP = {"win": "loss", "draw": "draw"}  # position value -> the opponent's value after a move


class LineAgent:
    def __init__(self, size: int, seed: int = 0) -> None:
        self.n = size
        T, Lm = packed_tables(size)
        self.src = T[0].astype(np.uint64)
        self.dst = T[1]
        self.seg_all = T[2]
        self.seg_move = T[3]
        self.lsh = T[4]
        self.rsh = T[5]
        self.lines = Lm.astype(np.uint64)
        k = len(Lm)  # ranks 0..n-1, files 0..n-1, two diagonals
        cls = np.array([0 if (i % size) in (0, size - 1) else 1 for i in range(2 * size)]
                       + [2, 2])
        self.line_class = cls[:k]
        self.w = np.zeros((3, size + 1, size + 1))
        self.rng = np.random.default_rng(seed)

    def afterstates(self, me: np.ndarray, op: np.ndarray):
        """(me', op') for every game (rows) and move (columns), not swapped."""
        me = me[:, None]
        op = op[:, None]

        def push(x):
            return (x & ~self.seg_all) | (((x & self.seg_move) << self.lsh) >> self.rsh)

        return push(me) | self.dst, push(op)

    def features(self, me2: np.ndarray, op2: np.ndarray):
        """Per line the cubes of each side: (…, lines) arrays a, b."""
        a = np.bitwise_count(me2[..., None] & self.lines).astype(np.int64)
        b = np.bitwise_count(op2[..., None] & self.lines).astype(np.int64)
        return a, b

    def value(self, a, b):
        """Afterstate value for the mover, exact at the end of the game."""
        v = np.tanh(self.w[self.line_class, a, b].sum(axis=-1))
        n = self.n
        v = np.where((a == n).any(axis=-1), 1.0, v)
        return np.where((b == n).any(axis=-1), -1.0, v)

    def choose(self, me, op, mask, eps: float):
        me2, op2 = self.afterstates(me, op)
        a, b = self.features(me2, op2)
        v = np.where(mask, self.value(a, b), -np.inf)
        act = v.argmax(axis=1)
        if eps > 0:
            explore = self.rng.random(len(me)) < eps
            if explore.any():
                r = self.rng.random(mask.shape) * mask
                act[explore] = r[explore].argmax(axis=1)
        rows = np.arange(len(me))
        return act, a[rows, act], b[rows, act], v[rows, act]

    def learn(self, a, b, v, target, alpha: float) -> None:
        """Batch TD step: ``w`` moves along the mean gradient of (target - v)."""
        terminal = (a == self.n).any(axis=-1) | (b == self.n).any(axis=-1)
        keep = ~terminal
        if not keep.any():
            return
        g = (target - v)[keep] * (1 - v[keep] ** 2)
        idx = np.ravel_multi_index((np.broadcast_to(self.line_class, a[keep].shape),
                                    a[keep], b[keep]), self.w.shape)
        grad = np.bincount(idx.ravel(), weights=np.repeat(g, a.shape[-1]),
                           minlength=self.w.size)
        self.w.ravel()[:] += alpha * grad / keep.sum()


def _boards(env: QuixoVec):
    st = env.boards
    mover = st[:, 4].astype(np.int64)
    me = np.where(mover == 0, st[:, 0], st[:, 1])
    op = np.where(mover == 0, st[:, 1], st[:, 0])
    return me, op


def random_positions(size: int, count: int, seed: int) -> list[tuple[int, int]]:
    """Positions (me, op: side to move) from random games, every ply, won or drawn for the
    side to move (the database decides)."""
    env = QuixoVec(256, size=size, max_plies=60, copy=False)
    env.reset(seed=seed)
    out: list[tuple[int, int]] = []
    seen = set()
    while len(out) < count:
        me, op = _boards(env)
        for x, y in zip(me.tolist(), op.tolist(), strict=True):
            if (x, y) in seen:
                continue
            seen.add((x, y))
            res = db.probe(size, x, y)
            if res and res[0] in KEEP and res[1] != 0:
                out.append((x, y))
        env.step(env.sample_actions())
    return out[:count]


def keep_share(agent: LineAgent, positions: list[tuple[int, int]], size: int):
    """(share of the agent's greedy moves keeping the value, share for a random move)."""
    me = np.array([p[0] for p in positions], np.uint64)
    op = np.array([p[1] for p in positions], np.uint64)
    src_ok = (op[:, None] & agent.src) == 0  # legal: the taken cube is not the opponent's
    act, *_ = agent.choose(me, op, src_ok, 0.0)
    me2, op2 = agent.afterstates(me, op)
    kept = 0
    rnd = 0.0
    for i in range(len(positions)):
        want = KEEP[db.probe(size, int(me[i]), int(op[i]))[0]]
        good = [db.probe(size, int(op2[i, m]), int(me2[i, m]))[0] == want
                for m in np.flatnonzero(src_ok[i])]
        kept += good[int(np.flatnonzero(src_ok[i]).tolist().index(act[i]))]
        rnd += sum(good) / len(good)
    return kept / len(positions), rnd / len(positions)


def self_play_positions(agent: LineAgent, size: int, count: int, seed: int):
    env = QuixoVec(256, size=size, max_plies=80, copy=False)
    env.reset(seed=seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        me, op = _boards(env)
        for x, y in zip(me.tolist(), op.tolist(), strict=True):
            res = db.probe(size, x, y)
            if res and res[0] in KEEP and res[1] != 0:
                out.append((x, y))
        act, *_ = agent.choose(me, op, env.mask, 0.1)
        env.step(act)
    return out[:count]


def train(size: int = 4, plies: int = 6_000_000, n: int = 1024, alpha: float = 0.05,
          eps: float = 0.1, test: int = 1000, seed: int = 0, report=print) -> dict:
    db.ensure(size)
    agent = LineAgent(size, seed)
    positions = random_positions(size, test, seed + 1)
    start_share, random_share = keep_share(agent, positions, size)
    curve = [(0, start_share)]
    report(f"  {0:>10,} plies: keeps the value in {100 * start_share:5.1f}% "
           f"(a random move: {100 * random_share:.1f}%)")
    env = QuixoVec(n, size=size, max_plies=10 * size * size, copy=False)
    env.reset(seed=seed)
    prev = None  # the previous mover's (a, b, v) per game
    done_prev = np.ones(n, bool)
    played = 0
    t0 = time.process_time()
    step_report = max(plies // 10, n)
    next_report = step_report
    while played < plies:
        me, op = _boards(env)
        act, a, b, v = agent.choose(me, op, env.mask, eps)
        if prev is not None:
            pa, pb, pv = prev
            live = ~done_prev
            agent.learn(pa[live], pb[live], pv[live], -v[live], alpha)
        _, _, reward, done = env.step(act)
        # a game drawn by the ply limit: its last afterstate is worth 0
        draw = done & (reward[:, 0] == 0)
        if draw.any():
            agent.learn(a[draw], b[draw], v[draw], np.zeros(int(draw.sum())), alpha)
        prev, done_prev = (a, b, v), done
        played += n
        if played >= next_report:
            share, _ = keep_share(agent, positions, size)
            curve.append((played, share))
            report(f"  {played:>10,} plies: keeps the value in {100 * share:5.1f}%")
            next_report += step_report
    train_cpu = time.process_time() - t0
    own = self_play_positions(agent, size, test, seed + 2)
    own_share, own_random = keep_share(agent, own, size)
    return {"size": size, "plies": played, "train_cpu_s": round(train_cpu, 1),
            "keep_share_random_positions": round(curve[-1][1], 4),
            "keep_share_untrained": round(start_share, 4),
            "keep_share_random_move": round(random_share, 4),
            "keep_share_own_games": round(own_share, 4),
            "keep_share_random_move_own_games": round(own_random, 4),
            "test_positions": test, "curve": curve, "agent": agent}


def plot(curve: list[tuple[int, float]], random_share: float, path: str, size: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x, y = zip(*curve, strict=True)
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(x, [100 * v for v in y], marker="o", label="TD agent (greedy)")
    ax.axhline(100 * random_share, color="grey", ls="--", label="uniformly random move")
    ax.set_xlabel("self-play plies")
    ax.set_ylabel("moves keeping the game-theoretic value (%)")
    ax.set_title(f"{size}×{size} Quixo: line-pattern TD(0), checked by the perfect database")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=4, choices=(3, 4))
    ap.add_argument("--plies", type=int, default=6_000_000, help="self-play plies to learn from")
    ap.add_argument("--n", type=int, default=1024, help="games stepped at once")
    ap.add_argument("--test", type=int, default=1000, help="positions to check")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", help="write the learning curve to this image file")
    args = ap.parse_args(argv)
    res = train(args.size, args.plies, args.n, test=args.test, seed=args.seed)
    print(f"{args.size}x{args.size}: after {res['plies']:,} self-play plies "
          f"({res['train_cpu_s']} CPU s) the greedy agent keeps the game-theoretic value in "
          f"{100 * res['keep_share_random_positions']:.1f}% of {args.test} positions from "
          f"random games (untrained: {100 * res['keep_share_untrained']:.1f}%, a random move: "
          f"{100 * res['keep_share_random_move']:.1f}%) and in "
          f"{100 * res['keep_share_own_games']:.1f}% of positions of its own games (random "
          f"move: {100 * res['keep_share_random_move_own_games']:.1f}%)")
    if args.plot:
        plot(res["curve"], res["keep_share_random_move"], args.plot, args.size)
        print(f"learning curve: {args.plot}")
    print(json.dumps({k: v for k, v in res.items() if k not in ("curve", "agent")}))
    return res


if __name__ == "__main__":
    main()
