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
- Dice: the environment rolls with the game's own generator, seeded by ``reset(seed=...)``.
- Rewards come at the end (``reward="outcome"``: +1 for each winner, -1 for the others, 0 for
  everyone on a draw or when all tie; ``"margin"``: own score minus the best other score;
  ``"score"``: the contract's ``scores()``).
- An action outside the mask: when ``"pass"`` is one of the player's options (Qwixx) it is
  played instead; otherwise (Quixo) it ends the game: the agent that played it gets -1, the
  others 0, as PettingZoo's ``TerminateIllegalWrapper`` does. ``info["illegal_action"]`` is
  True for that agent either way.
- ``max_cycles`` (optional): every agent is truncated after that many cycles — AEC: steps /
  number of agents; parallel: steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

REWARDS = ("outcome", "margin", "score")


def final_rewards(scores: list[int], mode: str) -> list[float]:
    """End-of-game rewards from the contract's scores.

    >>> final_rewards([30, 41, 41], "outcome"), final_rewards([30, 41], "margin")
    ([-1.0, 1.0, 1.0], [-11.0, 11.0])
    >>> final_rewards([0, 0], "outcome"), final_rewards([1, -1], "score")
    ([0.0, 0.0], [1.0, -1.0])
    """
    if mode == "score":
        return [float(s) for s in scores]
    if mode == "margin":
        if len(scores) == 1:
            return [float(scores[0])]
        return [float(s - max(scores[:p] + scores[p + 1:])) for p, s in enumerate(scores)]
    best = max(scores)
    if all(s == best for s in scores):
        return [0.0] * len(scores)
    return [1.0 if s == best else -1.0 for s in scores]


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
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.codec = codec
        self.render_mode = render_mode
        self.reward_mode = _check_reward(reward)
        self.possible_agents = [f"player_{i}" for i in range(codec.players)]
        self._agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(0, 1, codec.obs_shape,
                                      np.int8 if len(codec.obs_shape) == 3 else np.float32),
            "action_mask": spaces.Box(0, 1, (codec.num_actions,), np.int8),
        })
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
        game_seed = int(self._np_random.integers(0, 2**62))
        self.game = self.codec.new_game(game_seed)
        self._roll()

    def _roll(self) -> None:
        g = self.game
        while g.needs_roll and not g.is_over:
            g.roll()

    def _obs(self, player: int) -> dict[str, np.ndarray]:
        return {"observation": self.codec.observe(self.game, player),
                "action_mask": self.codec.mask(self.game, player)}

    def _legal_text(self, player: int, action: Any) -> tuple[str | None, bool]:
        """``(text, illegal)``: the option text of ``action`` when legal for ``player``;
        ``"pass"`` instead of an illegal action when pass is an option; else None."""
        opts = self.game.options(player)
        try:
            a = int(action)
        except (TypeError, ValueError):
            a = -1
        if 0 <= a < self.codec.num_actions and self.codec.text_of(a) in opts:
            return self.codec.text_of(a), False
        return ("pass" if "pass" in opts else None), True

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        return self.codec.render(self.game)

    def close(self) -> None:
        pass


class ContractAEC(_Core, AECEnv):
    """The AEC (turn by turn) PettingZoo environment of a game codec."""

    metadata = {"render_modes": ["ansi"], "name": "qwixo", "is_parallelizable": True}

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
        if agent != self.agent_selection or self.terminations.get(agent, True):
            obs["action_mask"][:] = 0
        return obs

    def step(self, action: Any) -> None:
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
            if g.is_over:
                for a, r in zip(self.possible_agents,
                                final_rewards(g.scores(), self.reward_mode), strict=True):
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

    metadata = {"render_modes": ["ansi"], "name": "qwixo"}

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
            if g.is_over:
                for a, r in zip(agents, final_rewards(g.scores(), self.reward_mode),
                                strict=True):
                    rewards[a] = r
                    terms[a] = True
        self._steps += 1
        if (self.max_cycles is not None and not any(terms.values())
                and self._steps >= self.max_cycles):
            truncs = dict.fromkeys(agents, True)
        obs = self._all_obs()
        if illegal is not None:
            for o in obs.values():
                o["action_mask"][:] = 0
        if any(terms.values()) or any(truncs.values()):
            self.agents = []
        return obs, rewards, terms, truncs, infos
