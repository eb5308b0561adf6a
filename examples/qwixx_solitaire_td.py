"""Learn a Qwixx solitaire policy (classic sheet) with TD(0) on afterstates, numpy only, on the
vectorised environment; report its mean score against the exact optimum.

    python examples/qwixx_solitaire_td.py                    # ~2-4 minutes on a busy 2-core box
    python examples/qwixx_solitaire_td.py --games 20000 --eval 2000   # a quick try

The value of an afterstate (the sheet right after a decision) is a sum of table entries:
one per row, indexed by (row closed?, crosses in the row, position of its last cross) —
the four rows share the table, a classic sheet's rows being alike up to the order of
numbers — plus one indexed by (penalties, where in the turn we are: after action 2 / after
action 1 with a cross / after action 1 without one). A decision picks the option with the
largest immediate points + afterstate value (epsilon-greedy while learning); TD(0) moves
each afterstate's value towards the next decision's points + next afterstate value.

The environment (:class:`qwixo.envs.vector.QwixxVec`) plays the rules; the agent reads its
raw state (``last``, ``crosses``, ``penalties``, ``closed``, ``phase``, ``a1_crossed``) and
the action mask. The exact optimum of classic solitaire, 115.4831, comes from qwixo's
solver (``qwixo qwixx solve``, docs/qwixx-solver.md); the ``gap`` bot's score is measured here.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from qwixo.envs.vector import QwixxVec
from qwixo.qwixx.batch import run_games

OPTIMUM = 115.4831  # docs/qwixx-solver.md: the exact expected score of classic solitaire


class Agent:
    def __init__(self, env: QwixxVec) -> None:
        c = env.codec
        self.L = L = c.row_length
        self.lock_from = c.edition.rows[0].lock_from
        self.max_cnt = self.lock_from + 2
        A = c.num_actions
        acts = np.arange(A)
        self.row = np.where(acts > 0, (acts - 1) // L, 0)
        self.cell = np.where(acts > 0, (acts - 1) % L, -1)
        # row table: [closed, crosses, last + 1]; turn table: [penalties, kind]
        self.A = np.zeros((2, self.max_cnt + 1, L + 1))
        self.B = np.zeros((5, 3))

    def row_index(self, closed_bit, cnt, last):
        return (closed_bit * (self.max_cnt + 1) + cnt) * (self.L + 1) + last + 1

    def evaluate(self, env: QwixxVec):
        """For every game and action: (points, afterstate row indices (n, A, 4), turn index,
        terminal) of taking that action now."""
        n = env.n
        last = env.last[:, 0, :]
        cnt = env.crosses[:, 0, :]
        pen = env.penalties[:, 0]
        closed = env.closed
        phase = env.phase
        a1 = env.a1_crossed
        A = len(self.row)
        bits = (closed[:, None] >> np.arange(4)) & 1                   # (n, 4)
        base = self.row_index(bits, cnt, last)                         # (n, 4)
        idx = np.repeat(base[:, None, :], A, axis=1)                   # (n, A, 4)
        r, i = self.row[1:], self.cell[1:]
        lock = i >= self.lock_from
        c_r = cnt[:, r]                                                # (n, A-1)
        new_cnt = np.minimum(c_r + 1 + lock, self.max_cnt)  # (illegal actions: any value)
        pts = np.zeros((n, A))
        pts[:, 1:] = new_cnt * (new_cnt + 1) // 2 - c_r * (c_r + 1) // 2
        new_bits = bits[:, r] | lock
        idx[:, np.arange(1, A), r] = self.row_index(new_bits, new_cnt, i)
        closed_after = np.repeat(closed[:, None], A, axis=1)
        closed_after[:, 1:] |= np.where(lock, 1 << r, 0)
        ncl = sum((closed_after >> k) & 1 for k in range(4))
        pen_after = np.repeat(pen[:, None], A, axis=1)
        penal = (phase == 2) & (a1 == 0)                               # pass costs a box
        pen_after[:, 0] += penal
        pts[:, 0] -= 5 * penal
        kind = np.zeros((n, A), np.int64)                              # 0: the turn is over
        in_a1 = phase == 1
        kind[in_a1, 0] = 2
        kind[in_a1, 1:] = 1
        turn = np.minimum(pen_after, 4) * 3 + kind
        terminal = (ncl >= 2) | (pen_after >= 4)
        return pts, idx, turn, terminal

    def learn(self, idx, turn, delta, alpha):
        """One TD step for a batch: each table entry moves by ``alpha`` times the mean error
        of the afterstates that use it."""
        for table, keys, d in ((self.A, idx.ravel(), np.repeat(delta, idx.shape[1])),
                               (self.B, turn, delta)):
            size = table.size
            total = np.bincount(keys, weights=d, minlength=size)
            count = np.bincount(keys, minlength=size)
            table.ravel()[:] += alpha * total / np.maximum(count, 1)

    def values(self, idx, turn, terminal):
        v = self.A.ravel()[idx].sum(axis=-1) + self.B.ravel()[turn]
        return np.where(terminal, 0.0, v)


def train_and_evaluate(games: int, eval_games: int, n: int = 2048, seed: int = 0,
                       alpha: float = 0.1, eps: float = 0.05, report=print) -> dict:
    env = QwixxVec(n, "classic", players=1, reward="score", copy=False)
    agent = Agent(env)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    prev_idx = np.zeros((n, 4), np.int64)
    prev_turn = np.zeros(n, np.int64)
    prev_v = np.zeros(n)
    has_prev = np.zeros(n, bool)
    finished = 0
    curve = []
    t0 = time.process_time()
    next_report = games // 10
    while finished < games:
        mask = env.mask
        pts, idx, turn, terminal = agent.evaluate(env)
        q = np.where(mask, pts + agent.values(idx, turn, terminal), -np.inf)
        act = q.argmax(axis=1)
        explore = rng.random(n) < eps
        if explore.any():
            rnd = rng.random(mask.shape) * mask
            act[explore] = rnd[explore].argmax(axis=1)
        rows = np.arange(n)
        c_pts = pts[rows, act]
        c_idx = idx[rows, act]
        c_turn = turn[rows, act]
        c_term = terminal[rows, act]
        c_v = agent.values(c_idx, c_turn, c_term)
        # TD(0) for the previous afterstate of each game
        delta = np.where(has_prev, c_pts + c_v - prev_v, 0.0)
        agent.learn(prev_idx[has_prev], prev_turn[has_prev], delta[has_prev], alpha)
        _, _, _, done = env.step(act)
        prev_idx, prev_turn, prev_v = c_idx, c_turn, c_v
        has_prev = ~done
        finished += int(done.sum())
        if finished >= next_report:
            score = float(env.final_scores[done, 0].mean()) if done.any() else float("nan")
            curve.append((finished, score))
            report(f"  {finished:>9,} games learnt, recent score {score:6.1f}")
            next_report += max(games // 10, 1)
    train_cpu = time.process_time() - t0
    mean, half = evaluate(agent, eval_games, n, seed + 1)
    gap = run_games("classic", max(eval_games, 2000), players=1, seed=seed, policies="gap")
    return {"games_learnt": finished, "train_cpu_s": round(train_cpu, 1),
            "mean_score": round(mean, 2), "ci95": round(half, 2),
            "optimum": OPTIMUM, "share_of_optimum": round(mean / OPTIMUM, 3),
            "gap_bot": round(gap["mean_score"], 2), "curve": curve}


def evaluate(agent: Agent, games: int, n: int, seed: int) -> tuple[float, float]:
    """Mean score (and 95% half-width) of the greedy policy over ``games`` new games."""
    env = QwixxVec(min(n, games), "classic", players=1, reward="score",
                   copy=False)
    env.reset(seed=seed)
    scores: list[np.ndarray] = []
    total = 0
    while total < games:
        pts, idx, turn, terminal = agent.evaluate(env)
        q = np.where(env.mask, pts + agent.values(idx, turn, terminal), -np.inf)
        _, _, _, done = env.step(q.argmax(axis=1))
        if done.any():
            scores.append(env.final_scores[done, 0].copy())
            total += int(done.sum())
    s = np.concatenate(scores)[:games].astype(float)
    return float(s.mean()), float(1.96 * s.std(ddof=1) / np.sqrt(len(s)))


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300_000, help="games to learn from")
    ap.add_argument("--eval", type=int, default=20_000, help="games to measure the policy")
    ap.add_argument("--n", type=int, default=2048, help="games stepped at once")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    res = train_and_evaluate(args.games, args.eval, args.n, args.seed)
    print(f"greedy policy: {res['mean_score']:.2f} ± {res['ci95']:.2f} points over "
          f"{args.eval:,} games = {100 * res['share_of_optimum']:.1f}% of the optimum "
          f"{OPTIMUM} (gap bot: {res['gap_bot']:.2f}); learnt from {res['games_learnt']:,} "
          f"games in {res['train_cpu_s']} CPU s")
    print(json.dumps({k: v for k, v in res.items() if k != "curve"}))
    return res


if __name__ == "__main__":
    main()
