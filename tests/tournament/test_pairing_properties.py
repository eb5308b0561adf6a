"""Properties of the pairings (qwixo.tournament.formats.next_round, the planner of the command
line and of the server), for any number of entrants and any results: no pair meets twice
while a pairing without repeats exists, byes go to different entrants, who starts is shared
out, tables have the game's size (one smaller table, or byes, for the rest), and a round-robin
meets everyone once."""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from qwixo.tournament import formats

TWO = (2,)


def opp(a, b):
    return a != b


def _result(rng, lineup):
    """A random finish of one game: places 1.. with ties now and then."""
    scores = [rng.randrange(3) for _ in lineup]
    order = sorted(set(scores), reverse=True)
    return {"lineup": list(lineup), "scores": scores,
            "places": [order.index(s) + 1 for s in scores]}


def _play(fmt, n, rounds, seed, size=2, sizes=TWO, check=None):
    rng = random.Random(seed)
    records, byes = [], []
    for rnd in range(1, rounds + 1):
        tables, out = formats.next_round(fmt, n, rnd, records, byes, opp, size, sizes)
        if check:
            check(rnd, tables, out, records, byes)
        seated = [e for tb in tables for e in tb] + list(out)
        assert sorted(seated) == list(range(n))  # everyone once a round
        records += [_result(rng, tb) for tb in tables]
        byes += [(e, (size - 1) / 2) for e in out]
    return records, byes


@settings(max_examples=60, deadline=None)
@given(n=st.one_of(st.integers(2, 16), st.integers(33, 80)), rounds=st.integers(1, 7),
       seed=st.integers(0, 10**6))
def test_swiss_never_repeats_a_pair_while_a_pairing_without_repeats_exists(n, rounds, seed):
    """(Beyond formats.SWISS_BLOCK entrants a round is paired block by block: the same.)"""
    def check(rnd, tables, out, records, byes):
        met = {frozenset(r["lineup"]) for r in records}
        players = [e for e in range(n) if e not in out]
        fresh = nx.Graph()
        fresh.add_nodes_from(players)
        fresh.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:]
                             if frozenset((a, b)) not in met)
        avoidable = 2 * len(nx.max_weight_matching(fresh, maxcardinality=True)) == len(players)
        if avoidable:
            assert not any(frozenset(tb) in met for tb in tables), (rnd, tables)

    _play("swiss", n, rounds, seed, check=check)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 15).filter(lambda n: n % 2), seed=st.integers(0, 10**6))
def test_swiss_byes_go_to_different_entrants(n, seed):
    _, byes = _play("swiss", n, n, seed)
    assert len(byes) == n and len({e for e, _ in byes}) == n


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 16), rounds=st.integers(1, 8), seed=st.integers(0, 10**6))
def test_swiss_shares_out_who_starts(n, rounds, seed):
    records, _ = _play("swiss", n, rounds, seed)
    starts, games = Counter(), Counter()
    for r in records:
        starts[r["lineup"][0]] += 1
        for e in r["lineup"]:
            games[e] += 1
    for e in range(n):
        assert abs(2 * starts[e] - games[e]) <= 2, (e, starts[e], games[e])


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 23), size=st.integers(3, 5), rounds=st.integers(1, 4),
       seed=st.integers(0, 10**6), small=st.booleans())
def test_table_rounds_seat_full_tables_and_one_smaller_table_or_byes(n, size, rounds, seed,
                                                                      small):
    sizes = tuple(range(1, 6)) if small else (size,)

    def check(rnd, tables, out, records, byes):
        full = [tb for tb in tables if len(tb) == size]
        assert len(full) == n // size
        rest = n % size
        if rest and rest > 1 and rest in sizes:
            assert len(tables) == len(full) + 1 and not out
        else:
            assert len(out) == rest and len(tables) == len(full)

    _play("tables", n, rounds, seed, size=size, sizes=sizes, check=check)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 14), seed=st.integers(0, 10**6))
def test_round_robin_meets_everyone_once(n, seed):
    rounds = n - 1 if n % 2 == 0 else n
    records, byes = _play("round-robin", n, rounds, seed)
    met = Counter(frozenset(r["lineup"]) for r in records)
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    assert len(byes) == (n if n % 2 else 0)
