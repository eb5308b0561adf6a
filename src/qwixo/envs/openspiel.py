"""OpenSpiel games: ``import qwixo.envs.openspiel`` registers, with ``pyspiel``,

- ``python_qwixo_quixo`` (parameters ``size`` 3..7 = 5, ``players`` 2 or 4 = 2, ``max_plies``
  = 200): sequential, deterministic, perfect information, zero-sum; the game is drawn after
  ``max_plies`` plies (OpenSpiel needs a bounded game; Quixo itself may go on for ever);
- ``python_qwixo_qwixx`` (parameters ``edition`` = "classic", ``players`` 1..5 = 2, ``reward``
  = "outcome" | "margin" | "score"): simultaneous action 1 (every player at once) and a
  sequential action 2 (the active player), so ``pyspiel.convert_to_turn_based`` works; explicit
  chance nodes: the dice still in play are rolled one at a time (one chance node per die, each
  face with probability 1/faces — the exact distribution of the roll). ``seed`` (= 0) seeds
  the contract game as PettingZoo's ``reset(seed=...)`` does (:func:`qwixo.envs.pz.game_seed`):
  Longo's lucky numbers are its deal (:func:`qwixo.qwixx.kernels.lucky_deal`), those of a
  PettingZoo or Gymnasium game reset with the same seed.

Both wrap the public game contract; actions are numbered and observation tensors laid out as in
the PettingZoo environments (:mod:`qwixo.envs.quixo_codec`, :mod:`qwixo.envs.qwixx_codec`),
chance actions of Qwixx are ``face - 1``. Serialisation is OpenSpiel's own (the action history,
replayed). Returns are given at the end (win +1, loss -1, draw 0).

    import pyspiel, qwixo.envs.openspiel
    game = pyspiel.load_game("python_qwixo_quixo", {"size": 3})
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from qwixo.core import game_info, game_names
from qwixo.envs.codec import codec_for
from qwixo.envs.pz import final_rewards, seed_game_seed
from qwixo.envs.quixo_codec import QuixoCodec
from qwixo.envs.qwixx_codec import QwixxCodec
from qwixo.gameinfo import text
from qwixo.qwixx.editions import PLUS_13_POINTS, row_points
from qwixo.qwixx.rules import dice_in_play

QUIXO_DEFAULTS = {"size": 5, "players": 2, "max_plies": 200}
QWIXX_DEFAULTS = {"edition": "classic", "players": 2, "reward": "outcome", "seed": 0}


def _game_type(short_name: str, long_name: str, **kw: Any) -> pyspiel.GameType:
    """The GameType of one of the two games: what they share, and ``kw`` where they differ."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        provides_information_state_string=True,
        provides_information_state_tensor=False,  # perfect information: the observation
        provides_observation_string=True,
        provides_observation_tensor=True,
        **kw,
    )


_QUIXO_TYPE = _game_type(
    "python_qwixo_quixo", "Quixo (qwixo)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    max_num_players=4,
    min_num_players=2,
    parameter_specification=QUIXO_DEFAULTS,
)

_QWIXX_TYPE = _game_type(
    "python_qwixo_qwixx", "Qwixx (qwixo)",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    max_num_players=5,
    min_num_players=1,
    parameter_specification=QWIXX_DEFAULTS,
)


def tensor_shape(codec: Any) -> tuple[int, ...]:
    """OpenSpiel's layout of a codec's observation: board planes channels first
    ``(C, H, W)``, as OpenSpiel's own board games (connect_four: ``[3, 6, 7]``)."""
    shape = codec.obs_shape
    return (shape[2], shape[0], shape[1]) if len(shape) == 3 else tuple(shape)


class _Observer:
    """PyObserver: the codec's observation of a player as ``tensor`` (flat, float32,
    channels first) and the game drawn as text (with the history for the information state:
    then no tensor — the games provide no information-state tensor, as OpenSpiel's perfect
    information games)."""

    def __init__(self, codec: Any, history: bool) -> None:
        self.codec = codec
        self.history = history
        if history:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            shape = tensor_shape(codec)
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor is None:
            return
        o = self.codec.observe(state.game, player)
        self.tensor[:] = (o.transpose(2, 0, 1) if o.ndim == 3 else o).ravel()

    def string_from(self, state: Any, player: int) -> str:
        text = f"player {player}\n{self.codec.render(state.game)}{_ply_line(state)}"
        if self.history:
            text += "history " + " ".join(map(str, state.history()))
        return text


