"""Tournament formats (qwixo.tournament.formats): round-robin, Swiss, arena and table rounds —
the pure pairings and standings, then whole events through ``qwixo tournament --format``."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from qwixo.core import IllegalMove
from qwixo.tournament.formats import (
    arena_points,
    round_robin,
    run_event,
    standings,
    swiss_round,
    table_round,
)

ALONE = lambda a, b: a != b  # noqa: E731  (no teams)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_round_robin_meets_everyone_once_and_shares_the_starts(n):
    rounds = round_robin(n)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = Counter()
    starts = Counter()
    for pairs in rounds:
        seen = [e for p in pairs for e in p if e is not None]
        assert len(seen) == len(set(seen)) and len(seen) in (n, n - 1)
        for a, b in pairs:
            if b is not None:
                met[frozenset((a, b))] += 1
                starts[a] += 1
    assert set(met) == {frozenset(p) for p in combinations(range(n), 2)}
    assert set(met.values()) == {1}
    games = [starts[e] for e in range(n)]
    assert max(games) - min(games) <= 1
    # a second cycle swaps the seats
    two = round_robin(n, 2 * len(rounds))
    assert [sorted((b, a) for a, b in r if b is not None) for r in two[len(rounds):]] == \
        [sorted((a, b) for a, b in r if b is not None) for r in rounds]


def _swiss(n, rounds, winner):
    """A Swiss event of ``n`` entrants where ``winner(a, b)`` wins each game."""
    records, byes, met, had_bye = [], [], Counter(), set()
    starts, last = [0] * n, [False] * n
    for _ in range(rounds):
        rows = standings(n, records, ALONE, byes)
        pairs, bye = swiss_round(rows, met, starts, last, had_bye)
        if bye is not None:
            byes.append((bye, 0.5))
            had_bye.add(bye)
        for a, b in pairs:
            w = winner(a, b)
            records.append({"lineup": [a, b], "scores": [1, -1] if w == a else [-1, 1]})
            met[frozenset((a, b))] += 1
            starts[a] += 1
            last[a], last[b] = True, False
        yield pairs, bye, standings(n, records, ALONE, byes)


def test_swiss_pairs_equal_points_never_repeats_and_gives_each_bye_once():
    n = 9
    strongest = lambda a, b: min(a, b)  # noqa: E731
    seen, byes = set(), []
    rows = []
    for pairs, bye, rows in _swiss(n, 4, strongest):  # noqa: B007  (the last standings below)
        assert len(pairs) == 4 and bye is not None
        byes.append(bye)
        for a, b in pairs:
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
    assert len(set(byes)) == 4
    # after 4 rounds the strongest entrant is first, with every game it played won
    assert rows[0]["entrant"] == 0
    assert rows[0]["points"] == rows[0]["won"] + 0.5 * rows[0]["byes"] and rows[0]["lost"] == 0
    # round 2 pairs the winners of round 1 with each other
    (first, _, _), (second, _, _) = list(_swiss(8, 2, strongest))
    winners = {min(p) for p in first}
    assert {frozenset(p) for p in second if set(p) <= winners} and all(
        (set(p) <= winners) or not (set(p) & winners) for p in second)


def test_swiss_shares_the_starts():
    starts = Counter()
    for pairs, _, _ in _swiss(8, 6, lambda a, b: min(a, b)):
        for a, _ in pairs:
            starts[a] += 1
    assert max(starts.values()) - min(starts[e] for e in range(8)) <= 2


def test_standings_tie_breaks():
    # 0 beats 1, 1 beats 2, 2 beats 0: all on 1 point; 3 loses to all three
    recs = [{"lineup": [0, 1], "scores": [1, -1]}, {"lineup": [1, 2], "scores": [1, -1]},
            {"lineup": [2, 0], "scores": [1, -1]}, {"lineup": [0, 3], "scores": [1, -1]},
            {"lineup": [1, 3], "scores": [0, 0]}, {"lineup": [3, 2], "scores": [-1, 1]}]
    rows = {r["entrant"]: r for r in standings(4, recs, ALONE)}
    assert [rows[e]["points"] for e in range(4)] == [2.0, 1.5, 2.0, 0.5]
    # 0 and 2 tied on 2 points: direct encounter, 2 beat 0
    assert rows[2]["direct"] == 1.0 and rows[0]["direct"] == 0.0
    assert rows[2]["place"] == 1 and rows[0]["place"] == 2
    # Buchholz: the sum of the opponents' points, once per meeting
    assert rows[1]["buchholz"] == 2.0 + 2.0 + 0.5
    # Sonneborn-Berger: each opponent's points times the result against them
    assert rows[1]["sonneborn_berger"] == 2.0 * 1 + 0.5 * 0.5
    assert (rows[3]["won"], rows[3]["drawn"], rows[3]["lost"]) == (0, 1, 2)


def test_standings_by_place_at_tables_and_teams_are_not_opponents():
    # a table of three: places by score (first 2 points, second 1, last 0)
    rows = {r["entrant"]: r for r in standings(3, [{"lineup": [0, 1, 2], "scores": [5, 9, 1]}],
                                                ALONE)}
    assert [rows[e]["points"] for e in range(3)] == [1.0, 2.0, 0.0]
    # four players in two teams (seats 0+2 against 1+3): each winner beats two opponents
    teams = lambda a, b: a % 2 != b % 2  # noqa: E731
    rows = {r["entrant"]: r for r in standings(
        4, [{"lineup": [0, 1, 2, 3], "scores": [1, -1, 1, -1], "places": [1, 2, 1, 2]}], teams)}
    assert [rows[e]["points"] for e in range(4)] == [2.0, 0.0, 2.0, 0.0]


def test_arena_points_double_after_two_wins():
    assert arena_points([1, 1, 1, 1, 0.5, 0.5, 1, 1, 0, 1]) == [2, 2, 4, 4, 2, 1, 2, 2, 0, 2]
    assert arena_points([]) == []


def test_table_rounds_seat_by_standing_and_share_the_starts():
    rows = [{"entrant": e} for e in range(8)]
    tables, byes = table_round(rows, 3, (1, 2, 3, 4, 5), [0] * 8)
    assert tables == [[0, 1, 2], [3, 4, 5], [6, 7]] and byes == []
    tables, byes = table_round(rows[:7], 3, (1, 2, 3, 4, 5), [0] * 7)
    assert tables == [[0, 1, 2], [3, 4, 5]] and byes == [6]
    tables, _ = table_round(rows[:4], 4, (2, 4), [3, 1, 0, 2])
    assert tables == [[2, 3, 0, 1]]  # who started least sits first
    assert table_round(rows[:5], 4, (2, 4), [0] * 5)[1] == [4]  # 4-player Quixo: no table of 1


def _cli(capsys, *args):
    from qwixo.cli import main

    assert main(["tournament", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_swiss_event_of_bots_through_the_command_line(capsys):
    rep = _cli(capsys, "quixo", "--bots", "random,greedy,random,greedy,random", "--size", "3",
               "--format", "swiss", "--rounds", "3")
    assert rep["format"] == "swiss" and len(rep["rounds"]) == 3
    assert rep["games"] == 6 == sum(b["games"] for b in rep["bots"]) // 2
    for rnd in rep["rounds"]:
        assert len(rnd["games"]) == 2 and len(rnd["byes"]) == 1
        played = [e for i in rnd["games"] for e in rep["records"][i]["lineup"]]
        assert len(set(played)) == 4
    rows = rep["standings"]
    # every game gives one point in all, a bye half of one
    assert sum(r["points"] for r in rows) == rep["games"] + 0.5 * 3
    assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
    assert {r["bot"] for r in rows} == {"random", "greedy", "random#2", "greedy#2", "random#3"}


def test_table_rounds_of_qwixx_through_the_command_line(capsys):
    rep = _cli(capsys, "qwixx", "--bots", "random,race,gap,random,race", "--players", "3",
               "--format", "tables", "--rounds", "2")
    assert rep["format"] == "tables" and len(rep["rounds"]) == 2
    for rnd in rep["rounds"]:  # a table of three and one of two
        sizes = sorted(len(rep["records"][i]["lineup"]) for i in rnd["games"])
        assert sizes == [2, 3] and rnd["byes"] == []
    assert sum(r["points"] for r in rep["standings"]) == 2 * (3 + 1)


def test_round_robin_and_arena_events():
    rep = run_event("quixo", ["random", "greedy", "random"], "round-robin", settings={"size": 3})
    assert rep["games"] == 3 and len(rep["rounds"]) == 3
    assert {frozenset(r["lineup"]) for r in rep["records"]} == {
        frozenset(p) for p in combinations(range(3), 2)}
    ticks = iter(range(100))
    rep = run_event("quixo", ["random", "greedy", "random", "greedy"], "arena", minutes=0.05,
                    settings={"size": 3}, clock=lambda: next(ticks))  # 3 waves of 3 s
    assert len(rep["rounds"]) == 3 and rep["games"] == 6 and rep["minutes"] == 0.05
    by = {r["bot"]: r for r in rep["standings"]}
    assert sum(r["points"] for r in by.values()) >= 2 * rep["games"]  # 2 a game, more on a streak


def test_formats_refuse_what_they_cannot_play():
    with pytest.raises(IllegalMove) as e:
        run_event("qwixx", ["random", "race"], "swiss", players=3)
    assert e.value.key == "tournament_format_two" and "tables" in str(e.value)
    with pytest.raises(IllegalMove, match="unknown|Unknown"):
        run_event("quixo", ["random", "greedy"], "knockout")
    with pytest.raises(IllegalMove) as e:
        run_event("quixo", ["random", "greedy"], "arena")
    assert e.value.key == "tournament_bad_number"
    with pytest.raises(IllegalMove) as e:
        run_event("quixo", ["random", "nobody"], "swiss")
    assert e.value.key == "unknown_bot"


def test_an_outside_engine_takes_part_in_a_swiss_event():
    import shlex
    import sys
    from pathlib import Path

    from qwixo.bots import unregister_engine
    from qwixo.engine import EngineSpec

    script = Path(__file__).resolve().parents[2] / "examples" / "engines" / "random_engine.py"
    spec = EngineSpec.parse(f"py={shlex.quote(sys.executable)} {script}")
    try:
        rep = run_event("quixo", ["py", "greedy", "random", "greedy"], "swiss", rounds=2,
                        settings={"size": 3}, engines=[spec])
    finally:  # the engine's name leaves the registry with the test (others list the bots)
        unregister_engine("py")
    assert rep["games"] == 4 and not any(r.get("failures") for r in rep["records"])
    assert {r["bot"] for r in rep["standings"]} == {"py", "greedy", "random", "greedy#2"}
    assert sum(r["points"] for r in rep["standings"]) == 4
