"""Gymnasium environments: one agent against qwixo bots (or alone), over the public contract.

Registered by ``import qwixo.envs``:

- ``qwixo/Quixo-v0``: ``gymnasium.make("qwixo/Quixo-v0", size=5, players=2, opponent="random",
  seat=0, max_plies=200)`` — the agent plays ``seat``, bots (``qwixo.list_bots("quixo")``) the
  other seats (4 players: the agent's partner too);
- ``qwixo/Qwixx-v0``: ``gymnasium.make("qwixo/Qwixx-v0", edition="classic", players=2,
  opponent="gap", seat=0)`` — ``opponent`` a bot name or one name per other seat;
- ``qwixo/QwixxSolitaire-v0``: ``gymnasium.make("qwixo/QwixxSolitaire-v0", edition="classic")``
  — one player; every step's reward is the change of the score, so the return is the final
  score (``reward="final"``: all of it at the end), to compare with the exact optimum
  (115.48 for classic, ``docs/qwixx-solver.md``).

Observations are ``{"observation": array, "action_mask": array}`` (and ``"ply"`` where the
game has a ply limit) as in the PettingZoo environments (the codecs of
:mod:`qwixo.envs.quixo_codec` and :mod:`qwixo.envs.qwixx_codec`); ``mask_in_obs=False``: the
array alone; ``channels_first=True``: Quixo planes ``uint8 (C, H, W)``. ``info["action_mask"]``
and :meth:`ContractGymEnv.action_masks` (sb3-contrib's MaskablePPO) give the mask. An action
outside the mask: when the game's default decision (``GameInfo.timeout_decision``, Qwixx's
``"pass"``) is legal it is played instead; otherwise (Quixo) the
agent loses (reward -1, terminated). ``info["illegal_action"]`` is True then. Quixo's ply limit
ends an episode as a truncation. ``step`` after the end needs a ``reset`` (``RuntimeError``).
``gymnasium.make_vec(id, num_envs=N)`` gives the kernel vector envs of
:mod:`qwixo.envs.gym_vector` (their ``vector_entry_point``).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import qwixo
from qwixo.envs.pz import (
    RENDER_MODES,
    check_render_mode,
    final_rewards,
    game_seed,
    observation_space,
    observe,
    render_game,
)
from qwixo.envs.quixo_codec import QuixoCodec
from qwixo.envs.qwixx_codec import QwixxCodec


class ContractGymEnv(gym.Env):
    """One seat of a game played through the contract; bots play the other seats.

    ``seat``: the agent's seat, or ``"alternate"``: episode ``k`` plays seat ``k % players``
    (``k`` counted from the seed of the last seeded ``reset``, so that the envs of a
    ``SyncVectorEnv``, seeded ``seed, seed + 1, ...``, start on different seats, as the kernel
    vector env's games ``i % players`` do).

    ``mask_in_obs`` (default True): observations are ``Dict(observation, action_mask[, ply])``;
    False: the observation array alone (what a policy network should see; the mask is in
    ``info["action_mask"]`` and :meth:`action_masks`). ``channels_first``: board planes as
    ``uint8 (C, H, W)`` (PyTorch's layout) instead of ``int8 (H, W, C)``; vectors unchanged.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(self, codec: Any, seat: int | str = 0, opponents: str | list[str] = "random",
                 reward: str = "outcome", render_mode: str | None = None,
                 bot_options: dict[str, Any] | None = None, mask_in_obs: bool = True,
                 channels_first: bool = False) -> None:
        if reward not in ("outcome", "margin", "score", "delta", "final"):
            raise ValueError(f"unknown reward {reward!r}")
        P = codec.players
        self.alternate = seat == "alternate"
        if self.alternate:
            seat = 0
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < P:
            raise ValueError(f"seat must be 0..{P - 1} or 'alternate', not {seat!r}")
        self.codec = codec
        self.seat = seat
        self._episode = 0
        self.render_mode = check_render_mode(render_mode)
        self.reward_mode = reward
        names = [opponents] * (P - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != P - 1:
            raise ValueError(f"give one opponent name or {P - 1} names")
        known = qwixo.list_bots(codec.game_name)
        for n in names:
            if n not in known:
                raise ValueError(f"unknown bot {n!r}: one of {', '.join(known)}")
        self._bot_names = names
        self._bot_options = dict(bot_options or {})
        self.bots: dict[int, Any] = {}
        self.mask_in_obs = bool(mask_in_obs)
        self.channels_first = bool(channels_first)
        self.observation_space = observation_space(codec, self.mask_in_obs, self.channels_first)
        self.action_space = spaces.Discrete(codec.num_actions)
        #: played instead of an illegal action when legal: the game's declared default
        #: decision (``GameInfo.timeout_decision``)
        self._default = qwixo.game_info(codec.game_name).timeout_decision
        self.game = None
        self._over = True
        self._mask = np.zeros(codec.num_actions, np.int8)
        self._score = 0

    def _make_bots(self) -> None:
        others = [p for p in range(self.codec.players) if p != self.seat]
        self.bots = {}
        for p, name in zip(others, self._bot_names, strict=True):
            seed = int(self.np_random.integers(0, 2**31))
            self.bots[p] = qwixo.make_bot(self.codec.game_name, name, seed=seed,
                                          **self._bot_options)

    def _advance(self) -> None:
        """Roll and let the bots decide until the agent must act or the game is over."""
        g = self.game
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            movers = [p for p in g.to_act if p != self.seat]
            if not movers:
                break
            for p in movers:
                g.choose(p, self.bots[p].decide(g, p))

    def _observation(self, dead: bool = False) -> Any:
        obs = observe(self.codec, self.game, self.seat, self.mask_in_obs, self.channels_first)
        self._mask = np.zeros(self.codec.num_actions, np.int8) if dead else \
            self.codec.mask(self.game, self.seat)
        if self.mask_in_obs:
            obs["action_mask"] = self._mask.copy()
        return obs

    def action_masks(self) -> np.ndarray:
        """The legal actions now (``int8``, 1 = legal): what sb3-contrib's MaskablePPO calls."""
        return self._mask.copy()

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        info["action_mask"] = self._mask.copy()
        if self.codec.max_plies is not None:
            info["ply"] = self.codec.ply(self.game)
        return info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if self.alternate:  # episode k plays seat k % players, counted from a seed given
            if seed is not None:
                self._episode = int(seed)
            self.seat = self._episode % self.codec.players
            self._episode += 1
        self.game = self.codec.new_game(game_seed(self.np_random))
        self._make_bots()
        self._advance()
        self._score = self.game.scores()[self.seat]
        self._over = self.game.is_over
        obs = self._observation()
        return obs, self._info({})

    def step(self, action: Any):
        if self._over:
            raise RuntimeError("the episode is over (or was never started): call reset() "
                               "before step()")
        g = self.game
        info: dict[str, Any] = {}
        text = None
        try:
            a = int(action)
            if 0 <= a < self.codec.num_actions:
                text = self.codec.text_of(a)
        except (TypeError, ValueError):
            pass
        opts = g.options(self.seat)
        if text not in opts:
            info["illegal_action"] = True
            if self._default is not None and self._default in opts:
                text = self._default  # the game's default decision (Qwixx: pass)
            else:  # the agent loses; the game is left as it was, and is over for the env
                self._over = True
                obs = self._observation(dead=True)
                return obs, -1.0, True, False, self._info(info)
        g.choose(self.seat, text)
        self._advance()
        score = g.scores()[self.seat]
        truncated = self.codec.truncated(g)
        if self.reward_mode == "delta":
            reward = float(score - self._score)
        elif g.is_over and not truncated:
            mode = "score" if self.reward_mode == "final" else self.reward_mode
            reward = final_rewards(g.scores(), mode, self.codec.solo_scale)[self.seat]
        else:
            reward = 0.0
        self._score = score
        self._over = g.is_over
        obs = self._observation()
        if g.is_over:
            info["scores"] = g.scores()
        return obs, reward, bool(g.is_over and not truncated), truncated, self._info(info)

    def render(self) -> Any:
        return render_game(self.codec, self.game, self.render_mode)


class QuixoEnv(ContractGymEnv):
    """``qwixo/Quixo-v0``: the agent against Quixo bots, any size (3..7), 2 or 4 players."""

    def __init__(self, size: int = 5, players: int = 2, opponent: str | list[str] = "random",
                 seat: int | str = 0, max_plies: int | None = 200, reward: str = "outcome",
                 render_mode: str | None = None, bot_options: dict | None = None,
                 mask_in_obs: bool = True, channels_first: bool = False) -> None:
        super().__init__(QuixoCodec(size, players, max_plies), seat, opponent, reward,
                         render_mode, bot_options, mask_in_obs, channels_first)


class QwixxEnv(ContractGymEnv):
    """``qwixo/Qwixx-v0``: the agent against Qwixx bots, any edition, 2..5 players."""

    def __init__(self, edition: str = "classic", players: int = 2,
                 opponent: str | list[str] = "gap", seat: int | str = 0, reward: str = "outcome",
                 render_mode: str | None = None, bot_options: dict | None = None,
                 mask_in_obs: bool = True) -> None:
        if players < 2:
            raise ValueError("qwixo/Qwixx-v0 needs 2..5 players (1: qwixo/QwixxSolitaire-v0)")
        super().__init__(QwixxCodec(edition, players), seat, opponent, reward, render_mode,
                         bot_options, mask_in_obs)


class QwixxSolitaireEnv(ContractGymEnv):
    """``qwixo/QwixxSolitaire-v0``: one player; the return is the final score."""

    def __init__(self, edition: str = "classic", reward: str = "delta",
                 render_mode: str | None = None, mask_in_obs: bool = True) -> None:
        super().__init__(QwixxCodec(edition, 1), 0, [], reward, render_mode,
                         mask_in_obs=mask_in_obs)


class GameEnv(ContractGymEnv):
    """``qwixo/Game-v0``: the agent against bots in any registered game with a research codec
    (``GameInfo.env_codec``): ``gymnasium.make("qwixo/Game-v0", game=name, **settings)``;
    the other keywords are the game's settings."""

    def __init__(self, game: str, opponent: str | list[str] = "random", seat: int | str = 0,
                 reward: str = "outcome", render_mode: str | None = None,
                 bot_options: dict | None = None, **settings: Any) -> None:
        from qwixo.envs.codec import codec_for

        super().__init__(codec_for(game, **settings), seat, opponent, reward, render_mode,
                         bot_options)
