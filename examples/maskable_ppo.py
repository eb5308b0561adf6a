"""sb3-contrib's MaskablePPO on qwixo, with no wrapper of one's own.

Needs the ``rl`` extra (``pip install 'qwixo[rl]'``: stable-baselines3, sb3-contrib, PyTorch).

Usage::

    python examples/maskable_ppo.py --env-id qwixo/Quixo-v0 --size 4 --total-timesteps 300000
    python examples/maskable_ppo.py --env-id qwixo/QwixxSolitaire-v0 --total-timesteps 300000
    python examples/maskable_ppo.py ... --vector sync   # the Python envs (any bot opponent)
    python examples/maskable_ppo.py ... --plot curve.png

``--vector kernel`` (default): ``gymnasium.make_vec(env_id, num_envs=N)`` — the numba kernels
with the opponent inside — through :func:`qwixo.envs.gym_vector.sb3_vec_env`.
``--vector sync``: SB3's ``DummyVecEnv`` of ``gymnasium.make(env_id, mask_in_obs=False)``,
whose ``action_masks()`` MaskablePPO finds by itself. Every ``--eval-every`` steps the
deterministic policy plays ``--eval-episodes`` fresh kernel games against the same opponent
(alternated seats): mean return ± 95% interval.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO

import qwixo.envs  # noqa: F401  (registers the ids)
from qwixo.envs.gym_vector import evaluate, sb3_vec_env


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env-id", default="qwixo/Quixo-v0")
    ap.add_argument("--size", type=int, default=4)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--opponent", default=None)
    ap.add_argument("--vector", choices=("kernel", "sync"), default="kernel")
    ap.add_argument("--total-timesteps", type=int, default=300_000)
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--n-steps", type=int, default=64)
    ap.add_argument("--eval-every", type=int, default=50_000)
    ap.add_argument("--eval-episodes", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", default=None)
    ap.add_argument("--save", default=None, help="save the model here (.zip), e.g. for "
                    "benchmarks/research_leaderboard.py")
    return ap.parse_args(argv)


def env_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    kw: dict[str, Any] = {"size": args.size} if "Quixo" in args.env_id else \
        {"edition": args.edition}
    if args.opponent is not None:
        kw["opponent"] = args.opponent
    return kw


def make_env(args: argparse.Namespace) -> Any:
    kw = env_kwargs(args)
    solo = "Solitaire" in args.env_id
    if args.vector == "kernel":
        return sb3_vec_env(gym.make_vec(args.env_id, num_envs=args.num_envs,
                                        seat=0 if solo else "alternate", **kw))
    from stable_baselines3.common.vec_env import DummyVecEnv

    def one(i: int) -> Any:
        return lambda: gym.make(args.env_id, mask_in_obs=False,
                                **({} if solo else {"seat": i % 2}), **kw)
    return DummyVecEnv([one(i) for i in range(args.num_envs)])


def train(args: argparse.Namespace, report: Any = print) -> dict[str, Any]:
    venv = make_env(args)
    model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps,
                        batch_size=args.n_steps * args.num_envs // 4, seed=args.seed,
                        device="cpu", verbose=0)
    kw = env_kwargs(args)
    solo = "Solitaire" in args.env_id
    curve: list[tuple[int, float, float]] = []
    t0 = time.process_time()

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        act, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return act

    def evaluate_now(step: int) -> None:
        ev = gym.make_vec(args.env_id, num_envs=min(256, args.eval_episodes),
                          seat=0 if solo else "alternate", **kw)
        res = evaluate(ev, policy, args.eval_episodes, seed=10_000 + step)
        curve.append((step, res["mean"], res["ci95"]))
        report(f"step {step:>9,}  deterministic mean return {res['mean']:+.3f} ± "
               f"{res['ci95']:.3f} (won {res['won']:.1%}, drawn {res['drawn']:.1%}; "
               f"{time.process_time() - t0:.0f} CPU s)")

    evaluate_now(0)
    done = 0
    while done < args.total_timesteps:
        chunk = min(args.eval_every, args.total_timesteps - done)
        model.learn(chunk, reset_num_timesteps=False)
        done = model.num_timesteps
        evaluate_now(done)
    return {"curve": curve, "steps": done, "final_mean": curve[-1][1],
            "final_ci95": curve[-1][2], "cpu_seconds": time.process_time() - t0,
            "model": model}


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    res = train(args)
    print(f"final deterministic mean return {res['final_mean']:+.3f} ± {res['final_ci95']:.3f}"
          f" after {res['steps']:,} steps, {res['cpu_seconds']:.0f} CPU s")
    if args.save:
        res["model"].save(args.save)
    if args.plot:
        from ppo_cleanrl import plot  # the same figure as the PPO script

        plot(res["curve"], args.plot, f"MaskablePPO, {args.env_id}")
    print(json.dumps({"curve": res["curve"], "steps": res["steps"],
                      "cpu_seconds": round(res["cpu_seconds"], 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
