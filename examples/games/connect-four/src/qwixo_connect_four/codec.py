"""The research adapters' numbering of Connect Four (``qwixo.envs.codec.ActionCodec``):
actions 0..6 are the columns ``a``..``g``; an observation is three 6 x 7 planes (the
player's own discs, the opponent's, whether it is the player's turn), rows from the top."""

from __future__ import annotations

import numpy as np

from qwixo.envs.codec import ActionCodec

from .rules import COLUMNS, LETTERS, MARKS, ROWS, ConnectFour


class Codec(ActionCodec):
    game_name = "connect4"
    #: a game lasts at most 42 drops (more than its 7 actions: OpenSpiel's bound, docs/api.md)
    max_plies = COLUMNS * ROWS

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self.obs_shape = (ROWS, COLUMNS, 3)
        self._number(list(LETTERS))

    def new_game(self, seed: int | None = None) -> ConnectFour:
        return ConnectFour(self.players)

    def observe(self, game: ConnectFour, player: int) -> np.ndarray:
        obs = np.zeros(self.obs_shape, np.int8)
        mine = MARKS[player]
        for r, row in enumerate(game.rows()):
            for c, mark in enumerate(row):
                if mark != ".":
                    obs[r, c, 0 if mark == mine else 1] = 1
        obs[:, :, 2] = int(player in game.to_act)
        return obs

    def render(self, game: ConnectFour) -> str:
        return "\n".join(game.rows()) + "\n"
