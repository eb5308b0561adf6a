"""Property tests over random games of every edition with 1-5 players (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qwixo
from qwixo import IllegalMove
from qwixo.qwixx.editions import EDITION_NAMES, row_points
from qwixo.qwixx.game import QwixxGame

games = st.tuples(st.sampled_from(EDITION_NAMES), st.integers(1, 5), st.integers(0, 2**32),
                  st.lists(st.integers(0, 10**6), min_size=0, max_size=400))


def check_invariants(g: QwixxGame, before: list | None) -> list:
    rules = g.rules
    locked_any = 0
    counts = []
    for s in g.sheets_state:
        locked_any |= s.locked
        for r in range(4):
            marks = s.marks[r]
            n_marks = bin(marks).count("1")
            lock = (s.locked >> r) & 1
            assert s.count[r] == n_marks + lock
            assert s.last[r] == (marks.bit_length() - 1)
            assert s.count[r] <= g.edition.max_crosses
            if lock:
                assert s.last[r] >= rules.lock_from[r]
                assert n_marks - 1 >= rules.need  # crosses before the lock number
            else:
                assert s.last[r] < rules.lock_from[r]
        assert 0 <= s.penalties <= rules.max_penalties
        assert s.bar_used == sorted(set(s.bar_used)) and len(set(s.rewards)) == len(s.rewards)
        counts.append(list(s.count) + [s.penalties])
    assert g.closed == locked_any
    for c in range(4):
        if (g.closed >> c) & 1 and g.phase != "roll":
            assert g.dice[2 + c] is None
    if before is not None:  # crosses and penalties never go away
        assert all(a <= b for old, new in zip(before, counts, strict=True)
                   for a, b in zip(old, new, strict=True))
    final = g.is_over
    for p, s in enumerate(g.sheets_state):
        base = sum(row_points(c) for c in s.count) - 5 * s.penalties
        if not (final and s.rewards):
            assert g.scores()[p] == base
    return counts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(spec):
    name, players, seed, picks = spec
    g = QwixxGame(name, players=players, seed=seed)
    before = None
    k = 0
    while not g.is_over and k < len(picks):
        if g.needs_roll:
            assert g.to_act == []
            g.roll()
            continue
        acting = g.to_act
        assert acting
        for p in range(players):
            opts = g.options(p)
            assert bool(opts) == (p in acting)
            if opts:
                assert opts[0] == "pass" and len(set(opts)) == len(opts)
        p = acting[picks[k] % len(acting)]
        opts = g.options(p)
        g.choose(p, opts[picks[k] % len(opts)])
        k += 1
        before = check_invariants(g, before)
    if g.is_over:
        assert g.to_act == [] and not g.needs_roll
        assert g.end_reason in ("locks", "penalties")


@settings(max_examples=40, deadline=None)
@given(games, st.text(max_size=6))
def test_save_load_undo_and_refusals_at_any_point(spec, junk):
    name, players, seed, picks = spec
    g = QwixxGame(name, players=players, seed=seed)
    for pick in picks[:120]:
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
            continue
        acting = g.to_act
        p = acting[pick % len(acting)]
        opts = g.options(p)
        g.choose(p, opts[pick % len(opts)])
    text = g.to_json()
    h = qwixo.load_game(text)
    assert h == g and h.sheets == g.sheets and h.to_act == g.to_act
    # a refused decision changes nothing
    for p in range(players):
        if junk.strip() not in g.options(p):
            try:
                g.choose(p, junk)
            except IllegalMove:
                pass
            else:
                raise AssertionError("junk accepted")
            assert g.to_json() == text
    # undo then the same decision again restores the same game
    if g.history and g.history[-1][0] == "choose":
        last = g.history[-1]
        try:
            g.undo()
        except IllegalMove as e:  # action 1 took effect: everyone's choice is known
            assert e.key == "undo_revealed" and g.phase != "action1" and players > 1
            assert g.to_json() == text
        else:
            g.choose(last[1], last[2])
            assert g.to_json() == text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 10**6), min_size=1, max_size=30))
def test_load_from_an_earlier_state_is_the_whole_load(spec, cuts):
    """``load_game(text, base=earlier)`` (plays only what ``earlier`` lacks) gives the game
    ``load_game(text)`` gives, from any earlier state, after undos too, with the generator."""
    name, players, seed, picks = spec
    g = QwixxGame(name, players=players, seed=seed)
    states = [g.to_json()]
    for k, pick in enumerate(picks):
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
        elif k % 17 == 16:
            try:
                g.undo()
            except IllegalMove:
                pass
        else:
            p = g.to_act[pick % len(g.to_act)]
            opts = g.options(p)
            g.choose(p, opts[pick % len(opts)])
        states.append(g.to_json())
    for cut in cuts:
        i = cut % len(states)
        j = i + (cut // len(states)) % (len(states) - i)
        base = qwixo.load_game(states[i])
        before = base.to_json()
        whole = qwixo.load_game(states[j])
        resumed = qwixo.load_game(states[j], base=base)
        assert resumed.to_json() == whole.to_json() == states[j]
        assert resumed.view(0) == whole.view(0)
        assert base.to_json() == before  # the base is not changed
        if not whole.is_over and whole.needs_roll:  # the same generator: the same next roll
            assert resumed.roll() == whole.roll()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_the_views_shared_sheets_are_the_sheets_drawn_afresh(spec):
    """The web view makes a sheet once per :meth:`QwixxGame.sheet_keys` key and shares it:
    the key must cover all a sheet shows, so the shared sheet equals one drawn afresh."""
    from qwixo.qwixx import view as V

    name, players, seed, picks = spec
    g = QwixxGame(name, players=players, seed=seed)
    lay = V.layout(g)
    for pick in [*picks, 0]:
        shared = V.sheets(g, lay)
        fresh = [V._sheet(lay["name"], lay, seat, sh) for seat, sh in enumerate(g.sheets)]
        assert shared == fresh
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
        else:
            p = g.to_act[pick % len(g.to_act)]
            opts = g.options(p)
            g.choose(p, opts[pick % len(opts)])