class _GameBox:
    """Holds the contract game of a state: OpenSpiel clones a Python state with
    ``copy.deepcopy``; this makes that the game's own cheap ``copy()``."""

    __slots__ = ("game",)

    def __init__(self, game: Any) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> _GameBox:
        return _GameBox(self.game.copy())


def _ply_line(state: Any) -> str:
    """``"ply N of MAX\n"`` for a game its codec's ``max_plies`` ends (a draw at MAX), else
    "": two states of one position at different plies then have different strings, as their
    values differ (tabular methods key states by these strings)."""
    limit = getattr(state.codec, "max_plies", None)
    return f"ply {len(state.history())} of {limit}\n" if limit else ""


def _observer(codec: Any, iig_obs_type: Any) -> _Observer:
    perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
    return _Observer(codec, perfect_recall)


def _no_information_state_tensor(self: Any, *args: Any) -> list[float]:
    raise pyspiel.SpielError(
        f"{self.get_game().get_type().short_name} is a perfect-information game: it provides no "
        "information-state tensor (provides_information_state_tensor=False, as OpenSpiel's "
        "connect_four); use observation_tensor()")


# -- a game without dice, turn by turn ---------------------------------------------------
class ContractState(pyspiel.State):
    """A state of a game without dice, turn by turn, played through the contract and a codec
    (Quixo's and :class:`ContractGame`'s): win/loss games return the scores."""

    information_state_tensor = _no_information_state_tensor

    def __init__(self, game: ContractGame) -> None:
        super().__init__(game)
        self.codec = game.codec
        self.win_loss = game.win_loss
        self._box = _GameBox(game.codec.new_game())

    @property
    def game(self) -> Any:
        """The contract game of this state."""
        return self._box.game

    def current_player(self) -> int:
        return pyspiel.PlayerId.TERMINAL if self.game.is_over else self.game.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.codec.action_of(t) for t in self.game.options(player))

    def _apply_action(self, action: int) -> None:
        self.game.choose(self.game.to_act[0], self.codec.text_of(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.codec.text_of(action)

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        if not self.game.is_over:
            return [0.0] * self.codec.players
        if self.win_loss:
            return [float(s) for s in self.game.scores()]
        won = set(self.game.outcome().winners)
        return [0.0] * self.codec.players if len(won) in (0, self.codec.players) else [
            1.0 if p in won else -1.0 for p in range(self.codec.players)]

    def __str__(self) -> str:
        return self.codec.render(self.game) + _ply_line(self)


# -- Quixo ------------------------------------------------------------------------------------
class QuixoGame(pyspiel.Game):
    """``python_qwixo_quixo``."""

    win_loss = True  # the returns are the scores (1 win, 0 draw, -1 loss)

    def __init__(self, params: dict | None = None) -> None:
        p = {**QUIXO_DEFAULTS, **(params or {})}
        self.codec = QuixoCodec(int(p["size"]), int(p["players"]), int(p["max_plies"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=0,
            num_players=self.codec.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(p["max_plies"]),
        )
        super().__init__(_QUIXO_TYPE, info, p)

    def new_initial_state(self) -> QuixoState:
        return QuixoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _observer(self.codec, iig_obs_type)


class QuixoState(ContractState):
    """A Quixo state: the generic one (:class:`ContractState`), drawn as the position."""

    def __str__(self) -> str:
        return f"{self.game.position}\n{_ply_line(self)}".rstrip("\n")


# -- Qwixx ------------------------------------------------------------------------------------
class QwixxGame(pyspiel.Game):
    """``python_qwixo_qwixx``."""

    def __init__(self, params: dict | None = None) -> None:
        p = {**QWIXX_DEFAULTS, **(params or {})}
        self.codec = QwixxCodec(str(p["edition"]), int(p["players"]))
        self.reward_mode = str(p["reward"])
        if self.reward_mode not in ("outcome", "margin", "score"):
            raise ValueError(f"reward must be outcome, margin or score, not {self.reward_mode!r}")
        P = self.codec.players
        ed = self.codec.edition
        # every turn the active player crosses a cell or takes a penalty: at most
        # P * (4 rows * L cells + 4 penalties) turns of one joint action 1, one action 2 and
        # six dice
        turns = P * (4 * ed.row_length + ed.max_penalties)
        cells = 4 * (ed.rows[0].lock_from + 2)
        big = 4 * row_points(cells) + PLUS_13_POINTS  # a generous bound of one score
        lo, hi = (-1.0, 1.0) if self.reward_mode == "outcome" else (-float(big), float(big))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=ed.faces,
            num_players=P,
            min_utility=lo,
            max_utility=hi,
            utility_sum=None,
            max_game_length=turns * 8,
        )
        super().__init__(_QWIXX_TYPE, info, p)
        #: the contract game's seed, drawn from ``seed`` as PettingZoo's ``reset(seed=seed)``
        #: draws it: Longo's lucky numbers are its deal
        self.seed = seed_game_seed(int(p["seed"]))

    def new_initial_state(self) -> QwixxState:
        return QwixxState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _observer(self.codec, iig_obs_type)


class QwixxState(pyspiel.State):
    information_state_tensor = _no_information_state_tensor

    def __init__(self, game: QwixxGame) -> None:
        super().__init__(game)
        self.codec = game.codec
        self.reward_mode = game.reward_mode
        import qwixo

        self._box = _GameBox(qwixo.new_game("qwixx", edition=self.codec.edition_name,
                                            players=self.codec.players, seed=game.seed))
        self._dice: list[int] = []  # the dice rolled so far in this roll (chance nodes)

    @property
    def game(self) -> Any:
        """The contract game (``qwixo.new_game("qwixx", ...)``) of this state."""
        return self._box.game

    def _dice_needed(self) -> int:
        return len(dice_in_play(self.game.closed))

    def current_player(self) -> int:
        g = self.game
        if g.is_over:
            return pyspiel.PlayerId.TERMINAL
        if g.needs_roll:
            return pyspiel.PlayerId.CHANCE
        if g.phase == "action1":
            return pyspiel.PlayerId.SIMULTANEOUS
        return g.active

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.codec.action_of(t) for t in self.game.options(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        f = self.codec.faces
        return [(k, 1.0 / f) for k in range(f)]

    def _apply_action(self, action: int) -> None:
        g = self.game
        if g.needs_roll:
            self._dice.append(int(action) + 1)
            if len(self._dice) == self._dice_needed():
                dice, self._dice = self._dice, []
                g.roll(dice)
            return
        g.choose(g.active, self.codec.text_of(action))

    def _apply_actions(self, actions: list[int]) -> None:
        g = self.game
        if g.phase != "action1":
            # a list of one action per player at the active player's node (action 2): what
            # OpenSpiel's rl_environment sends at every node of a simultaneous game; the
            # active player's entry is the move, the others' are ignored
            g.choose(g.active, self.codec.text_of(actions[g.active]))
            return
        for p, a in enumerate(actions):
            g.choose(p, self.codec.text_of(a))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"die {action + 1}"
        return self.codec.text_of(action)

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        if not self.game.is_over:
            return [0.0] * self.codec.players
        return final_rewards(self.game.scores(), self.reward_mode, self.codec.solo_scale)

    def __str__(self) -> str:
        rolled = f"dice so far {self._dice}\n" if self._dice else ""
        return rolled + self.codec.render(self.game)


# -- bots -------------------------------------------------------------------------------------
class QwixoBot(pyspiel.Bot):
    """A qwixo bot (``qwixo.make_bot(game, name)``) as a ``pyspiel.Bot`` for one player of a
    ``python_qwixo_<game>`` — for ``evaluate_bots`` and OpenSpiel's tools. ``step(state)``
    asks the bot for ``player_id``'s decision in ``state.game`` (Qwixx action 1 too: a
    simultaneous node asks each bot for its own player). Every bot of each game:
    tests/envs/test_openspiel.py.

    >>> import pyspiel, qwixo
    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> game = pyspiel.load_game(f"python_qwixo_{qwixo.game_names()[0]}")
    >>> bots = [QwixoBot(game, p, "random", seed=p) for p in range(game.num_players())]
    >>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.default_rng(0))
    >>> len(returns) == game.num_players()
    True
    """

    def __init__(self, game: Any, player_id: int, name: str, seed: int | None = None,
                 **options: Any) -> None:
        pyspiel.Bot.__init__(self)
        import qwixo

        self.codec = game.codec
        self.player_id = int(player_id)
        self.name = name
        self.bot = qwixo.make_bot(self.codec.game_name, name, seed=seed, **options)

    def step(self, state: Any) -> int:
        return self.codec.action_of(self.bot.decide(state.game, self.player_id))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


def bots(game: Any, names: list[str] | str, seed: int = 0, **options: Any) -> list[QwixoBot]:
    """One :class:`QwixoBot` per player: ``names`` one name for everyone or a name per player
    (the bots of ``qwixo.list_bots(game)``), seeded ``seed + player``."""
    P = game.num_players()
    names = [names] * P if isinstance(names, str) else list(names)
    return [QwixoBot(game, p, n, seed=seed + p, **options) for p, n in enumerate(names)]


pyspiel.register_game(_QUIXO_TYPE, QuixoGame)
pyspiel.register_game(_QWIXX_TYPE, QwixxGame)


# -- any other registered game without dice ---------------------------------------------------
class ContractGame(pyspiel.Game):
    """``python_qwixo_<name>`` of a registered game without dice, turn by turn, made from its
    metadata (:func:`register`): its settings with a default are the parameters, its research
    codec (``GameInfo.env_codec``) numbers the actions and observes. The game is bounded by
    the codec's ``max_plies`` or else its number of actions (each action once: a board
    filled); win/loss games are zero-sum with the scores as returns, points games general-sum
    with +1 for each winner and -1 for the others."""

    game_name = ""

    def __init__(self, params: dict | None = None) -> None:
        info = game_info(self.game_name)
        p = {**_parameters(info), **(params or {})}
        self.codec = codec_for(self.game_name, **p)
        self.win_loss = info.utility == "win_loss"
        bound = getattr(self.codec, "max_plies", None) or self.codec.num_actions
        spiel_info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions, max_chance_outcomes=0,
            num_players=self.codec.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if self.win_loss else None, max_game_length=int(bound))
        super().__init__(_contract_type(info), spiel_info, p)

    def new_initial_state(self) -> ContractState:
        return ContractState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _observer(self.codec, iig_obs_type)


def _parameters(info: Any) -> dict[str, Any]:
    """A game's OpenSpiel parameters: its settings whose default OpenSpiel can hold."""
    return {k: v for k, v in info.defaults().items()
            if isinstance(v, (bool, int, float, str)) and k in
            {s.name for s in info.settings if not s.room} | {"players"}}


def _contract_type(info: Any) -> pyspiel.GameType:
    return _game_type(
        f"python_qwixo_{info.name}", f"{text(info.title)} (qwixo)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if info.utility == "win_loss"
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        max_num_players=max(info.players), min_num_players=min(info.players),
        parameter_specification=_parameters(info))


def fits(info: Any) -> bool:
    """Whether the generic OpenSpiel game (sequential, deterministic, perfect information) can
    play a game: its declaration has no chance, no simultaneous and no hidden decisions, and a
    research codec (``GameInfo.env_codec``)."""
    return bool(info.env_codec) and not (info.chance or info.simultaneous or info.hidden)


def register(name: str) -> str:
    """Register ``python_qwixo_<name>`` for a registered game that :func:`fits` (done at
    import for every such game; call it for a game registered later in the process).
    Returns the OpenSpiel name."""
    info = game_info(name)
    short = f"python_qwixo_{info.name}"
    if short in pyspiel.registered_names():
        return short
    if not fits(info):
        raise ValueError(f"{info.name}: the generic OpenSpiel game needs a game without chance, "
                         "simultaneous or hidden decisions, and with a research codec "
                         "(GameInfo.env_codec)")
    cls = type(f"ContractGame_{info.name}", (ContractGame,), {"game_name": info.name})
    pyspiel.register_game(_contract_type(info), cls)
    return short


for _name in game_names():
    if fits(game_info(_name)):
        register(_name)
