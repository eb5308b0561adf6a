"""The per-player view of the contract (``Game.view``), for both games, over random games:
JSON-ready, options as the contract lists them, events as data (``since`` pages them), a hidden
decision never shows to the others and leaves their view unchanged, the player's own does."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qwixo
from qwixo.core import IllegalMove
from qwixo.qwixx.editions import EDITIONS

COMMON = {"game", "players", "phase", "to_act", "needs_roll", "roller", "is_over", "scores",
          "winners", "end_reason", "decided", "pending", "options", "events", "event_count",
          "board"}


def _check_view(g, viewer):
    v = g.view(viewer)
    assert set(v) == COMMON
    assert json.loads(json.dumps(v)) == v  # JSON-ready
    assert v["to_act"] == g.to_act and v["scores"] == g.scores() and v["phase"] == g.phase
    assert v["is_over"] == g.is_over and v["winners"] == (g.winners() if g.is_over else [])
    expected = g.options(viewer) if viewer is not None else []
    assert [o["text"] for o in v["options"]] == expected
    assert v["event_count"] >= len(v["events"])
    for k in (0, 1, v["event_count"]):
        assert g.view(viewer, since=k)["events"] == v["events"][k:]
    return v


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(sorted(EDITIONS)), players=st.integers(1, 4),
       seed=st.integers(0, 10**6))
def test_qwixx_view_hides_the_others_choices(edition, players, seed):
    rng = random.Random(seed)
    g = qwixo.new_game("qwixx", edition=edition, players=players, seed=seed)
    seen = 0
    for _ in range(300):
        if g.is_over:
            break
        if g.needs_roll:
            assert g.view(None)["roller"] == g.active
            g.roll()
            continue
        p = rng.choice(g.to_act)
        text = rng.choice(g.options(p))
        others = [q for q in range(players) if q != p]
        before = {q: _check_view(g, q) for q in [*others, None]}
        simultaneous = g.phase == "action1" and len(g.to_act) > 1
        g.choose(p, text)
        if simultaneous:  # p's choice is hidden: nobody else's view changes but who decided
            for q, old in before.items():
                new = g.view(q)
                assert p in new["decided"] and p not in new["to_act"]
                for key in COMMON - {"decided", "to_act"}:
                    assert new[key] == old[key], key
                assert text not in json.dumps(new["events"]) or text == "pass"
            assert g.view(p)["pending"] == text
            assert g.view(None)["pending"] is None
        v = g.view(None)
        assert v["event_count"] >= seen or g.phase == "action1"
        seen = v["event_count"]
    v = _check_view(g, 0)
    if g.is_over:
        assert v["events"][-1]["type"] == "game_over"
        assert v["events"][-1]["winners"] == g.winners()


@pytest.mark.parametrize("size,players", [(3, 2), (4, 4), (5, 2)])
def test_quixo_view_and_events(size, players):
    rng = random.Random(size + players)
    g = qwixo.new_game("quixo", size=size, players=players, ply_limit=60)
    while not g.is_over:
        p = g.to_act[0]
        v = _check_view(g, p)
        for o in v["options"]:
            if o["text"] != "pass":
                assert o["from"] + o["to"] + (":" + o["dot"] if o["dot"] else "") == o["text"]
        assert v["options"] == g.option_details(p) and v["board"]["moves"] == v["options"]
        assert _check_view(g, None)["options"] == []
        g.choose(p, rng.choice(g.options(p)))
    v = _check_view(g, None)
    moves = [e for e in v["events"] if e["type"] == "move"]
    assert [e["text"] for e in moves] == g.history and v["event_count"] == len(g.history) + 1
    assert v["events"][-1] == {"type": "game_over", "winners": g.winners(),
                               "reason": g.end_reason, "lines": v["board"]["lines"],
                               "line_seats": v["board"]["line_seats"], "by": moves[-1]["player"],
                               "resigned": []}
    # each line belongs to the players (2 players: one; 4: a team) of its cells' symbol
    for line, seats in zip(v["board"]["lines"], v["board"]["line_seats"], strict=True):
        cell = g.cell(line[0])
        owner = "xo".index(cell) if g.num_players == 2 else "NESW".index(cell)
        assert seats == [p for p in range(g.num_players) if g.side_of(p) == g.side_of(owner)]
    assert g.phase == "over" and g.winners == g.winners()  # also readable as an attribute
    g.undo()
    assert g.phase == "move" and g.view(None)["event_count"] == len(g.history)


def test_view_refuses_a_bad_viewer_or_since():
    for g in (qwixo.new_game("quixo", size=3), qwixo.new_game("qwixx")):
        for bad in ({"player": 7}, {"player": "0"}, {"since": -1}, {"since": "2"}):
            with pytest.raises(IllegalMove):
                g.view(**bad)


def test_the_examples_of_docs_api_md_run():
    import doctest
    import pathlib

    path = pathlib.Path(__file__).resolve().parent.parent / "docs" / "api.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 10
