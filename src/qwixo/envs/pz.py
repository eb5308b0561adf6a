"""PettingZoo environments over the public game contract (one class for every game).

:class:`ContractAEC` and :class:`ContractParallel` know only the contract (``to_act``,
``needs_roll``, ``roll``, ``options``, ``choose``, ``is_over``, ``scores``) and a *codec* — the
per-game action numbering and observations of :mod:`qwixo.envs.quixo_codec` /
:mod:`qwixo.envs.qwixx_codec`. The game modules :mod:`qwixo.envs.quixo_v0` and
:mod:`qwixo.envs.qwixx_v0` only pick the codec.

- AEC: the agent selected is the lowest-numbered player in ``to_act``. Qwixx action 1 (every
  player decides, hidden from the others) visits the players one after another: a choice is
  stored by the game and reaches the observations only when the last player is in.
- Parallel: one step takes the actions of every player in ``to_act`` (Qwixx action 1: all
  players at once); the actions of the others are ignored.
- Dice: the environment rolls with the game's own generator, seeded by ``reset(seed=...)``
  (:func:`game_seed`: the same seed starts the same game in every adapter).
- Rewards come at the end (``reward="outcome"``: +1 for each winner, -1 for the others, 0 for
  everyone on a draw or when all tie; a lone player gets :func:`solo_outcome`; ``"margin"``: own score minus the best other score;
  ``"score"``: the contract's ``scores()``).
- An action outside the mask: when the game's default decision (``GameInfo.timeout_decision``,
  Qwixx's ``"pass"``) is one of the player's options it is played instead; otherwise (Quixo) it ends the game: the agent that played it gets -1, the
  others 0, as PettingZoo's ``TerminateIllegalWrapper`` does. ``info["illegal_action"]`` is
  True for that agent either way.
- ``max_cycles`` (optional): every agent is truncated after that many cycles — AEC: steps /
  number of agents; parallel: steps.
- A game cut by a limit of its own (Quixo's ``max_plies``, the contract's ``end_reason``
  ``"ply_limit"``) ends with every agent *truncated*, not terminated (reward 0); the
  observations then carry the ply count (``"ply"``) so that end is part of the state.
- ``render_mode``: ``"ansi"`` (text), ``"human"`` (the text printed) or ``"rgb_array"`` (a
  ``uint8`` picture drawn with numpy); ``state()``: the observation of player 0.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from qwixo.envs.rewards import REWARD_MODES, REWARDS, end_rewards
from qwixo.envs.rewards import solo_outcome as _solo_outcome

RENDER_MODES = ["ansi", "human", "rgb_array"]


def game_seed(np_random: np.random.Generator) -> int:
    """The seed of the next contract game an environment starts, drawn from its generator:
    every adapter draws it so (PettingZoo and Gymnasium after ``reset(seed=s)``, OpenSpiel from
    its ``seed`` parameter ``s``), so one seed deals the same game everywhere (e.g. Longo's
    lucky numbers)."""
    return int(np_random.integers(0, 2**62))


def seed_game_seed(seed: int | None) -> int:
    """:func:`game_seed` of a generator seeded with ``seed`` (the first game after
    ``reset(seed=seed)``)."""
    return game_seed(seeding.np_random(seed)[0])


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode not in (None, *RENDER_MODES):
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                         f"not {render_mode!r}")
    return render_mode


def render_game(codec: Any, game: Any, render_mode: str | None) -> Any:
    """``render()`` of every environment: text, the text printed, or a picture."""
    if render_mode is None or game is None:
        return None
    if render_mode == "rgb_array":
        return codec.render_rgb(game)
    text = codec.render(game)
    if render_mode == "human":
        sys.stdout.write(text)
        return None
    return text


def observation_space(codec: Any, mask: bool = True,
                      channels_first: bool = False) -> spaces.Space:
    """The observation space of a codec: ``Dict(observation, action_mask[, ply])`` (``mask``)
    or the observation ``Box`` alone; ``channels_first``: planes as ``uint8 (C, H, W)``."""
    shape = codec.obs_shape
    if len(shape) == 3 and channels_first:
        shape = (shape[2], shape[0], shape[1])
    box = spaces.Box(0, 1, shape, codec.observation_dtype(channels_first))
    if not mask:
        return box
    entries = {"observation": box,
               "action_mask": spaces.Box(0, 1, (codec.num_actions,), np.int8)}
    if codec.max_plies is not None:
        entries["ply"] = spaces.Box(0, codec.max_plies, (1,), np.int64)
    return spaces.Dict(entries)


def observe(codec: Any, game: Any, player: int, mask: bool = True,
            channels_first: bool = False) -> Any:
    """The observation of ``player`` in the layout of :func:`observation_space`."""
    o = codec.observe(game, player)
    if channels_first and o.ndim == 3:
        o = np.ascontiguousarray(o.transpose(2, 0, 1), dtype=codec.observation_dtype(True))
    if not mask:
        return o
    out = {"observation": o, "action_mask": codec.mask(game, player)}
    if codec.max_plies is not None:
        out["ply"] = np.array([codec.ply(game)], np.int64)
    return out


def solo_outcome(score: float, solo_scale: float) -> float:
    """The ``"outcome"`` reward of a lone player: its score as a share of ``solo_scale`` (the
    codec's ``solo_scale``; Qwixx: four full rows, 312 points on the classic sheet), clipped
    to [-1, 1] (:func:`qwixo.envs.rewards.solo_outcome`).

    >>> solo_outcome(78, 312), solo_outcome(-20, 312), solo_outcome(400, 312)
    (0.25, -0.0641..., 1.0)
    """
    return float(_solo_outcome(float(score), float(solo_scale)))


def final_rewards(scores: list[int], mode: str, solo_scale: float = 1.0) -> list[float]:
    """End-of-game rewards from the contract's scores (:func:`qwixo.envs.rewards.end_rewards`).

    >>> final_rewards([30, 41, 41], "outcome"), final_rewards([30, 41], "margin")
    ([-1.0, 1.0, 1.0], [-11.0, 11.0])
    >>> final_rewards([0, 0], "outcome"), final_rewards([1, -1], "score")
    ([0.0, 0.0], [1.0, -1.0])
    >>> final_rewards([78], "outcome", solo_scale=312), final_rewards([78], "margin")
    ([0.25], [78.0])
    """
    out = np.empty(len(scores), np.float64)
    end_rewards(np.asarray(scores, np.int64), REWARD_MODES[mode], float(solo_scale), out)
    return [float(x) for x in out]


def _check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


class _Core:
    """The game, its codec and the shared bookkeeping of both PettingZoo APIs."""

    def _setup(self, codec: Any, render_mode: str | None, reward: str,
               max_cycles: int | None = None) -> None:
        if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(
                max_cycles, int) or max_cycles < 1):
            raise ValueError(f"max_cycles must be an integer >= 1 or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self._steps = 0
        self.codec = codec
        self.render_mode = check_render_mode(render_mode)
        self.reward_mode = _check_reward(reward)
        self.possible_agents = [f"player_{i}" for i in range(codec.players)]
        self._agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(codec)
        self.state_space = observation_space(codec, mask=False)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(codec.num_actions) for a in self.possible_agents}
        self.game = None
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.game = self.codec.new_game(game_seed(self._np_random))
        self._roll()

    def _roll(self) -> None:
        g = self.game
        while g.needs_roll and not g.is_over:
            g.roll()

    def _obs(self, player: int) -> dict[str, np.ndarray]:
        return observe(self.codec, self.game, player)

    def state(self) -> np.ndarray:
        """The global state: the observation of player 0 (see ``codec.state``)."""
        if self.game is None:
            raise RuntimeError("call reset() before state()")
        return self.codec.state(self.game)

    def _legal_text(self, player: int, action: Any) -> tuple[str | None, bool]:
        """``(text, illegal)``: the option text of ``action`` when legal for ``player``;
        instead of an illegal action the game's default decision when it is an option (its
        declared ``GameInfo.timeout_decision``, Qwixx's ``"pass"``); else None."""
        opts = self.game.options(player)
        try:
            a = int(action)
        except (TypeError, ValueError):
            a = -1
        if 0 <= a < self.codec.num_actions and self.codec.text_of(a) in opts:
            return self.codec.text_of(a), False
        default = self.game.info.timeout_decision
        return (default if default in opts else None), True

    def render(self) -> Any:
        return render_game(self.codec, self.game, self.render_mode)

    def close(self) -> None:
        pass


class ContractAEC(_Core, AECEnv):
    """The AEC (turn by turn) PettingZoo environment of a game codec."""

    metadata = {"render_modes": RENDER_MODES, "name": "qwixo", "is_parallelizable": True,
                "render_fps": 4}

    def __init__(self, codec: Any, render_mode: str | None = None,
                 reward: str = "outcome", max_cycles: int | None = None) -> None:
        super().__init__()
        self._setup(codec, render_mode, reward, max_cycles)
        self.metadata = {**self.metadata, "name": f"{codec.game_name}_v0"}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_game(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_act[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self._agent_index[agent]
        obs = self._obs(p)
        if (agent != self.agent_selection or self.terminations.get(agent, True)
                or self.truncations.get(agent, True)):
            obs["action_mask"][:] = 0
        return obs

    def step(self, action: Any) -> None:
        if self.game is None or not self.agents:
            raise RuntimeError("the game is over (or was never started): call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self._agent_index[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        text, illegal = self._legal_text(p, action)
        g = self.game
        for a in self.agents:
            self.infos[a] = {"illegal_action": True} if illegal and a == agent else {}
        if text is None:
            for a in self.agents:
                self.terminations[a] = True
            self.rewards[agent] = -1.0
        else:
            g.choose(p, text)
            self._roll()
            if g.is_over and self.codec.truncated(g):
                for a in self.agents:
                    self.truncations[a] = True
            elif g.is_over:
                for a, r in zip(self.possible_agents,
                                final_rewards(g.scores(), self.reward_mode,
                                              self.codec.solo_scale), strict=True):
                    if a in self.rewards:
                        self.rewards[a] = r
                        self.terminations[a] = True
        self._steps += 1
        if (self.max_cycles is not None and not any(self.terminations.values())
                and self._steps >= self.max_cycles * len(self.possible_agents)):
            for a in self.agents:
                self.truncations[a] = True
        if any(self.terminations.values()) or any(self.truncations.values()):
            idx = (p + 1) % len(self.possible_agents)
            self.agent_selection = self.possible_agents[idx]
        else:
            self.agent_selection = self.possible_agents[g.to_act[0]]
        self._accumulate_rewards()


class ContractParallel(_Core, ParallelEnv):
    """The parallel PettingZoo environment of a game codec: one step = one decision of every
    player in ``to_act`` (the others' actions are ignored)."""

    metadata = {"render_modes": RENDER_MODES, "name": "qwixo", "render_fps": 4}

    def __init__(self, codec: Any, render_mode: str | None = None,
                 reward: str = "outcome", max_cycles: int | None = None) -> None:
        self._setup(codec, render_mode, reward, max_cycles)
        self.metadata = {**self.metadata, "name": f"{codec.game_name}_v0"}
        self.agents: list[str] = []

    def _all_obs(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._obs(self._agent_index[a]) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        return self._all_obs(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]):
        g = self.game
        if g is None or not self.agents:
            raise RuntimeError("the game is over (or was never started): call reset() first")
        agents = self.agents[:]
        rewards = dict.fromkeys(agents, 0.0)
        terms = dict.fromkeys(agents, False)
        truncs = dict.fromkeys(agents, False)
        infos: dict[str, dict] = {a: {} for a in agents}
        movers = g.to_act
        texts = {}
        illegal = None
        for p in movers:
            a = self.possible_agents[p]
            text, bad = self._legal_text(p, actions.get(a))
            if bad:
                infos[a] = {"illegal_action": True}
            if text is None:
                illegal = a
                break
            texts[p] = text
        if illegal is not None:
            rewards[illegal] = -1.0
            for a in agents:
                terms[a] = True
        else:
            for p in movers:
                g.choose(p, texts[p])
            self._roll()
            if g.is_over and self.codec.truncated(g):
                truncs = dict.fromkeys(agents, True)
            elif g.is_over:
                for a, r in zip(agents, final_rewards(g.scores(), self.reward_mode,
                                                      self.codec.solo_scale), strict=True):
                    rewards[a] = r
                    terms[a] = True
        self._steps += 1
        if (self.max_cycles is not None and not any(terms.values()) and not g.is_over
                and self._steps >= self.max_cycles):
            truncs = dict.fromkeys(agents, True)
        obs = self._all_obs()
        if illegal is not None:
            for o in obs.values():
                o["action_mask"][:] = 0
        if any(terms.values()) or any(truncs.values()):
            self.agents = []
        return obs, rewards, terms, truncs, infos


# -- any registered game ------------------------------------------------------------------------
def env(game: str, render_mode: str | None = None, reward: str = "outcome",
        **settings: Any) -> ContractAEC:
    """The AEC environment of any registered game that names a research codec
    (``GameInfo.env_codec``), made from its settings: ``env(name, **settings)``."""
    from qwixo.envs.codec import codec_for

    return ContractAEC(codec_for(game, **settings), render_mode, reward)


def parallel_env(game: str, render_mode: str | None = None, reward: str = "outcome",
                 **settings: Any) -> ContractParallel:
    """The parallel environment of any registered game (see :func:`env`)."""
    from qwixo.envs.codec import codec_for

    return ContractParallel(codec_for(game, **settings), render_mode, reward)
