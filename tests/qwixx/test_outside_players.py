"""The outside players of benchmarks/qwixx_outside.py (opponents strong has no model of) play
whole games of every edition through the contract, always a legal option, and follow their
rule: a lock whenever they may, a rank's skip limit."""

from __future__ import annotations

import random

import pytest
from qwixx_helpers import benchmark, play

import qwixo

outside = benchmark("qwixx_outside")


@pytest.mark.parametrize("edition", ["classic", "longo", "mixx-a", "bonus-b"])
def test_outside_players_play_whole_games(edition):
    names = sorted(outside.RULES)
    for players in (2, 3):
        bots = [outside.make(names[(p + players) % len(names)]) for p in range(players)]
        g = play(bots, edition=edition, seed=players)  # every choice one of the options
        assert g.is_over and len(g.scores()) == players


def _games(seed_count, bot, rng):
    """Every decision of ``bot`` (seat 0) against a random player: (game before, choice)."""
    for seed in range(seed_count):
        g = qwixo.new_game("qwixx", players=2, seed=seed)
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in list(g.to_act):
                opts = [str(o) for o in g.options(p)]
                if p == 0:
                    choice = bot.decide(g, p)
                    assert choice in opts
                    yield g, choice
                else:
                    choice = rng.choice(opts)
                g.choose(p, choice)


def test_skip_rule_locks_and_keeps_its_limits():
    rng = random.Random(3)
    rush = outside.make("x-rush")
    seen_lock = 0
    for g, choice in _games(30, rush, rng):
        opts = [str(o) for o in g.options(0)]
        cells = {o: outside.option_cell(g, 0, o) for o in opts}
        locks = [o for o, c in cells.items() if c is not None and c[1] >= g.rules.lock_from[c[0]]]
        if locks:
            assert choice in locks
            seen_lock += 1
        elif choice != "pass" and not outside.facing_penalty(g, 0):
            r, i = cells[choice]
            sh = g.sheets_state[0]
            assert i - sh.last[r] - 1 <= rush.skips[outside._rank(sh.count, r)]
    assert seen_lock > 0


def test_lock_race_keeps_its_limits_and_locks():
    rng = random.Random(5)
    bot = outside.make("x-lock")
    locks = pushed = 0
    for g, choice in _games(25, bot, rng):
        if choice == "pass":
            continue
        r, i = outside.option_cell(g, 0, choice)
        sh = g.sheets_state[0]
        if i >= g.rules.lock_from[r]:
            locks += 1
            continue
        ctx = bot.context(g, 0)
        lost = sum(outside._p(g.rules, r, c) for c in range(sh.last[r] + 1, i))
        limit = bot.focus if r in ctx["race"] else bot.other
        if outside.facing_penalty(g, 0):
            limit = max(limit, bot.forced)
        assert lost <= limit + 1e-9
        pushed += r in ctx["race"] and lost > bot.other
    assert locks > 0 and pushed > 0


def test_tempo_ends_the_game_when_that_wins():
    rng = random.Random(6)
    bot = outside.make("x-tempo")
    seen = 0
    for g, choice in _games(40, bot, rng):
        if g.phase == "action1" and g.active == 0:
            continue  # joint choice: the winning lock may come in action 2
        lead = outside._lead(g, 0)
        winning = []
        for o in g.options(0):
            cell = outside.option_cell(g, 0, str(o))
            if cell and cell[1] >= g.rules.lock_from[cell[0]] \
                    and bin(g.closed | (1 << cell[0])).count("1") >= 2 \
                    and lead + 2 * g.sheets_state[0].count[cell[0]] + 3 > 0:
                winning.append(str(o))
        if winning:
            seen += 1
            assert choice in winning
    assert seen > 0


def test_instinct_features_by_hand():
    """x-ga's value of a sheet: the four features of its module docstring, weighted."""
    from qwixo.qwixx.rules import Rules, Sheet

    bot = outside.make("x-ga")
    rules = Rules.of("classic")
    w = outside.GA_WEIGHTS
    s = Sheet()
    assert bot.instinct(rules, s, 0) == pytest.approx(w[0] * 4 / 36)  # four free 2s/12s
    # red: 2 crosses, the last on 5 (position 3): free cell 6 (5 ways), 2 skipped cells;
    # blue closed by another player with 3 crosses: counts only its crosses; a penalty
    s.count, s.last, s.penalties = [2, 0, 0, 3], [3, -1, -1, 4], 1
    odds = 5 / 36 * 3 + 1 / 36 + 1 / 36  # red, yellow (2), green (12); blue closed
    expect = w[0] * odds + w[1] * 1 + w[2] * (4 + 9) + w[3] * 2
    assert bot.instinct(rules, s, 0b1000) == pytest.approx(expect)


def test_instinct_locks_unless_it_ends_the_game_behind():
    rng = random.Random(7)
    bot = outside.make("x-ga")
    seen = 0
    for g, choice in _games(60, bot, rng):
        if g.phase == "action1" and g.active == 0:
            continue  # joint choice: the lock may come in action 2
        rules, lead = g.rules, outside._lead(g, 0)
        good, bad = [], []
        for o in g.options(0):
            cell = outside.option_cell(g, 0, str(o))
            if cell and cell[1] >= rules.lock_from[cell[0]]:
                ends = bin(g.closed | (1 << cell[0])).count("1") >= 2
                gain = 2 * g.sheets_state[0].count[cell[0]] + 3  # the cross and the lock box
                if not ends or lead + gain > 0:
                    good.append(str(o))
                elif lead + gain < 0:  # a tie is neither
                    bad.append(str(o))
        if good:
            seen += 1
            assert choice in good
        elif bad and g.active == 0:
            assert choice not in bad
    assert seen > 0
