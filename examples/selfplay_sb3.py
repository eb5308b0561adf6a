"""Self-play with sb3-contrib's MaskablePPO on 5×5 Quixo, against frozen snapshots of itself.

Needs the ``rl`` extra (``pip install 'qwixo[rl]'``: stable-baselines3, sb3-contrib, PyTorch).

Usage::

    python examples/selfplay_sb3.py --total-timesteps 500000 --strong-games 20

The learner plays :class:`qwixo.envs.selfplay.SelfPlayVectorEnv` over the two-sided kernels
(:class:`qwixo.envs.vector.QuixoVec`), every other seat played by a league: the last
``--league`` frozen snapshots of the learner (one taken every ``--snapshot-every`` steps) and
the shipped kernel bot ``safe``; every game draws its opponent when it starts, and each
opponent plays all its games in one batched call. At the end the deterministic policy plays
the kernel opponents ``random`` and ``safe`` (``--eval-episodes`` games, alternated seats) and
the shipped ``strong`` search bot through the Python environment (``--strong-games`` games,
``--strong-seconds`` a move: a slow evaluation).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import gymnasium as gym
import numpy as np

import qwixo.envs  # noqa: F401  (registers the ids)
from qwixo.envs.gym_vector import QuixoVectorEnv, evaluate, sb3_vec_env
from qwixo.envs.selfplay import SelfPlayVectorEnv
from qwixo.envs.vector import QuixoVec


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=5)
    ap.add_argument("--total-timesteps", type=int, default=500_000)
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--n-steps", type=int, default=64)
    ap.add_argument("--snapshot-every", type=int, default=50_000)
    ap.add_argument("--league", type=int, default=4, help="snapshots kept in the league")
    ap.add_argument("--bots", default="safe", help="shipped kernel bots in the league "
                    "(comma-separated; empty: snapshots only)")
    ap.add_argument("--eval-episodes", type=int, default=1000)
    ap.add_argument("--strong-games", type=int, default=20)
    ap.add_argument("--strong-seconds", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", default=None, help="save the model here (.zip)")
    return ap.parse_args(argv)


def snapshot_policy(policy: Any) -> Any:
    """A frozen copy of an SB3 policy as the batched opponent callback ``(obs, mask) ->
    actions`` (sampled, not greedy: a snapshot plays as the learner did)."""
    frozen = type(policy)(**policy._get_constructor_parameters())
    frozen.load_state_dict(policy.state_dict())
    frozen.set_training_mode(False)

    def act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        a, _ = frozen.predict(obs, action_masks=mask.astype(bool), deterministic=False)
        return a

    return act


def evaluate_against_bots(act: Any, size: int, episodes: int, strong_games: int,
                          strong_seconds: float, seed: int = 0,
                          report: Any = print) -> dict[str, Any]:
    """``act(obs, mask) -> actions`` against ``random`` and ``safe`` (kernel envs, alternated
    seats, :func:`qwixo.envs.gym_vector.evaluate`) and ``strong`` (the Python environment,
    ``strong_games`` games, seats alternated, ``strong_seconds`` a move, one thread)."""
    out: dict[str, Any] = {}
    for bot in ("random", "safe"):
        env = QuixoVectorEnv(min(256, episodes), size=size, opponent=bot, seat="alternate")
        out[bot] = evaluate(env, act, episodes, seed=seed)
        report(f"vs {bot}: {out[bot]['mean']:+.3f} ± {out[bot]['ci95']:.3f} (won "
               f"{out[bot]['won']:.1%}, drawn {out[bot]['drawn']:.1%}, {episodes} games)")
    if strong_games:
        returns = []
        t0 = time.perf_counter()
        for g in range(strong_games):
            env = gym.make("qwixo/Quixo-v0", size=size, opponent="strong", seat=g % 2,
                           mask_in_obs=False,
                           bot_options={"seconds": strong_seconds, "threads": 1})
            obs, info = env.reset(seed=seed + g)
            total, done = 0.0, False
            while not done:
                a = act(obs[None], np.asarray(info["action_mask"], np.int8)[None])
                obs, r, term, trunc, info = env.step(int(np.asarray(a).reshape(-1)[0]))
                total += float(r)
                done = term or trunc
            returns.append(total)
        r = np.array(returns)
        half = 1.96 * r.std(ddof=1) / np.sqrt(len(r)) if len(r) > 1 else float("nan")
        out["strong"] = {"episodes": len(r), "mean": float(r.mean()), "ci95": float(half),
                         "won": float((r > 0).mean()), "drawn": float((r == 0).mean()),
                         "lost": float((r < 0).mean()), "seconds": strong_seconds,
                         "wall_s": round(time.perf_counter() - t0, 1)}
        s = out["strong"]
        report(f"vs strong ({strong_seconds} s a move): {s['mean']:+.3f} ± {s['ci95']:.3f} "
               f"(won {s['won']:.1%}, drawn {s['drawn']:.1%}, {len(r)} games)")
    return out


def train(args: argparse.Namespace, report: Any = print) -> dict[str, Any]:
    from sb3_contrib import MaskablePPO

    bots = [b for b in args.bots.split(",") if b]
    sp = SelfPlayVectorEnv(QuixoVec(args.num_envs, size=args.size), bots or "random",
                           seat="alternate")
    venv = sb3_vec_env(sp)
    model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps,
                        batch_size=args.n_steps * args.num_envs // 4, seed=args.seed,
                        device="cpu", verbose=0)
    snapshots: list[Any] = []
    t0 = time.process_time()
    done = 0
    while done < args.total_timesteps:
        model.learn(min(args.snapshot_every, args.total_timesteps - done),
                    reset_num_timesteps=False)
        done = model.num_timesteps
        snapshots = (snapshots + [snapshot_policy(model.policy)])[-args.league:]
        sp.set_opponents(snapshots + bots)
        report(f"step {done:>9,}: snapshot {len(snapshots)} in the league "
               f"({time.process_time() - t0:.0f} CPU s)")

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        a, _ = model.predict(obs, action_masks=np.asarray(mask).astype(bool),
                             deterministic=True)
        return a

    res = evaluate_against_bots(policy, args.size, args.eval_episodes, args.strong_games,
                                args.strong_seconds, seed=10_000, report=report)
    return {"steps": done, "cpu_seconds": time.process_time() - t0, "eval": res,
            "model": model}


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    res = train(args)
    if args.save:
        res["model"].save(args.save)
    print(json.dumps({"steps": res["steps"], "cpu_seconds": round(res["cpu_seconds"], 1),
                      "eval": res["eval"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
