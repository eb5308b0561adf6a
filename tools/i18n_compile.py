"""Bring the gettext catalogues of qwixo up to date: template, plural headers, compiled .mo.

Usage: ``.venv/bin/python tools/i18n_compile.py [--check]``.

The catalogues are ``src/qwixo/i18n/locale/<lang>/LC_MESSAGES/qwixo.po`` (en, tr, it, pl). The
English catalogue is the source: its ``msgstr`` is the English text (its ``msgid`` is kept equal
to it). This script

- rewrites ``qwixo.pot`` (the template translators' tools start from) from the English catalogue;
- gives every translation the English text of its key as ``msgid``: when the English changed,
  the translation is marked ``fuzzy`` for a translator to review (the tests fail on fuzzy
  entries), as ``msgmerge`` does; a key missing in a language is added empty (the tests fail on
  it too); a key the English catalogue no longer has is dropped;
- writes the ``Plural-Forms`` headers and the ``python-brace-format`` / ``python-format`` flags;
- compiles every ``.po`` into its ``.mo`` (what ``qwixo.i18n`` reads at run time).

``--check`` changes nothing and exits 1 when a file would change (the test suite runs it).
The messages' keys are the contexts (``msgctxt``): ``key``, or ``key|count`` for a message with
plural forms chosen by its parameter ``count``.
"""

from __future__ import annotations

import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "qwixo" / "i18n" / "locale"
DOMAIN = "qwixo"
LANGS = ("en", "tr", "it", "pl")
LANG_TEAM = {"en": "English", "tr": "Turkish", "it": "Italian", "pl": "Polish"}
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "tr": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
NPLURALS = {lang: int(re.search(r"nplurals=(\d+)", v).group(1)) for lang, v in PLURAL_FORMS.items()}
# a fixed date keeps the files stable (they are compared byte for byte by --check)
STAMP = datetime(2026, 11, 26, tzinfo=UTC)
BRACE = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z0-9_]*(![rsa])?(:[^{}]*)?\}")
FORM = re.compile(r"\{[A-Za-z_]\w*\.[a-z]+\}")
PERCENT = re.compile(r"%\([A-Za-z_]+\)[sdr]")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def pot_path() -> Path:
    return LOCALE / f"{DOMAIN}.pot"


def split_context(ctxt: str) -> tuple[str, str | None]:
    key, _, count = ctxt.partition("|")
    return key, count or None


def context(key: str, count: str | None) -> str:
    return f"{key}|{count}" if count else key


def read(lang: str) -> Catalog | None:
    path = po_path(lang)
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def load(reader=None) -> dict[str, dict]:
    """``{key: {"count": name or None, "fuzzy": {langs}, "comments": [..], lang: forms}}`` in
    the English catalogue's order (``forms`` a tuple of strings; a language may be missing).
    ``reader(lang)`` gives a language's catalogue (default: :func:`read`, the file)."""
    out: dict[str, dict] = {}
    for lang in LANGS:
        cat = (reader or read)(lang)
        if cat is None:
            continue
        for m in cat:
            if not m.context:
                continue
            key, count = split_context(m.context)
            e = out.setdefault(key, {"count": count, "fuzzy": set(), "comments": []})
            if lang == "en":
                e["count"] = count
                e["comments"] = list(m.user_comments)
            forms = tuple(m.string) if isinstance(m.string, tuple) else (m.string,)
            e[lang] = forms
            if m.fuzzy:
                e["fuzzy"].add(lang)
            if lang != "en":
                e.setdefault("msgids", {})[lang] = m.id
    return out


def _flags(texts) -> set[str]:
    flags = set()
    if any(BRACE.search(x) for x in texts):
        flags.add("python-brace-format")
    if any(PERCENT.search(x) for x in texts):
        flags.add("python-format")
    return flags


def _catalog(lang: str | None) -> Catalog:
    cat = Catalog(locale=lang, domain=DOMAIN, project="qwixo", version="1",
                  copyright_holder="the qwixo authors", msgid_bugs_address="",
                  creation_date=STAMP, revision_date=STAMP, fuzzy=False,
                  charset="utf-8")
    cat.last_translator = "the qwixo authors"
    cat.language_team = f"{LANG_TEAM[lang]} (qwixo)" if lang else "qwixo"
    if lang:
        cat.mime_headers = [*cat.mime_headers, ("Plural-Forms", PLURAL_FORMS[lang])]
    return cat


