"""The terminal in Turkish, Italian and Polish reads in that language: scripted Qwixx sessions
(every edition, score pad, bots, errors, help) and Quixo sessions (2 and 4 players) print no
English word of the English catalogue that the language's own catalogue does not use too, and no
lone R/Y/G/B/W/N/E/S as a label (tests/words_check.py)."""

from __future__ import annotations

import functools
import io
import random
import re

import pytest

import qwixo
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.terminal import play
from qwixo.qwixx.game import QwixxGame
from qwixo.qwixx.terminal import Terminal
from words_check import check


def qwixx_session(edition: str, lang: str, pad: bool, script: str, **kw) -> str:
    out = io.StringIO()
    term = Terminal(QwixxGame(edition, players=2, seed=7, **kw), inp=io.StringIO(script),
                    out=out, color=False, lang=lang, pad=pad)
    term.run()
    return out.getvalue()


PAD = "\n".join(["3 4 1 1 1 1", "r7", "?", "x9", "q5", "r2", "pass", "sheet", "pass",
                 "6 6 2 2 2 2", "pass", "pass", "pass", "1 2", "9 9 9 9 9 9", "quit"]) + "\n"
ROLLS = "\n".join(["", "pass", "pass", "pass", "", "pass", "pass", "help", "quit"]) + "\n"


@pytest.mark.parametrize("lang", ["tr", "it", "pl"])
@pytest.mark.parametrize("edition", ["classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b"])
def test_qwixx_terminal_speaks_the_language(lang, edition):
    kw = {"lucky": [(6, 11), (7, 12)]} if edition == "longo" else {}
    script = PAD if edition != "longo" else PAD.replace("3 4 1 1 1 1", "3 4 1 1 1 1 1 1").replace(
        "6 6 2 2 2 2", "6 6 2 2 2 2 2 2").replace("9 9 9 9 9 9", "9 9 9 9 9 9 9 9")
    text = qwixx_session(edition, lang, True, script, **kw)
    check(text, lang, script)
    text = qwixx_session(edition, lang, False, ROLLS, **kw)
    check(text, lang, ROLLS)


QUIXO2 = ["a1c1", "c1a1", "b2b1", "moves", "zz", "undo", "help", "a1a5", "quit"]
QUIXO4 = ["a1e1", "a1e1:Q", "e5e1", "b1b5:E", "moves", "help", "quit"]


@pytest.mark.parametrize("lang", ["tr", "it", "pl"])
def test_quixo_terminal_speaks_the_language(lang):
    for game, lines in [(QuixoGame(size=5), QUIXO2),
                        (QuixoGame(players=4, position="N.E../...../...../...../S...W E"), QUIXO4)]:
        out = io.StringIO()
        script = "".join(f"{x}\n" for x in lines)
        play(game, io.StringIO(script), out, color=False, lang=lang)
        check(out.getvalue(), lang, script)


def test_the_check_fails_on_english_and_on_letters():
    with pytest.raises(AssertionError):
        check("Oyun bitti. The game is over.", "tr")
    with pytest.raises(AssertionError):
        check("Riga G chiusa", "it")
    check("Riga gialla chiusa (Gi), X·Ku. E poi Bonus B", "it")
    with pytest.raises(AssertionError):
        check("kostki: W 3, W 4", "pl")


# a move code as the engines write it: "b1b5", "b1b5:S", a Qwixx cell "r11", "L:g", "pass"
CODES = {"quixo": re.compile(r"\b[a-g][1-7][a-g][1-7]\b|:[NESW]\b|\bpass\b|\bP\d\b"),
         "qwixx": re.compile(r"\b[rygb]1?\d\b|\bL:[rygb]\b|\bpass\b|\bP\d\b")}


def _played(game, moves):
    for m in moves:
        if game.needs_roll:
            game.roll(m)
        else:
            game.choose(game.to_act[0], m)
    return game


@functools.cache
def _analysed() -> list[tuple]:
    """Three games and their analyses (0.5 s each), made once for every language (an analysis
    is the same whatever the language it is said in), after ``(the 3x3 game, its analysis in
    the default time)``."""
    from qwixo.analysis import analyse

    q3 = _played(QuixoGame(size=3), ["a2a1", "c2a2", "b1c1", "b3a3", "c2c1"])
    q4, rng = QuixoGame(size=5, players=4), random.Random(1)
    for _ in range(16):  # moves at random: some of them cost
        q4.choose(q4.to_act[0], rng.choice(q4.options(q4.to_act[0])))
    x2 = _played(QwixxGame("classic", players=2, seed=7),
                 [[1, 2, 6, 6, 6, 6], "r3", "pass", "pass"])
    return [(q3, analyse(q3)), *((g, analyse(g, seconds=0.5)) for g in (q3, q4, x2))]


@pytest.mark.parametrize("lang", ["en", "tr", "it", "pl"])
def test_the_terminal_analysis_says_seats_and_moves_in_words(lang):
    """``qwixo analyse`` names each seat as the board does (X / O, the compass seat and team,
    Player 2) and says each key moment as whole sentences, no move code in them."""
    from qwixo.analysis import format_analysis
    from qwixo.i18n import t

    (q3, q3_default), *analysed = _analysed()
    for game, a in analysed:
        text = format_analysis(a, game, lang)
        assert a["key"], text
        # each key moment names its seat in the game's words and its decisions in words
        lines = [line for line in text.splitlines() if line.startswith("  ")]
        for idx, line in zip(a["key"], lines, strict=True):
            p = next(p for p in a["points"] if p["index"] == idx)
            assert game.seat_words(p["player"], lang) in line, line
        assert not CODES[game.name].search(text), text
        if lang != "en":
            check(text, lang)
    assert "X" in format_analysis(q3_default, q3, lang)
    assert t("quixo_seat_N", lang) in analysed[1][0].seat_words(0, lang)


@pytest.mark.parametrize("lang", ["tr", "it", "pl"])
def test_the_quixo_terminal_shows_the_dot_by_the_boards_mark(lang):
    """The bots' moves, the move list and the hint name a 4-player move's dot by the seat's
    mark the board shows ("b1b5:Gü" in Turkish), never by the English compass letter."""
    from qwixo.i18n import t

    out = io.StringIO()
    bots = {p: qwixo.make_bot("quixo", "random", seed=p) for p in (1, 2, 3)}
    play(QuixoGame(players=4), io.StringIO("a1e1:N\nmoves\nhint\nquit\n"), out, color=False,
         lang=lang, bots=bots, hint_seconds=0.1)  # (any hint names a move: a short one)
    text = out.getvalue()
    text = text[text.index("    a"):]  # from the first board on (the help above names the letters)
    marks = [t(f"quixo_seat_mark_{s}", lang) for s in "NESW"]
    assert any(f":{m}" in text for m in marks), text
    assert not re.search(r":[NESW]\b", text), text
