"""The contract's proof with a game written from docs/api.md alone: Connect Four, the package
of ``examples/games/connect-four`` (its own ``pyproject.toml``, rules, bots, research codec,
browser renderer and terminal drawing), installed by pip beside qwixo into a directory of its
own. It passes ``qwixo check-game`` (every check, the server's rated clock running out in a
forfeit included), plays in ``qwixo play`` with its terminal drawing, in a tournament with
ratings and in the three research adapters — and nothing in qwixo names it (its browser test:
tests/e2e/test_browser_fourth_game.py)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from game_sites import install_connect_four, registered

import qwixo
import qwixo.core
from qwixo.i18n import t

SRC = Path(__file__).resolve().parents[2] / "src" / "qwixo"
NAME = "connect4"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with registered(install_connect_four(tmp_path_factory.mktemp("fourth")),
                    "qwixo_connect_four") as where:
        yield where


def run(site: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, QWIXO_LANG="en", PYTHONPATH=os.pathsep.join(
        p for p in (str(site), os.environ.get("PYTHONPATH")) if p))
    return subprocess.run([sys.executable, "-m", "qwixo", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_nothing_in_qwixo_names_it():
    named = [str(p.relative_to(SRC)) for p in SRC.rglob("*")
             if p.is_file() and p.suffix in (".py", ".js", ".css", ".html", ".toml")
             and any(w in p.read_text("utf-8", "replace").lower()
                     for w in ("connect4", "qwixo_connect_four", "qwixo-connect-four"))]
    assert named == []


def test_installed_by_its_entry_point(site):
    assert NAME in qwixo.game_names()
    info = qwixo.game_info(NAME)
    assert info.renderer == NAME and info.web_assets() == {
        "module": "renderer.js", "styles": ["renderer.css"]}
    assert info.to_dict("it")["title"] == "Forza quattro"
    with pytest.raises(ValueError, match="names no renderer"):  # its files register one
        replace(info, renderer=None).resolved(qwixo.core.game_class(NAME))
    g = qwixo.new_game(NAME)
    for col in "dedede":
        g.choose(g.to_act[0], col)
    assert not g.is_over and g.options(0) == list("abcdefg")
    g.choose(0, "D")  # four in column d
    out = g.outcome()
    assert out.termination == "line" and out.winners == (0,) and out.plies == 7
    assert g.view()["board"]["line"] == ["d1", "d2", "d3", "d4"]
    assert qwixo.load_game(g.to_json()) == g
    with pytest.raises(qwixo.IllegalMove):
        g.choose(1, "a")


def test_check_game_passes_every_check(site):
    done = run(site, "check-game", NAME, "--json", "--all-bots")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    by = {c["name"]: c for c in report["checks"]}
    research = all(importlib.util.find_spec(m) for m in ("pettingzoo", "gymnasium", "pyspiel"))
    assert {n: c["status"] for n, c in by.items()} == {
        "info": "ok", "random": "ok", "hidden": "skipped", "capabilities": "ok", "bots": "ok",
        "research": "ok" if research else "skipped", "server": "ok"}
    assert "web renderer.css, renderer.js; terminal" in by["info"]["detail"]
    assert by["bots"]["detail"] == "random, greedy, search"
    # the server's check: created over HTTP, played over the game protocol, a rated game's
    # clock run out: the game has no resigning of its own, so the forfeit is qwixo's
    assert by["server"]["detail"] == "create, play, resign, clock"
    assert not qwixo.game_info(NAME).resign and qwixo.game_info(NAME).timeout == "forfeit"


def test_forfeit_above_a_game_without_resigning(site):
    g = qwixo.new_game(NAME)
    g.choose(0, "a")
    lost = qwixo.core.forfeit(g, 1)
    assert lost.outcome().termination == "resign" and lost.winners() == [0]
    assert qwixo.load_game(lost.to_json()).outcome() == lost.outcome()


def test_played_in_the_terminal_with_its_own_drawing(site, capsys):
    moves = "\n".join(["9", "x"] + ["d", "c", "e", "b", "f", "a", "g"] * 6) + "\n"
    done = run(site, "play", NAME, "--vs", "greedy", stdin=moves)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "  a b c d e f g" in done.stdout and "●" in done.stdout  # its drawing
    assert " 7) g" in done.stdout and "greedy" not in done.stdout
    assert "Game over (" in done.stdout.splitlines()[-1]
    # a number outside the list and a made-up text are refused in words, nothing played
    assert t("bad_decision", "en", text="9") in done.stdout
    assert t("bad_decision", "en", text="x") in done.stdout
    # (the command's main in this process, where the game is registered too: the game found
    # by a new process is the run above)
    from qwixo.cli import main

    assert main(["play", NAME, "--list-bots"]) == 0
    assert capsys.readouterr().out.split() == ["random", "greedy", "search"]
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "connect4" in capsys.readouterr().out


def test_tournament_with_ratings(site):
    from qwixo.tournament.ratings import rate_report
    from qwixo.tournament.runner import run_tournament

    rep = run_tournament(NAME, ["random", "greedy"], games=12, seed=3)
    by = {b["bot"]: b for b in rep["bots"]}
    assert by["random"]["games"] == by["greedy"]["games"] == 12
    assert by["greedy"]["win_rate"] > by["random"]["win_rate"]
    assert set(rep["end_reasons"]) <= {"line", "full"} and rep["length"]["min"] >= 7
    rated = rate_report(rep)
    assert rated["class"] == "connect4-2p"
    assert rated["bots"]["greedy"]["rating"] > rated["bots"]["random"]["rating"]


@pytest.mark.research
def test_the_three_research_adapters(site):
    pytest.importorskip("pettingzoo")
    gym = pytest.importorskip("gymnasium")
    pyspiel = pytest.importorskip("pyspiel")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    import qwixo.envs  # noqa: F401 - registers qwixo/Game-v0
    from qwixo.envs import openspiel, pz

    api_test(pz.env(NAME), num_cycles=50)
    env = pz.env(NAME)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(obs["action_mask"].argmax()))
    assert env.game.winners() == [0]  # the first open column every time: x fills a1..a4
    genv = gym.make("qwixo/Game-v0", game=NAME, opponent="greedy")
    check_env(genv.unwrapped, skip_render_check=True)
    obs, _ = genv.reset(seed=0)
    assert obs["observation"].shape == (6, 7, 3)
    game = pyspiel.load_game(openspiel.register(NAME))
    assert game.num_distinct_actions() == 7 and game.max_game_length() == 42
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
