"""The evaluation protocol of a policy on a vector environment (the leaderboard's)."""

from __future__ import annotations

from typing import Any

import numpy as np


def evaluate(venv: Any, act: Any, episodes: int, seed: int = 0) -> dict[str, float]:
    """Play ``episodes`` games of ``venv`` (a kernel vector env) with ``act(obs, mask) ->
    actions`` and return the agent's mean return with a 95% confidence half-width (normal
    approximation), and the shares won, drawn and lost (by the sign of the return). With
    ``seat="alternate"`` the agent plays every seat in turn (slot ``i`` plays seat ``i %
    players``).

    Every slot plays a number of games fixed before the first step (``episodes`` shared out
    over the slots, the first ``episodes % num_envs`` slots one more), and only those count:
    keeping the first games to finish would leave out the long ones (drawn games, cut at
    ``max_plies``, above all), so a quota per slot is what keeps the sample unbiased.

    A kernel env plays the evaluation in ``SAME_STEP`` auto-reset mode (set for it, then put
    back), so that every step is a decision of every slot and the leaderboard's protocol
    stays what it measured.
    """
    mode = getattr(venv, "autoreset_mode", None)
    if mode is None:
        return _evaluate(venv, act, episodes, seed)
    from gymnasium.vector import AutoresetMode

    venv.autoreset_mode = AutoresetMode.SAME_STEP
    try:
        return _evaluate(venv, act, episodes, seed)
    finally:
        venv.autoreset_mode = mode


def _evaluate(venv: Any, act: Any, episodes: int, seed: int) -> dict[str, float]:
    n = venv.num_envs
    quota = np.full(n, episodes // n, np.int64)
    quota[: episodes % n] += 1
    played = np.zeros(n, np.int64)
    obs, info = venv.reset(seed=seed)
    ret = np.zeros(n)
    done_returns: list[float] = []
    while (played < quota).any():
        obs, reward, term, trunc, info = venv.step(act(obs, info["action_mask"]))
        ret += reward
        for i in np.flatnonzero(term | trunc):
            if played[i] < quota[i]:
                done_returns.append(float(ret[i]))
                played[i] += 1
            ret[i] = 0.0
    r = np.array(done_returns)
    half = 1.96 * r.std(ddof=1) / np.sqrt(len(r)) if len(r) > 1 else float("nan")
    return {"episodes": len(r), "mean": float(r.mean()), "ci95": float(half),
            "won": float((r > 0).mean()), "drawn": float((r == 0).mean()),
            "lost": float((r < 0).mean())}
