"""What the two games' codecs share: a fixed numbering of the contract's option texts.

A codec (:class:`qwixo.envs.quixo_codec.QuixoCodec`, :class:`qwixo.envs.qwixx_codec.QwixxCodec`)
numbers every option text a game can ever offer, once, so that every research interface
(PettingZoo, Gymnasium, OpenSpiel, the vectorised environment) uses the same action numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np


class ActionCodec:
    """The base of a game's research codec: the action numbering (subclasses call
    :meth:`_number` with every text) and what the adapters read of a codec, each declared here
    with its default.

    A subclass gives ``players``, ``game_name``, ``obs_shape`` and ``new_game(seed)``,
    ``observe(game, player)`` (an array of ``obs_shape`` and :meth:`observation_dtype`),
    ``render(game)``; it may set :attr:`solo_scale`, :attr:`obs_dtype`, :attr:`max_plies`
    and :attr:`TRUNCATION_REASONS` (``docs/api.md``, "Adding a game").

    >>> c = ActionCodec()
    >>> c._number(["pass", "r2"])
    >>> c.num_actions, c.action_of("r2"), c.text_of(0)
    (2, 1, 'pass')
    """

    #: ``action_texts[a]``: the contract's text of action ``a``
    action_texts: tuple[str, ...] = ()
    num_actions = 0
    #: the game is cut after this many plies (None: no limit); the observation dicts then
    #: carry the ply count (``"ply"``) and that end is a truncation, not a termination
    max_plies: int | None = None
    #: the contract's ``end_reason`` values that are truncations (a cut, not a real end)
    TRUNCATION_REASONS = ("ply_limit",)
    #: a lone player's ``"outcome"`` reward is its score over this
    #: (:func:`qwixo.envs.pz.solo_outcome`); only a game with a one-player form needs it
    solo_scale: float = 1.0
    #: the observation's dtype (``numpy`` type); None: ``int8`` planes for a 3-d ``obs_shape``
    #: (``uint8`` channels first), ``float32`` otherwise (:meth:`observation_dtype`)
    obs_dtype: Any = None
    #: the observation's shape (the subclass sets it)
    obs_shape: tuple[int, ...] = ()

    def observation_dtype(self, channels_first: bool = False) -> Any:
        """The dtype of the observations (:attr:`obs_dtype`, else from the shape).

        >>> ActionCodec().observation_dtype(), ActionCodec.obs_dtype
        (<class 'numpy.float32'>, None)
        """
        if self.obs_dtype is not None:
            return self.obs_dtype
        if len(self.obs_shape) == 3:
            return np.uint8 if channels_first else np.int8
        return np.float32

    def truncated(self, game: Any) -> bool:
        """Whether ``game`` is over by a cut (e.g. Quixo's ply limit), not by the rules: its
        ``end_reason`` is one of :attr:`TRUNCATION_REASONS` (tests/envs/test_codec_examples.py).

        >>> import qwixo
        >>> ActionCodec().truncated(qwixo.new_game(qwixo.game_names()[0]))
        False
        """
        outcome = game.outcome()
        return bool(outcome is not None and outcome.termination in self.TRUNCATION_REASONS)

    def ply(self, game: Any) -> int:
        """The plies played so far (the length of the game's decisions)."""
        return int(game.ply)

    def state(self, game: Any) -> np.ndarray:
        """PettingZoo's global ``state()``: the observation of player 0 (everything on the
        table; never a hidden, not yet revealed choice)."""
        return self.observe(game, 0)

    @classmethod
    def from_settings(cls, **settings: Any) -> Any:
        """The codec of a game with these settings (the keywords of ``new_game`` and the
        codec's own, e.g. ``max_plies``): :func:`codec_for` calls it."""
        return cls(**settings)

    def __deepcopy__(self, memo: dict) -> Any:
        return self  # immutable: shared by copies (OpenSpiel clones states with deepcopy)

    def _number(self, texts: Iterable[str]) -> None:
        self.action_texts = tuple(texts)
        self._index = {t: i for i, t in enumerate(self.action_texts)}
        self.num_actions = len(self.action_texts)

    def action_of(self, text: str) -> int:
        """The action number of an option text (``KeyError`` when there is none)."""
        return self._index[text]

    def text_of(self, action: int) -> str:
        """The option text of an action number."""
        return self.action_texts[int(action)]

    def mask(self, game: Any, player: int) -> np.ndarray:
        """``int8`` array with a 1 for each legal action of ``player`` in ``game``."""
        m = np.zeros(self.num_actions, np.int8)
        for t in game.options(player):
            m[self._index[t]] = 1
        return m


# -- pictures for render_mode="rgb_array" (numpy only) ----------------------------------------
def canvas(height: int, width: int, colour: tuple[int, int, int] = (245, 245, 240)) -> np.ndarray:
    """A ``uint8 (height, width, 3)`` picture filled with ``colour``."""
    img = np.empty((height, width, 3), np.uint8)
    img[:] = colour
    return img


def fill(img: np.ndarray, y: int, x: int, h: int, w: int, colour: tuple[int, int, int]) -> None:
    """Fill the rectangle of top-left corner ``(y, x)``, ``h`` × ``w`` pixels."""
    img[max(y, 0):y + h, max(x, 0):x + w] = colour


def cross(img: np.ndarray, y: int, x: int, size: int, colour: tuple[int, int, int],
          width: int = 2) -> None:
    """An X shape in the square of corner ``(y, x)`` and side ``size``."""
    yy, xx = np.mgrid[0:size, 0:size]
    m = (np.abs(yy - xx) < width) | (np.abs(yy + xx - (size - 1)) < width)
    img[y:y + size, x:x + size][m] = colour


def ring(img: np.ndarray, y: int, x: int, size: int, colour: tuple[int, int, int],
         width: int = 2) -> None:
    """An O shape (a circle's outline) in the square of corner ``(y, x)``, side ``size``."""
    yy, xx = np.mgrid[0:size, 0:size]
    c = (size - 1) / 2
    d = np.hypot(yy - c, xx - c)
    img[y:y + size, x:x + size][(d <= c) & (d > c - width)] = colour


def codec_for(game: str, **settings: Any) -> Any:
    """The research codec of a registered game, made from its settings: the class its
    metadata names (``GameInfo.env_codec``), ``from_settings(**settings)``; a game without
    one raises ``ValueError``.

    The first registered game that has one (one game's codec: tests/envs/test_codec_examples.py):

    >>> import qwixo
    >>> name = next(n for n in qwixo.game_names() if qwixo.game_info(n).env_codec)
    >>> codec_for(name).num_actions > 0
    True
    """
    from qwixo.core import game_info
    from qwixo.gameinfo import load

    info = game_info(game)
    if not info.env_codec:
        raise ValueError(f"{info.name} has no research codec (GameInfo.env_codec)")
    return load(info.env_codec).from_settings(**settings)
