"""The engine protocol (docs/engine-protocol.md): engines in other languages in tournaments,
``qwixo engine`` reproducing the in-process bot, misbehaving engines, no hidden choice leaked,
bots by ``module:Class`` and entry points, and no bot failure silent."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import qwixo
from qwixo.bots import Guarded, check_bot, fallback_bot, make_bot, unregister_engine
from qwixo.cli import main
from qwixo.core import game_class
from qwixo.engine import EngineBot, EngineFailure, EngineSpec, position
from qwixo.tournament.runner import run_tournament

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "engines"
NODE = f"node {ROOT / 'examples/engines/random-engine.js'}"
PY = f"{shlex.quote(sys.executable)} {ROOT / 'examples/engines/random_engine.py'}"
BAD = f"{shlex.quote(sys.executable)} {HERE / 'bad_engine.py'}"
QWIXO = f"{shlex.quote(sys.executable)} -m qwixo"


@pytest.fixture(autouse=True)
def _no_engines_left():
    yield
    for name in ("js", "py", "bad", "rec", "eng", "c"):
        unregister_engine(name)


@pytest.fixture(scope="module")
def c_engine(tmp_path_factory):
    """examples/engines/random_engine.c compiled with the machine's gcc (strict warnings)."""
    import shutil
    import subprocess

    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("no gcc")
    out = tmp_path_factory.mktemp("c") / "random_engine"
    subprocess.run([gcc, "-O2", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra",
                    "-Werror", "-o", str(out), str(ROOT / "examples/engines/random_engine.c")],
                   check=True)
    return str(out)


@pytest.mark.parametrize("game,extra,bots", [
    ("quixo", ["--size", "5"], "c,greedy"),
    ("qwixx", ["--players", "3"], "c,gap,random"),
])
def test_the_c_engine_plays_whole_games_through_tournament_engine(capsys, c_engine, game,
                                                                   extra, bots):
    code = main(["tournament", game, *extra, "--engine", f"c={c_engine}", "--bots", bots,
                 "--games", "2", "--seed", "5", "--json"])
    assert code == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 2 and rep["failures"] == []
    assert all(r["end"] not in ("", "resign") and r["decisions"] > 5 for r in rep["records"])


@pytest.mark.parametrize("game,extra,bots", [
    ("quixo", ["--size", "4"], "js,py"),
    ("qwixx", ["--players", "3"], "js,py,gap"),  # hidden simultaneous choices in action 1
])
def test_engines_in_node_and_python_play_whole_games_through_tournament_engine(
        capsys, game, extra, bots):
    code = main(["tournament", game, *extra, "--engine", f"js={NODE}", "--engine",
                 f"py={PY}", "--bots", bots, "--games", "1", "--seed", "3", "--json"])
    assert code == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 1 and rep["failures"] == []
    assert {b["bot"] for b in rep["bots"]} == set(bots.split(","))
    rec = rep["records"][0]
    assert rec["end"] not in ("", "resign") and rec["decisions"] > 5


def test_qwixo_engine_strong_driven_by_the_tournament_reproduces_the_in_process_bot(
        monkeypatch):
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setenv("PYTHONPATH", f"{ROOT / 'src'}")
    common = {"games": 2, "seed": 11, "size": 4}
    # the in-process bot in a fresh process, as the engine's is (a test process that searched
    # before holds tables of its own that may change a search at the same node budget)
    code = ("import json, sys; from qwixo.tournament.runner import run_tournament; "
            f"print(json.dumps(run_tournament('quixo', ['strong_nodes:strong', 'greedy'], "
            f"**{common!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH":
                                          f"{ROOT / 'src'}{os.pathsep}{HERE}"}).stdout
    inproc = json.loads(out.strip().splitlines()[-1])
    spec = EngineSpec.parse(f"eng={QWIXO} engine quixo strong --set nodes=3000 "
                            "--set threads=1 --set proof=false --set dfpn=false")
    hosted = run_tournament("quixo", ["eng", "greedy"], engines=[spec], **common)
    assert hosted["failures"] == []
    keep = ("lineup", "scores", "length", "end", "decisions")
    assert ([{k: r[k] for k in keep} for r in hosted["records"]]
            == [{k: r[k] for k in keep} for r in inproc["records"]])


