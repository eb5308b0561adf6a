"""Tournament games as tasks on a Dask distributed cluster (``qwixo tournament --cluster``).

Every game is one task, ``runner.play_one(task)``; its seeds come from ``(seed, i)`` only
(:func:`qwixo.tournament.runner.game_seeds`), so a cluster run gives the same records as a
local run with any ``--jobs`` (bots on a time budget aside). ``cluster`` is ``"local"`` — a
``LocalCluster`` of ``jobs`` worker processes on this machine, on the loopback interface — or the
address of a running scheduler (``tcp://host:8786``): every worker there must have the same
version of qwixo installed (``pip install 'qwixo[cluster]'``). See ``docs/tournaments.md``.

Dask rather than Ray: a game is a small pure-Python function call with a picklable result, which
is exactly what ``distributed``'s ``Client.map`` does; it is a pure-Python pip install (no
separate runtime, object store or dashboard service to run), and its scheduler and workers start
with two commands (``dask scheduler``, ``dask worker ADDRESS``) on any machine with Python.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from qwixo.core import IllegalMove


@contextlib.contextmanager
def cluster_client(cluster: str, workers: int = 1, timeout: float = 30.0) -> Iterator[Any]:
    """A ``distributed.Client`` on ``cluster`` (``"local"`` or a scheduler address); the local
    cluster is stopped on exit."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise IllegalMove("tournament_no_dask") from None
    if cluster == "local":
        with LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=None,
                          silence_logs=logging.ERROR) as lc, Client(lc) as client:
            yield client
    else:
        try:
            client = Client(cluster, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as e:
            raise IllegalMove("tournament_no_cluster", address=cluster, why=str(e)[:200]) from None
        with client:
            yield client


def run_tasks(tasks: Sequence[tuple], cluster: str, workers: int,
              play: Callable[[tuple], dict[str, Any]],
              progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Play ``tasks`` on the cluster; returns the records in the order they finished."""
    from distributed import as_completed

    records: list[dict[str, Any]] = []
    with cluster_client(cluster, workers) as client:
        keys = [f"qwixo-game-{t[5]}-{t[0]}" for t in tasks]
        futures = client.map(play, tasks, key=keys, pure=False)
        for fut in as_completed(futures):
            records.append(fut.result())
            fut.release()
            if progress:
                progress(len(records), len(tasks))
    return records
