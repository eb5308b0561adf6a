"""The engine against the independent referee (qwixo.qwixx.referee): same dice, same
choices, and at every decision the same options for every player, the same scores, the same end.
"""

from __future__ import annotations

import random

import pytest

from qwixo.qwixx import referee
from qwixo.qwixx.game import QwixxGame
from qwixo.qwixx.kernels import lucky_deal

GAMES = 150  # per edition, 1 to 5 players (each edition's special rules come up in its first five games)


def play_both(name: str, players: int, seed: int, rng: random.Random,
              seen: set | None = None) -> int:
    lucky = lucky_deal(name, players, seed) or None  # (Longo) the engine's deal, given to both
    g = QwixxGame(name, players=players, seed=seed, lucky=lucky)
    r = referee.Referee(name, players, seed=seed, lucky=lucky)
    decisions = 0
    while not r.is_over:
        assert not g.is_over and g.needs_roll == r.needs_roll
        if r.needs_roll:
            assert g.roll() == r.roll()
            continue
        assert g.to_act == r.to_act
        for p in range(players):
            opts = g.options(p)
            assert sorted(opts) == sorted(r.options(p)), (name, seed, p, r.dice)
            if seen is not None:
                seen.update("tie" if "+" in o else "lucky" if o.startswith("L:") else ""
                            for o in opts)
        for p in r.to_act:
            opts = sorted(r.options(p))
            if seed % 2 and len(opts) > 1 and rng.random() < 0.85:
                opts.remove("pass")  # a greedier player: more crosses, locks and chains
            choice = rng.choice(opts)
            r.choose(p, choice)
            g.choose(p, choice)
            decisions += 1
        assert g.scores() == r.scores()
    assert g.is_over and g.scores() == r.scores()
    if seen is not None:
        seen.update(e["event"] for e in g.log)
    return decisions


@pytest.mark.parametrize("name", ["classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b"])
def test_engine_agrees_with_the_referee(name):
    rng = random.Random(name)
    total = 0
    seen: set = set()
    for k in range(GAMES):
        total += play_both(name, 1 + k % 5, seed=k, rng=rng, seen=seen)
    assert total > GAMES * 20
    # the random games reached the edition's special rules
    assert {"lock", "penalty", "end"} <= seen
    expect = {"longo": {"lucky"}, "bonus-a": {"bar"}, "bonus-b": {"reward", "reward_cross",
                                                                  "tie"}}
    assert expect.get(name, set()) <= seen, seen


def test_referee_disagrees_when_the_rules_differ():
    """The comparison can fail: a referee that ignores the lock condition is caught."""
    class Lax(referee.Referee):
        def may_cross(self, p, letter, number):
            if letter in self.closed:
                return False
            numbers, _ = self.row(letter)
            if number not in numbers:
                return False
            done = self.crossed[p][letter]
            return not done or numbers.index(number) > numbers.index(done[-1])

    rng = random.Random(1)
    mismatch = False
    for seed in range(50):
        g = QwixxGame("classic", players=3, seed=seed)
        r = Lax("classic", 3, seed=seed)
        while not r.is_over and not mismatch:
            if r.needs_roll:
                g.roll()
                r.roll()
                continue
            for p in r.to_act:
                if sorted(g.options(p)) != sorted(r.options(p)):
                    mismatch = True
                    break
                choice = rng.choice(sorted(r.options(p)))
                r.choose(p, choice)
                g.choose(p, choice)
        if mismatch:
            break
    assert mismatch
