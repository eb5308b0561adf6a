"""Quixo in the terminal: hot-seat or against bots, drawn with ``rich``.

:func:`play` reads commands from any text stream and writes to any stream, so it can be driven
by a script (the tests do exactly that):

>>> import io
>>> from qwixo.quixo.game import QuixoGame
>>> out = io.StringIO()
>>> play(QuixoGame(size=3), io.StringIO("a1c1\\nquit\\n"), out, lang="en", color=False)
0
>>> print(out.getvalue().splitlines()[-2])
O to move.

Cells show the symbol as a letter (``X``/``O``; 4 players also the seat its dot points at, e.g.
``X·S``) and in colour, so colour is never the only cue.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO, Any

from qwixo.core import IllegalMove
from qwixo.i18n import t
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.notation import FILES, shown_move, typed_move

_STYLE = {"x": "bold red", "o": "bold blue"}


def _cell_text(ch: str, players: int, lang: str | None = None) -> tuple[str, str]:
    """(text, style) of one cell: letters always, colour as a second cue; with 4 players the
    symbol and the mark of the seat its dot points at (``quixo_seat_mark_N``: N in English)."""
    if ch == ".":
        return ("·" if players == 2 else " · "), "dim"
    if players == 2:
        return ch.upper(), _STYLE[ch]
    side = "x" if ch in "NS" else "o"
    return f"{side.upper()}·{t(f'quixo_seat_mark_{ch}', lang)}", _STYLE[side]


def render(game: QuixoGame, lang: str | None = None):
    """The board as a ``rich`` renderable: ranks top-down with coordinates on every side; the
    cube moved last is underlined."""
    from rich.table import Table
    from rich.text import Text

    n, players = game.size, game.num_players
    last_dst = None
    lm = game.last_move
    if lm and lm != "pass":
        last_dst = lm[2:4]
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False,
                  padding=(0, 1))
    table.add_column("")
    for f in range(n):
        table.add_column(FILES[f], justify="center")
    table.add_column("")
    for i, rank in enumerate(game.board):
        r = n - i
        cells = []
        for f, ch in enumerate(rank):
            text, style = _cell_text(ch, players, lang)
            if last_dst == f"{FILES[f]}{r}":
                style += " underline"
            cells.append(Text(text, style=style))
        table.add_row(Text(str(r), style="bold"), *cells, Text(str(r), style="bold"))
    table.add_row("", *[Text(FILES[f], style="bold") for f in range(n)], "")
    return table


def _who(game: QuixoGame, player: int, lang: str | None) -> str:
    return game.seat_words(player, lang)


def save_game(game: QuixoGame, path: str | os.PathLike) -> Path:
    """Write ``game.to_json()`` to ``path`` atomically (a temporary file, then a rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".qwixo-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(game.to_json())
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def load_file(path: str | os.PathLike) -> QuixoGame:
    """A Quixo game saved with :func:`save_game` (raises :class:`IllegalMove` on bad files)."""
    import qwixo

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise IllegalMove("quixo_cannot_read", path=str(path), why=e.strerror or str(e)) from None
    game = qwixo.load_game(text)
    if not isinstance(game, QuixoGame):
        raise IllegalMove("bad_save", why="why_not_quixo")
    return game


def hint(game: QuixoGame, lang: str | None = None, seconds: float | None = None) -> str:
    """The hint of the bots' module (``qwixo.quixo.bots_cli.hint_text``) when it is installed,
    else a 'not available' text."""
    try:
        from qwixo.quixo.bots_cli import hint_text
    except ImportError:
        return t("quixo_hint_unavailable", lang)
    if seconds is not None:
        try:
            return str(hint_text(game, lang=lang, seconds=seconds))
        except TypeError:
            pass
    try:
        return str(hint_text(game, lang=lang))
    except TypeError:
        return str(hint_text(game))


def play(game: QuixoGame, inp: IO[str], out: IO[str] | None = None, *,
         bots: dict[int, Any] | None = None, lang: str | None = None,
         color: bool | None = None, width: int | None = None,
         hint_seconds: float | None = None) -> int:
    """Run a game in the terminal until it is over and the input ends, or ``quit``.

    ``bots`` maps players to bots (objects with ``decide(game, player)``); the other players
    type their moves. Commands: a move (``b1b5``, ``b1b5:S``, ``pass``), ``moves``, ``undo``,
    ``save FILE``, ``hint``, ``help``, ``quit``. Returns 0 (1 when a bot fails).
    ``hint_seconds`` is the thinking time of a hint (the hint's own default when None).
    """
    from rich.console import Console

    bots = dict(bots or {})
    if width is None and out is not None and not getattr(out, "isatty", lambda: False)():
        width = 100  # a file or a test: a fixed width
    console = Console(file=out, width=width, highlight=False,
                      color_system=None if color is False else "auto",
                      force_terminal=True if color else None, no_color=color is False)

    def say(text: str, style: str | None = None) -> None:
        console.print(text, style=style, markup=False)

    say(t("quixo_welcome", lang, size=game.size, players=game.num_players))
    say(t("quixo_help", lang))
    shown = None
    while True:
        if shown != game.ply or shown is None:
            console.print(render(game, lang))
            shown = game.ply
        if game.is_over:
            say(_result_text(game, lang), "bold")
            if bots and all(p in bots for p in range(game.num_players)):
                return 0
        else:
            p = game.to_act[0]
            if p in bots:
                try:
                    move = bots[p].decide(game, p)
                    game.choose(p, move)
                except IllegalMove as e:
                    say(t("quixo_bot_failed", lang, who=_who(game, p, lang),
                          why=e.translated(lang)), "bold red")
                    return 1
                except Exception as e:  # a broken bot must not lose the game: save is possible
                    say(t("quixo_bot_failed", lang, who=_who(game, p, lang),
                          why=f"{type(e).__name__}: {e}"), "bold red")
                    return 1
                say(t("quixo_bot_moved", lang, who=_who(game, p, lang),
                      move=shown_move(move, lang)))
                continue
            say(t("quixo_to_move", lang, who=_who(game, p, lang)))
        console.print("> ", end="")
        line = inp.readline()
        if not line:
            say("")
            return 0
        cmd, _, arg = line.strip().partition(" ")
        low = cmd.lower()
        arg = arg.strip()
        if not cmd:
            continue
        if low in ("quit", "exit", "q"):
            return 0
        if low in ("help", "?"):
            say(t("quixo_help", lang))
        elif low == "moves":
            if game.is_over:
                say(t("game_over", lang))
            else:
                say(" ".join(shown_move(m, lang) for m in game.options(game.to_act[0])))
        elif low == "undo":
            _undo(game, bots, say, lang)
            shown = None
        elif low == "save":
            if not arg:
                say(t("quixo_save_usage", lang), "bold red")
                continue
            try:
                path = save_game(game, arg)
            except OSError as e:
                say(t("quixo_cannot_write", lang, path=arg, why=e.strerror or str(e)), "bold red")
            else:
                say(t("quixo_saved", lang, path=str(path)))
        elif low == "hint":
            if game.is_over:
                say(t("game_over", lang))
            else:
                say(hint(game, lang, hint_seconds))
        else:
            if game.is_over:
                say(t("game_over", lang), "bold red")
                continue
            p = game.to_act[0]
            try:
                game.choose(p, typed_move(line.strip(), lang))
            except IllegalMove as e:
                say(e.translated(lang), "bold red")
                say(t("quixo_try_help", lang))


def _undo(game: QuixoGame, bots: dict[int, Any], say, lang: str | None) -> None:
    """Undo the last move; against bots, back to the last human move."""
    if not game.history:
        say(t("nothing_to_undo", lang), "bold red")
        return
    game.undo()
    while game.history and game.to_act and game.to_act[0] in bots:
        game.undo()
    say(t("quixo_undone", lang))


def _result_text(game: QuixoGame, lang: str | None) -> str:
    reason = game.end_reason
    if game.winner is None:
        return t("quixo_draw_" + str(reason), lang)
    side = game.winner.upper()
    if reason == "opponent_line":
        return t("quixo_won_opponent_line", lang, side=side)
    return t("quixo_won_line", lang, side=side)
