"""Tournaments on a Dask cluster (a LocalCluster of two processes on loopback): the same records
as a local run with the same seed."""

from __future__ import annotations

import pytest

from qwixo.core import IllegalMove
from qwixo.tournament.runner import run_tournament


def _games(rep):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rep["records"]]


@pytest.mark.timeout(600)
def test_local_cluster_gives_the_same_results_as_jobs():
    seen = []
    kw = dict(games=12, players=2, seed=11)
    local = run_tournament("qwixx", ["random", "gap", "race"], jobs=1, **kw)
    dist = run_tournament("qwixx", ["random", "gap", "race"], jobs=2, cluster="local",
                          progress=lambda d, n: seen.append((d, n)), **kw)
    assert _games(dist) == _games(local)
    assert [b["wins"] for b in dist["bots"]] == [b["wins"] for b in local["bots"]]
    assert seen[-1] == (12, 12) and len(seen) == 12 and dist["cluster"] == "local"
    q_local = run_tournament("quixo", ["random", "greedy"], games=4, size=4, seed=5)
    q_dist = run_tournament("quixo", ["random", "greedy"], games=4, size=4, seed=5,
                            jobs=2, cluster="local")
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
