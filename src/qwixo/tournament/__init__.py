"""Tournaments between bots of any registered game, through the public contract.

Here the first two bots of the first registered game (one game's examples:
tests/tournament/test_tournament_examples.py):

>>> import qwixo
>>> from qwixo.tournament import run_tournament
>>> name = qwixo.game_names()[0]
>>> bots = qwixo.list_bots(name)[:2]
>>> res = run_tournament(name, bots, games=4, seed=1)
>>> [e["bot"] for e in res["bots"]] == bots, res["games"]
(True, 4)

See :mod:`qwixo.tournament.runner` (scheduling, parallel games), :mod:`~qwixo.tournament.stats`
(Wilson intervals, score summaries), :mod:`~qwixo.tournament.elo` (Bradley-Terry fit) and
:mod:`~qwixo.tournament.plots` (PNG charts); ``qwixo tournament`` is in
:mod:`~qwixo.tournament.cli`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["run_tournament"]


def __getattr__(name: str) -> Any:
    # the runner (and numpy under it) is loaded when a tournament runs, not by the server's
    # ratings, which import :mod:`qwixo.tournament.ratings` alone
    if name == "run_tournament":
        from qwixo.tournament.runner import run_tournament

        return run_tournament
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
