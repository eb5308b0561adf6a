"""Self-play at kernel speed: a learner against batched opponents over a two-sided vector env.

:class:`SelfPlayVectorEnv` wraps a two-sided vector environment (:mod:`qwixo.envs.vector`:
``n`` games, every player's decisions, one numba call per step) into a Gymnasium
``VectorEnv`` of the learner's decisions. The other seats are played by opponents:

- a callable ``opponent(obs, mask) -> actions``, called once per opponent and decision round
  with the batch of the games where it is to act (``obs`` ``(k, ...)`` from the acting
  player's view, ``mask`` ``int8 (k, num_actions)``): a frozen snapshot of the learner, any
  policy;
- a name: a shipped bot at kernel speed, the environment's ``kernel_bot(name)`` (the numba
  opponents of the game, :mod:`qwixo.envs.vector`), or ``"random"`` (a uniformly random legal
  action, for any environment);
- a list of these, a *league*: every game draws its opponent when it starts (``probs``, else
  uniformly; :attr:`opponent_index` says whose game is whose), and every opponent is called
  once per round with all its games. :meth:`set_opponents` replaces the league for the games
  that start from then on (e.g. a new snapshot).

One ``step(actions)`` plays the learner's action in every game, then the opponents' decisions,
batched, until every game is at the learner's next decision (or over). ``seat``: the learner's
seat, or ``"alternate"`` (game ``i``: seat ``i % players``). Auto-reset is next-step by default, as
Gymnasium's (``autoreset_mode="SameStep"``: at once, as the kernel envs can): a finished game's ``terminations``/``truncations`` come with the
learner's observation of its last decision (its mask all ones), and the next ``step`` ignores
its action and returns the first decision of the next game. Rewards are the learner's entry of
the two-sided env's ``reward`` row (e.g. +1 / -1 / 0). ``info["action_mask"]``: the
learner's ``int8`` masks; ``info["opponent"]``: :attr:`opponent_index`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from qwixo.envs.kernel_vector import as_vector_env, autoreset_mode_of, seats


class _Bot:
    """A named opponent: ``act(games) -> actions`` over the wrapped environment's games."""

    def __init__(self, act: Callable[[np.ndarray], np.ndarray], name: str) -> None:
        self.act = act
        self.name = name


