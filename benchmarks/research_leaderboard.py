"""The research benchmark protocol for 2-player Quixo: one line per agent (docs/research.md).

Usage::

    python benchmarks/research_leaderboard.py --size 4                      # random + TD
    python benchmarks/research_leaderboard.py --size 4 --td-plies 2000000 \\
        --maskable maskable-quixo4.zip --ppo ppo-quixo4.pt --mcts-sims 100

Protocol (fixed, so that lines are comparable):

- **Opponents**: the kernel opponents of :mod:`qwixo.envs.gym_vector`, ``random`` and
  ``safe``, in ``--games`` games each (default 1000), the agent's seat **alternated** (slot
  ``i`` plays seat ``i % 2``; each slot a number of games fixed in advance, so that long games
  count as often as short ones), ``max_plies`` 200 (a cut is a draw); the line gives the mean
  return (win 1, draw 0, loss -1) with its 95% confidence half-width (normal approximation),
  and the shares won/drawn/lost.
- **Keeps the value** (4×4, and 5×5 where the no-blank database ``quixo5x5-b0.qdb`` is
  installed): over ``--positions`` positions (default 1000) of random games, each won or drawn
  for the side to move by the perfect database (5×5: positions without a blank cube), the share
  where the agent's move leaves the opponent lost (from won) or drawn (from drawn) — its
  95% half-width too; the same share for a uniformly random move is the floor.
- Agents see the codec's observation (``(N, N, 3)`` planes: own cubes, the opponent's, to
  move) and the mask, and answer deterministically (greedy / ``deterministic=True``).

Agents: ``random`` (uniform legal), ``td`` (``examples/quixo_td.py``'s line-pattern TD agent,
trained here for ``--td-plies`` self-play plies), ``maskable`` (a MaskablePPO model saved by
``examples/maskable_ppo.py --save``), ``ppo`` (``examples/ppo_cleanrl.py --save``), ``mcts``
(OpenSpiel's MCTSBot with random rollouts, ``--mcts-sims`` simulations a move, on
``--mcts-games`` games: it is slow), ``safe`` (the kernel opponent as agent: ``--agents``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
KEEP = {"win": "loss", "draw": "draw"}


def _example(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "examples"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _bits(planes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(me, op) bitboards from ``(N, n, n, 3)`` observation planes."""
    n = planes.shape[1]
    w = (np.uint64(1) << np.arange(n * n, dtype=np.uint64)).reshape(n, n)
    me = (planes[..., 0].astype(np.uint64) * w).sum(axis=(1, 2), dtype=np.uint64)
    op = (planes[..., 1].astype(np.uint64) * w).sum(axis=(1, 2), dtype=np.uint64)
    return me, op


def _planes(me: np.ndarray, op: np.ndarray, n: int) -> np.ndarray:
    k = np.arange(n * n, dtype=np.uint64)
    a = ((me[:, None] >> k) & np.uint64(1)).astype(np.int8)
    b = ((op[:, None] >> k) & np.uint64(1)).astype(np.int8)
    return np.stack([a, b, np.ones_like(a)], axis=-1).reshape(len(me), n, n, 3)


def agents(args: argparse.Namespace, size: int) -> dict[str, Any]:
    """name -> act(obs (N, n, n, 3), mask (N, A)) -> actions (N,)."""
    out: dict[str, Any] = {}
    rng = np.random.default_rng(args.seed)

    def random_act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        r = rng.random(mask.shape) * (mask > 0)
        return r.argmax(axis=1)

    out["random"] = random_act
    if args.td_plies:
        td = _example("quixo_td")  # the example's own training (its checks on 100 positions)
        agent = td.train(size=size, plies=args.td_plies, test=100, seed=args.seed,
                         report=lambda *_: None)["agent"]

        def td_act(obs: np.ndarray, mask: np.ndarray, agent: Any = agent) -> np.ndarray:
            me, op = _bits(obs)
            act, *_ = agent.choose(me, op, mask > 0, 0.0)
            return act

        out[f"td ({args.td_plies:,} plies)"] = td_act
    if args.maskable:
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(args.maskable, device="cpu")

        def mppo(obs: np.ndarray, mask: np.ndarray, model: Any = model) -> np.ndarray:
            act, _ = model.predict(obs, action_masks=mask, deterministic=True)
            return np.asarray(act)

        out["MaskablePPO"] = mppo
    if args.ppo:
        import torch

        ppo = _example("ppo_cleanrl")
        saved = torch.load(args.ppo, weights_only=False)
        net = ppo.Agent(saved["obs_size"], saved["actions"], saved["hidden"])
        net.load_state_dict(saved["state_dict"])

        def ppo_act(obs: np.ndarray, mask: np.ndarray, net: Any = net) -> np.ndarray:
            with torch.no_grad():
                x = torch.as_tensor(obs.reshape(len(obs), -1), dtype=torch.float32)
                logits = net.actor(x).masked_fill(~torch.as_tensor(mask > 0), -1e8)
            return logits.argmax(-1).numpy()

        out["CleanRL PPO"] = ppo_act
    if args.mcts_sims:
        out[f"OpenSpiel MCTS ({args.mcts_sims} sims)"] = _mcts_agent(size, args)
    return out


