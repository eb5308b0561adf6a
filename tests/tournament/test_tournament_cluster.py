"""Tournaments on a Dask cluster (a LocalCluster of two processes on loopback, by its
scheduler's address): the same records as a local run with the same seed; ``--cluster local``
(the cluster the command starts itself) from the command line."""

from __future__ import annotations

import logging

import pytest

from qwixo.core import IllegalMove
from qwixo.tournament.runner import run_tournament


def _games(rep):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rep["records"]]


@pytest.mark.timeout(600)
def test_local_cluster_gives_the_same_results_as_jobs():
    from distributed import LocalCluster

    seen = []
    kw = dict(games=12, players=2, seed=11)
    local = run_tournament("qwixx", ["random", "gap", "race"], jobs=1, **kw)
    q_local = run_tournament("quixo", ["random", "greedy"], games=4, size=4, seed=5)
    # one cluster of two worker processes for both games (a running scheduler, by address)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, silence_logs=logging.ERROR) as lc:
        address = lc.scheduler_address
        dist = run_tournament("qwixx", ["random", "gap", "race"], jobs=2, cluster=address,
                              progress=lambda d, n: seen.append((d, n)), **kw)
        q_dist = run_tournament("quixo", ["random", "greedy"], games=4, size=4, seed=5,
                                jobs=2, cluster=address)
    assert _games(dist) == _games(local)
    assert [b["wins"] for b in dist["bots"]] == [b["wins"] for b in local["bots"]]
    assert seen[-1] == (12, 12) and len(seen) == 12 and dist["cluster"] == address
    assert _games(q_dist) == _games(q_local)


def test_unreachable_scheduler_is_a_clear_error():
    from qwixo.tournament.cluster import cluster_client

    with pytest.raises(IllegalMove) as e, cluster_client("tcp://127.0.0.1:9", timeout=2):
        pass
    assert e.value.key == "tournament_no_cluster" and "127.0.0.1:9" in str(e.value)


def test_cli_cluster_option_and_progress_lines(capsys):
    from qwixo.cli import main

    assert main(["tournament", "qwixx", "--bots", "random,gap", "--games", "3",
                 "--cluster", "local", "--jobs", "1", "--json"]) == 0
    cap = capsys.readouterr()
    assert "games: 3/3" in cap.err  # not a terminal: progress as log lines
    import json

    rep = json.loads(cap.out)
    assert rep["cluster"] == "local" and rep["games"] == 3
