"""The terminal in Turkish, Italian and Polish reads in that language: scripted Qwixx sessions
(every edition, score pad, bots, errors, help) and Quixo sessions (2 and 4 players) print no
English word of the English catalogue that the language's own catalogue does not use too, and no
lone R/Y/G/B/W/N/E/S as a label (tests/words_check.py)."""

from __future__ import annotations

import io

import pytest

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
