"""Quixo behind the public game contract (``docs/api.md``, ``docs/quixo.md``).

:class:`QuixoGame` wraps the numba kernels of :mod:`qwixo.quixo.kernels` (the one
implementation of the rules) with notation, history, undo, draw rules and saving.

>>> import qwixo
>>> g = qwixo.new_game("quixo")
>>> g.to_act, len(g.options(0))
([0], 44)
>>> g.choose(0, "a1e1")
>>> g.position
'...../...../...../...../....x o'
>>> g.choose(1, "e1a1")
Traceback (most recent call last):
...
qwixo.core.IllegalMove: The cube on e1 shows the opponent's symbol: it cannot be taken.
>>> g.undo(); g.position
'...../...../...../...../..... x'

Four players in two teams (seats N, E, S, W = players 0..3; team X = N and S):

>>> g = qwixo.new_game("quixo", players=4)
>>> g.options(0)[:3]
['a1e1:N', 'a1e1:S', 'a1a5:N']
>>> g.choose(0, "a1a5:S"); g.position
'S..../...../...../...../..... E'

A finished game:

>>> g = qwixo.new_game("quixo", position="xxxx./...../...../...../oooo. x")
>>> g.choose(0, "e1e5")
>>> g.is_over, g.winner, g.end_reason, g.scores()
(True, 'x', 'line', [1, -1])
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from qwixo.core import Game, IllegalMove
from qwixo.quixo import kernels as K
from qwixo.quixo.notation import (
    PASS_TEXT,
    SEATS,
    SIDES,
    canonical_move,
    code_text,
    format_position,
    move_index,
    move_text,
    parse_move,
    parse_position,
    push_side,
    square_name,
)
from qwixo.quixo.tables import END_RULES, MAX_SIZE, MIN_SIZE, move_tables

#: end reasons: the mover made a line of their own; the mover made a line of the opponents
#: (and lost); the ply limit; repetition of a position; a player resigned (their team lost); the
#: players agreed on a draw
REASONS = ("line", "opponent_line", "ply_limit", "repetition", "resign", "agreed_draw")

_TEXTS_CACHE: dict[tuple[int, int], tuple[tuple[str, ...], dict[str, int]]] = {}


def _texts(n: int, players: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """(text of each move code, canonical text -> code) for a size and player count."""
    key = (n, players)
    if key not in _TEXTS_CACHE:
        per_move = 1 if players == 2 else 4  # 4 players: one code per dot seat
        texts = tuple(code_text(c, n, players) for c in range(len(move_tables(n).src) * per_move))
        codes = {t: i for i, t in enumerate(texts)}
        _TEXTS_CACHE[key] = (texts, codes)
    return _TEXTS_CACHE[key]


def _setting_int(name: str, value: Any, lo: int, hi: int | None, why: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise IllegalMove("bad_setting", name=name, value=value, why=why, lo=lo, hi=hi)
    value = int(value)
    if value < lo or (hi is not None and value > hi):
        raise IllegalMove("bad_setting", name=name, value=value, why=why, lo=lo, hi=hi)
    return value


def _parse_first(first: Any, players: int) -> int:
    names = SIDES if players == 2 else SEATS
    if isinstance(first, str) and len(first.strip()) == 1:
        c = first.strip().lower() if players == 2 else first.strip().upper()
        if c in names:
            return names.index(c)
    elif isinstance(first, (int, np.integer)) and not isinstance(first, bool):
        if 0 <= int(first) < players:
            return int(first)
    choices = "x, o" if players == 2 else "N, E, S, W"
    raise IllegalMove("bad_setting", name="first", value=first, why="why_one_of",
                      choices=choices)


class QuixoGame(Game):
    """A game of Quixo.

    Settings (keyword arguments, all optional):

    - ``size``: board size N = 3..7 (N in a row wins); default 5, or the size of ``position``.
    - ``players``: 2, or 4 (two teams, the dot rule); default 2, or as ``position`` says.
    - ``position``: the start position text (docs/quixo.md, "Notation"), default the empty board.
    - ``first``: who moves first from the empty board: ``"x"``/``"o"`` (2 players) or a seat
      ``"N"``, ``"E"``, ``"S"``, ``"W"`` (4 players); X and N by default. A player index works too.
    - ``ply_limit``: the game is a draw after that many plies (off by default).
    - ``repetition``: the game is a draw when a position (board and player to move) occurs for
      the ``repetition``-th time; ``True`` means threefold; off by default.

    Players: 2 players, player 0 plays X and player 1 O; 4 players, players 0..3 are the
    seats N, E, S, W (team X = N and S, team O = E and W).

    >>> g = QuixoGame(size=3, ply_limit=2)
    >>> g.choose(0, "a1c1"); g.choose(1, "a1c1")
    >>> g.is_over, g.end_reason, g.scores()
    (True, 'ply_limit', [0, 0])
    """

    name = "quixo"

    def __init__(self, size: int | None = None, players: int | None = None,
                 position: str | None = None, ply_limit: int | None = None,
                 repetition: int | bool | None = None, first: Any = None,
                 **unknown: Any) -> None:
        if unknown:
            name, value = next(iter(unknown.items()))
            raise IllegalMove("bad_setting", name=name, value=value,
                              why="why_unknown_setting",
                              choices="size, players, position, ply_limit, repetition, first")
        if size is not None:
            size = _setting_int("size", size, MIN_SIZE, MAX_SIZE, "why_range")
        if players is not None and (isinstance(players, bool) or players not in (2, 4)):
            raise IllegalMove("bad_setting", name="players", value=players, why="why_one_of",
                              choices="2, 4")
        if position is not None:
            if not isinstance(position, str):
                raise IllegalMove("bad_setting", name="position", value=position,
                                  why="why_position_text")
            parsed = parse_position(position)
            if size is not None and parsed.size != size:
                raise IllegalMove("bad_setting", name="position", value=position,
                                  why="why_board_size", size=size)
            if players is not None and parsed.players != players:
                raise IllegalMove("bad_setting", name="position", value=position,
                                  why="why_position_players", players=players)
            size, players = parsed.size, parsed.players
            boards, turn = parsed.boards, parsed.turn
            if first is not None and _parse_first(first, players) != turn:
                raise IllegalMove("bad_setting", name="first", value=first,
                                  why="why_not_side_to_move")
        else:
            size = 5 if size is None else size
            players = 2 if players is None else players
            boards = (0, 0, 0, 0)
            turn = 0 if first is None else _parse_first(first, players)
        if ply_limit is not None:
            ply_limit = _setting_int("ply_limit", ply_limit, 1, None, "why_at_least")
        if repetition is True:
            repetition = 3
        elif repetition is False:
            repetition = None
        elif repetition is not None:
            repetition = _setting_int("repetition", repetition, 2, None,
                                      "why_repetition")
        self._n: int = size
        self._players: int = players
        self._ply_limit: int | None = ply_limit
        self._repetition: int | None = repetition
        self._T, self._L = K.packed_tables(size)
        self._texts, self._codes = _texts(size, players)
        self._st = np.array([*boards, turn], dtype=np.uint64)
        self._start = format_position(boards, turn, size, players)
        self._history: list[str] = []
        self._stack: list[tuple[np.ndarray, tuple[int | None, str] | None]] = []
        self._result: tuple[int | None, str] | None = None
        #: how the players ended the game themselves: ("resign", player) or ("agreed_draw",)
        self._agreed: tuple | None = None
        self._rep: dict[bytes, int] = {self._st.tobytes(): 1}
        self._legal: list[int] | None = None
        status = int(K.state_status(self._st, players, self._L))
        if status != K.ONGOING:
            me = self._team(turn)
            self._result = (me if status == K.MOVER_WINS else 1 - me, "line")

    # -- the contract -------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._players

    @property
    def to_act(self) -> list[int]:
        return [] if self._result is not None else [int(self._st[4])]

    def options(self, player: int) -> list[str]:
        """The legal moves of ``player`` as texts (``["pass"]`` when a 4-player seat has none;
        ``[]`` when it is not ``player``'s turn or the game is over)."""
        player = self.check_player(player)
        if self._result is not None or player != int(self._st[4]):
            return []
        legal = self._legal_codes()
        if not legal:
            return [PASS_TEXT]
        texts = self._texts
        return [texts[c] for c in legal]

    def choose(self, player: int, decision: Any) -> None:
        """Play ``decision`` (a move text such as ``"b1b5"``, ``"b1b5:S"`` or ``"pass"``) for
        ``player``; raise :class:`IllegalMove` saying why when it is not legal."""
        player = self.check_player(player)
        if self._result is not None:
            raise IllegalMove("game_over")
        if player != int(self._st[4]):
            raise IllegalMove("not_your_turn", player=player)
        text = self.decision_text(decision)
        code = self._codes.get(text)
        if code is None or code not in self._legal_codes():
            code = self._parse_checked(text)
        self._play(code)

    def canonical_decision(self, player: int, decision: Any) -> str:
        """The canonical text of a move text (``" B1B5 "`` → ``"b1b5"``; ASCII only)."""
        return canonical_move(self.decision_text(decision), self._n, self._players)

    @property
    def is_over(self) -> bool:
        return self._result is not None

    def scores(self) -> list[int]:
        """1 for a win, -1 for a loss, 0 for a draw or an unfinished game (4 players: the team's
        result for each seat)."""
        if self._result is None or self._result[0] is None:
            return [0] * self._players
        w = self._result[0]
        return [1 if self._team(p) == w else -1 for p in range(self._players)]

    def copy(self) -> QuixoGame:
        g = type(self).__new__(type(self))  # (a subclass copies as itself)
        g.__dict__.update(self.__dict__)
        g._st = self._st.copy()
        g._history = self._history.copy()
        g._stack = self._stack.copy()
        g._rep = self._rep.copy()
        g._legal = self._legal
        return g

    def undo(self) -> None:
        """Take back the last move (also after the game ended); after a resignation or an
        agreed draw, that end is what is taken back."""
        if self._agreed is not None:
            self._agreed, self._result = None, None  # (only an unfinished game can end so)
            return
        if not self._stack:
            raise IllegalMove("nothing_to_undo")
        key = self._st.tobytes()
        c = self._rep[key] - 1
        if c:
            self._rep[key] = c
        else:
            del self._rep[key]
        st, self._result = self._stack.pop()
        self._st = st
        self._history.pop()
        self._legal = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "size": self._n,
            "players": self._players,
            "position": self._start,
            "ply_limit": self._ply_limit,
            "repetition": self._repetition,
            "moves": list(self._history),
            **({"end": list(self._agreed)} if self._agreed is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QuixoGame:
        if not isinstance(data, dict):
            raise IllegalMove("bad_save", why="not an object")
        unknown = set(data) - {"size", "players", "position", "ply_limit", "repetition", "moves",
                               "end"}
        if unknown:
            raise IllegalMove("bad_save", why=f"unknown fields {sorted(unknown)}")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise IllegalMove("bad_save", why="'moves' is not a list")
        try:
            g = cls(size=data.get("size"), players=data.get("players"),
                    position=data.get("position"), ply_limit=data.get("ply_limit"),
                    repetition=data.get("repetition"))
        except IllegalMove as e:
            raise IllegalMove("bad_save", why=str(e)) from None
        _play_saved(g, moves)
        end = data.get("end")
        if end is not None:
            try:
                if end == ["agreed_draw"]:
                    g.agree_draw()
                elif isinstance(end, list) and len(end) == 2 and end[0] == "resign":
                    g.resign(end[1])
                else:
                    raise IllegalMove("bad_save", why=f"unknown end {end!r}")
            except IllegalMove as e:
                raise IllegalMove("bad_save", why=f"end {end!r}: {e}") from None
        return g

    def resumed(self, data: dict[str, Any]) -> QuixoGame | None:
        """:meth:`qwixo.core.Game.resumed`: when ``data`` has this game's settings and its
        moves begin with this game's, a copy of this game plays the rest of them (an engine
        loads each position from the last: ``qwixo engine``); else None.

        >>> g = QuixoGame(size=3); g.choose(0, "a1c1")
        >>> later = g.to_dict(); later["moves"].append("a3a1")
        >>> g.resumed(later).to_dict() == QuixoGame.from_dict(later).to_dict()
        True
        """
        if (not isinstance(data, dict) or self._agreed is not None or "end" in data
                or set(data) - {"size", "players", "position", "ply_limit", "repetition",
                                "moves"}):
            return None
        mine = self.to_dict()
        if any(data.get(k) != mine[k] for k in ("size", "players", "position", "ply_limit",
                                                  "repetition")):
            return None
        moves, k = data.get("moves"), len(self._history)
        if not isinstance(moves, list) or moves[:k] != self._history:
            return None
        g = self.copy()
        _play_saved(g, moves, k)
        return g

    # -- table etiquette ----------------------------------------------------------------------
    draws_by_agreement = True
    #: (ours: the rulebook has no end rule) a game against a bot is a draw on the third
    #: repetition of a position or after 200 plies, unless its creator says otherwise
    bot_settings: ClassVar[dict[str, Any]] = dict(END_RULES)

    @property
    def resigned(self) -> list[int]:
        return [self._agreed[1]] if self._agreed and self._agreed[0] == "resign" else []

    def resign(self, player: int) -> None:
        """``player`` gives up: their side (with 4 players, their team) loses at once.

        >>> g = QuixoGame(); g.choose(0, "a1e1"); g.resign(0)
        >>> g.is_over, g.end_reason, g.scores(), g.resigned, g.to_dict()["end"]
        (True, 'resign', [-1, 1], [0], ['resign', 0])
        >>> g.undo(); g.is_over, g.ply
        (False, 1)
        """
        player = self.check_player(player)
        if self._result is not None:
            raise IllegalMove("game_over")
        self._agreed = ("resign", player)
        self._result = (1 - self._team(player), "resign")
        self._legal = None

    def agree_draw(self) -> None:
        """Every player agreed: the game is a draw (``end_reason`` ``"agreed_draw"``).

        >>> g = QuixoGame(); g.agree_draw(); g.result, g.end_reason, g.scores()
        ('draw', 'agreed_draw', [0, 0])
        """
        if self._result is not None:
            raise IllegalMove("game_over")
        self._agreed = ("agreed_draw",)
        self._result = (None, "agreed_draw")
        self._legal = None

    # -- more of the game ---------------------------------------------------------------------
    @property
    def size(self) -> int:
        """The board size N."""
        return self._n

    @property
    def position(self) -> str:
        """The position text (docs/quixo.md, "Notation").

        >>> QuixoGame(size=3).position
        '.../.../... x'
        """
        st = self._st
        return format_position((st[0], st[1], st[2], st[3]), int(st[4]), self._n,
                               self._players)

    @property
    def start_position(self) -> str:
        """The position the game started from."""
        return self._start

    @property
    def turn(self) -> int:
        """The player to move (also when the game is over: the one who would move)."""
        return int(self._st[4])

    @property
    def history(self) -> list[str]:
        """The moves played so far, as texts."""
        return list(self._history)

    @property
    def ply(self) -> int:
        """The number of moves (passes included) played since the start position."""
        return len(self._history)

    @property
    def ply_limit(self) -> int | None:
        return self._ply_limit

    @property
    def repetition(self) -> int | None:
        """How many occurrences of a position make a draw (None: no repetition rule)."""
        return self._repetition

    @property
    def repetitions(self) -> int:
        """How many times the current position has occurred (1 the first time)."""
        return self._rep.get(self._st.tobytes(), 0)

    @property
    def winner(self) -> str | None:
        """The winning side ``"x"`` or ``"o"`` (4 players: the team), None for a draw or an
        unfinished game."""
        if self._result is None or self._result[0] is None:
            return None
        return SIDES[self._result[0]]

    @property
    def winners(self) -> Winners:
        """The players who won (both seats of a team in the 4-player game; ``[]`` for a draw
        or an unfinished game).

        Call it, as in every game of the contract: ``g.winners()``. It is also readable as an
        attribute (``g.winners``, a list) for code written before the contract had it:

        >>> g = QuixoGame(position="xxxx./...../...../...../oooo. x")
        >>> g.choose(0, "e1e5")
        >>> g.winners(), g.winners == [0]
        ([0], True)
        """
        return Winners(p for p, s in enumerate(self.scores()) if s > 0)

    @property
    def phase(self) -> str:
        """``"move"`` while the game goes on, ``"over"`` once it has ended."""
        return "over" if self._result is not None else "move"

    def option_details(self, player: int) -> list[dict[str, Any]]:
        """:meth:`options` with what each does: ``text``, ``from`` (the cube taken), ``to``
        (the square it is pushed in at), ``dot`` (4 players: the seat the dot points at).

        >>> QuixoGame(players=4).option_details(0)[1]
        {'text': 'a1e1:S', 'from': 'a1', 'to': 'e1', 'dot': 'S'}
        """
        from qwixo.quixo.view import move_detail

        return [move_detail(t) for t in self.options(player)]

    def view(self, player: int | None = None, since: int = 0) -> dict[str, Any]:
        """Everything ``player`` (None: a spectator) may see, as a JSON-ready dict: the keys
        of :meth:`qwixo.core.Game.view`, with ``board`` = the size, the ranks, the side to
        move, the moves, the last move and the finished lines (see ``docs/api.md``)."""
        from qwixo.quixo.view import view

        return view(self, player, since)

    def _movers(self) -> list[int]:
        """The player who made each move of the history."""
        return [int(st[4]) for st, _ in self._stack]

    @property
    def end_reason(self) -> str | None:
        """None while the game goes on, else one of :data:`REASONS`."""
        return None if self._result is None else self._result[1]

    @property
    def result(self) -> str | None:
        """``"x"``, ``"o"`` or ``"draw"`` once the game is over, else None."""
        if self._result is None:
            return None
        return "draw" if self._result[0] is None else SIDES[self._result[0]]

    def side_of(self, player: int) -> str:
        """The symbol ``"x"``/``"o"`` of a player (4 players: of their team).

        >>> QuixoGame(players=4).side_of(1)
        'o'
        """
        return SIDES[self._team(self.check_player(player))]

    def seat_words(self, seat: int, lang: str | None = None) -> str:
        """The player as the board names them: the symbol (``X``), with 4 players the compass
        seat and the team (``Kuzey (X takımı)`` in Turkish).

        >>> QuixoGame().seat_words(1), QuixoGame(players=4).seat_words(1, "tr")
        ('O', 'Doğu (O takımı)')
        """
        from qwixo.i18n import t

        side = self.side_of(seat).upper()
        if self._players == 2:
            return t("quixo_side_name", lang, side=side)
        return t("quixo_seat_name", lang, seat=SEATS[seat], side=side)

    def _push_words(self, kind: str, decision: str, lang: str | None, **params: str) -> str:
        from qwixo.i18n import t

        push = push_side(decision, self._n)
        if push is None:
            return t(f"an_{kind}_move", lang, move=str(decision), **params)
        square, side, dot = push
        dot_words = " " + t("web_move_dot", lang, seat=dot) if dot else ""
        return t(f"an_{kind}_push_{side}", lang, square=square, dot=dot_words, **params)

    def played_words(self, name: str, decision: str, value: str,
                     lang: str | None = None) -> str:
        """The push in a whole sentence (``X took b1 and pushed it in from the top.``)."""
        return self._push_words("played", decision, lang, name=name, value=value)

    def better_words(self, decision: str, value: str, lang: str | None = None) -> str:
        """The better push (``Better: take a1 and push it in from the right (dot towards
        E).``)."""
        return self._push_words("better", decision, lang, value=value)

    @property
    def bitboards(self) -> tuple[int, ...]:
        """The bitboards as ints: (X, O) for 2 players, (N, E, S, W) for 4 players."""
        return tuple(int(b) for b in self._st[: 2 if self._players == 2 else 4])

    @property
    def board(self) -> list[str]:
        """The ranks from the top down as strings of cells (``.``, ``x``, ``o`` or N/E/S/W).

        >>> QuixoGame(position="x../.o./... o").board
        ['x..', '.o.', '...']
        """
        return self.position.split()[0].split("/")

    def cell(self, square: str) -> str:
        """The cell at a square: ``.``, ``x``, ``o`` (2 players) or N, E, S, W (4 players)."""
        from qwixo.quixo.notation import parse_square

        r, f = divmod(parse_square(square, self._n), self._n)
        return self.board[self._n - 1 - r][f]

    @property
    def last_move(self) -> str | None:
        return self._history[-1] if self._history else None

    @property
    def legal_moves(self) -> list[int]:
        """Legal move codes of the player to move: a move index of ``move_tables(size)`` for 2
        players, ``4 * index + dot_seat`` for 4 players, ``[-1]`` (pass) when a seat must pass;
        ``[]`` when the game is over."""
        if self._result is not None:
            return []
        return list(self._legal_codes()) or [K.PASS]

    def move_text(self, code: int) -> str:
        """The text of a move code (see :attr:`legal_moves`)."""
        if code == K.PASS:
            return PASS_TEXT
        return self._texts[code]

    def parse_move(self, text: str) -> int:
        """The code of a legal move text for the player to move (raises :class:`IllegalMove`)."""
        if self._result is not None:
            raise IllegalMove("game_over")
        text = self.decision_text(text)
        code = self._codes.get(text)
        if code is not None and code in self._legal_codes():
            return code
        return self._parse_checked(text)

    def push(self, code: int) -> None:
        """Play a legal move given by its code (fast path for bots; checked all the same)."""
        if self._result is not None:
            raise IllegalMove("game_over")
        if isinstance(code, bool) or not isinstance(code, (int, np.integer)):
            raise IllegalMove("bad_decision", text=str(code))
        code = int(code)
        legal = self._legal_codes()
        if code not in legal and not (code == K.PASS and not legal):
            text = self._texts[code] if 0 <= code < len(self._texts) else str(code)
            self._parse_checked(text)
            raise IllegalMove("bad_decision", text=text)
        self._play(code)

    def pop(self) -> None:
        """Same as :meth:`undo`."""
        self.undo()

    def teams(self) -> list[list[int]]:
        """Two teams in the 4-player game (N + S play X, E + W play O), else each alone.

        >>> QuixoGame(players=4).teams(), QuixoGame().teams()
        ([[0, 2], [1, 3]], [[0], [1]])
        """
        return [[0, 2], [1, 3]] if self._players == 4 else [[0], [1]]

    # -- internals ----------------------------------------------------------------------------
    def _team(self, player: int) -> int:
        return player if self._players == 2 else player & 1

    def _legal_codes(self) -> list[int]:
        if self._legal is None:
            out = np.empty(K.MAX_MOVES4, np.int64)
            k = K.state_moves(self._st, self._players, self._T, out)
            self._legal = out[:k].tolist()
        return self._legal

    def _parse_checked(self, text: str) -> int:
        """The code of a legal move text, or the IllegalMove saying what is wrong with it."""
        n, players, turn = self._n, self._players, int(self._st[4])
        src, dst, dot = parse_move(text, n, players)
        legal = self._legal_codes()
        if src < 0:
            if players == 2:
                raise IllegalMove("quixo_no_pass_2p")
            if legal:
                raise IllegalMove("quixo_cannot_pass", count=len(legal) // 2)
            return K.PASS
        m = move_index(n)[(src, dst)]
        code = m if players == 2 else 4 * m + dot
        if code in legal:
            return code
        sq = square_name(src, n)
        bit = 1 << src
        if players == 2:
            if int(self._st[1 - turn]) & bit:
                raise IllegalMove("quixo_opponent_cube", square=sq)
        else:
            owner = next((s for s in range(4) if int(self._st[s]) & bit), None)
            if owner is not None and owner != turn:
                if (owner & 1) != (turn & 1):
                    raise IllegalMove("quixo_opponent_cube", square=sq)
                raise IllegalMove("quixo_dot_not_you", square=sq, seat=SEATS[owner])
            if dot not in (turn, turn ^ 2):
                raise IllegalMove("quixo_dot_other_team", dot=SEATS[dot],
                                  seats=f"{SEATS[turn]}, {SEATS[turn ^ 2]}")
        raise IllegalMove("bad_decision", text=text)  # pragma: no cover - kernels and checks agree

    def _play(self, code: int) -> None:
        st = self._st
        self._stack.append((st.copy(), self._result))
        mover = int(st[4])
        r = K.state_play(st, self._players, code, self._T, self._L)
        self._history.append(PASS_TEXT if code == K.PASS else self._texts[code])
        self._legal = None
        key = st.tobytes()
        count = self._rep.get(key, 0) + 1
        self._rep[key] = count
        if r != K.ONGOING:
            team = self._team(mover)
            self._result = (team, "line") if r == K.MOVER_WINS else (1 - team, "opponent_line")
        elif self._repetition is not None and count >= self._repetition:
            self._result = (None, "repetition")
        elif self._ply_limit is not None and len(self._history) >= self._ply_limit:
            self._result = (None, "ply_limit")

    # -- display ------------------------------------------------------------------------------
    def __str__(self) -> str:
        """The board as text, top rank first, with coordinates.

        >>> print(QuixoGame(size=3, position="x../.o./... x"))
        3 x . .
        2 . o .
        1 . . .
          a b c
        """
        rows = [f"{self._n - i} " + " ".join(rank) for i, rank in enumerate(self.board)]
        rows.append("  " + " ".join("abcdefg"[: self._n]))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<QuixoGame {self.position!r} ply={self.ply}>"


class Winners(list):
    """A list of winners that can also be called (``g.winners()``, the contract's method)."""

    def __call__(self) -> list[int]:
        return list(self)


def move_squares(code: int, n: int, players: int = 2) -> tuple[str, str, str | None]:
    """``(src, dst, dot)`` square names of a move code.

    >>> move_squares(0, 5)
    ('a1', 'e1', None)
    """
    mt = move_tables(n)
    m, dot = (code, None) if players == 2 else (code >> 2, SEATS[code & 3])
    return square_name(int(mt.src[m]), n), square_name(int(mt.dst[m]), n), dot


__all__ = ["REASONS", "QuixoGame", "Winners", "move_squares", "move_text"]


def _play_saved(g: QuixoGame, moves: list, start: int = 0) -> None:
    """Play a save's moves from number ``start`` on ``g`` (``bad_save`` naming the move that
    is not a text or is refused)."""
    for i, mv in enumerate(moves[start:], start=start):
        if not isinstance(mv, str):
            raise IllegalMove("bad_save", why=f"move {i + 1} is not a text")
        try:
            g.choose(int(g._st[4]), mv)
        except IllegalMove as e:
            raise IllegalMove("bad_save", why=f"move {i + 1} {mv!r}: {e}") from None
