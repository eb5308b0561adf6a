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
    """The action numbering part of a codec; subclasses call :meth:`_number` with every text.

    >>> c = ActionCodec()
    >>> c._number(["pass", "r2"])
    >>> c.num_actions, c.action_of("r2"), c.text_of(0)
    (2, 1, 'pass')
    """

    #: ``action_texts[a]``: the contract's text of action ``a``
    action_texts: tuple[str, ...] = ()
    num_actions = 0

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
