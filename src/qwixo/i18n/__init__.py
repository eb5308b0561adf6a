"""The one translation table of qwixo: English, Turkish, Italian, Polish.

Every user-facing text (web, terminal, rule help, error messages) is looked up here by key.
The table is split into one module per area (``common``, ``quixo``, ``qwixx``, ``cli``,
``web``, ...: every module of this package that defines ``TEXTS``) only to keep files small;
:data:`TABLE` merges them into a single table and a key may appear in only one area.

>>> t("game_over", "en")
'The game is over.'
>>> t("not_your_turn", "it", player=2)
'Non è il turno del giocatore 2.'
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import string

LANGS: tuple[str, ...] = ("en", "tr", "it", "pl")
LANG_NAMES = {"en": "English", "tr": "Türkçe", "it": "Italiano", "pl": "Polski"}
AREAS: tuple[str, ...] = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)))


def _merge() -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, str]] = {}
    for area in AREAS:
        mod = importlib.import_module(f"{__name__}.{area}")
        for key, entry in getattr(mod, "TEXTS", {}).items():
            if key in table:
                raise RuntimeError(f"translation key {key!r} defined twice ({area})")
            table[key] = entry
    return table


TABLE: dict[str, dict[str, str]] = _merge()


def default_lang() -> str:
    """The language from ``QWIXO_LANG`` or the locale (``LANG``), English otherwise."""
    for var in ("QWIXO_LANG", "LC_ALL", "LANG"):
        val = os.environ.get(var, "")[:2].lower()
        if val in LANGS:
            return val
    return "en"


def t(key: str, lang: str | None = None, /, **params: object) -> str:
    """The text for ``key`` in ``lang`` (default: :func:`default_lang`), formatted with params.

    Falls back to English when the language lacks the key, and to the key itself when the table
    has no such key (so a missing text shows up visibly instead of crashing).
    """
    lang = lang or default_lang()
    entry = TABLE.get(key)
    if entry is None:
        return key if not params else f"{key} {params}"
    text = entry.get(lang) or entry["en"]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return entry["en"].format_map(_Default(params))


class _Default(dict):
    def __missing__(self, k: str) -> str:
        return "{" + k + "}"


def placeholders(text: str) -> set[str]:
    """Names of the ``{placeholders}`` in a text."""
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def catalog(lang: str) -> dict[str, str]:
    """Every text in one language (English where missing): what the web front end downloads."""
    return {k: (v.get(lang) or v["en"]) for k, v in TABLE.items()}
