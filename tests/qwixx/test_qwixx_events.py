"""Engine facts for views: events, option details, pending choices, phase, winners."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qwixo
from qwixo.qwixx.editions import COLOURS, EDITION_NAMES
from qwixo.qwixx.game import QwixxGame

games = st.tuples(st.sampled_from(EDITION_NAMES), st.integers(1, 5), st.integers(0, 10_000),
                  st.lists(st.integers(0, 1000), min_size=1, max_size=400))


def sheets_from_events(g: QwixxGame) -> list[dict]:
    """Rebuild every sheet (crossed numbers, crosses with lock boxes, locks, penalties) from
    the events alone."""
    out = [{"crossed": {c: [] for c in COLOURS}, "crosses": dict.fromkeys(COLOURS, 0),
            "locked": set(), "penalties": 0} for _ in range(g.num_players)]
    for e in g.events:
        if e["type"] == "cross":
            s = out[e["player"]]
            s["crossed"][e["row"]].append(e["number"])
            s["crosses"][e["row"]] += 1
        elif e["type"] == "lock":
            out[e["player"]]["crosses"][e["row"]] += 1
            out[e["player"]]["locked"].add(e["row"])
        elif e["type"] == "penalty":
            out[e["player"]]["penalties"] = e["count"]
    return out


def play(spec) -> QwixxGame:
    name, players, seed, picks = spec
    g = QwixxGame(name, players=players, seed=seed)
    for pick in picks:
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
            continue
        acting = g.to_act
        p = acting[pick % len(acting)]
        opts = g.options(p)
        before = g.events
        assert [d["text"] for d in g.option_details(p)] == opts
        text = opts[pick % len(opts)]
        g.choose(p, text)
        if g.phase == "action1":  # a hidden choice: no event, only the chooser sees it
            assert g.events == before and g.pending(p) == text
            assert all(g.pending(q) is None for q in range(players) if q not in g.decided)
    return g


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_events_rebuild_the_sheets_and_survive_save_and_load(spec):
    g = play(spec)
    rebuilt = sheets_from_events(g)
    for p, sh in enumerate(g.sheets):
        for r, row in enumerate(sh["rows"]):
            c = COLOURS[r]
            assert sorted(rebuilt[p]["crossed"][c]) == sorted(row["crossed"])
            assert rebuilt[p]["crosses"][c] == row["crosses"]
            assert (c in rebuilt[p]["locked"]) == row["locked"]
        assert rebuilt[p]["penalties"] == sh["penalties"]
    ev = g.events
    json.dumps(ev)
    rolls = [e for e in ev if e["type"] == "roll"]
    assert len(rolls) == sum(1 for h in g.history if h[0] == "roll")
    assert qwixo.load_game(g.to_json()).events == ev
    assert g.copy().events == ev
    assert g.phase in ("roll", "action1", "action2", "over")
    if g.is_over:
        assert ev[-1]["type"] == "game_over" and ev[-1]["scores"] == g.scores()
        assert ev[-1]["winners"] == g.winners() != []
    else:
        assert g.winners() == [] and not any(e["type"] == "game_over" for e in ev)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_option_details_say_what_each_option_crosses(spec):
    """Carrying out an option crosses exactly the cells its details announce (the active
    player's action 2, where nobody else acts at the same time)."""
    name, players, seed, picks = spec
    g = QwixxGame(name, players=players, seed=seed)
    for pick in picks:
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
            continue
        p = g.to_act[pick % len(g.to_act)]
        if g.phase == "action2":
            details = g.option_details(p)
            d = details[pick % len(details)]
            n = len(g.events)
            g.choose(p, d["text"])
            new = g.events[n:]
            assert [[e["row"], e["number"]] for e in new if e["type"] == "cross"] == d["cells"]
            assert [e["row"] for e in new if e["type"] == "lock"] == d["locks"]
            assert any(e["type"] == "penalty" for e in new) == d["penalty"]
            assert d["lucky"] is False
        else:
            opts = g.options(p)
            g.choose(p, opts[pick % len(opts)])


def test_event_examples():
    g = QwixxGame(players=2, seed=1)
    g.roll([3, 4, 1, 1, 1, 1])
    assert g.phase == "action1" and g.pending(0) is None
    g.choose(0, "r7")
    assert g.pending(0) == "r7" and g.pending(1) is None and g.events[-1]["type"] == "roll"
    g.choose(1, "pass")
    assert g.pending(0) is None
    assert g.events[1:] == [
        {"type": "cross", "player": 0, "row": "r", "number": 7, "how": "white", "action": 1},
        {"type": "pass", "player": 1, "action": 1}]
    assert g.option_details(0)[0] == {"text": "pass", "cells": [], "penalty": False,
                                      "lucky": False, "locks": [], "bonus": [], "rewards": [],
                                      "reward_row": None}
    g.choose(0, "pass")
    g.roll([1, 1, 6, 6, 6, 6])
    assert g.events[-1] == {"type": "roll", "player": 1,
                            "dice": {"w1": 1, "w2": 1, "r": 6, "y": 6, "g": 6, "b": 6}}
    g.choose(0, "pass")
    g.choose(1, "pass")
    assert g.option_details(1)[0]["penalty"] is True
    g.choose(1, "pass")
    assert g.events[-2:] == [{"type": "pass", "player": 1, "action": 2},
                             {"type": "penalty", "player": 1, "count": 1, "points": 5}]


def test_lock_die_removed_and_game_over_events():
    g = QwixxGame(players=2, seed=3)
    for _ in range(5):
        g.roll([1, 1, 1, 1, 1, 1])
        g.choose(0, "pass")
        g.choose(1, "pass")
        g.choose(g.active, "r2" if "r2" in g.options(g.active) else "pass")
    g.sheets_state[0].count[0] = 5  # (set-up: five red crosses so the lock is allowed)
    g.sheets_state[0].count[1] = 5
    g._opts = {}
    g.roll([6, 6, 1, 1, 1, 1])       # white 12: red 12 and yellow 12 are lock cells
    g.choose(0, "r12")
    g.choose(1, "pass")
    ev = g.events
    i = next(k for k, e in enumerate(ev) if e["type"] == "lock")
    assert ev[i - 1]["type"] == "cross" and ev[i] == {"type": "lock", "player": 0, "row": "r"}
    assert {"type": "die_removed", "row": "r"} in ev
    assert not g.is_over


def test_bonus_and_lucky_details():
    g = QwixxGame("longo", players=1, seed=1, lucky=[(6, 11)])
    g.roll([5, 1, 1, 1, 1, 1])
    d = g.option_details(0)[-1]
    assert d["text"] == "L:b" and d["lucky"] and d["cells"] == [["b", 16]]
    g.choose(0, "L:b")
    assert g.events[-1]["how"] == "lucky"
    g = QwixxGame("bonus-a", players=1, seed=1)
    g.roll([5, 6, 1, 1, 1, 1])
    d = next(x for x in g.option_details(0) if x["text"] == "g11")
    assert d["cells"] == [["g", 11], ["r", 2]] and d["bonus"] == [0]
    g.choose(0, "g11")
    assert [e["type"] for e in g.events[1:]] == ["cross", "bonus_chain", "cross"]
    assert g.events[-1]["how"] == "bonus"
