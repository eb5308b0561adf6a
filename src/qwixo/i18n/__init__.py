"""The translations of qwixo: English, Turkish, Italian, Polish, as gettext catalogues.

Every user-facing text (web, terminal, rule help, error messages) is looked up here by key.
The texts live in ``locale/<lang>/LC_MESSAGES/qwixo.po`` (with ``qwixo.pot`` as the template
and the compiled ``qwixo.mo`` next to each ``.po``). In a catalogue the key is the message
context (``msgctxt``), the English text is the ``msgid`` (so Poedit, Weblate and the like show
translators the English), and the translation is the ``msgstr``. A message with a count has a
``msgid_plural`` and one ``msgstr[i]`` per plural form of the language; its context is
``key|count``, ``count`` naming the parameter the form is chosen by (``lock_needs|need``).
``docs/glossary.md`` lists the rulebooks' terms every text uses; ``tools/i18n_compile.py``
compiles the catalogues, ``tools/i18n_from_tables.py`` moves keys still written as Python
tables (``TEXTS`` in a module of this package) into them.

>>> t("game_over", "en")
'The game is over.'
>>> t("not_your_turn", "it", player=2)
'Non è il turno del giocatore 2.'
>>> t("web_players_n", "pl", n=2), t("web_players_n", "pl", n=5), tn("web_players_n", 1, "it")
('2 gracze', '5 graczy', '1 giocatore')
"""

from __future__ import annotations

import gettext
import importlib
import os
import pkgutil
import re
import string
import struct
from functools import cache
from pathlib import Path

LANGS: tuple[str, ...] = ("en", "tr", "it", "pl")
LANG_NAMES = {"en": "English", "tr": "Türkçe", "it": "Italiano", "pl": "Polski"}
DOMAIN = "qwixo"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# gettext plural rules (the Plural-Forms header each catalogue must carry) and the CLDR plural
# categories of each gettext form, which the web front end picks with Intl.PluralRules
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "tr": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
PLURAL_CATEGORIES = {
    "en": ("one", "other"),
    "tr": ("one", "other"),
    "it": ("one", "other"),
    "pl": ("one", "few", "many"),
}


class Entry:
    """One message in every language: ``texts[lang]`` is a tuple of forms (one form unless
    the message has a count, named ``count``)."""

    __slots__ = ("key", "count", "texts")

    def __init__(self, key: str, count: str | None, texts: dict[str, tuple[str, ...]]):
        self.key, self.count, self.texts = key, count, texts

    def text(self, lang: str, n: int | None = None) -> str:
        forms = self.texts.get(lang) or self.texts["en"]
        if len(forms) == 1 or n is None:
            return forms[-1]
        i = plural_index(lang if lang in self.texts else "en", n)
        return forms[min(i, len(forms) - 1)]


@cache
def _plural_function(lang: str):
    expr = PLURAL_FORMS[lang].split("plural=", 1)[1].rstrip(";")
    return gettext.c2py(expr)


def plural_index(lang: str, n: int) -> int:
    """The gettext plural form of the count ``n`` in ``lang`` (Polish: 0, 1 or 2)."""
    return _plural_function(lang if lang in PLURAL_FORMS else "en")(abs(int(n)))


