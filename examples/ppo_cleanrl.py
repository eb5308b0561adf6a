"""A CleanRL-style PPO, in one file, with invalid-action masking, on the kernel vector envs.

Needs the ``rl`` extra (``pip install 'qwixo[rl]'``: PyTorch). The environments are
``gymnasium.make_vec(env_id, num_envs=N)``: the numba kernels with the opponent inside
(:mod:`qwixo.envs.gym_vector`), the legal actions in ``info["action_mask"]``.

Usage::

    python examples/ppo_cleanrl.py --env-id qwixo/Quixo-v0 --size 4 --total-timesteps 300000
    python examples/ppo_cleanrl.py --env-id qwixo/QwixxSolitaire-v0 --total-timesteps 300000
    python examples/ppo_cleanrl.py ... --plot curve.png      # the learning curve

It follows CleanRL's ``ppo.py`` (GAE, clipped surrogate, value loss, entropy bonus, Adam,
minibatches, annealed learning rate), with the masked categorical of "A Closer Look at
Invalid Action Masking" (logits of illegal actions set to a large negative number). Every
``--eval-every`` steps the greedy policy is evaluated on fresh games against the same opponent
(alternated seats) and the mean return with its 95% interval is printed and kept.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from torch import nn

import qwixo.envs  # noqa: F401  (registers the ids)
from qwixo.envs.gym_vector import evaluate


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env-id", default="qwixo/Quixo-v0")
    ap.add_argument("--size", type=int, default=4, help="Quixo board size")
    ap.add_argument("--edition", default="classic", help="Qwixx edition")
    ap.add_argument("--opponent", default=None, help="kernel opponent (default the env's)")
    ap.add_argument("--total-timesteps", type=int, default=300_000)
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--num-steps", type=int, default=64)
    ap.add_argument("--learning-rate", type=float, default=2.5e-4)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--num-minibatches", type=int, default=4)
    ap.add_argument("--update-epochs", type=int, default=4)
    ap.add_argument("--clip-coef", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--vf-coef", type=float, default=0.5)
    ap.add_argument("--max-grad-norm", type=float, default=0.5)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--eval-every", type=int, default=50_000)
    ap.add_argument("--eval-episodes", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--plot", default=None, help="write the learning curve to this PNG")
    ap.add_argument("--save", default=None, help="save the agent here (torch state dict, "
                    "with its sizes), e.g. for benchmarks/research_leaderboard.py")
    return ap.parse_args(argv)


def env_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    kw: dict[str, Any] = {}
    if "Quixo" in args.env_id:
        kw["size"] = args.size
    else:
        kw["edition"] = args.edition
    if args.opponent is not None:
        kw["opponent"] = args.opponent
    return kw


class Agent(nn.Module):
    def __init__(self, obs_size: int, actions: int, hidden: int) -> None:
        super().__init__()

        def layer(i: int, o: int, std: float = np.sqrt(2)) -> nn.Linear:
            lin = nn.Linear(i, o)
            nn.init.orthogonal_(lin.weight, std)
            nn.init.constant_(lin.bias, 0.0)
            return lin

        self.critic = nn.Sequential(layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden),
                                    nn.Tanh(), layer(hidden, 1, 1.0))
        self.actor = nn.Sequential(layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden),
                                   nn.Tanh(), layer(hidden, actions, 0.01))

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x).squeeze(-1)

    def dist(self, x: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        logits = self.actor(x).masked_fill(~mask, -1e8)
        return torch.distributions.Categorical(logits=logits)


def train(args: argparse.Namespace, report: Any = print, envs: Any = None,
          on_update: Any = None) -> dict[str, Any]:
    """Train; ``envs``: a same-step vector env of ``args.num_envs`` games to train on instead
    of the id's (e.g. a self-play env); ``on_update(agent, update, step)`` after each update."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    kw = env_kwargs(args)
    # same-step auto-reset: a finished game's last observation is in info["final_obs"] (the
    # truncated ones are bootstrapped from it below) and obs is the next game's first
    if envs is None:
        envs = gym.make_vec(args.env_id, num_envs=args.num_envs, seat="alternate"
                            if "Solitaire" not in args.env_id else 0,
                            autoreset_mode=gym.vector.AutoresetMode.SAME_STEP, **kw)
    obs_size = int(np.prod(envs.single_observation_space.shape))
    A = envs.single_action_space.n
    agent = Agent(obs_size, A, args.hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    N, T = args.num_envs, args.num_steps
    batch = N * T
    mb = batch // args.num_minibatches
    updates = max(1, args.total_timesteps // batch)
    o_buf = torch.zeros((T, N, obs_size))
    m_buf = torch.zeros((T, N, A), dtype=torch.bool)
    a_buf = torch.zeros((T, N), dtype=torch.long)
    lp_buf = torch.zeros((T, N))
    r_buf = torch.zeros((T, N))
    d_buf = torch.zeros((T, N))
    v_buf = torch.zeros((T, N))
    obs, info = envs.reset(seed=args.seed)
    next_obs = torch.as_tensor(obs.reshape(N, -1), dtype=torch.float32)
    next_mask = torch.as_tensor(info["action_mask"], dtype=torch.bool)
    next_done = torch.zeros(N)
    curve: list[tuple[int, float, float]] = []
    step = 0
    next_eval = 0
    t0 = time.process_time()

    def greedy(o: np.ndarray, m: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            x = torch.as_tensor(o.reshape(len(o), -1), dtype=torch.float32)
            logits = agent.actor(x).masked_fill(~torch.as_tensor(m, dtype=torch.bool), -1e8)
        return logits.argmax(-1).numpy()

    def evaluate_now() -> None:
        ev = gym.make_vec(args.env_id, num_envs=min(256, args.eval_episodes),
                          seat="alternate" if "Solitaire" not in args.env_id else 0, **kw)
        res = evaluate(ev, greedy, args.eval_episodes, seed=10_000 + step)
        curve.append((step, res["mean"], res["ci95"]))
        report(f"step {step:>9,}  greedy mean return {res['mean']:+.3f} ± {res['ci95']:.3f}"
               f"  (won {res['won']:.1%}, drawn {res['drawn']:.1%}; "
               f"{time.process_time() - t0:.0f} CPU s)")

    for update in range(updates):
        if step >= next_eval:
            evaluate_now()
            next_eval += args.eval_every
        opt.param_groups[0]["lr"] = args.learning_rate * (1.0 - update / updates)
        for t in range(T):
            o_buf[t], m_buf[t], d_buf[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                d = agent.dist(next_obs, next_mask)
                a = d.sample()
                lp_buf[t], v_buf[t] = d.log_prob(a), agent.value(next_obs)
            a_buf[t] = a
            obs, reward, term, trunc, info = envs.step(a.numpy())
            step += N
            r_buf[t] = torch.as_tensor(reward)
            # a truncated game (Quixo's ply limit) is bootstrapped from its final observation
            if trunc.any():
                fo = torch.as_tensor(info["final_obs"][trunc].reshape(int(trunc.sum()), -1),
                                     dtype=torch.float32)
                with torch.no_grad():
                    r_buf[t][torch.as_tensor(trunc)] += args.gamma * agent.value(fo)
            next_obs = torch.as_tensor(obs.reshape(N, -1), dtype=torch.float32)
            next_mask = torch.as_tensor(info["action_mask"], dtype=torch.bool)
            next_done = torch.as_tensor(term | trunc, dtype=torch.float32)
        with torch.no_grad():
            next_value = agent.value(next_obs)
            adv = torch.zeros((T, N))
            last = torch.zeros(N)
            for t in reversed(range(T)):
                nonterm = 1.0 - (next_done if t == T - 1 else d_buf[t + 1])
                nv = next_value if t == T - 1 else v_buf[t + 1]
                delta = r_buf[t] + args.gamma * nv * nonterm - v_buf[t]
                last = delta + args.gamma * args.gae_lambda * nonterm * last
                adv[t] = last
            ret = adv + v_buf
        b_o, b_m = o_buf.reshape(batch, -1), m_buf.reshape(batch, A)
        b_a, b_lp = a_buf.reshape(batch), lp_buf.reshape(batch)
        b_adv, b_ret = adv.reshape(batch), ret.reshape(batch)
        idx = np.arange(batch)
        for _ in range(args.update_epochs):
            np.random.default_rng(update).shuffle(idx)
            for s0 in range(0, batch, mb):
                j = torch.as_tensor(idx[s0:s0 + mb])
                d = agent.dist(b_o[j], b_m[j])
                ratio = (d.log_prob(b_a[j]) - b_lp[j]).exp()
                a_n = (b_adv[j] - b_adv[j].mean()) / (b_adv[j].std() + 1e-8)
                pg = torch.max(-a_n * ratio,
                               -a_n * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_loss = 0.5 * ((agent.value(b_o[j]) - b_ret[j]) ** 2).mean()
                loss = pg + args.vf_coef * v_loss - args.ent_coef * d.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                opt.step()
        if on_update is not None:
            on_update(agent, update, step)
    evaluate_now()
    return {"curve": curve, "steps": step, "final_mean": curve[-1][1],
            "final_ci95": curve[-1][2], "cpu_seconds": time.process_time() - t0,
            "agent": agent}


def plot(curve: list[tuple[int, float, float]], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [c[0] for c in curve]
    y = np.array([c[1] for c in curve])
    e = np.array([c[2] for c in curve])
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(x, y, marker="o")
    ax.fill_between(x, y - e, y + e, alpha=0.25)
    ax.set_xlabel("environment steps (agent decisions)")
    ax.set_ylabel("greedy mean return (95% CI)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    res = train(args)
    print(f"final greedy mean return {res['final_mean']:+.3f} ± {res['final_ci95']:.3f} after "
          f"{res['steps']:,} steps, {res['cpu_seconds']:.0f} CPU s")
    if args.save:
        agent = res["agent"]
        torch.save({"state_dict": agent.state_dict(), "hidden": args.hidden,
                    "obs_size": agent.actor[0].in_features,
                    "actions": agent.actor[-1].out_features}, args.save)
    if args.plot:
        plot(res["curve"], args.plot, f"CleanRL-style PPO, {args.env_id}")
    print(json.dumps({"curve": res["curve"], "steps": res["steps"],
                      "cpu_seconds": round(res["cpu_seconds"], 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
