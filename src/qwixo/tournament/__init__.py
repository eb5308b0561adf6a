"""Tournaments between bots, for Qwixx and Quixo, through the public contract.

>>> from qwixo.tournament import run_tournament
>>> res = run_tournament("qwixx", ["random", "gap"], games=4, players=2, seed=1)
>>> [e["bot"] for e in res["bots"]]
['random', 'gap']
>>> res["games"]
4

See :mod:`qwixo.tournament.runner` (scheduling, parallel games), :mod:`~qwixo.tournament.stats`
(Wilson intervals, score summaries), :mod:`~qwixo.tournament.elo` (Bradley-Terry fit) and
:mod:`~qwixo.tournament.plots` (PNG charts); ``qwixo tournament`` is in
:mod:`~qwixo.tournament.cli`.
"""

from qwixo.tournament.runner import run_tournament

__all__ = ["run_tournament"]
