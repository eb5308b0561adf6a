"""Qwixx for the research interfaces: the fixed action numbering and the observation vector.

The observation of a player is built only from what the game shows that player: the sheets
(``game.sheets``), the dice, the closed rows, the phase, the active player and whether the
active player crossed in action 1 — never another player's hidden action-1 choice (those reach
the sheets only when action 1 resolves). See ``docs/research.md``.

**Actions** (``Discrete(num_actions)``), with ``L`` the row length of the edition (11; Longo 15):

| actions | option text |
| --- | --- |
| 0 | ``pass`` |
| ``1 + L·r + i`` | cell ``i`` (0 = leftmost) of row ``r`` (0..3 = r, y, g, b), e.g. ``r7`` |
| ``1 + 4L + r`` | Longo only: the lucky cross ``L:<row r>`` |
| ``1 + 4L + 4·(L·r + i) + t`` | Bonus B only: cell ``i`` of row ``r``, the two-crosses reward to row ``t`` (``g9+y``) |

**Observation** (``float32`` vector, values in [0, 1]; the players in the order observer,
next player, …):

| block | size |
| --- | --- |
| crossed cells per player, row, cell | ``P·4·L`` |
| lock box crossed per player and row | ``P·4`` |
| penalties per player (thermometer: box k is 1 when the player has more than k) | ``P·4`` (the edition's penalty boxes) |
| closed rows | 4 |
| dice ``w1 w2 r y g b``, one-hot of the face (all zero: removed) | ``6·F`` (F = 6; Longo 8) |
| phase one-hot: action 1, action 2, over | 3 |
| active player (one-hot, relative) | ``P`` |
| the active player crossed in action 1 (shown in action 2) | 1 |
| the observer must decide now | 1 |
| Longo: each player's lucky numbers (sums 2..16) | ``P·15`` |
| Bonus A: each player's bar boxes no longer free (crossed or struck out) | ``P·B`` (B = 12) |
| Bonus B: each player's rewards earned | ``P·5`` |
"""

from __future__ import annotations

from typing import Any

import numpy as np

import qwixo
from qwixo.envs.codec import ActionCodec, canvas, cross, fill
from qwixo.qwixx.editions import COLOURS, REWARD_KINDS, edition

PHASES = ("action1", "action2", "over")