def _read_mo(path: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """``{msgctxt: (msgid, forms)}`` of a compiled catalogue (the GNU .mo format)."""
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _rev, count, orig, trans = struct.unpack(order + "4I", data[4:20])
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for i in range(count):
        olen, ooff = struct.unpack(order + "2I", data[orig + 8 * i:orig + 8 * i + 8])
        tlen, toff = struct.unpack(order + "2I", data[trans + 8 * i:trans + 8 * i + 8])
        msgid = data[ooff:ooff + olen].decode()
        msgstr = data[toff:toff + tlen].decode()
        if "\x04" not in msgid:  # the header
            continue
        ctxt, msgid = msgid.split("\x04", 1)
        out[ctxt] = (msgid.split("\x00")[0], tuple(msgstr.split("\x00")))
    return out


def _read_po(path: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The same from the source catalogue (used when the compiled one is missing)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        cat = read_po(f)
    out = {}
    for m in cat:
        if not m.context or m.fuzzy:
            continue
        msgid = m.id[0] if isinstance(m.id, tuple) else m.id
        forms = tuple(m.string) if isinstance(m.string, tuple) else (m.string,)
        out[m.context] = (msgid, forms)
    return out


def read_catalogue(lang: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """``{msgctxt: (English msgid, translated forms)}`` of one language: the compiled ``.mo``,
    else the ``.po`` itself."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    if mo.exists():
        return _read_mo(mo)
    po = folder / f"{DOMAIN}.po"
    return _read_po(po) if po.exists() else {}


def _legacy_tables() -> dict[str, dict]:
    """Keys still written as Python tables (``TEXTS`` in a module of this package, the way
    texts were added before the catalogues): used until ``tools/i18n_from_tables.py`` moves
    them into the catalogues (a test fails while any is left)."""
    table: dict[str, dict] = {}
    for m in pkgutil.iter_modules(__path__):
        mod = importlib.import_module(f"{__name__}.{m.name}")
        for key, entry in getattr(mod, "TEXTS", {}).items():
            if key in table:
                raise RuntimeError(f"translation key {key!r} defined twice ({m.name})")
            table[key] = entry
    return table


def _load() -> dict[str, Entry]:
    entries: dict[str, Entry] = {}
    for lang in LANGS:
        for ctxt, (_msgid, forms) in read_catalogue(lang).items():
            key, _, count = ctxt.partition("|")
            if not any(forms):
                continue
            e = entries.setdefault(key, Entry(key, count or None, {}))
            e.texts[lang] = forms
    for key, entry in _legacy_tables().items():
        if key in entries:
            continue
        count = entry.get("count")
        texts = {lang: (v,) if isinstance(v, str) else tuple(v)
                 for lang, v in entry.items() if lang in LANGS}
        entries[key] = Entry(key, count, texts)
    return entries


ENTRIES: dict[str, Entry] = _load()
#: ``{key: {lang: text}}`` (a message with a count: its last, most general form)
TABLE: dict[str, dict[str, str]] = {k: {lang: f[-1] for lang, f in e.texts.items()}
                                    for k, e in ENTRIES.items()}
#: ``{key: name of the count parameter}`` of every message with plural forms
PLURALS: dict[str, str] = {k: e.count for k, e in ENTRIES.items() if e.count}


def default_lang() -> str:
    """The language from ``QWIXO_LANG`` or the locale (``LANG``), English otherwise."""
    for var in ("QWIXO_LANG", "LC_ALL", "LANG"):
        val = os.environ.get(var, "")[:2].lower()
        if val in LANGS:
            return val
    return "en"


# CLDR's minimumGroupingDigits where it is not 1, which Babel does not read (the browser's
# Intl.NumberFormat does): Italian and Polish group the thousands from five digits on
# ("1837", "12.345", "12 345")
_MIN_GROUPING = {"it": 2, "pl": 2}


def number(x: float, lang: str | None = None, digits: int | None = 0, *,
           sign: bool = False) -> str:
    """A number as the language writes it (Babel, the CLDR data): ``digits`` decimals (None:
    as many as it has, up to 3), the language's decimal sign and digit grouping; ``sign``: a
    ``+`` before a positive number.

    >>> number(35.74, "tr", 1), number(35.74, "pl", 1), number(1234567, "it"), number(1.5, "en", 1, sign=True)
    ('35,7', '35,7', '1.234.567', '+1.5')
    >>> number(10.0, "tr", None), number(7.4, "tr", None)
    ('10', '7,4')
    >>> number(1837, "pl"), number(12345, "pl"), number(1837, "it"), number(1837, "tr")
    ('1837', '12\\xa0345', '1837', '1.837')
    """
    from babel.numbers import format_decimal

    lang = lang or default_lang()
    decimals = "###" if digits is None else "0" * digits
    shown = abs(round(x, 3 if digits is None else digits))
    grouped = shown >= 10 ** (2 + _MIN_GROUPING.get(lang, 1))
    pattern = ("#,##0" if grouped else "0") + ("." + decimals if decimals else "")
    if sign:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(x, format=pattern, locale=lang)


def percent(x: float, lang: str | None = None, digits: int = 1) -> str:
    """A share (0..1) in per cent as the language writes it, the sign where it puts it.

    >>> percent(0.3574, "tr"), percent(0.3574, "it"), percent(0.3574, "pl"), percent(0.3574, "en")
    ('%35,7', '35,7%', '35,7%', '35.7%')
    """
    from babel import Locale
    from babel.numbers import format_percent

    locale = Locale.parse(lang or default_lang())
    pattern = locale.percent_formats[None].pattern.replace(
        "#,##0", "#,##0" + ("." + "0" * digits if digits > 0 else ""), 1)
    return format_percent(x, format=pattern, locale=locale)


def _count_of(entry: Entry, params: dict) -> int | None:
    if entry.count is None:
        return None
    value = params.get(entry.count)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    digits = re.sub(r"[\s,.\u00a0\u202f'’]", "", str(value))  # already formatted ("1 234")
    try:
        return int(digits)
    except ValueError:
        return None


_ROWS = ("r", "y", "g", "b")
_SEATS = ("N", "E", "S", "W")  # the seats of 4-player Quixo
_CLASS = re.compile(r"([a-z]+)-([a-z0-9-]+)-(\d+)p")  # a rating class
_CELL = re.compile(r"([rygb])(\d{1,2})", re.IGNORECASE)


def _shown(name: str, value: object, lang: str, params: dict | None = None) -> object:
    """A parameter as people read it: the codes the programs speak in become words.

    ``seat`` and ``dot`` holding a seat of 4-player Quixo (``N``, ``E``, ``S``, ``W``) and
    ``seats`` (``"N, S"``) become the language's words for them (``quixo_seat_N``).
    ``cls`` holding a rating class (``qwixx-classic-3p``) becomes its game, variant and
    players in words (``web_class``).
    ``why`` holding a reason's key (``why_...``, e.g. ``why_undo``) becomes that text, formatted
    with the message's other parameters (``why_one_of`` shows ``{choices}``).

    ``row`` (a row's letter, r y g b, any case), ``rows`` (several, space-separated), ``die`` and
    ``colour`` (a die's: r y g b, w1 w2) and ``names`` (several dice) become the language's colour word, agreeing with its
    word for row or die (``qwixx_row_r``, ``qwixx_die_r``); ``cell``, ``last``, ``decision`` and
    ``choice`` holding a cell (``r12``) become the cell in words (``qwixx_cell_r``: "red 12",
    Polish "czerwone pole 12"), and a ``decision``/``choice`` ``pass`` the word for passing.
    Anything else is shown as it is (e.g. a letter someone typed that is no row).
    """
    if not isinstance(value, str):
        return value
    if name == "why" and value.startswith("why_") and value in ENTRIES:
        return t(value, lang, **{k: v for k, v in (params or {}).items() if k != "why"})
    m = _CLASS.fullmatch(value) if name == "cls" else None
    if m:  # a rating class: "qwixx-classic-3p" is "Qwixx · Classic · 3 players"
        game, variant, players = m[1], m[2], int(m[3])
        ed = f"web_edition_{variant}"
        return t("web_class", lang, game=t(f"web_{game}", lang) if f"web_{game}" in ENTRIES
                 else game, players=players,
                 variant=t(ed, lang).split(" (")[0] if ed in ENTRIES else variant.replace("x", "×"))
    if name in ("seat", "dot") and value in _SEATS:
        return t(f"quixo_seat_{value}", lang)
    if name == "seats" and value and all(x in _SEATS for x in value.split(", ")):
        return ", ".join(t(f"quixo_seat_{x}", lang) for x in value.split(", "))
    code = value.strip().lower()
    if name == "row" and code in _ROWS:
        return t(f"qwixx_row_{code}", lang)
    if name in ("die", "colour") and (code in _ROWS or code in ("w", "w1", "w2")):
        return t(f"qwixx_die_{code[:1]}", lang)
    if name == "rows" and code and all(c in _ROWS for c in code.split()):
        return ", ".join(t(f"qwixx_row_{c}", lang) for c in code.split())
    if name == "names" and code and all(c in _ROWS or c in ("w1", "w2") for c in code.split()):
        return ", ".join(t(f"qwixx_die_{c[:1]}", lang) for c in code.split())
    if name in ("cell", "last", "decision", "choice"):
        m = _CELL.fullmatch(code)
        if m:
            return t(f"qwixx_cell_{m[1]}", lang, number=m[2])
        if name in ("decision", "choice") and code == "pass":
            return t("pass", lang)
    return value


_CASED = re.compile(r"\{([A-Za-z_]\w*)\.([a-z]+)\}")


def _case_form(name: str, value: object, case: str, lang: str) -> str | None:
    """A colour code in the grammatical form a sentence asks for with ``{name.case}``: the
    key ``qwixx_row_r_loc`` (Polish "czerwonym", for "w rzędzie {row.loc}"), ``qwixx_cell_r_def``
    (Italian "il {number} rosso", for "segna {cell.def}"; its ``..._v`` form, "l'{number}
    rosso", before a number the catalogue's ``qwixx_vowel_numbers`` lists); None when the
    parameter holds no such code (the plain form is shown then)."""
    if not isinstance(value, str):
        return None
    code = value.strip().lower()
    if name == "row" and code in _ROWS:
        return t(f"qwixx_row_{code}_{case}", lang) if f"qwixx_row_{code}_{case}" in ENTRIES else None
    if name in ("die", "colour") and (code in _ROWS or code in ("w", "w1", "w2")):
        key = f"qwixx_die_{code[:1]}_{case}"
        return t(key, lang) if key in ENTRIES else None
    m = _CELL.fullmatch(code) if name in ("cell", "last", "decision", "choice") else None
    if m and f"qwixx_cell_{m[1]}_{case}" in ENTRIES:
        key = f"qwixx_cell_{m[1]}_{case}"
        if str(int(m[2])) in t("qwixx_vowel_numbers", lang).split() and f"{key}_v" in ENTRIES:
            key += "_v"
        return t(key, lang, number=m[2])
    return None


def _format(text: str, params: dict, lang: str) -> str:
    def cased(m: re.Match) -> str:
        name, case = m[1], m[2]
        form = _case_form(name, params[name], case, lang) if name in params else None
        return "{" + name + "}" if form is None else form.replace("{", "{{").replace("}", "}}")

    if "." in text:
        text = _CASED.sub(cased, text)
    return text.format(**{k: _shown(k, v, lang, params) for k, v in params.items()})


def t(key: str, lang: str | None = None, /, **params: object) -> str:
    """The text for ``key`` in ``lang`` (default: :func:`default_lang`), formatted with params.

    A message with a count picks its plural form by the parameter it names (``PLURALS``).
    Qwixx rows, dice and cells given as codes are shown in words (see :func:`_shown`).
    Falls back to English when the language lacks the key, and to the key itself when no
    catalogue has it (so a missing text shows up visibly instead of crashing).
    """
    lang = lang or default_lang()
    entry = ENTRIES.get(key)
    if entry is None:
        return key if not params else f"{key} {params}"
    text = entry.text(lang, _count_of(entry, params))
    try:
        return _format(text, params, lang)
    except (KeyError, IndexError, ValueError):
        return entry.text("en", _count_of(entry, params)).format_map(_Default(params))


def tn(key: str, n: int, lang: str | None = None, /, **params: object) -> str:
    """``t`` of a message with a count, the form chosen by ``n`` (ngettext): ``n`` is also
    the message's count parameter unless ``params`` gives that one (e.g. already formatted).

    >>> tn("quixo_bots_more_moves", 1, "en"), tn("quixo_bots_more_moves", 3, "pl")
    ('... and 1 more move', '... i 3 kolejne ruchy')
    """
    entry = ENTRIES.get(key)
    if entry is not None and entry.count:
        shown = params.pop(entry.count, n)
        lang = lang or default_lang()
        text = entry.text(lang, int(n))
        try:
            return _format(text, {entry.count: shown, **params}, lang)
        except (KeyError, IndexError, ValueError):
            return entry.text("en", int(n)).format_map(_Default({entry.count: shown, **params}))
    return t(key, lang, **params)


class _Default(dict):
    def __missing__(self, k: str) -> str:
        return "{" + k + "}"


def placeholders(text: str) -> set[str]:
    """Names of the ``{placeholders}`` in a text (``{row.loc}``, a form of ``row``: ``row``)."""
    return {re.split(r"[.\[]", f)[0] for _, f, _, _ in string.Formatter().parse(text) if f}


def catalog(lang: str) -> dict[str, str]:
    """Every text in one language (English where missing): what the web front end downloads.

    ``{key: text}``; a message with a count also has ``key#count`` (the name of its count
    parameter) and ``key#one``, ``key#few``, ... (its form for each CLDR plural category of the
    language, as ``Intl.PluralRules`` names them); ``key`` itself is its most general form.
    """
    out: dict[str, str] = {}
    for key, e in ENTRIES.items():
        forms = e.texts.get(lang) or e.texts["en"]
        out[key] = forms[-1]
        if e.count:
            src = lang if lang in e.texts else "en"
            out[f"{key}#count"] = e.count
            for i, category in enumerate(PLURAL_CATEGORIES[src]):
                out[f"{key}#{category}"] = forms[min(i, len(forms) - 1)]
            if "other" not in PLURAL_CATEGORIES[src]:
                out[f"{key}#other"] = forms[-1]
    return out
