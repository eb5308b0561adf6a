"""The outside players of benchmarks/qwixx_outside.py (opponents strong has no model of) play
whole games of every edition through the contract, always a legal option, and follow their
rule: a lock whenever they may, a rank's skip limit."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from qwixx_helpers import play

import qwixo

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "qwixx_outside.py"
_spec = importlib.util.spec_from_file_location("qwixx_outside", _PATH)
outside = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(outside)


@pytest.mark.parametrize("edition", ["classic", "longo", "mixx-a", "bonus-b"])
def test_outside_players_play_whole_games(edition):
    names = sorted(outside.RULES)
    for players in (2, 3):
        bots = [outside.make(names[(p + players) % len(names)]) for p in range(players)]
        g = play(bots, edition=edition, seed=players)  # every choice one of the options
        assert g.is_over and len(g.scores()) == players


def test_skip_rule_locks_and_keeps_its_limits():
    rng = random.Random(3)
    rush = outside.make("x-rush")
    seen_lock = 0
    for seed in range(30):
        g = qwixo.new_game("qwixx", players=2, seed=seed)
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in list(g.to_act):
                opts = [str(o) for o in g.options(p)]
                choice = rush.decide(g, p)
                locks = [o for o in opts if outside.option_cell(g, p, o) is not None
                         and outside.option_cell(g, p, o)[1] >= g.rules.lock_from[
                             outside.option_cell(g, p, o)[0]]]
                if locks:
                    assert choice in locks
                    seen_lock += 1
                elif choice != "pass" and not outside.facing_penalty(g, p):
                    r, i = outside.option_cell(g, p, choice)
                    sh = g.sheets_state[p]
                    assert i - sh.last[r] - 1 <= rush.skips[outside._rank(sh.count, r)]
                g.choose(p, choice if p == 0 else rng.choice(opts))
    assert seen_lock > 0