class QwixxCodec(ActionCodec):
    """Action numbering and observations of one Qwixx configuration.

    >>> c = QwixxCodec("classic", players=2)
    >>> c.num_actions, c.action_texts[:3], c.obs_size
    (45, ('pass', 'r2', 'r3'), 151)
    """

    game_name = "qwixx"

    @classmethod
    def gym_variants(cls) -> dict[str, tuple[str, dict[str, Any]]]:
        """The canonical Gymnasium id of each variant (``import qwixo.envs`` registers them):
        ``{id: (the parameterised id, its keyword arguments)}`` — every edition (its name in
        CamelCase) with 2 to 5 players, and alone (the solitaire id).

        >>> v = QwixxCodec.gym_variants()
        >>> v["qwixo/QwixxLongo3p-v0"], v["qwixo/QwixxSolitaireBonusB-v0"]
        (('qwixo/Qwixx-v0', {'edition': 'longo', 'players': 3}), \
('qwixo/QwixxSolitaire-v0', {'edition': 'bonus-b'}))
        """
        from qwixo.qwixx.editions import EDITIONS

        out: dict[str, tuple[str, dict[str, Any]]] = {}
        for name in EDITIONS:
            camel = "".join(part.capitalize() for part in name.split("-"))
            for p in range(2, 6):
                out[f"qwixo/Qwixx{camel}{p}p-v0"] = ("qwixo/Qwixx-v0",
                                                     {"edition": name, "players": p})
            out[f"qwixo/QwixxSolitaire{camel}-v0"] = ("qwixo/QwixxSolitaire-v0",
                                                      {"edition": name})
        return out

    @classmethod
    def from_settings(cls, edition: str = "classic", players: int = 2) -> QwixxCodec:
        """By the game's setting names (``edition``)."""
        return cls(edition, players)

    def __init__(self, edition_name: str = "classic", players: int = 2) -> None:
        qwixo.new_game("qwixx", edition=edition_name, players=players, seed=0)  # validates
        ed = edition(edition_name)
        self.edition = ed
        self.edition_name = ed.name
        self.players = int(players)
        L = ed.row_length
        self.row_length = L
        self.faces = ed.faces
        texts = ["pass"]
        for r in range(4):
            for n in ed.rows[r].numbers:
                texts.append(f"{COLOURS[r]}{n}")
        if ed.lucky:
            texts += [f"L:{c}" for c in COLOURS]
        if ed.pairs:
            for r in range(4):
                for n in ed.rows[r].numbers:
                    texts += [f"{COLOURS[r]}{n}+{c}" for c in COLOURS]
        self._number(texts)
        self._num_index = [{n: i for i, n in enumerate(ed.rows[r].numbers)} for r in range(4)]
        self.bar_len = len(ed.bar)
        #: penalty boxes of a sheet (the edition's; the last one ends the game)
        self.max_penalties = ed.max_penalties
        P = self.players
        sizes = [("cells", P * 4 * L), ("locks", P * 4), ("penalties", P * self.max_penalties),
                 ("closed", 4),
                 ("dice", 6 * self.faces), ("phase", 3), ("active", P), ("a1_crossed", 1),
                 ("to_act", 1)]
        if ed.lucky:
            sizes.append(("lucky", P * (2 * self.faces - 1)))
        if ed.bar:
            sizes.append(("bar", P * self.bar_len))
        if ed.pairs:
            sizes.append(("rewards", P * len(REWARD_KINDS)))
        self.blocks: dict[str, tuple[int, int]] = {}
        off = 0
        for name, size in sizes:
            self.blocks[name] = (off, off + size)
            off += size
        self.obs_size = off
        self.obs_shape = (off,)
        #: a lone player's ``"outcome"`` reward is its score over this (four full rows:
        #: 312 points on the classic sheet), see :func:`qwixo.envs.pz.solo_outcome`
        self.solo_scale = float(4 * ed.score_table()[-1])

    def settings(self) -> dict[str, Any]:
        return {"edition": self.edition_name, "players": self.players}

    def new_game(self, seed: int | None = None) -> Any:
        return qwixo.new_game("qwixx", edition=self.edition_name, players=self.players,
                              seed=seed)

    def _sheet_extras(self, obs: np.ndarray, k: int, penalties: int, lucky: Any, bar: Any,
                      rewards: Any) -> None:
        """Player ``k``'s penalties, lucky numbers, bar boxes used and rewards into ``obs``."""
        B = self.blocks
        npen = self.max_penalties
        for j in range(min(penalties, npen)):
            obs[B["penalties"][0] + k * npen + j] = 1
        if "lucky" in B:
            for n in lucky:
                obs[B["lucky"][0] + k * (2 * self.faces - 1) + n - 2] = 1
        if "bar" in B:
            for j, used in enumerate(bar):
                if used:
                    obs[B["bar"][0] + k * self.bar_len + j] = 1
        if "rewards" in B:
            for kind in rewards:
                obs[B["rewards"][0] + k * len(REWARD_KINDS) + REWARD_KINDS.index(kind)] = 1

    # -- observations -------------------------------------------------------------------
    def observe(self, game: Any, player: int) -> np.ndarray:
        P, L, F = self.players, self.row_length, self.faces
        obs = np.zeros(self.obs_size, np.float32)
        B = self.blocks
        sheets = game.sheets
        for k in range(P):
            s = sheets[(player + k) % P]
            for r, row in enumerate(s["rows"]):
                idx = self._num_index[r]
                base = B["cells"][0] + (k * 4 + r) * L
                for n in row["crossed"]:
                    obs[base + idx[n]] = 1
                if row["locked"]:
                    obs[B["locks"][0] + k * 4 + r] = 1
            self._sheet_extras(obs, k, s["penalties"], s.get("lucky", ()), s.get("bar", ()),
                               s.get("rewards", ()))
        for c in game.closed_rows:
            obs[B["closed"][0] + COLOURS.index(c)] = 1
        phase = game.phase
        if phase in PHASES:
            obs[B["phase"][0] + PHASES.index(phase)] = 1
        if phase != "over":
            for j, v in enumerate(game.dice):
                if v:
                    obs[B["dice"][0] + j * F + v - 1] = 1
            obs[B["active"][0] + (game.active - player) % P] = 1
            if phase == "action2" and game.a1_crossed:
                obs[B["a1_crossed"][0]] = 1
        if player in game.to_act:
            obs[B["to_act"][0]] = 1
        return obs

    def observe_view(self, view: dict[str, Any], player: int,
                     a1_crossed: bool = False) -> np.ndarray:
        """The same array built from the per-player view ``game.view(player)`` alone (for a
        client that only has the view, e.g. over the web protocol). The view does not say
        whether the active player crossed in action 1: pass ``a1_crossed`` (the game's
        ``a1_crossed``) or leave that bit 0."""
        P, L, F = self.players, self.row_length, self.faces
        obs = np.zeros(self.obs_size, np.float32)
        B = self.blocks
        board = view["board"]
        for k in range(P):
            s = board["sheets"][(player + k) % P]
            for r, row in enumerate(s["rows"]):
                base = B["cells"][0] + (k * 4 + r) * L
                for i, cell in enumerate(row["cells"]):
                    if cell["crossed"]:
                        obs[base + i] = 1
                if row["lock"]["crossed"]:
                    obs[B["locks"][0] + k * 4 + r] = 1
            self._sheet_extras(obs, k, s["penalties"], s.get("lucky", ()),
                               [box["state"] != "free" for box in s.get("bar", ())],
                               s.get("rewards", ()))
        for c in board["closed"]:
            obs[B["closed"][0] + COLOURS.index(c)] = 1
        phase = view["phase"]
        if phase in PHASES:
            obs[B["phase"][0] + PHASES.index(phase)] = 1
        if phase != "over":
            dice = board["dice"] or {}
            for j, name in enumerate(("w1", "w2", "r", "y", "g", "b")):
                v = dice.get(name)
                if v:
                    obs[B["dice"][0] + j * F + v - 1] = 1
            obs[B["active"][0] + (board["active"] - player) % P] = 1
            if phase == "action2" and a1_crossed:
                obs[B["a1_crossed"][0]] = 1
        if player in view["to_act"]:
            obs[B["to_act"][0]] = 1
        return obs

    def render_rgb(self, game: Any, cell: int = 14) -> np.ndarray:
        """The score sheets as a ``uint8 (H, W, 3)`` picture (``render_mode="rgb_array"``):
        one block per player (top to bottom), four rows of cells in the row's colour, a black
        cross on each crossed cell, a black bar after a locked row and a grey one after a
        closed row, the penalties as black squares under the rows, the active player's block
        framed."""
        P, L = self.players, self.row_length
        colours = [(215, 50, 50), (230, 200, 40), (60, 160, 70), (50, 90, 200)]
        pad, gap = 4, 8
        block = 5 * cell + gap
        img = canvas(P * block + pad, (L + 2) * cell + 2 * pad)
        for p, sheet in enumerate(game.sheets):
            y0 = pad + p * block
            if p == game.active and not game.is_over:
                fill(img, y0 - 3, 0, 5 * cell + 4, img.shape[1], (30, 30, 30))
                fill(img, y0 - 1, 2, 5 * cell, img.shape[1] - 4, (245, 245, 240))
            for r, row in enumerate(sheet["rows"]):
                y = y0 + r * cell
                numbers = self.edition.rows[r].numbers
                crossed = set(row["crossed"])
                for i, number in enumerate(numbers):
                    x = pad + i * cell
                    fill(img, y + 1, x + 1, cell - 2, cell - 2, colours[r])
                    if number in crossed:
                        cross(img, y + 1, x + 1, cell - 2, (0, 0, 0), 2)
                if row["locked"] or row["closed"]:
                    fill(img, y + 2, pad + L * cell + 2, cell - 4, cell - 4,
                         (0, 0, 0) if row["locked"] else (150, 150, 150))
            for j in range(sheet["penalties"]):
                fill(img, y0 + 4 * cell + 2, pad + j * cell + 2, cell - 4, cell - 4, (0, 0, 0))
        return img

    def render(self, game: Any) -> str:
        lines = []
        for p, s in enumerate(game.sheets):
            mark = "*" if p == game.active and not game.is_over else " "
            lines.append(f"{mark}player {p}: score {s['score']}, penalties {s['penalties']}")
            for row in s["rows"]:
                crossed = " ".join(str(n) for n in row["crossed"]) or "-"
                lock = " [L]" if row["locked"] else (" (closed)" if row["closed"] else "")
                lines.append(f"   {row['colour']}: {crossed}{lock}")
        dice = " ".join("-" if v is None else str(v) for v in game.dice)
        lines.append(f"phase {game.phase}, dice {dice}, to act {game.to_act}")
        if game.is_over:
            lines.append(f"over ({game.end_reason}), scores {game.scores()}")
        return "\n".join(lines) + "\n"
