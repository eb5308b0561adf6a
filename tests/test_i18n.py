"""The translations: gettext catalogues complete, consistent, compiled, used, and in words.

Fails on a missing or fuzzy translation, a placeholder that differs between languages or
plural forms, a wrong plural header, a key nobody uses (or a key used that no catalogue has),
a compiled catalogue older than its source, ``msgfmt --check`` errors, a text still in a Python
table, and a Qwixx row, die or cell shown by its letter inside a sentence.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from qwixo.i18n import (
    ENTRIES,
    LANGS,
    LOCALE_DIR,
    PLURAL_CATEGORIES,
    PLURAL_FORMS,
    PLURALS,
    TABLE,
    catalog,
    placeholders,
    plural_index,
    t,
    tn,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import i18n_compile  # noqa: E402

NPLURALS = {lang: int(re.search(r"nplurals=(\d)", v)[1]) for lang, v in PLURAL_FORMS.items()}


def _po(lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "qwixo.po").open("rb") as f:
        return read_po(f)


CATALOGUES = {lang: _po(lang) for lang in LANGS}


def _messages(lang):
    return {m.context: m for m in CATALOGUES[lang] if m.context}


def _forms(m):
    return tuple(m.string) if isinstance(m.string, tuple) else (m.string,)


def test_the_catalogues_hold_every_key_and_nothing_is_left_in_python_tables():
    assert len(ENTRIES) > 400
    assert not list(Path(i18n_compile.SRC / "i18n").glob("[!_]*.py")), \
        "texts still in a Python table: run tools/i18n_from_tables.py"
    keys = {lang: set(_messages(lang)) for lang in LANGS}
    for lang in LANGS:
        assert keys[lang] == keys["en"], f"{lang}: {keys[lang] ^ keys['en']}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_header(lang):
    assert CATALOGUES[lang].plural_forms == PLURAL_FORMS[lang]
    assert CATALOGUES[lang].num_plurals == NPLURALS[lang] == len(PLURAL_CATEGORIES[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_and_not_fuzzy(lang):
    missing, fuzzy = [], []
    for ctxt, m in _messages(lang).items():
        if m.fuzzy:
            fuzzy.append(ctxt)
        if not all(x.strip() for x in _forms(m)):
            missing.append(ctxt)
    assert not missing, f"{lang}: untranslated {missing}"
    assert not fuzzy, f"{lang}: fuzzy (the English changed, a translator must look) {fuzzy}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_the_english_in_every_form(lang):
    en = _messages("en")
    bad = []
    for ctxt, m in _messages(lang).items():
        want = placeholders(en[ctxt].id[0] if en[ctxt].pluralizable else en[ctxt].id)
        for i, form in enumerate(_forms(m)):
            if placeholders(form) != want:
                bad.append((ctxt, i, sorted(placeholders(form) ^ want)))
        # the argparse fields (%(default)s ...) too
        field = re.compile(r"%\(\w+\)[sdr]|%%")
        en_text = en[ctxt].id[0] if en[ctxt].pluralizable else en[ctxt].id
        for form in _forms(m):
            if sorted(field.findall(form)) != sorted(field.findall(en_text)):
                bad.append((ctxt, "argparse field"))
    assert not bad, f"{lang}: {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_messages_have_every_form_and_name_their_count(lang):
    for ctxt, m in _messages(lang).items():
        key, _, count = ctxt.partition("|")
        if not count:
            assert not m.pluralizable, ctxt
            continue
        assert m.pluralizable, ctxt
        assert len(_forms(m)) == NPLURALS[lang], ctxt
        assert PLURALS[key] == count
        for form in (*m.id, *_forms(m)):
            assert "{" + count + "}" in form, (ctxt, form)


def test_plural_forms_are_chosen_by_the_count():
    assert [plural_index("pl", n) for n in (0, 1, 2, 4, 5, 12, 22, 25, 101, 104)] == \
        [2, 0, 1, 1, 2, 2, 1, 2, 2, 1]
    assert [plural_index("tr", n) for n in (0, 1, 2)] == [1, 0, 1]
    assert t("quixo_cannot_pass", "en", count=1).endswith("(1 move).")
    assert t("quixo_cannot_pass", "en", count=2).endswith("(2 moves).")
    assert t("web_players_n", "it", n=1) == "1 giocatore"
    assert t("web_players_n", "it", n=3) == "3 giocatori"
    assert t("quixo_position_rank", "pl", rank="x", count=4) == "Rząd 'x' musi mieć 4 pola."
    assert t("quixo_position_rank", "pl", rank="x", count=5) == "Rząd 'x' musi mieć 5 pól."
    assert t("tournament_time", "pl", seconds=1, per_game=1, jobs=2, seed=0).count("2 procesy")
    assert "1,235 pozycji" in t("qsolve_start", "pl", size=4, what="-", states="1,235",
                                classes=3)  # a count already formatted for display
    assert tn("quixo_bots_more_moves", 1, "en") == "... and 1 more move"
    assert tn("quixo_bots_more_moves", 22, "pl", count="22") == "... i 22 kolejne ruchy"


# a count: a parameter that holds a number, followed (within two words) by a plural noun
COUNTED = re.compile(r"\{(\w+)\}(?: [a-z]+){0,2} (?!(?:is|was|has|does|this|its|plus)\b)"
                     r"[a-z]+s\b(?!/)")
NUMBER_PARAMS = set(PLURALS.values()) | {"n", "count", "games", "min", "max", "hi", "lo", "points",
                                         "total", "done", "steps", "hours", "seconds", "plies"}


def test_every_counted_message_has_plural_forms():
    """A number placeholder before its noun ("{n} games") needs the forms of every language."""
    assert COUNTED.search("after {n} rated games") and COUNTED.search("in {n} of your moves")
    assert not COUNTED.search("{rate} games/s") and not COUNTED.search("{total} is not")
    missing = []
    for key, e in ENTRIES.items():
        for m in COUNTED.finditer(e.texts["en"][-1]):
            if m[1] in NUMBER_PARAMS and not e.count:
                missing.append((key, m[0]))
    assert not missing, f"counted messages without plural forms: {missing}"
    for key, n, lang, want in [("acct_games_n", 1, "it", "1 partita"),
                               ("acct_games_n", 22, "pl", "22 gry"),
                               ("acct_games_n", 25, "pl", "25 gier"),
                               ("acct_games_n", 1, "en", "1 game")]:
        assert t(key, lang, n=n) == want
    assert t("web_hint_win_in", "it", n=1) == "Così vinci in 1 tua mossa."
    assert t("backup_done", "pl", path="x", games=2) == "kopia zapisana w x (2 gry)"
    assert t("web_bot_rating", "pl", rating=1500, cls="c", deviation=50, games=1).endswith(
        "zmierzony w 1 grze z innymi botami)")


WHY_LITERAL = re.compile(r"""\bwhy=f?["'](?!why_)""")