def build(entries: dict[str, dict]) -> dict[str, bytes]:
    """The file contents (``{relative path: bytes}``) of the template, the catalogues and the
    compiled catalogues for ``entries`` (as :func:`load` returns them)."""
    files: dict[str, bytes] = {}
    pot = _catalog(None)
    cats = {lang: _catalog(lang) for lang in LANGS}
    for key, e in entries.items():
        en = e.get("en")
        if not en or not any(en):
            raise ValueError(f"{key}: no English text")
        count = e.get("count")
        if count and len(en) != 2:
            raise ValueError(f"{key}: English needs 2 forms (singular, plural), not {len(en)}")
        if not count and len(en) != 1:
            raise ValueError(f"{key}: {len(en)} English forms but no count parameter")
        msgid = (en[0], en[1]) if count else en[0]
        ctxt = context(key, count)
        flags = _flags(en)
        comments = [f"count: {{{count}}}"] if count else []
        user = e.get("comments", [])
        _add(pot, msgid, ("", "") if count else "", ctxt, flags, comments, user)
        for lang in LANGS:
            forms = tuple(e.get(lang, ()))
            n = NPLURALS[lang] if count else 1
            fuzzy = set(e.get("fuzzy", ())) & {lang}
            if lang == "en":
                forms = en
            else:
                old = e.get("msgids", {}).get(lang)
                if old is not None and old != msgid and any(forms):
                    fuzzy = {lang}  # the English changed: a translator must look again
            if len(forms) != n:  # a count added or removed, or a new key: forms to write
                forms = (tuple(forms) + ("",) * n)[:n] if any(forms) else ("",) * n
            string = forms if count else forms[0]
            own = flags
            if any(FORM.search(x) for x in forms):
                # "{row.loc}" (a form of the parameter row, qwixo.i18n._case_form) reads to
                # msgfmt as another parameter: its check of this message is the tests' own
                own = (flags - {"python-brace-format"}) | {"no-python-brace-format"}
            _add(cats[lang], msgid, string, ctxt, own | ({"fuzzy"} if fuzzy else set()),
                 comments, user)
    files[str(pot_path().relative_to(ROOT))] = _po_bytes(pot)
    for lang, cat in cats.items():
        files[str(po_path(lang).relative_to(ROOT))] = _po_bytes(cat)
        buf = io.BytesIO()
        write_mo(buf, cat, use_fuzzy=False)
        files[str(mo_path(lang).relative_to(ROOT))] = buf.getvalue()
    return files


def _add(cat: Catalog, msgid, string, ctxt, flags, comments, user) -> None:
    cat[msgid] = Message(msgid, string, context=ctxt, flags=flags, auto_comments=comments,
                         user_comments=user)
    m = cat.get(msgid, context=ctxt)
    if "python-format" in m.flags and "python-format" not in flags:
        # Babel takes "95% c" for a %-directive: say it is none (msgfmt --check trusts flags)
        m.flags.discard("python-format")
        m.flags.add("no-python-format")
    if "no-python-brace-format" in flags:  # Babel adds it by the msgid's look
        m.flags.discard("python-brace-format")


def _po_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, include_previous=False,
             sort_output=False, ignore_obsolete=True)
    lines = buf.getvalue().decode().splitlines(keepends=True)
    # no tool version or placeholder author in the files: they must not change by themselves
    keep = [x for x in lines if not x.startswith(('"Generated-By:', "# FIRST AUTHOR",
                                                  '"Report-Msgid-Bugs-To:'))]
    return "".join(keep).encode()


def save(entries: dict[str, dict]) -> list[str]:
    """Write everything :func:`build` makes; the paths that changed."""
    changed = []
    for rel, data in build(entries).items():
        path = ROOT / rel
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed.append(rel)
    return changed


def stale(entries: dict[str, dict] | None = None) -> list[str]:
    """The files that :func:`save` would change."""
    entries = load() if entries is None else entries
    return [rel for rel, data in build(entries).items()
            if not (ROOT / rel).exists() or (ROOT / rel).read_bytes() != data]


SRC = ROOT / "src" / "qwixo"
_LITERAL = re.compile(r"""["'`]([a-z][a-z0-9_-]*)["'`]""")
# a key made at run time from a literal prefix: "qx_ann_end_" + why, f"tournament_col_{c}",
# `web_row_${c}`, _label("cli_end_", name): the prefix must name an area and a group (two words)
_PREFIX = re.compile(r"""["'`]([a-z][a-z0-9]*(?:_[a-z0-9]+)+_)(?:["'`]|\{|\$\{)""")


def used_keys(keys) -> set[str]:
    """The keys of ``keys`` that the code uses: written as a string literal in a Python or
    JavaScript file of ``src/qwixo`` (the catalogues aside), or starting with a literal prefix
    the code completes at run time (see ``_PREFIX``)."""
    literals: set[str] = set()
    prefixes: set[str] = set()
    for path in SRC.rglob("*"):
        if path.suffix not in (".py", ".js", ".html") or "locale" in path.parts:
            continue
        if path.parent.name == "i18n" and path.name != "__init__.py":
            continue  # tables not yet converted define keys, they do not use them
        text = path.read_text(encoding="utf-8")
        literals.update(_LITERAL.findall(text))
        prefixes.update(_PREFIX.findall(text))
    return {k for k in keys if k in literals or any(k.startswith(p) for p in prefixes)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        bad = stale()
        for rel in bad:
            print(f"out of date: {rel} (run tools/i18n_compile.py)")
        return 1 if bad else 0
    for rel in save(load()):
        print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