def _mcts_agent(size: int, args: argparse.Namespace) -> Any:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import qwixo
    import qwixo.envs.openspiel  # noqa: F401

    game = pyspiel.load_game("python_qwixo_quixo", {"size": size, "max_plies": 200})
    rs = np.random.RandomState(args.seed)
    bot = mcts.MCTSBot(game, 1.4, args.mcts_sims, mcts.RandomRolloutEvaluator(1, rs),
                       random_state=rs)
    n = size

    def act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        me, op = _bits(obs)
        out = np.zeros(len(obs), np.int64)
        for i in range(len(obs)):
            # the position with the agent as X to move (colours do not matter in Quixo)
            rows = []
            for r in range(n - 1, -1, -1):
                rows.append("".join("x" if (int(me[i]) >> (r * n + f)) & 1 else
                                    "o" if (int(op[i]) >> (r * n + f)) & 1 else "."
                                    for f in range(n)))
            s = game.new_initial_state()
            s._box.game = qwixo.new_game("quixo", size=n, position="/".join(rows) + " x",
                                         ply_limit=200)
            out[i] = bot.step(s)
        return out

    act.slow = True  # type: ignore[attr-defined]
    return act


def play(act: Any, size: int, opponent: str, games: int, seed: int) -> dict[str, float]:
    from qwixo.envs.gym_vector import QuixoVectorEnv, evaluate

    n = min(256, games) if not getattr(act, "slow", False) else min(16, games)
    env = QuixoVectorEnv(n, size=size, opponent=opponent, seat="alternate", copy=True)
    return evaluate(env, act, games, seed=seed)


def keep_value(act: Any, positions: list[tuple[int, int]], size: int) -> tuple[float, float]:
    """(share of the agent's moves keeping the value, its 95% half-width)."""
    from qwixo.quixo import db
    from qwixo.quixo.kernels import apply_move, packed_tables

    T, _ = packed_tables(size)
    me = np.array([p[0] for p in positions], np.uint64)
    op = np.array([p[1] for p in positions], np.uint64)
    mask = ((op[:, None] & T[0][None, :].astype(np.uint64)) == 0).astype(np.int8)
    obs = _planes(me, op, size)
    moves = np.asarray(act(obs, mask))
    kept = np.zeros(len(positions))
    for i, m in enumerate(moves.tolist()):
        want = KEEP[db.probe(size, int(me[i]), int(op[i]))[0]]
        a, b = apply_move(np.uint64(me[i]), np.uint64(op[i]), int(m), T)
        kept[i] = db.probe(size, int(b), int(a))[0] == want
    p = kept.mean()
    return float(p), float(1.96 * np.sqrt(p * (1 - p) / len(kept)))


def positions_for(size: int, count: int, seed: int) -> list[tuple[int, int]] | None:
    """Positions of random games, won or drawn for the side to move (database), or None."""
    from qwixo.envs.vector import QuixoVec
    from qwixo.quixo import db

    env = QuixoVec(256, size=size, max_plies=400, copy=False)
    env.reset(seed=seed)
    full = (1 << (size * size)) - 1
    out: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for _ in range(20000):
        st = env.boards
        mover = st[:, 4].astype(np.int64)
        me = np.where(mover == 0, st[:, 0], st[:, 1]).tolist()
        op = np.where(mover == 0, st[:, 1], st[:, 0]).tolist()
        for x, y in zip(me, op, strict=True):
            if size == 5 and (x | y) != full:
                continue  # 5x5: only the no-blank database
            if (x, y) in seen:
                continue
            seen.add((x, y))
            res = db.probe(size, x, y)
            if res is None:
                if size == 5:
                    return None  # no 5x5 database installed
                continue
            if res[0] in KEEP and res[1] != 0:
                out.append((x, y))
        if len(out) >= count:
            return out[:count]
        env.step(env.sample_actions())
    return out or None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=4, choices=(3, 4, 5))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--td-plies", type=int, default=0)
    ap.add_argument("--maskable", default=None)
    ap.add_argument("--ppo", default=None)
    ap.add_argument("--mcts-sims", type=int, default=0)
    ap.add_argument("--mcts-games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    size = args.size
    t0 = time.time()
    pos = positions_for(size, args.positions, args.seed + 7) if size in (3, 4, 5) else None
    rows = []
    for name, act in agents(args, size).items():
        games = args.mcts_games if getattr(act, "slow", False) else args.games
        row: dict[str, Any] = {"agent": name}
        for opp in ("random", "safe"):
            r = play(act, size, opp, games, args.seed + 1)
            row[opp] = r
        if pos is not None:
            row["keep"] = keep_value(act, pos, size)
        rows.append(row)
        print(json.dumps(row), flush=True)
    print(f"\n{size}x{size} Quixo, seats alternated, 95% intervals; "
          f"{time.time() - t0:.0f} s wall")
    head = "| agent | vs random: mean return | won / drawn / lost | vs safe: mean return | " \
           "won / drawn / lost | keeps the value |"
    print(head)
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        cells = [row["agent"]]
        for opp in ("random", "safe"):
            r = row[opp]
            cells.append(f"{r['mean']:+.3f} ± {r['ci95']:.3f} ({r['episodes']} games)")
            cells.append(f"{r['won']:.1%} / {r['drawn']:.1%} / {r['lost']:.1%}")
        k = row.get("keep")
        cells.append(f"{k[0]:.1%} ± {k[1]:.1%}" if k else "no database")
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
