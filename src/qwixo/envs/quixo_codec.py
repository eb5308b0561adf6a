"""Quixo for the research interfaces: the fixed action numbering and the observation planes.

Everything here is read from the public game (``options``, ``to_act``, ``bitboards``), so every
interface — PettingZoo, Gymnasium, OpenSpiel and the vectorised environment — numbers actions
and draws observations the same way (``docs/research.md``).

**Actions** (``Discrete(num_actions)``):

- 2 players: action ``m`` is move ``m`` of ``qwixo.quixo.tables.move_tables(size)`` (ordered by
  the square taken, then the square where it is pushed in): ``12·size − 16`` actions, 44 on 5×5;
  ``action_texts[0] == "a1e1"``.
- 4 players: action ``4·m + s`` is move ``m`` with the new cube's dot pointing at seat ``s``
  (0..3 = N, E, S, W; only the mover and the partner are ever legal), and the last action,
  ``4·M``, is ``"pass"``: ``4·M + 1`` actions (177 on 5×5).

**Observation** (``int8`` array of shape ``(size, size, C)``; ``obs[r, f, c]`` is the cell of
rank ``r`` (0 = rank 1, the bottom) and file ``f`` (0 = file a), as in the square names):

- 2 players, ``C = 3``: plane 0 the observer's cubes, plane 1 the opponent's, plane 2 all ones
  when the observer is to move (all zeros otherwise);
- 4 players, ``C = 5``: planes 0..3 the cubes whose dot points at the observer, the next seat
  clockwise (an opponent), the partner and the last seat (the other opponent); plane 4 as above.

The action mask (``int8``, ``num_actions``) has a 1 for each legal action of the observer
(all zeros when it is not the observer's turn or the game is over).
"""

from __future__ import annotations

from typing import Any

import numpy as np

import qwixo
from qwixo.envs.codec import ActionCodec, canvas, cross, fill, ring
from qwixo.quixo.notation import PASS_TEXT, SEATS, move_texts


class QuixoCodec(ActionCodec):
    """Action numbering and observations of one Quixo configuration.

    >>> c = QuixoCodec(size=3)
    >>> c.num_actions, c.action_texts[:2], c.obs_shape
    (20, ('a1c1', 'a1a3'), (3, 3, 3))
    >>> g = c.new_game()
    >>> int(c.mask(g, 0).sum()), int(c.observe(g, 0)[:, :, 2].sum())
    (20, 9)
    """

    game_name = "quixo"

    @classmethod
    def gym_variants(cls) -> dict[str, tuple[str, dict[str, Any]]]:
        """The canonical Gymnasium id of each variant (``import qwixo.envs`` registers them):
        ``{id: (the parameterised id, its keyword arguments)}``, one per board size, 2 players.

        >>> QuixoCodec.gym_variants()["qwixo/Quixo4x4-v0"]
        ('qwixo/Quixo-v0', {'size': 4})
        """
        return {f"qwixo/Quixo{n}x{n}-v0": ("qwixo/Quixo-v0", {"size": n}) for n in range(3, 8)}

    def __init__(self, size: int = 5, players: int = 2, max_plies: int | None = None) -> None:
        # the contract validates the settings (IllegalMove("bad_setting") on bad values)
        qwixo.new_game("quixo", size=size, players=players, ply_limit=max_plies)
        self.size = int(size)
        self.players = int(players)
        self.max_plies = max_plies
        base = move_texts(self.size)
        if self.players == 2:
            texts: tuple[str, ...] = base
        else:
            texts = tuple(f"{t}:{s}" for t in base for s in SEATS) + (PASS_TEXT,)
        self._number(texts)
        self.num_planes = 3 if self.players == 2 else 5
        self.obs_shape = (self.size, self.size, self.num_planes)
        n = self.size
        self._bits = np.array([1 << k for k in range(n * n)], dtype=object)

    # -- settings -----------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        return {"size": self.size, "players": self.players, "max_plies": self.max_plies}

    def new_game(self, seed: int | None = None) -> Any:
        """A new game (Quixo has no chance: ``seed`` is not used)."""
        return qwixo.new_game("quixo", size=self.size, players=self.players,
                              ply_limit=self.max_plies)

    # -- observations -------------------------------------------------------------------
    def observe(self, game: Any, player: int) -> np.ndarray:
        n = self.size
        boards = game.bitboards
        k = len(boards)
        obs = np.zeros((n * n, self.num_planes), np.int8)
        for c in range(k):
            b = int(boards[(player + c) % k])
            if b:
                bits = np.frombuffer(b.to_bytes(8, "little"), np.uint8)
                obs[:, c] = np.unpackbits(bits, bitorder="little")[: n * n]
        if player in game.to_act:
            obs[:, -1] = 1
        return obs.reshape(n, n, self.num_planes)

    def observe_view(self, view: dict[str, Any], player: int) -> np.ndarray:
        """The same array built from the per-player view ``game.view(player)`` alone."""
        n = self.size
        rows = view["board"]["rows"]  # ranks from the top
        k = 2 if self.players == 2 else 4
        names = "xo" if k == 2 else "NESW"
        obs = np.zeros((n, n, self.num_planes), np.int8)
        for i, rank in enumerate(rows):
            r = n - 1 - i
            for f, ch in enumerate(rank):
                if ch != ".":
                    obs[r, f, (names.index(ch) - player) % k] = 1
        if player in view["to_act"]:
            obs[:, :, -1] = 1
        return obs

    def render_rgb(self, game: Any, cell: int = 40) -> np.ndarray:
        """The board as a ``uint8 (H, W, 3)`` picture (``render_mode="rgb_array"``): rank 1
        at the bottom; 2 players: X a dark-blue cross, O an orange ring (shape and colour);
        4 players: the team's shape (N and S a cross, E and W a ring) with a bar on the side
        the dot points to. A frame in the colour of the player to move."""
        n = self.size
        pad = 6
        img = canvas(n * cell + 2 * pad, n * cell + 2 * pad)
        if not game.is_over:
            team = game.to_act[0] % 2
            img[:pad], img[-pad:], img[:, :pad], img[:, -pad:] = ((40, 60, 160),) * 4 if \
                team == 0 else ((220, 120, 20),) * 4
        boards = [int(b) for b in game.bitboards]
        for r in range(n):
            for f in range(n):
                y, x = pad + (n - 1 - r) * cell, pad + f * cell
                fill(img, y + 1, x + 1, cell - 2, cell - 2, (200, 200, 195))
                for k, b in enumerate(boards):
                    if not (b >> (r * n + f)) & 1:
                        continue
                    team = k % 2
                    colour = (40, 60, 160) if team == 0 else (220, 120, 20)
                    (cross if team == 0 else ring)(img, y + 6, x + 6, cell - 12, colour, 3)
                    if len(boards) == 4:  # the dot: a bar on the side of seat k (N E S W)
                        t = 4
                        side = [(y + 1, x + 1, t, cell - 2), (y + 1, x + cell - 1 - t, cell - 2,
                                t), (y + cell - 1 - t, x + 1, t, cell - 2),
                                (y + 1, x + 1, cell - 2, t)][k]
                        fill(img, *side, (30, 30, 30))
        return img

    def render(self, game: Any) -> str:
        lines = [str(game)]
        if game.is_over:
            lines.append(f"over: {game.result} ({game.end_reason}), scores {game.scores()}")
        else:
            lines.append(f"to move: player {game.to_act[0]}, ply {game.ply}")
        return "\n".join(lines) + "\n"
