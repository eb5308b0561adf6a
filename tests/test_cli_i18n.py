"""The ``qwixo`` command line speaks the language of ``--lang`` / ``QWIXO_LANG``: help texts,
argparse's own words, progress lines and errors; machine-readable lines stay as they are."""

import argparse
import os
import re
import socket

import pytest

import qwixo
from qwixo.cli import build_parser, lang_from_argv, main
from qwixo.i18n import LANGS, TABLE, t

# sub-commands whose help texts belong to an area still being written (not this module's)
NOT_YET: set[tuple[str, ...]] = set()  # sub-commands whose help is not translated yet


def _walk(parser, path=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _walk(child, (*path, name))
    yield path, parser


def _helps(lang):
    """{(path, option): help text} of every option of every parser built in ``lang``."""
    out = {}
    parser = build_parser(lang)
    for path, p in _walk(parser):
        for a in p._actions:
            name = "/".join(a.option_strings) or a.dest
            out[(path, name)] = a.help
            if isinstance(a, argparse._SubParsersAction):
                for ca in a._choices_actions:
                    out[(path, ca.dest)] = ca.help
        out[(path, "<description>")] = p.description
    return out


def test_lang_from_argv():
    assert lang_from_argv(["--lang", "tr", "quixo", "--help"]) == "tr"
    assert lang_from_argv(["--lang=pl", "serve"]) == "pl"
    assert lang_from_argv(["play", "qwixx", "--lang", "it"]) == "it"  # the sub-command's too
    assert lang_from_argv(["--lang", "en", "x", "--lang=it"]) == "it"  # the last one wins
    assert lang_from_argv(["--lang", "xx"]) is None  # argparse refuses it later
    assert lang_from_argv(["--lang"]) is None
    assert lang_from_argv(["--", "--lang", "tr"]) is None
    assert lang_from_argv([]) is None


def test_turkish_help(capsys, monkeypatch):
    monkeypatch.delenv("QWIXO_LANG", raising=False)
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "tr", "quixo", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("kullanım: qwixo quixo")
    for key in ("cli_positionals", "cli_options", "cli_help_help", "clih_perft", "clih_qhint"):
        assert t(key, "tr") in out, key
    assert t("clih_perft", "en") not in out
    assert "QWIXO_LANG" not in os.environ  # the help language did not leak


def test_polish_help_with_equals(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--lang=pl", "serve", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines
    assert out.startswith("użycie: qwixo serve")
    assert " ".join(t("clih_serve_desc", "pl").split()) in out
    assert " ".join(t("clih_serve_port", "pl").split()) in out


def test_environment_language_decides_too(capsys, monkeypatch):
    monkeypatch.setenv("QWIXO_LANG", "it")
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert " ".join(t("clih_tournament_bots", "it").split()) in out
    assert os.environ["QWIXO_LANG"] == "it"


def test_unknown_lang_is_refused(capsys, monkeypatch):
    monkeypatch.delenv("QWIXO_LANG", raising=False)
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "xx", "quixo", "--help"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "invalid choice" in err and "'xx'" in err
    assert "QWIXO_LANG" not in os.environ


def test_argparse_error_line_is_translated(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "pl", "tournament", "quixo"])  # --bots missing
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("użycie: qwixo tournament")
    assert "qwixo tournament: błąd: " in err and "--bots" in err


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_every_help_text_is_translated(lang):
    en, other = _helps("en"), _helps(lang)
    assert en.keys() == other.keys()
    same = [k for k, v in en.items()
            if v and v is not argparse.SUPPRESS and other[k] == v
            and k[0] not in NOT_YET and (*k[0], k[1]) not in NOT_YET]
    assert not same, f"untranslated in {lang}: {same}"


def test_english_help_does_not_depend_on_the_environment(monkeypatch):
    monkeypatch.setenv("QWIXO_LANG", "tr")
    assert build_parser("en").format_help() == _fresh_english_help(monkeypatch)


def _fresh_english_help(monkeypatch):
    monkeypatch.setenv("QWIXO_LANG", "en")
    return build_parser().format_help()


def test_argparse_fields_match_in_every_language():
    field = re.compile(r"%\(\w+\)[sdr]|%%|%")
    for key, entry in TABLE.items():
        if not key.startswith("cli"):  # the command line's own texts (argparse formats them)
            continue
        want = sorted(field.findall(entry["en"]))
        for lang in LANGS:
            assert sorted(field.findall(entry[lang])) == want, (key, lang)


def test_illegal_setting_is_reported_in_the_language(capsys):
    assert main(["--lang", "it", "qwixx", "speed", "--players", "9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("qwixo: ") and t("cli_why_1_to_5", "it") in err
    assert main(["--lang", "tr", "quixo", "bench", "--seconds", "0"]) == 2
    assert capsys.readouterr().err.startswith("qwixo: ")


def test_perft_keeps_the_count_and_translates_the_timing(capsys):
    assert main(["--lang", "tr", "quixo", "perft", "1", "--size", "3", "--time"]) == 0
    cap = capsys.readouterr()
    assert cap.out == "20\n"  # machine-readable: the count alone
    assert re.fullmatch(r"perft\(1\) = 20, \d+,\d{3} sn içinde \(saniyede [\d.]+ yaprak, .*\)\n",
                        cap.err)


def test_bench_and_speed_counts_are_written_the_language_way(capsys):
    """The counts a person reads are grouped as the language groups them; the last lines,
    read by programs, stay plain."""
    assert main(["--lang", "it", "quixo", "bench", "--seconds", "0.3", "--size", "3"]) == 0
    out = capsys.readouterr().out
    plies = re.search(r"semimosse: (\S+)", out)[1]
    assert re.fullmatch(r"\d{1,3}(\.\d{3})+", plies), out  # more than 10 000 plies: 12.345
    assert re.search(r"^plies/s: \d+$", out, re.M), out
    assert main(["--lang", "pl", "qwixx", "speed", "--games", "20", "--repeat", "1",
                 "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(t("web_edition_classic", "pl") + ", 2 gracze"), out
    assert not re.search(r"\d,\d{3}\b", out), out  # no English thousands


def test_serve_refuses_a_taken_port_cleanly(capsys, tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        rc = main(["--lang", "pl", "serve", "--host", "127.0.0.1", "--port", str(port),
                   "--db", str(tmp_path / "x.sqlite")])
    assert rc == 2
    err = capsys.readouterr().err
    assert err.startswith(f"qwixo: nie można nasłuchiwać na 127.0.0.1:{port}: ")


def test_every_option_has_a_help_text():
    missing = [(path, "/".join(a.option_strings) or a.dest)
               for path, p in _walk(build_parser("en")) if path not in NOT_YET
               for a in p._actions
               if not a.help and not isinstance(a, argparse._SubParsersAction)]
    assert not missing


def test_tournament_report_labels_are_translated(capsys):
    assert main(["--lang", "pl", "tournament", "qwixx", "--bots", "random,gap",
                 "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "edycja Klasyczna" in out  # the value as the game names it
    ends = next(line for line in out.splitlines() if line.startswith("Powody zakończenia"))
    assert re.search(r"(dwa rzędy zablokowane|cztery nietrafienia) \d", ends), ends
    assert "penalties" not in ends and "locks" not in ends


@pytest.mark.parametrize("argv, lang, want", [
    (["quixo", "perft", "x"], "tr", "argüman depth: geçersiz değer: 'x' (tam sayı gerekir)"),
    (["quixo", "perft", "x"], "it", "argomento depth: valore non valido: 'x' (serve un numero intero)"),
    (["quixo", "bench", "--seconds", "x"], "pl",
     "argument --seconds: nieprawidłowa wartość: 'x' (wymagana liczba)"),
    (["tournament", "quixo"], "it", "sono richiesti i seguenti argomenti: --bots"),
    (["qwixx", "speed", "--edition", "zz"], "pl", "argument --edition: nieprawidłowy wybór: 'zz'"),
    (["quixo", "bench", "--bogus", "1"], "tr", "tanınmayan argümanlar: --bogus 1"),
    (["quixo", "perft", "2", "--size"], "it", "argomento --size: atteso un argomento"),
])
def test_argparse_errors_are_translated(capsys, argv, lang, want):
    with pytest.raises(SystemExit) as exc:
        main(["--lang", lang, *argv])
    assert exc.value.code == 2
    assert want in capsys.readouterr().err


def test_unknown_argparse_errors_stay_english():
    from qwixo.cli import translate_argparse_error

    assert translate_argparse_error("a message argparse may add one day", "tr") == \
        "a message argparse may add one day"
    for lang in LANGS:  # the message parts are kept whatever the language
        text = translate_argparse_error("argument --x: invalid choice: 'q' (choose from 'a')",
                                        lang)
        assert "--x" in text and "'q'" in text and "'a'" in text


def test_cli_docstring_examples():
    import doctest

    import qwixo.cli

    result = doctest.testmod(qwixo.cli)
    assert result.attempted >= 4 and result.failed == 0


def test_the_play_lang_option_decides_the_error_language(capsys, monkeypatch):
    monkeypatch.delenv("QWIXO_LANG", raising=False)
    assert main(["play", "quixo", "--lang", "it", "--vs", "nobody"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("qwixo: ") and "nobody" in err
    bots = ", ".join(qwixo.list_bots("quixo"))
    assert err.strip() == "qwixo: " + t("unknown_bot", "it", name="nobody", game="quixo",
                                         choices=bots)
    assert "QWIXO_LANG" not in os.environ
