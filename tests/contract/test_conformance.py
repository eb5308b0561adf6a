"""The conformance suite (:mod:`qwixo.testing`) on every registered game, found in the registry
(the games installed here, whatever they are), on the third game installed as an outside package
through ``qwixo check-game`` in a process of its own (the server's checks included), and on
broken games, which it must catch."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import qwixo
from qwixo.testing import CHECKS, ContractError, check_game


@pytest.mark.parametrize("name", qwixo.game_names())
def test_every_registered_game_keeps_the_contract(name):
    report = check_game(name)
    assert [c.name for c in report.checks] == list(CHECKS)
    assert report.ok, "\n".join(report.lines())
    by = {c.name: c for c in report.checks}
    assert by["info"].status == by["random"].status == by["capabilities"].status == "ok"


def test_the_command_on_an_outside_game(tictactoe_site):
    env = dict(os.environ, QWIXO_LANG="en",
               PYTHONPATH=os.pathsep.join(p for p in (str(tictactoe_site),
                                                      os.environ.get("PYTHONPATH")) if p))
    done = subprocess.run([sys.executable, "-m", "qwixo", "check-game", "tictactoe", "--json",
                           "--skip", "research"], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    status = {c["name"]: c["status"] for c in report["checks"]}
    assert report["ok"] and status == {"info": "ok", "random": "ok", "hidden": "skipped",
                                       "capabilities": "ok", "bots": "ok", "server": "ok"}
    bad = subprocess.run([sys.executable, "-m", "qwixo", "check-game", "tictactoe", "--only",
                          "nothing"], env=env, capture_output=True, text=True, timeout=300)
    assert bad.returncode != 0 and "--only" in bad.stderr


BROKEN = '''
from dataclasses import replace
from tictactoe_game import INFO, TicTacToe, IllegalMove

class Lax(TicTacToe):
    name = "lax"
    def choose(self, player, decision):  # takes anything: a made-up decision is "played"
        try:
            super().choose(player, decision)
        except IllegalMove:
            self.moves.append(next(i for i in range(9) if i not in self.moves))

class Boasting(TicTacToe):
    name = "boasting"

class Shallow(TicTacToe):
    name = "shallow"
    def copy(self):  # shares its list of moves with the original
        twin = object.__new__(type(self))
        twin.__dict__ = dict(self.__dict__)
        return twin

LAX = replace(INFO, name="lax", game=f"{__name__}:Lax")
BOASTING = replace(INFO, name="boasting", game=f"{__name__}:Boasting", resign=True)
SHALLOW = replace(INFO, name="shallow", game=f"{__name__}:Shallow")

import qwixo
from qwixo.gameinfo import load

_HIDING = next(qwixo.game_info(n) for n in qwixo.game_names() if qwixo.game_info(n).hidden)

class Telling(load(_HIDING.game)):  # tells everyone the decisions still hidden
    name = "telling"
    def view(self, player=None, since=0):
        v = super().view(player, since)
        v["told"] = {str(p): self.pending(p) for p in self.decided}
        return v

TELLING = replace(_HIDING, name="telling", game=f"{__name__}:Telling", bot_ratings=None)
'''


@pytest.fixture
def broken_site(tictactoe_site):
    (tictactoe_site / "broken_games.py").write_text(BROKEN, "utf-8")
    ep = tictactoe_site / "qwixo_tictactoe-0.1.dist-info" / "entry_points.txt"
    ep.write_text(ep.read_text("utf-8") + "lax = broken_games:LAX\n"
                  "boasting = broken_games:BOASTING\nshallow = broken_games:SHALLOW\ntelling = broken_games:TELLING\n", "utf-8")
    qwixo.core.refresh_games()
    yield
    sys.modules.pop("broken_games", None)


def test_broken_games_are_caught(broken_site):
    lax = check_game("lax", only=("random",))
    assert not lax.ok and "made-up decision" in lax.checks[0].detail
    with pytest.raises(ContractError):
        check_game("lax", only=("random",), raise_=True)
    boasting = check_game("boasting", only=("info",))
    assert not boasting.ok and "declares resign" in boasting.checks[0].detail
    shallow = check_game("shallow", only=("random",))
    assert not shallow.ok and "changed the original" in shallow.checks[0].detail
    telling = check_game("telling", only=("hidden",))
    assert not telling.ok and "shows in the view" in telling.checks[0].detail
