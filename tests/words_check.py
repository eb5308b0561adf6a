"""What the "words" checks share (tests/test_words_terminal.py, tests/e2e/test_browser_words.py):
a text shown in Turkish, Italian or Polish must hold no English word of the English catalogue
that the language's own catalogue does not use too, and no lone R/Y/G/B/W/N/E/S as a label
(docs/glossary.md: colours and seats are words or the language's own abbreviations), and no
variant the glossary replaced, in any inflected form (docs/glossary_variants.toml: "tüm
işaretler", "Tavoliere")."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from qwixo.i18n import ENTRIES

VARIANTS = Path(__file__).resolve().parent.parent / "docs" / "glossary_variants.toml"

WORD = re.compile(r"[A-Za-z]{3,}")
# a word in a text shown: not a part of a token with digits (a game's id "gsSC4Not" is no "Not")
SHOWN_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])")
# what a person types stays as it is (docs/glossary.md): commands, options; and the names
INPUT_SYNTAX = {"pass", "moves", "undo", "save", "hint", "help", "quit", "sheet", "roll", "json",
                "qwixo", "qwixx", "quixo"}
URL = re.compile(r"https?://\S+")  # an address (an invite link) is no sentence
LONE = re.compile(r"(?<![\w'·:+\-/.])[RYGBWNES](?![\w'·:+\-/])")
# a one-letter word of the language starting a sentence (Polish "W grze", Italian "E poi")
ONE_LETTER_WORDS = {"tr": "", "it": "EOAI", "pl": "WZIAOU"}
# the editions' variant letters are the rulebooks' names (Qwixx gemixxt A/B, Qwixx Bonus A/B)
VARIANT = re.compile(r"\b(Mixx|Bonus) [AB]\b")


@cache
def english_words(lang: str) -> frozenset[str]:
    """The English catalogue's words that the language's catalogue never uses."""
    def words(texts):
        return {w.lower() for x in texts for w in WORD.findall(x)}
    english = words(f for e in ENTRIES.values() for f in e.texts["en"])
    own = words(f for e in ENTRIES.values() for f in e.texts.get(lang, ()))
    return frozenset(english - own - INPUT_SYNTAX)


@cache
def variants(lang: str) -> tuple[tuple[re.Pattern, str], ...]:
    """The glossary's replaced words of ``lang`` as patterns, with the word to use (those
    that hold for every text: a variant exempt for some keys is checked in the catalogues)."""
    rows = tomllib.loads(VARIANTS.read_text(encoding="utf-8")).get(lang, [])
    return tuple((re.compile(v["not"], re.IGNORECASE), v["use"]) for v in rows
                 if "keys_exempt" not in v)


def problems(text: str, lang: str, allowed: str = "") -> list[str]:
    """The English words and lone letters of ``text`` (``allowed``: text a person typed)."""
    english = english_words(lang) - {w.lower() for w in WORD.findall(allowed)}
    text = URL.sub(" ", text)
    out = []
    for w in sorted({w for w in SHOWN_WORD.findall(text) if w.lower() in english}):
        i = text.find(w)
        out.append(f"English word {w!r} in {text[max(0, i - 40):i + 40]!r}")
    for pattern, use in variants(lang):
        m = pattern.search(text)
        if m:
            out.append(f"{m[0]!r} (use {use!r}) in {text[max(0, m.start() - 40):m.end() + 40]!r}")
    text = VARIANT.sub(r"\1", text)
    for m in LONE.finditer(text):
        if m[0] in ONE_LETTER_WORDS[lang] and re.match(r" [^\W\d_]", text[m.end():]):
            continue
        out.append(f"lone letter {m[0]!r} in {text[max(0, m.start() - 30):m.end() + 30]!r}")
    return out


def check(text: str, lang: str, allowed: str = "") -> None:
    found = problems(text, lang, allowed)
    assert not found, f"{lang}: {found[:12]}\n{text[:2000]}"
