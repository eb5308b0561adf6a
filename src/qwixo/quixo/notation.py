"""Quixo notation (docs/quixo.md, "Notation"): squares, moves and positions, both ways.

- **Squares** like chess: files ``a``… left to right, ranks ``1``… bottom to top; ``a1`` is the
  bottom-left corner and has bit 0 (:mod:`qwixo.quixo.tables`).
- **Moves**: the square the cube is taken from, then the square where it is pushed back in:
  ``b1b5``; 4 players add the seat the new cube's dot points at: ``b1b5:S``; a pass is ``pass``.
- **Positions**: the ranks from the top down, separated by ``/``, a space and the side to move.
  2 players: cells ``.``, ``x``, ``o`` and side ``x``/``o``; 4 players: cells ``.`` or the seat
  letter the cube's dot points at (``N``/``S`` are X cubes, ``E``/``W`` O cubes) and a seat.

Move texts are read case-insensitively and must be ASCII (``a١a5``, with an Arabic-Indic digit,
is refused); :func:`canonical_move` gives the stored form (``B1B5:s`` → ``b1b5:S``).
Malformed text raises :class:`qwixo.IllegalMove` with a translated message.

>>> parse_square("b5", 5)
21
>>> square_name(21, 5)
'b5'
>>> parse_move("b1b5", 5)
(1, 21, None)
>>> move_text(1, 21, 5, dot=2)
'b1b5:S'
>>> p = parse_position("...../...../...../...../x.... o")
>>> p.size, p.players, p.boards, p.turn
(5, 2, (1, 0, 0, 0), 1)
>>> format_position(p.boards, p.turn, 5, 2)
'...../...../...../...../x.... o'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from qwixo.core import IllegalMove
from qwixo.i18n import t
from qwixo.quixo.tables import MAX_SIZE, MIN_SIZE, PASS, move_tables

FILES = "abcdefg"
SEATS = "NESW"
SIDES = "xo"
PASS_TEXT = "pass"

# ASCII only: ``\d`` alone would also match other scripts' digits (``a١a5``)
_SQUARE = re.compile(r"([a-z])([0-9]{1,2})", re.ASCII)
_MOVE = re.compile(r"([a-z][0-9]{1,2})([a-z][0-9]{1,2})(?::(.*))?", re.ASCII)


def square_name(bit: int, n: int) -> str:
    """The name of the square with bit index ``bit`` on an n×n board.

    >>> square_name(0, 5), square_name(24, 5), square_name(8, 3)
    ('a1', 'e5', 'c3')
    """
    return f"{FILES[bit % n]}{bit // n + 1}"


def push_side(move: str, n: int) -> tuple[str, str, str | None] | None:
    """The square a move takes, the side of the board it pushes the cube in from (``top``:
    the last rank; ``bottom``, ``left``, ``right``) and its dot's seat (4 players), or None
    for a text that is no move (``pass``).

    >>> push_side("b1b5", 5), push_side("a1e1:N", 5), push_side("pass", 5)
    (('b1', 'top', None), ('a1', 'right', 'N'), None)
    """
    mt = _MOVE.fullmatch(str(move))
    if not mt:
        return None
    src, dst, dot = mt.group(1), mt.group(2), mt.group(3)
    if src[0] == dst[0]:
        side = "top" if int(dst[1:]) == n else "bottom"
    else:
        side = "right" if dst[0] == FILES[n - 1] else "left"
    return src, side, dot


def parse_square(text: str, n: int) -> int:
    """The bit index of a square name (case-insensitive); ``unknown_square`` when off the board.

    >>> parse_square("E5", 5)
    24
    """
    s = text.strip().lower() if isinstance(text, str) and text.isascii() else ""
    mt = _SQUARE.fullmatch(s)
    if not mt:
        raise IllegalMove("quixo_unknown_square", square=str(text), size=n)
    f = ord(mt.group(1)) - ord("a")
    r = int(mt.group(2)) - 1
    if not (0 <= f < n and 0 <= r < n):
        raise IllegalMove("quixo_unknown_square", square=s, size=n)
    return r * n + f


def move_text(src: int, dst: int, n: int, dot: int | None = None) -> str:
    """The text of a move from bit indices (and a dot seat 0..3 for 4 players).

    >>> move_text(0, 4, 5)
    'a1e1'
    """
    text = square_name(src, n) + square_name(dst, n)
    return text if dot is None else f"{text}:{SEATS[dot]}"


def code_text(code: int, n: int, players: int = 2, seat: int = 0) -> str:
    """The text of a kernel move code on an n×n board: 2 players, the index of the move
    tables; 4 players, ``4 * index + dot`` with the dot counted from ``seat`` (the seat to
    move of a normalised position, whose boards are rotated so that the mover is board 0;
    0 for a game's own codes, whose dots are seats); :data:`PASS` is ``pass``.

    >>> code_text(0, 5), code_text(4 * 0 + 2, 5, players=4), code_text(2, 5, 4, seat=3)
    ('a1e1', 'a1e1:S', 'a1e1:E')
    >>> code_text(PASS, 5, players=4)
    'pass'
    """
    if code == PASS:
        return PASS_TEXT
    mt = move_tables(n)
    if players == 2:
        return move_text(int(mt.src[code]), int(mt.dst[code]), n)
    m, dot = divmod(code, 4)
    return move_text(int(mt.src[m]), int(mt.dst[m]), n, dot=(seat + dot) % 4)


def parse_move(text: str, n: int, players: int = 2) -> tuple[int, int, int | None]:
    """``(src, dst, dot)`` of a move text (``dot`` is a seat 0..3, or None for 2 players), or
    ``(-1, -1, None)`` for ``pass``. The move must be geometrically possible on an n×n board;
    whose turn it is and whose cube it is are checked by the game.

    >>> parse_move("a1e1", 5)
    (0, 4, None)
    >>> parse_move("e5e1:w", 5, players=4)
    (24, 4, 3)
    >>> parse_move("c3c1", 5)
    Traceback (most recent call last):
    ...
    qwixo.core.IllegalMove: c3 is not on the border: only border cubes may be taken.
    """
    if not isinstance(text, str):
        raise IllegalMove("bad_decision", text=str(text))
    s = text.strip()
    if not s.isascii():
        raise IllegalMove("quixo_not_ascii", text=s)
    if s.lower() == PASS_TEXT:
        return -1, -1, None
    mt = _MOVE.fullmatch(s.lower())
    if not mt:
        raise IllegalMove("quixo_bad_move", text=s, example="b1b5:S" if players == 4 else "b1b5")
    src = parse_square(mt.group(1), n)
    dst = parse_square(mt.group(2), n)
    sq, dq = mt.group(1), mt.group(2)
    fs, rs, fd, rd = src % n, src // n, dst % n, dst // n
    if not (fs in (0, n - 1) or rs in (0, n - 1)):
        raise IllegalMove("quixo_not_border", square=sq)
    if src == dst:
        raise IllegalMove("quixo_same_place", square=sq)
    ends = {(rs, 0), (rs, n - 1), (0, fs), (n - 1, fs)}
    if (rd, fd) not in ends:
        raise IllegalMove("quixo_not_line_end", src=sq, dst=dq)
    dot_text = mt.group(3)
    if players == 4:
        if dot_text is None:
            raise IllegalMove("quixo_dot_missing", text=s, example=f"{sq}{dq}:N")
        dot_text = dot_text.strip().upper()
        if len(dot_text) != 1 or dot_text not in SEATS:
            raise IllegalMove("quixo_bad_dot", dot=dot_text)
        return src, dst, SEATS.index(dot_text)
    if dot_text is not None:
        raise IllegalMove("quixo_no_dot", text=s)
    return src, dst, None


def canonical_move(text: str, n: int, players: int = 2) -> str:
    """The canonical text of a move: squares in lower case, the dot seat in upper case, no
    spaces (move texts are read case-insensitively, ASCII only; games and the server store
    this form).

    >>> canonical_move(" B1B5:s ", 5, 4), canonical_move("PASS", 5, 4), canonical_move("E5E1", 5)
    ('b1b5:S', 'pass', 'e5e1')
    >>> canonical_move("a\u0661a5", 5)
    Traceback (most recent call last):
    ...
    qwixo.core.IllegalMove: Moves are written in ASCII letters and digits only: 'a١a5'.
    """
    src, dst, dot = parse_move(text, n, players)
    if src < 0:
        return PASS_TEXT
    return move_text(src, dst, n, dot=dot)


@cache
def move_texts(n: int) -> tuple[str, ...]:
    """The 2-player move texts of an n×n board, in the order of the move tables."""
    mt = move_tables(n)
    return tuple(move_text(int(s), int(d), n) for s, d in zip(mt.src, mt.dst, strict=True))


@cache
def move_index(n: int) -> dict[tuple[int, int], int]:
    """``(src, dst) -> move index`` of an n×n board."""
    mt = move_tables(n)
    return {(int(s), int(d)): i for i, (s, d) in enumerate(zip(mt.src, mt.dst, strict=True))}


@dataclass(frozen=True)
class ParsedPosition:
    size: int
    players: int
    #: four bitboards: 2 players (X cubes, O cubes, 0, 0); 4 players the seats N, E, S, W
    boards: tuple[int, int, int, int]
    #: the player to move: 0/1 (x/o) or a seat 0..3
    turn: int


def parse_position(text: str) -> ParsedPosition:
    """Parse a position text; the size and the number of players follow from the text.

    >>> parse_position("NE./.../..S W").boards
    (64, 128, 4, 0)
    """
    if not isinstance(text, str):
        raise IllegalMove("quixo_bad_position", text=str(text))
    parts = text.strip().split()
    if len(parts) != 2:
        raise IllegalMove("quixo_bad_position", text=text)
    ranks = parts[0].split("/")
    side = parts[1]
    n = len(ranks)
    if not (MIN_SIZE <= n <= MAX_SIZE):
        raise IllegalMove("quixo_position_size", count=n, lo=MIN_SIZE, hi=MAX_SIZE)
    if side in SEATS:
        players, turn = 4, SEATS.index(side)
    elif side in SIDES:
        players, turn = 2, SIDES.index(side)
    else:
        raise IllegalMove("quixo_position_side", side=side)
    cells = SIDES if players == 2 else SEATS
    boards = [0, 0, 0, 0]
    for i, rank in enumerate(ranks):
        if len(rank) != n:
            raise IllegalMove("quixo_position_rank", rank=rank, count=n)
        r = n - 1 - i
        for f, ch in enumerate(rank):
            if ch == ".":
                continue
            if ch not in cells:
                raise IllegalMove("quixo_position_cell", cell=ch, allowed="." + cells)
            boards[cells.index(ch)] |= 1 << (r * n + f)
    return ParsedPosition(n, players, tuple(boards), turn)


def format_position(boards, turn: int, n: int, players: int) -> str:
    """The position text of four bitboards (see :class:`ParsedPosition`) and the player to move.

    >>> format_position((1, 2, 0, 0), 0, 3, 2)
    '.../.../xo. x'
    """
    cells = SIDES if players == 2 else SEATS
    bs = [int(b) for b in boards[: len(cells)]]
    rows = []
    for r in range(n - 1, -1, -1):
        row = []
        for f in range(n):
            bit = 1 << (r * n + f)
            ch = "."
            for k, b in enumerate(bs):
                if b & bit:
                    ch = cells[k]
                    break
            row.append(ch)
        rows.append("".join(row))
    side = SIDES[turn] if players == 2 else SEATS[turn]
    return "/".join(rows) + " " + side


def start_position(n: int = 5, players: int = 2, first: int = 0) -> str:
    """The empty board.

    >>> start_position(3, 4)
    '.../.../... N'
    """
    return format_position((0, 0, 0, 0), first, n, players)


def shown_move(move: str, lang: str | None = None) -> str:
    """A move as the board shows it in ``lang``: the dot by the seat's mark ("b1b5:S" is
    "b1b5:Gü" in Turkish), what :func:`typed_move` reads back.

    >>> shown_move("b1b5:S", "tr"), shown_move("b1b5", "tr"), typed_move(shown_move("a1e1:W", "pl"), "pl")
    ('b1b5:Gü', 'b1b5', 'a1e1:W')
    """
    base, sep, dot = str(move).partition(":")
    return f"{base}:{t(f'quixo_seat_mark_{dot}', lang)}" if sep and dot in SEATS else str(move)


def typed_move(text: str, lang: str | None = None) -> str:
    """A move as typed, the dot also by the seat mark the board shows in ``lang`` ("b1b5:Gü"
    is "b1b5:S" in Turkish; the letters N, E, S, W work in every language).

    >>> typed_move("b1b5:Gü", "tr"), typed_move("b1b5:pd", "pl"), typed_move("b1b5:S", "it")
    ('b1b5:S', 'b1b5:S', 'b1b5:S')
    """
    move, sep, dot = text.rpartition(":")
    if not sep:
        return text
    for seat in SEATS:
        if dot.casefold() == t(f"quixo_seat_mark_{seat}", lang).casefold():
            return f"{move}:{seat}"
    return text