class SelfPlayVectorEnv:
    """The learner's decisions of a two-sided vector env, opponents batched (module docstring).

    ``vec``: the two-sided environment (``n``, ``players``, ``num_actions``, ``obs_shape``,
    ``reset(seed)``, ``step(actions, active)``, ``to_act``, ``obs``, ``mask``, ``reward``,
    ``done``, optionally ``truncated`` and ``kernel_bot(name, seed)``).
    """

    def __init__(self, vec: Any, opponent: Any = "random", seat: int | str = 0,
                 probs: Sequence[float] | None = None, copy: bool = True,
                 autoreset_mode: Any = "NextStep") -> None:
        from gymnasium import spaces
        from gymnasium.vector.utils import batch_space

        self.vec = vec
        self.num_envs = n = int(vec.n)
        self.players = int(vec.players)
        self.num_actions = int(vec.num_actions)
        self._seat = seats(seat, n, self.players)
        self.copy = bool(copy)
        self.metadata = {}
        self.autoreset_mode = autoreset_mode
        self.render_mode = None
        obs_dtype = np.asarray(vec.obs).dtype
        self.single_observation_space = spaces.Box(0, 1, tuple(vec.obs_shape), obs_dtype)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._rng = np.random.default_rng()
        self._seed = 0
        self._pending = np.zeros(n, np.bool_)
        self._obs = np.zeros((n, *vec.obs_shape), obs_dtype)
        self._mask = np.zeros((n, self.num_actions), np.int8)
        self.opponent_index = np.zeros(n, np.int64)
        self._opponents: list[Any] = []
        self._offset = 0
        self._probs: np.ndarray | None = None
        self.set_opponents(opponent, probs, now=True)

    @property
    def autoreset_mode(self) -> Any:
        """Gymnasium's ``AutoresetMode``: ``NEXT_STEP`` (the default) or ``SAME_STEP`` (the
        finished games restart at once, their last observation in ``info["final_obs"]``, as
        Stable-Baselines3 expects: :func:`qwixo.envs.sb3.sb3_vec_env` sets it)."""
        return self.metadata["autoreset_mode"]

    @autoreset_mode.setter
    def autoreset_mode(self, mode: Any) -> None:
        from gymnasium.vector import AutoresetMode

        mode = autoreset_mode_of(mode)
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self._same_step = mode == AutoresetMode.SAME_STEP

    # -- opponents ------------------------------------------------------------------------------
    def _resolve(self, opp: Any, k: int) -> Any:
        if callable(opp):
            return opp
        if not isinstance(opp, str):
            raise TypeError("an opponent is a callable(obs, mask) -> actions or a bot's name")
        bot = getattr(self.vec, "kernel_bot", None)
        if opp == "random" and bot is None:
            return _Bot(self._random, opp)
        if bot is None:
            raise ValueError(f"{type(self.vec).__name__} has no kernel bots: give 'random' or "
                             "a callable")
        return _Bot(bot(opp, seed=self._seed * 1000 + k), opp)

    def _random(self, games: np.ndarray) -> np.ndarray:
        mask = np.asarray(self.vec.mask)[games].astype(np.float64)
        u = self._rng.random(mask.shape) * mask
        return u.argmax(axis=1).astype(np.int64)

    def set_opponents(self, opponent: Any, probs: Sequence[float] | None = None,
                      now: bool = False) -> None:
        """Replace the league (one opponent or a list, as in the constructor) for the games
        that start from now on (the games under way keep theirs); ``now``: for every game,
        drawn again at once."""
        league = list(opponent) if isinstance(opponent, (list, tuple)) else [opponent]
        if not league:
            raise ValueError("give at least one opponent")
        p = None
        if probs is not None:
            p = np.asarray(probs, np.float64)
            if p.shape != (len(league),) or (p < 0).any() or p.sum() <= 0:
                raise ValueError("probs: one non-negative weight per opponent")
            p = p / p.sum()
        self._league, self._league_probs = league, probs
        resolved = [self._resolve(o, k) for k, o in enumerate(league)]
        if now or not self._opponents:
            self._opponents = resolved
            self._offset = 0
        else:  # the opponents of the games under way stay until those games end
            in_use = set(self.opponent_index.tolist())
            self._opponents = [o if k in in_use else None
                               for k, o in enumerate(self._opponents)]
            self._offset = len(self._opponents)
            self._opponents += resolved
        self._probs = p
        if now or self._offset == 0:
            self.opponent_index[:] = self._draw(self.num_envs)

    @property
    def league(self) -> list[Any]:
        """The opponents new games draw from (as given)."""
        return list(self._league)

    def _draw(self, k: int) -> np.ndarray:
        m = len(self._opponents) - self._offset
        if m == 1:
            return np.full(k, self._offset, np.int64)
        return self._offset + self._rng.choice(m, size=k, p=self._probs).astype(np.int64)

    def _new_games(self, games: np.ndarray) -> None:
        self.opponent_index[games] = self._draw(len(games))

    # -- stepping -------------------------------------------------------------------------------
    def _advance(self, reward: np.ndarray, finished: np.ndarray) -> None:
        """The opponents' decisions, batched, until every game not ``finished`` is at the
        learner's decision; the learner's rewards of the games that end into ``reward``."""
        vec = self.vec
        while True:
            need = ~finished & (vec.to_act != self._seat)
            if not need.any():
                return
            obs = np.asarray(vec.obs)
            mask = np.asarray(vec.mask)
            actions = np.zeros(self.num_envs, np.int64)
            for k in np.unique(self.opponent_index[need]):
                games = np.flatnonzero(need & (self.opponent_index == k))
                opp = self._opponents[int(k)]
                if isinstance(opp, _Bot):
                    actions[games] = opp.act(games)
                else:
                    actions[games] = np.asarray(
                        opp(obs[games], mask[games].astype(np.int8)), np.int64).reshape(-1)
            vec.step(actions, need)
            self._collect(need, reward, finished)

    def _collect(self, stepped: np.ndarray, reward: np.ndarray, finished: np.ndarray) -> None:
        done = stepped & np.asarray(self.vec.done)
        if done.any():
            idx = np.flatnonzero(done)
            reward[idx] += np.asarray(self.vec.reward)[idx, self._seat[idx]]
            finished |= done
            trunc = getattr(self.vec, "truncated", None)
            if trunc is not None:
                self._trunc |= done & np.asarray(trunc)

    def _learner_view(self, live: np.ndarray) -> None:
        """The observation and mask of the games in ``live`` (at the learner's decision)."""
        self._obs[live] = np.asarray(self.vec.obs)[live]
        self._mask[live] = np.asarray(self.vec.mask)[live]

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seed = int(seed)
            self._rng = np.random.default_rng(seed)
            self.set_opponents(self._league, self._league_probs, now=True)  # bots seeded anew
        self.vec.reset(seed=seed)
        self._pending[:] = False
        self._trunc = np.zeros(self.num_envs, np.bool_)
        self._new_games(np.arange(self.num_envs))
        reward = np.zeros(self.num_envs, np.float32)
        finished = np.zeros(self.num_envs, np.bool_)
        self._advance(reward, finished)
        self._learner_view(~finished)
        return self._c(self._obs), self._info()

    def step(self, actions: Any):
        n = self.num_envs
        actions = np.asarray(actions, np.int64).reshape(n)
        reward = np.zeros(n, np.float32)
        finished = np.zeros(n, np.bool_)
        self._trunc = np.zeros(n, np.bool_)
        restart = self._pending.copy()  # restarted already by the two-sided env
        if restart.any():
            self._new_games(np.flatnonzero(restart))
        learner = ~restart
        self.vec.step(actions, learner)
        self._collect(learner, reward, finished)
        self._advance(reward, finished)
        live = ~finished
        term = finished & ~self._trunc
        trunc = self._trunc.copy()
        if self._same_step:
            final = self._obs.copy()  # the learner's last observation where a game ended
            if finished.any():
                self._new_games(np.flatnonzero(finished))
                self._advance(np.zeros(n, np.float32), np.zeros(n, np.bool_))
            self._learner_view(np.ones(n, np.bool_))
            info = self._info()
            info["final_obs"] = final
            info["_final_obs"] = finished
            return self._c(self._obs), reward, term, trunc, info
        self._learner_view(live)
        self._mask[finished] = 1  # the last observation: any action restarts the game
        self._pending = finished
        return (self._c(self._obs), reward, term, trunc, self._info())

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "opponent": self.opponent_index.copy()}

    def _c(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def action_masks(self) -> np.ndarray:
        """``int8 (n, num_actions)``: the learner's legal actions in every game (a copy)."""
        return self._mask.copy()

    @property
    def seats(self) -> np.ndarray:
        """``(n,)``: the learner's seat in every game."""
        return self._seat

    def close(self, **kwargs: Any) -> None:
        pass

    @property
    def unwrapped(self) -> Any:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}(num_envs={self.num_envs}, vec={type(self.vec).__name__})"


try:  # the extra installed: a real gymnasium.vector.VectorEnv subclass
    SelfPlayVectorEnv = as_vector_env(SelfPlayVectorEnv)  # type: ignore[misc]
except ImportError:  # pragma: no cover - without gymnasium
    pass
