"""CleanRL-style PPO self-play on 5×5 Quixo: examples/ppo_cleanrl.py's PPO, its opponents a
league of its own frozen snapshots (and the shipped kernel bot ``safe``).

Needs the ``rl`` extra (PyTorch). Usage::

    python examples/selfplay_cleanrl.py --size 5 --total-timesteps 500000 --strong-games 20

The training env is :class:`qwixo.envs.selfplay.SelfPlayVectorEnv` over
:class:`qwixo.envs.vector.QuixoVec` (same-step auto-reset, alternated seats); every
``--snapshot-every`` updates a frozen copy of the agent joins the league (the last
``--league`` kept), whose members play all their games in one batched call each. The learning
curve is evaluated against ``--opponent`` (``safe`` by default) and the final greedy policy
against ``random``, ``safe`` and ``strong`` (:func:`selfplay_sb3.evaluate_against_bots`).
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ppo_cleanrl  # noqa: E402
from selfplay_sb3 import evaluate_against_bots  # noqa: E402

from qwixo.envs.selfplay import SelfPlayVectorEnv  # noqa: E402
from qwixo.envs.vector import QuixoVec  # noqa: E402


def snapshot(agent: Any) -> Any:
    """A frozen copy of the agent as the batched opponent ``(obs, mask) -> actions``
    (sampled from its masked policy)."""
    frozen = copy.deepcopy(agent).eval()

    def act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            x = torch.as_tensor(obs.reshape(len(obs), -1), dtype=torch.float32)
            d = frozen.dist(x, torch.as_tensor(mask, dtype=torch.bool))
            return d.sample().numpy()

    return act


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = {"--snapshot-every": 10, "--league": 4, "--strong-games": 10,
             "--strong-seconds": 0.2}
    for k in list(extra):
        if k in argv:
            i = argv.index(k)
            extra[k] = type(extra[k])(argv[i + 1])
            del argv[i:i + 2]
    if "--opponent" not in argv:
        argv += ["--opponent", "safe"]
    if "--size" not in argv:
        argv += ["--size", "5"]
    args = ppo_cleanrl.parse(argv)
    league: list[Any] = []
    envs = SelfPlayVectorEnv(QuixoVec(args.num_envs, size=args.size), "safe",
                             seat="alternate", autoreset_mode="SameStep")

    def on_update(agent: Any, update: int, step: int) -> None:
        if (update + 1) % extra["--snapshot-every"] == 0:
            league[:] = (league + [snapshot(agent)])[-extra["--league"]:]
            envs.set_opponents(league + ["safe"])

    res = ppo_cleanrl.train(args, envs=envs, on_update=on_update)
    agent = res["agent"]

    def greedy(o: np.ndarray, m: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            x = torch.as_tensor(o.reshape(len(o), -1), dtype=torch.float32)
            logits = agent.actor(x).masked_fill(~torch.as_tensor(m, dtype=torch.bool), -1e8)
        return logits.argmax(-1).numpy()

    ev = evaluate_against_bots(greedy, args.size, args.eval_episodes, extra["--strong-games"],
                               extra["--strong-seconds"], seed=10_000)
    print(json.dumps({"steps": res["steps"], "cpu_seconds": round(res["cpu_seconds"], 1),
                      "curve": res["curve"], "eval": ev}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
