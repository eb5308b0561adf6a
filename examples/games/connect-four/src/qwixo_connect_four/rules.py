"""The rules of Connect Four and the game's metadata (``INFO``, registered in the package's
``pyproject.toml`` under the entry point group ``qwixo.games``).

Seven columns ``a``..``g``, six rows ``1`` (bottom) .. ``6``. Player 0 (``x``) drops first;
a decision is the letter of a column that is not full. Four in a row — across, up or
diagonally — wins (``end_reason`` ``"line"``); a full board with no line is a draw
(``"full"``). Scores: 1 win, -1 loss, 0 draw."""

from __future__ import annotations

from typing import Any

from qwixo.core import Game, IllegalMove
from qwixo.gameinfo import GameInfo, News

COLUMNS, ROWS = 7, 6
LETTERS = "abcdefg"
MARKS = "xo"
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def cell_name(col: int, row: int) -> str:
    """``(3, 0)`` -> ``"d1"``."""
    return f"{LETTERS[col]}{row + 1}"


class ConnectFour(Game):
    name = "connect4"

    def __init__(self, players: int = 2) -> None:
        if players != 2:
            raise IllegalMove("bad_setting", name="players", value=players, why="2")
        self.moves: list[int] = []  # the column of each drop, in order
        self._grid: list[list[int]] = [[] for _ in range(COLUMNS)]  # per column, bottom up
        self._line: list[tuple[int, int]] | None = None

    # -- the rules -------------------------------------------------------------------------
    def _mark(self, col: int, row: int) -> int | None:
        if not (0 <= col < COLUMNS and 0 <= row < len(self._grid[col])):
            return None
        return self._grid[col][row]

    def _line_through(self, col: int, row: int) -> list[tuple[int, int]] | None:
        """The four (or more) in a row through the disc at ``(col, row)``, if there is one."""
        who = self._mark(col, row)
        for dc, dr in DIRECTIONS:
            run = [(col, row)]
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while self._mark(c, r) == who:
                    run.append((c, r))
                    c, r = c + sign * dc, r + sign * dr
            if len(run) >= 4:
                return sorted(run)
        return None

    def makes_line(self, column: str, player: int) -> bool:
        """Whether a disc of ``player``'s dropped in ``column`` (not full) would make four in a
        row (whoever's turn it is; the game is left as it was)."""
        col = LETTERS.index(column)
        self._grid[col].append(player)
        try:
            return self._line_through(col, len(self._grid[col]) - 1) is not None
        finally:
            self._grid[col].pop()

    def _drop(self, col: int) -> None:
        player = len(self.moves) % 2
        self._grid[col].append(player)
        self.moves.append(col)
        self._line = self._line_through(col, len(self._grid[col]) - 1)

    @property
    def end_reason(self) -> str | None:
        if self._line:
            return "line"
        return "full" if len(self.moves) == COLUMNS * ROWS else None

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "drop"

    @property
    def ply(self) -> int:
        return len(self.moves)

    def rows(self) -> list[str]:
        """The board from the top row down, one character per cell: ``.``, ``x`` or ``o``."""
        return ["".join(MARKS[m] if (m := self._mark(c, r)) is not None else "."
                        for c in range(COLUMNS)) for r in range(ROWS - 1, -1, -1)]

    # -- the contract ----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else [len(self.moves) % 2]

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def options(self, player: int) -> list[str]:
        self.check_player(player)
        if player not in self.to_act:
            return []
        return [LETTERS[c] for c in range(COLUMNS) if len(self._grid[c]) < ROWS]

    def choose(self, player: int, decision: Any) -> None:
        self.check_player(player)
        if self.is_over:
            raise IllegalMove("game_over")
        if player not in self.to_act:
            raise IllegalMove("not_your_turn", player=player)
        text = self.canonical_decision(player, decision)
        if text not in self.options(player):
            raise IllegalMove("bad_decision", text=text)
        self._drop(LETTERS.index(text))

    def canonical_decision(self, player: int, decision: Any) -> str:
        return self.decision_text(decision).lower()

    def scores(self) -> list[int]:
        if not self._line:
            return [0, 0]
        winner = self._mark(*self._line[0])
        return [1 if p == winner else -1 for p in range(2)]

    def winners(self) -> list[int]:
        return [p for p, s in enumerate(self.scores()) if s == 1] if self.is_over else []

    def copy(self) -> ConnectFour:
        twin = type(self).__new__(type(self))
        twin.moves = list(self.moves)
        twin._grid = [list(stack) for stack in self._grid]
        twin._line = None if self._line is None else list(self._line)
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {"players": 2, "moves": "".join(LETTERS[c] for c in self.moves)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ConnectFour:
        game = cls(data.get("players", 2))
        moves = data.get("moves", "")
        if not isinstance(moves, str):
            raise IllegalMove("bad_decision", text=str(moves))
        for text in moves:
            game.choose(game.to_act[0] if game.to_act else 0, text)
        return game

    def undo(self) -> None:
        if not self.moves:
            raise IllegalMove("nothing_to_undo")
        col = self.moves.pop()
        self._grid[col].pop()
        self._line = None

    def view(self, player: int | None = None, since: int = 0) -> dict[str, Any]:
        events: list[dict[str, Any]] = []
        heights = [0] * COLUMNS
        for i, col in enumerate(self.moves):
            events.append({"type": "drop", "player": i % 2, "column": LETTERS[col],
                           "cell": cell_name(col, heights[col])})
            heights[col] += 1
        if self.is_over:
            events.append({"type": "game_over", "winners": self.winners(),
                           "reason": self.end_reason,
                           "line": [cell_name(c, r) for c, r in self._line or ()]})
        opts = [] if player is None else [
            {"text": t, "cell": cell_name(LETTERS.index(t), len(self._grid[LETTERS.index(t)]))}
            for t in self.options(player)]
        last = events[len(self.moves) - 1] if self.moves else None
        board = {"rows": self.rows(), "columns": LETTERS,
                 "marks": {"0": MARKS[0], "1": MARKS[1]},
                 "last": last and last["cell"],
                 "line": [cell_name(c, r) for c, r in self._line or ()]}
        return self._view(player, since, roller=None, options=opts, events=events,
                          end_reason=self.end_reason, board=board)


INFO = GameInfo(
    name="connect4",
    title={"en": "Connect Four", "it": "Forza quattro", "pl": "Cztery w rzędzie",
           "tr": "Dört Bağla"},
    game="qwixo_connect_four.rules:ConnectFour",
    players=(2,), default_players=2, utility="win_loss",
    rating_class_template="{game}-{players}p", rated_players=(2,),
    length="plies",
    news=(News("drop", {"en": "{name} drops a disc in column {column}.",
                        "tr": "{name}, {column} sütununa bir pul bıraktı.",
                        "it": "{name} lascia cadere una pedina nella colonna {column}.",
                        "pl": "{name} wrzuca krążek do kolumny {column}."},
               ("player", "column")),),
    bots="qwixo_connect_four.bots:BOTS",
    env_codec="qwixo_connect_four.codec:Codec",
    renderer="connect4",
    web="qwixo_connect_four:web",
    terminal="qwixo_connect_four.terminal:draw",
)