def test_reasons_are_codes_the_catalogue_renders():
    """A ``why`` is a reason's key (``why_undo``), shown in the reader's language with the
    message's other parameters; only a ``bad_save`` names what is wrong inside a file in the
    program's own terms, and a crash shows the exception's own text (``{e}``)."""
    english = []
    for path in i18n_compile.SRC.rglob("*.py"):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            context = " ".join(lines[max(0, i - 2):i + 1])
            if WHY_LITERAL.search(line) and "bad_save" not in context and "{e}" not in line:
                english.append(f"{path.name}:{i + 1}: {line.strip()}")
    assert not english, english
    assert t("not_ratable", "tr", why="why_undo").startswith("Bu oyun derecelendirilemez (geri alma açık)")
    assert t("bad_setting", "it", name="lang", value="xx", why="why_one_of",
             choices="en, tr") == "Impostazione non valida lang='xx': uno tra en, tr."
    assert t("bad_setting", "pl", name="size", value=9, why="why_range", lo=3, hi=7) == \
        "Nieprawidłowe ustawienie size=9: liczba całkowita od 3 do 7."
    assert t("bad_setting", "en", name="x", value=1, why="free text").endswith(": free text.")
    for key in ENTRIES:
        if key.startswith("why_"):
            for lang in LANGS:
                assert "why_" not in t("bad_setting", lang, name="x", value=1, why=key, lo=1,
                                       hi=2, choices="a, b", size=3, players=4)


