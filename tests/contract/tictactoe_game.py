"""Tic-tac-toe: a third game that exists only in the tests, written as an outside package would
write it (qwixo's public contract only) and registered through the ``qwixo.games`` entry point
group (see ``conftest.py``: a temporary dist-info). Nothing in qwixo names it.

Cells ``a1``..``c3`` (file a-c, rank 1-3); player 0 is X and moves first; scores 1/0/-1."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from qwixo.core import Game, IllegalMove
from qwixo.envs.codec import ActionCodec
from qwixo.gameinfo import GameInfo, News, Setting

CELLS = [f"{f}{r}" for r in "123" for f in "abc"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
MARKS = "xo"


class TicTacToe(Game):
    name = "tictactoe"

    def __init__(self, players: int = 2, first: int = 0) -> None:
        if players != 2:
            raise IllegalMove("bad_setting", name="players", value=players, why="2")
        if first not in (0, 1):
            raise IllegalMove("bad_setting", name="first", value=first, why="0 or 1")
        self.first = first
        self.moves: list[int] = []

    # -- the rules -------------------------------------------------------------------------
    def cells(self) -> list[str]:
        out = ["."] * 9
        for i, c in enumerate(self.moves):
            out[c] = MARKS[(self.first + i) % 2]
        return out

    def line(self) -> tuple[int, ...] | None:
        cells = self.cells()
        return next((ln for ln in LINES if cells[ln[0]] != "." and
                     cells[ln[0]] == cells[ln[1]] == cells[ln[2]]), None)

    @property
    def end_reason(self) -> str | None:
        return "line" if self.line() else "full" if len(self.moves) == 9 else None

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "move"

    @property
    def ply(self) -> int:
        return len(self.moves)

    # -- the contract ----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else [(self.first + len(self.moves)) % 2]

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def options(self, player: int) -> list[str]:
        self.check_player(player)
        if player not in self.to_act:
            return []
        taken = set(self.moves)
        return [c for i, c in enumerate(CELLS) if i not in taken]

    def choose(self, player: int, decision: Any) -> None:
        self.check_player(player)
        if self.is_over:
            raise IllegalMove("game_over")
        if player not in self.to_act:
            raise IllegalMove("not_your_turn", player=player)
        text = self.decision_text(decision).lower()
        if text not in self.options(player):
            raise IllegalMove("bad_decision", text=text)
        self.moves.append(CELLS.index(text))

    def scores(self) -> list[int]:
        ln = self.line()
        if ln is None:
            return [0, 0]
        winner = MARKS.index(self.cells()[ln[0]]) ^ self.first
        return [1 if p == winner else -1 for p in range(2)]

    def winners(self) -> list[int]:
        return [p for p, s in enumerate(self.scores()) if s == 1] if self.is_over else []

    def copy(self) -> TicTacToe:
        return self.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"players": 2, "first": self.first, "moves": [CELLS[c] for c in self.moves]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TicTacToe:
        game = cls(data.get("players", 2), data.get("first", 0))
        for text in data["moves"]:
            game.choose(game.to_act[0], text)
        return game

    def canonical_decision(self, player: int, decision: Any) -> str:
        return self.decision_text(decision).lower()

    def undo(self) -> None:
        if not self.moves:
            raise IllegalMove("nothing_to_undo")
        self.moves.pop()

    def view(self, player: int | None = None, since: int = 0) -> dict[str, Any]:
        events = [{"type": "move", "player": (self.first + i) % 2, "cell": CELLS[c]}
                  for i, c in enumerate(self.moves)]
        if self.is_over:
            events.append({"type": "game_over", "winners": self.winners(),
                           "reason": self.end_reason})
        opts = [] if player is None else [{"text": t} for t in self.options(player)]
        cells = self.cells()
        board = {"rows": ["".join(cells[r * 3:r * 3 + 3]) for r in (2, 1, 0)],
                 "marks": {str(p): MARKS[(self.first + p) % 2] for p in range(2)}}
        return self._view(player, since, roller=None, options=opts, events=events,
                          end_reason=self.end_reason, board=board)


# -- bots --------------------------------------------------------------------------------------
class RandomBot:
    name = "random"
    light = True

    def __init__(self, seconds: float | None = None, seed: int | None = None, **kw: Any) -> None:
        self.rng = random.Random(seed)

    def decide(self, game: Game, player: int) -> str:
        return self.rng.choice(game.options(player))


class WinnerBot(RandomBot):
    """Wins when it can, else plays at random."""

    name = "winner"

    def decide(self, game: Game, player: int) -> str:
        opts = game.options(player)
        for text in opts:
            g = game.copy()
            g.choose(player, text)
            if player in g.winners():
                return text
        return self.rng.choice(opts)


BOTS = {"random": RandomBot, "winner": WinnerBot}


# -- research codec ------------------------------------------------------------------------------
class Codec(ActionCodec):
    """Planes (own marks, the opponent's, whose turn) on the 3 x 3 board; actions: the cells."""

    game_name, solo_scale = "tictactoe", 1.0

    def __init__(self, players: int = 2, first: int = 0) -> None:
        self.players, self.first = players, first
        self.obs_shape = (3, 3, 3)
        self._number(CELLS)

    def new_game(self, seed: int | None = None) -> TicTacToe:
        return TicTacToe(self.players, self.first)

    def observe(self, game: TicTacToe, player: int) -> np.ndarray:
        obs = np.zeros(self.obs_shape, np.int8)
        mine = MARKS[(game.first + player) % 2]
        for i, c in enumerate(game.cells()):
            if c != ".":
                obs[i // 3, i % 3, 0 if c == mine else 1] = 1
        obs[:, :, 2] = int(player in game.to_act)
        return obs

    def render(self, game: TicTacToe) -> str:
        return "\n".join(game.view()["board"]["rows"]) + "\n"


INFO = GameInfo(
    name="tictactoe", title={"en": "Tic-tac-toe", "it": "Tris", "pl": "Kółko i krzyżyk",
                             "tr": "XOX"},
    game=f"{__name__}:TicTacToe", players=(2,), default_players=2, utility="win_loss",
    settings=(Setting("first", "choice", 0, label={"en": "Who starts"}, choices=(0, 1)),),
    rating_class_template="{game}-{players}p", rated_players=(2,),
    news=(News("move", {"en": "{name} plays {cell}."}, ("player", "cell")),),
    bots=f"{__name__}:BOTS", env_codec=f"{__name__}:Codec",
)