@pytest.mark.parametrize("mode,why", [
    ("crash", "crashed"), ("hang", "timeout"), ("garbage", "garbage"),
    ("illegal", "illegal"), ("slow_start", "start")])
def test_a_misbehaving_engine_forfeits_its_games_and_the_tournament_goes_on(mode, why):
    # short limits only where they are what is tested (a loaded machine starts Python slowly)
    limits = {"slow_start": {"start_seconds": 0.5}, "hang": {"grace_seconds": 0.3}}
    spec = EngineSpec.parse(f"bad={BAD} {mode}", **limits.get(mode, {}))
    rep = run_tournament("quixo", ["bad", "random"], games=2, size=3,
                         seconds=0.05 if mode == "hang" else None, engines=[spec])
    assert rep["games"] == 2
    assert [(f["bot"], f["why"], f["rule"]) for f in rep["failures"]] == [
        ("bad", why, "forfeit")] * 2
    assert rep["end_reasons"] == {"resign": 2}
    assert {b["bot"]: b["wins"] for b in rep["bots"]} == {"bad": 0, "random": 2}


def test_the_tournament_report_says_in_words_who_failed(capsys):
    code = main(["tournament", "quixo", "--size", "3", "--engine", f"bad={BAD} illegal",
                 "--bots", "bad,random", "--games", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Game 0: bad failed (it chose an illegal move) and forfeits it." in out


def test_an_engine_never_receives_another_seats_hidden_choice(tmp_path):
    log = tmp_path / "received.jsonl"
    spec = EngineSpec.parse(f"rec={BAD} record {log}")
    # seat 2 decides last in action 1: seats 0 and 1 have chosen, hidden, when it is asked
    rep = run_tournament("qwixx", ["gap", "gap", "rec"], games=1, players=3, engines=[spec])
    assert rep["failures"] == [] and rep["records"][0]["lineup"] == [0, 1, 2]
    positions = [m for m in map(json.loads, log.read_text().splitlines())
                 if m["type"] == "position"]
    hidden_rounds = 0
    for m in positions:
        history = m["save"]["history"]
        assert "rng" not in m["save"] and m["save"]["seed"] is None  # nor the coming dice
        if m["view"]["phase"] != "action1":
            continue
        hidden_rounds += 1
        last_roll = max(i for i, h in enumerate(history) if h[0] == "roll")
        assert [h for h in history[last_roll:] if h[0] == "choose"] == []
        assert m["view"]["decided"] == [] and m["view"]["pending"] is None
        text = json.dumps(m)
        assert '"pending": {' not in text
    assert hidden_rounds > 5


def test_position_of_a_seat_takes_back_the_others_hidden_choices():
    g = qwixo.new_game("qwixx", players=3, seed=2)
    g.roll()
    for p in (0, 1):
        g.choose(p, g.options(p)[-1])
    assert g.decided == [0, 1]
    msg = position(g, 2, 1000)
    assert msg["view"]["decided"] == [] and msg["options"] == [str(o) for o in g.options(2)]
    assert [h for h in msg["save"]["history"] if h[0] == "choose"] == []
    assert g.decided == [0, 1]  # the game itself unchanged


def test_a_bot_by_module_and_class_and_one_from_an_entry_point(monkeypatch):
    name = "qwixo.quixo.bots:GreedyBot"
    assert check_bot("quixo", name) == name
    g = qwixo.new_game("quixo", size=3)
    assert make_bot("quixo", name, seed=1).decide(g, 0) in g.options(0)
    with pytest.raises(qwixo.IllegalMove) as err:
        check_bot("quixo", "no_such_module_here:Bot")
    assert err.value.key == "bot_not_found"

    import importlib.metadata

    import qwixo.bots as bots_module
    from qwixo.quixo.bots import GreedyBot

    class EP:
        name, value = "quixo", "tests_plugin_bots:BOTS"

    plugin = type(sys)("tests_plugin_bots")
    plugin.BOTS = {"mine": GreedyBot}
    monkeypatch.setitem(sys.modules, "tests_plugin_bots", plugin)
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: [EP] if group == "qwixo.bots" else [])
    bots_module._plugins.cache_clear()
    try:
        assert qwixo.list_bots("quixo")[-1] == "mine"
        assert make_bot("quixo", "mine", seed=2).decide(g, 0) in g.options(0)
    finally:
        bots_module._plugins.cache_clear()


def test_copy_keeps_the_subclass():
    for name in qwixo.game_names():
        cls = game_class(name)
        sub = type("Mine" + cls.__name__, (cls,), {})
        g = sub()
        assert type(g.copy()) is sub


def test_guarded_says_who_failed_and_the_fallback_plays_on():
    class Broken:
        name = "broken"

        def decide(self, game, player):
            raise ZeroDivisionError("oops")

    said = []
    name = qwixo.game_names()[0]
    bot = Guarded(name, Broken(), lambda failure, fallback: said.append((failure.reason,
                                                                         fallback)))
    g = qwixo.new_game(name)
    while g.needs_roll:
        g.roll()
    p = g.to_act[0]
    assert bot.decide(g, p) in [str(o) for o in g.options(p)]
    assert said == [("error", fallback_bot(name))]


def test_an_engine_that_does_not_play_the_game_is_refused(tmp_path):
    script = tmp_path / "other.py"
    script.write_text("import json,sys\nfor l in sys.stdin:\n    m=json.loads(l)\n"
                      "    if m['type']=='hello':\n        print(json.dumps({'type':'engine',"
                      "'protocol':1,'name':'o','games':{'chess':{}}}),flush=True)\n"
                      "    if m['type']=='quit': break\n")
    bot = EngineBot(EngineSpec("o", (sys.executable, str(script))), "quixo")
    with pytest.raises(EngineFailure) as err:
        bot.decide(qwixo.new_game("quixo", size=3), 0)
    assert err.value.reason == "refused" and bot.proc is None


def test_a_finished_games_engine_process_is_stopped_by_the_servers_bot_runner():
    import asyncio

    from qwixo.bots import register_engine
    from qwixo.server.botrunner import BotRunner

    register_engine(EngineSpec.parse(f"eng={BAD} good"))
    runner = BotRunner(processes=0)

    async def go():
        g = qwixo.new_game("quixo", size=3)
        decision = await runner.decide("g1", "eng", None, g, 0)
        bot = runner._bots[("g1", 0, "eng")]
        proc = bot.proc.proc
        assert decision in g.options(0) and proc.poll() is None
        await runner.release("g1")
        return proc

    try:
        proc = asyncio.run(go())
        assert proc.poll() is not None and runner._bots == {}
    finally:
        runner.close()


def test_play_vs_an_engine_in_the_terminal_says_when_it_fails(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("a1c1\nquit\n"))
    assert main(["play", "quixo", "--size", "3", "--vs", f"engine:{BAD} crash",
                 "--no-color"]) == 0
    captured = capsys.readouterr()
    assert (f"The bot engine:{BAD} crash failed: it crashed. Beginner (bot) plays on for it."
            in captured.err)
    assert "O plays " in captured.out  # the fallback bot moved for the engine


def test_serve_engine_asks_each_engine_what_it_plays(capsys):
    from qwixo.server.cli import offer_engines

    assert offer_engines([f"eng={BAD} good"])
    assert "eng" in qwixo.list_bots("quixo") and "eng" in qwixo.list_bots("qwixx")
    assert not offer_engines(["rec=/no/such/program"])
    assert "The engine rec cannot be used: it did not start in time" in capsys.readouterr().err
    assert "rec" not in qwixo.list_bots("quixo")


def test_the_servers_bot_runner_starts_no_program_and_loads_no_module_by_name():
    import asyncio

    from qwixo.server.botrunner import BotRunner

    runner = BotRunner(processes=0)
    g = qwixo.new_game("quixo", size=3)
    try:
        for name in ("engine:touch /tmp/qwixo-never", "qwixo.quixo.bots:GreedyBot"):
            with pytest.raises(EngineFailure) as err:
                asyncio.run(runner.decide("g1", name, None, g, 0))
            assert err.value.reason == "refused"
    finally:
        runner.close()


def test_a_host_never_blocks_on_an_engine_that_stops_reading(tmp_path):
    from qwixo.engine import EngineProcess

    script = tmp_path / "deaf.py"
    script.write_text("import json,sys,time\nsys.stdin.readline()\n"
                      "print(json.dumps({'type':'engine','protocol':1,'name':'deaf',"
                      "'games':{'quixo':{}}}),flush=True)\ntime.sleep(30)\n")
    proc = EngineProcess(EngineSpec("deaf", (sys.executable, str(script))))
    proc.spec = EngineSpec("deaf", proc.spec.command, start_seconds=0.5)  # after the hello
    try:
        with pytest.raises(EngineFailure) as err:
            proc.send({"type": "position", "pad": "x" * 1_000_000})  # beyond a pipe's buffer
        assert err.value.reason == "timeout"
    finally:
        proc.kill()


def test_bad_engine_options_are_clear_errors(capsys):
    assert main(["tournament", "quixo", "--engine", "nameless", "--bots", "random"]) == 2
    assert "Not an engine: nameless (give NAME=COMMAND" in capsys.readouterr().err
    assert main(["tournament", "quixo", "--engine", f"strong={BAD} good", "--bots",
                 "strong"]) == 2
    assert "strong is already a bot of quixo" in capsys.readouterr().err
    assert main(["engine", "quixo", "random", "--set", "nodes"]) == 2
    assert "give KEY=VALUE" in capsys.readouterr().err
    assert main(["engine", "quixo", "no-such-bot"]) == 2
    assert "Unknown bot" in capsys.readouterr().err


def test_an_engine_that_does_not_take_the_settings_is_refused(tmp_path):
    script = tmp_path / "two.py"
    script.write_text("import json,sys\nfor l in sys.stdin:\n    m=json.loads(l)\n"
                      "    if m['type']=='hello':\n        print(json.dumps({'type':'engine',"
                      "'protocol':1,'name':'two','games':{'qwixx':{'players':[2]}}}),"
                      "flush=True)\n    if m['type']=='quit': break\n")
    g = qwixo.new_game("qwixx", players=3, seed=1)
    g.roll()
    bot = EngineBot(EngineSpec("two", (sys.executable, str(script))), "qwixx")
    with pytest.raises(EngineFailure) as err:
        bot.decide(g, 0)
    assert err.value.reason == "refused" and "players in [2], not 3" in err.value.detail


def test_an_engine_of_another_protocol_version_is_refused_and_stopped(tmp_path):
    from qwixo.engine import probe

    script = tmp_path / "v2.py"
    script.write_text("import json,sys,time\nsys.stdin.readline()\n"
                      "print(json.dumps({'type':'engine','protocol':2,'name':'v2',"
                      "'games':{'quixo':{}}}),flush=True)\ntime.sleep(30)\n")
    with pytest.raises(EngineFailure) as err:
        probe(EngineSpec("v2", (sys.executable, str(script))))
    assert err.value.reason == "refused" and "protocol 2, not 1" in err.value.detail


def test_qwixo_engine_keeps_to_the_budget_from_its_first_decision():
    """Its bot's tables and kernels load before ``ready`` (within the start time), not in the
    first decision's budget plus grace."""
    spec = EngineSpec.parse(f"eng={QWIXO} engine quixo strong --set threads=1")
    bot = EngineBot(spec, "quixo", seconds=0.1)
    g = qwixo.new_game("quixo", size=4)
    try:
        assert bot.decide(g, 0) in g.options(0)
    finally:
        bot.close()


def test_a_tournament_plays_its_games_with_one_engine_process_each_begun_by_newgame(tmp_path):
    log = tmp_path / "received.jsonl"
    spec = EngineSpec.parse(f"rec={BAD} record {log}")
    rep = run_tournament("quixo", ["rec", "random"], games=3, size=3, engines=[spec])
    assert rep["failures"] == [] and rep["games"] == 3
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert (kinds.count("hello"), kinds.count("newgame"), kinds.count("quit")) == (1, 3, 1)