def test_lookup_and_fallbacks():
    assert t("game_over", "tr") == "Oyun bitti."
    assert t("no_such_key_anywhere", "en") == "no_such_key_anywhere"
    assert t("game_over", "xx") == "The game is over."
    assert t("not_your_turn", "pl") == "It is not player {player}'s turn."  # a param missing
    assert TABLE["game_over"]["pl"] == "Gra się skończyła."


def test_the_web_catalogue_carries_the_plural_forms():
    pl = catalog("pl")
    assert pl["game_over"] == "Gra się skończyła."
    assert pl["web_players_n#count"] == "n"
    assert (pl["web_players_n#one"], pl["web_players_n#few"], pl["web_players_n#many"]) == \
        ("{n} gracz", "{n} gracze", "{n} graczy")
    assert catalog("en")["web_players_n#other"] == "{n} players"
    assert all(isinstance(v, str) for v in pl.values())
    assert {k for k in pl if "#" not in k} == set(ENTRIES)


def test_compiled_catalogues_and_template_are_current():
    assert i18n_compile.stale() == [], "run tools/i18n_compile.py"


@pytest.mark.parametrize("lang", LANGS)
def test_msgfmt_check(lang, tmp_path):
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "msgfmt is missing: install Debian's gettext (make test does)"
    po = LOCALE_DIR / lang / "LC_MESSAGES" / "qwixo.po"
    r = subprocess.run([msgfmt, "--check", "--statistics", "-o", str(tmp_path / "x.mo"), str(po)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "fuzzy" not in r.stderr and "untranslated" not in r.stderr, r.stderr


def test_every_key_is_used():
    unused = set(ENTRIES) - i18n_compile.used_keys(ENTRIES)
    assert not unused, f"keys nobody uses (remove them from the catalogues): {sorted(unused)}"


def test_every_key_the_code_asks_for_exists():
    call = re.compile(r"""\b(?:t|tn|_t|self\.t|IllegalMove|ServerError)\(\s*["']([a-z][a-z0-9_-]*)["']""")
    asked = set()
    for path in i18n_compile.SRC.rglob("*.py"):
        asked.update(call.findall(path.read_text(encoding="utf-8")))
    js = re.compile(r"""\bt\(\s*["']([a-z][a-z0-9_-]*)["']""")
    for path in (i18n_compile.SRC / "web").rglob("*.js"):
        asked.update(js.findall(path.read_text(encoding="utf-8")))
    asked = {k for k in asked if not k.endswith("_")}  # prefixes completed at run time
    assert len(asked) > 200
    assert not asked - set(ENTRIES), sorted(asked - set(ENTRIES))


LETTER_PARAMS = {"row": "r", "die": "g", "colour": "b", "cell": "y12", "last": "r5",
                 "rows": "r y", "names": "w1 w2 r y g b", "decision": "g9", "choice": "b4"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_row_or_die_letter_inside_a_sentence(lang):
    """Every text showing a Qwixx row, die or cell, given the engine's codes, reads words."""
    shown = 0
    for key, entry in ENTRIES.items():
        names = set().union(*(placeholders(f) for f in entry.texts["en"]))
        if not names & LETTER_PARAMS.keys():
            continue
        params = {n: LETTER_PARAMS.get(n, 7) for n in names}
        text = t(key, lang, **params)
        shown += 1
        assert not re.search(r"(?<![\w'])[rygbRYGB](?:\d+)?(?![\w'])|\bw[12]\b", text), \
            (key, lang, text)
    assert shown >= 12


def test_colour_words_agree_with_row_and_die():
    assert t("row_closed", "pl", row="r") == \
        "Rząd czerwony jest zablokowany: nie można w nim już nic skreślić."
    assert t("die_removed", "it", die="y", dice="1 2") == \
        "Dadi 1 2: il dado giallo è fuori gioco; omettilo (o scrivi 0)."
    assert t("qx_ann_lock", "tr", player="Ali", row="Y") == "Ali sarı sırayı kilitledi!"
    assert t("no_such_cell", "pl", cell="g16") == \
        "Na tym arkuszu nie ma takiego pola: zielone pole 16."
    assert t("announce_timeout", "tr", name="Ali", decision="pass").endswith("pas oynandı.")
    assert t("lucky_row", "en", row="x", rows="g b").endswith("(green, blue), when that cell "
                                                               "may be crossed; not to the x row.")


def test_seats_and_colours_in_each_languages_words():
    """Quixo seats (N E S W) and Qwixx colours in the glossary's words or abbreviations: in
    Turkish, Italian and Polish never a lone letter another language reads otherwise."""
    assert t("quixo_dot_other_team", "tr", dot="E", seats="N, S") == \
        "Nokta sizi veya takım arkadaşınızı (Kuzey, Güney) göstermeli, Doğu oyuncusunu değil."
    assert t("quixo_seat_name", "it", seat="W", side="O") == "Ovest (squadra O)"
    for lang in ("tr", "it", "pl"):
        for code in "NESW":
            for key in (f"quixo_seat_{code}", f"quixo_seat_mark_{code}"):
                assert not re.fullmatch(r"[RYGBWNES]", t(key, lang)), (key, lang)
        for code in "rygbw":
            assert len(t(f"qwixx_abbr_{code}", lang)) >= 2, (code, lang)
    assert [t(f"quixo_seat_mark_{c}", "en") for c in "NESW"] == ["N", "E", "S", "W"]
    # a rating class in words
    assert t("web_your_rating_none", "en", cls="qwixx-classic-3p").count("Qwixx · Classic · 3 players")
    assert t("web_bot_unrated", "pl", cls="quixo-5x5-2p").count("Quixo · 5×5 · 2 gracze")


def test_polish_and_italian_texts_need_no_gender():
    for key in ("announce_joined", "announce_left", "announce_row_locked", "announce_timeout",
                "qx_dice_prompt", "web_decided", "qx_bot_illegal"):
        text = TABLE[key]["pl"]
        assert not re.search(r"\w+(ł|łа|ął|ęła|ił|iła)\b", text.replace("{", " ")), (key, text)
    for key in ("announce_joined", "announce_left"):
        assert not re.search(r"è \w+(o|a)\b", TABLE[key]["it"]), key
    assert t("announce_timeout", "pl", name="Gracz 2", decision="r7") == \
        "Koniec czasu: Gracz 2. Zagrano automatycznie: czerwone pole 7."


# the rulebooks' terms (docs/glossary.md): one word per concept in every text; the variants the
# glossary replaced are listed, per language, in docs/glossary_variants.toml
VARIANTS = tomllib.loads((ROOT / "docs" / "glossary_variants.toml").read_text(encoding="utf-8"))


def test_the_variants_list_covers_the_reviewed_inconsistencies():
    listed = {lang: [re.compile(v["not"], re.IGNORECASE) for v in rows]
              for lang, rows in VARIANTS.items()}
    for lang, text in [("tr", "sıradaki oyuncu"), ("tr", "iki işaret"), ("tr", "puan kağıdı"),
                       ("tr", "ortağınız"), ("it", "casella bonus"), ("it", "Tira i dadi"),
                       ("it", "premio"), ("it", "neutro"), ("it", "una fila"), ("it", "Classico:"),
                       ("it", "i fogli"), ("pl", "kartka"), ("pl", "paska bonusowego"),
                       ("pl", "partnerzy"), ("pl", "wiersza"), ("pl", "pchnięciem"),
                       ("pl", "Nie jesteś zalogowany"), ("pl", "{name} ułożył linię"),
                       ("it", "g9+y = riga del bonus"), ("it", "crocetta sul {number}"),
                       ("it", "di un colore chiuso"), ("it", "Allinea il tuo simbolo"),
                       ("it", "in 4 aggiungi"), ("pl", "linię symbolu przeciwnika"),
                       ("pl", "tabeli wydania"), ("pl", "dostajesz nietrafienie"),
                       ("pl", "zablokowanego koloru"), ("pl", "w 4 osoby"),
                       ("it", "nelle stesse classi"), ("pl", "Ruch {side}, wygrana")]:
        assert any(r.search(text) for r in listed[lang]), (lang, text)
    for lang, text in [("tr", "çarpı işareti"), ("tr", "işaretleyin"), ("it", "premi Invio"),
                       ("it", "lancio a vuoto"), ("pl", "zalogowana osoba")]:
        assert not any(r.search(text) for r in listed[lang]), (lang, text)
    for rows in VARIANTS.values():
        assert all(v["use"] and v["source"] for v in rows)


def test_the_variants_catch_inflected_forms_and_leave_the_glossary_words():
    """Each pattern with examples finds every form it lists (a plural, a case ending, another
    word of the stem: "işaretler", "Tavoliere") and none of the glossary's own words."""
    checked = 0
    for lang, rows in VARIANTS.items():
        for v in rows:
            r = re.compile(v["not"], re.IGNORECASE)
            for form in v.get("catches", ()):
                assert r.search(form), (lang, v["not"], form)
                checked += 1
            for form in v.get("allows", ()):
                assert not r.search(form), (lang, v["not"], form)
    assert checked >= 30


@pytest.mark.parametrize("lang", ["tr", "it", "pl"])
def test_the_rulebook_terms_are_used_everywhere(lang):
    bad = []
    for ctxt, m in _messages(lang).items():
        key = ctxt.partition("|")[0]
        for v in VARIANTS[lang]:
            if "keys_exempt" in v and re.search(v["keys_exempt"], key):
                continue
            for form in _forms(m):
                if re.search(v["not"], form, re.IGNORECASE):
                    bad.append((key, v["not"], v["use"], form))
    assert not bad, bad


def test_doc_glossary_lists_every_language():
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for word in ("uğurlu sayı", "hatalı atış", "lancio a vuoto", "nietrafienie", "zablokowany",
                 "kostka", "plancia", "Nürnberger-Spielkarten-Verlag"):
        assert word in text, word
    assert "shared/" not in text and "/work" not in text


def test_inserted_words_take_the_form_the_sentence_asks_for():
    """{row.loc}, {cell.def}: the colour word in the case or with the article the language
    needs (docs/glossary.md), the plain form where a language has no other."""
    assert t("web_move_lucky", "pl", row="g").endswith("w rzędzie zielonym")
    assert t("web_lock_label", "pl", row="b") == "kłódka rzędu niebieskiego"
    assert t("web_round_cross", "it", name="Ala", cell="r7") == "Ala segna il 7 rosso."
    assert t("web_round_cross", "it", name="Ala", cell="y8") == "Ala segna l'8 giallo."
    assert t("web_round_cross", "it", name="Ala", cell="g11") == "Ala segna l'11 verde."
    assert t("web_move_lucky", "en", row="g") == "lucky cross in the green row"
    assert t("web_move_cross", "en", cell="r7") == "crossed red 7"
    for lang in LANGS:  # a value that is no code is shown as it is
        assert "{" not in t("web_move_lucky", lang, row="x")


def test_no_italian_or_polish_sentence_opens_with_an_inserted_colour_word():
    """Italian and Polish write a lower-case "il 2 rosso" / "czerwone pole 2" where a code is
    inserted: a sentence that began with one would begin in lower case, so the cell goes
    where the sentence puts it ("..., non il 2 rosso.", "..., a nie czerwone pole 2.")."""
    opening = re.compile(r"\{(cell|row|die|colour|last|decision|choice)(\.[a-z]+)?\}")
    bad = [(lang, key, text) for key, e in ENTRIES.items() for lang in ("it", "pl")
           for text in e.texts.get(lang, ()) if opening.match(text)]
    assert not bad, bad
    assert t("not_white_sum", "it", cell="r2", total=7) == (
        "Nell'azione 1 si può segnare solo la somma dei dadi bianchi (7), non il 2 rosso.")
    assert t("not_white_sum", "it", cell="y8", total=7).endswith("non l'8 giallo.")
    assert t("not_white_sum", "pl", cell="r2", total=7) == (
        "W akcji 1 można skreślić tylko sumę białych kostek (7), a nie czerwone pole 2.")
    assert t("not_dice_sum", "it", cell="b11", colour="b").startswith("Non puoi segnare l'11 blu:")
