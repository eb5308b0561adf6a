"""The catalogue tools: converting texts still written as Python tables (what a branch merged
from before the catalogues brings), compiling, and the run-time fallback to the .po files."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from babel.messages.pofile import read_po

import qwixo.i18n as i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import i18n_compile  # noqa: E402
import i18n_from_tables  # noqa: E402

TABLE = '''
TEXTS = {
    "demo_new_key": {"en": "A new text.", "tr": "Yeni bir metin.", "it": "Un testo nuovo.",
                     "pl": "Nowy tekst."},
    "demo_counted": {"count": "n",
                     "en": ("{n} cube", "{n} cubes"), "tr": ("{n} küp", "{n} küp"),
                     "it": ("{n} cubo", "{n} cubi"), "pl": ("{n} kostka", "{n} kostki", "{n} kostek")},
    "game_over": {"en": "Old wording.", "tr": "x", "it": "x", "pl": "x"},
    "demo_nobody_uses_it": {"en": "Gone.", "tr": "Yok.", "it": "Via.", "pl": "Nie ma."},
}
'''


def _sandbox(tmp_path, monkeypatch):
    """A copy of the package's catalogues (and a module using the new keys) to convert in."""
    src = tmp_path / "src" / "qwixo"
    shutil.copytree(i18n.LOCALE_DIR, src / "i18n" / "locale")
    (src / "i18n" / "__init__.py").write_text("", encoding="utf-8")
    (src / "i18n" / "demo.py").write_text(TABLE, encoding="utf-8")
    (src / "game.py").write_text('t("demo_new_key"); tn("demo_counted", 3); t("game_over")\n',
                                 encoding="utf-8")
    monkeypatch.setattr(i18n_compile, "ROOT", tmp_path)
    monkeypatch.setattr(i18n_compile, "SRC", src)
    monkeypatch.setattr(i18n_compile, "LOCALE", src / "i18n" / "locale")
    monkeypatch.setattr(i18n_from_tables, "PACKAGE", src / "i18n")
    return src


def _po(src, lang):
    with (src / "i18n" / "locale" / lang / "LC_MESSAGES" / "qwixo.po").open("rb") as f:
        return {m.context: m for m in read_po(f) if m.context}


def test_tables_are_moved_into_the_catalogues(tmp_path, monkeypatch, capsys):
    src = _sandbox(tmp_path, monkeypatch)
    assert i18n_from_tables.main([]) == 0
    out = capsys.readouterr().out
    assert "added demo_new_key (demo.py)" in out
    assert "kept the catalogue's text, the table's was changed: game_over" in out
    assert "left out, no code uses it: demo_nobody_uses_it" in out
    assert not (src / "i18n" / "demo.py").exists()  # the table is gone once converted
    pl, en = _po(src, "pl"), _po(src, "en")
    assert pl["demo_new_key"].string == "Nowy tekst."
    assert pl["demo_counted|n"].string == ("{n} kostka", "{n} kostki", "{n} kostek")
    assert en["demo_counted|n"].id == ("{n} cube", "{n} cubes")
    assert en["game_over"].string == "The game is over."  # the reviewed text wins
    assert "demo_nobody_uses_it" not in en
    assert i18n_compile.stale() == []  # template and .mo written too
    mo = i18n._read_mo(src / "i18n" / "locale" / "it" / "LC_MESSAGES" / "qwixo.mo")
    assert mo["demo_counted|n"] == ("{n} cube", ("{n} cubo", "{n} cubi"))


def test_a_changed_english_text_makes_the_translations_fuzzy(tmp_path, monkeypatch):
    src = _sandbox(tmp_path, monkeypatch)
    (src / "i18n" / "demo.py").unlink()
    entries = i18n_compile.load()
    entries["game_over"]["en"] = ("The game has ended.",)
    i18n_compile.save(entries)
    assert _po(src, "tr")["game_over"].fuzzy and _po(src, "tr")["game_over"].id == \
        "The game has ended."
    assert not _po(src, "en")["game_over"].fuzzy
    assert i18n_compile.stale() == []


def test_the_po_files_serve_when_the_compiled_ones_are_missing():
    for lang in i18n.LANGS:
        folder = i18n.LOCALE_DIR / lang / "LC_MESSAGES"
        assert i18n._read_po(folder / "qwixo.po") == i18n._read_mo(folder / "qwixo.mo")
