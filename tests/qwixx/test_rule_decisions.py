"""The ``odds`` and ``ev`` rules are tuned: a change of their code that is meant to keep them
(a refactoring: e.g. their shared end-of-game pressure, :func:`qwixo.qwixx.odds.end_pressure`)
must keep every decision. A few hundred kernel games with fixed seeds and fixed parameters
(the defaults of the day and variants that use every pressure term: rows near a lock, most
penalties, most crosses, threats) must give the very scores and game lengths recorded with
the code before that refactoring. A change of the rules' decisions that is wanted changes
these checksums: record the new ones with :func:`_checksum` and say so in the commit."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from qwixo.qwixx.batch import run_games
from qwixo.qwixx.editions import edition as edition_of

#: the ``odds`` and ``ev`` default parameters when the checksums were recorded
ODDS = [0.7, 1.0, 3.0, 0.2, 0.5, 0.25, 0.3, 0.5, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
EVP = [1.2, 0.2, 0.0, 0.2, 0.0, 0.5, 0.0, 1.0, 0.0, 0.0, -0.3, 2.0, -0.18, 0.0, 0.0]
#: variants with every pressure term on (odds: unear, upen, uprogress, threat, pen4; ev:
#: u_near, u_pen, u_prog, threat, risk)
ODDS2 = [0.6, 1.1, 2.5, 0.3, 0.7, 0.3, 0.3, 0.5, 0.2, 1.0, 0.5, 0.2, 1.0, 0.3, 1.0]
EV2 = [1.1, 0.3, 0.4, 0.25, 0.5, 0.4, 0.2, 1.0, 0.3, 0.5, -0.2, 2.0, -0.1, 0.0, 0.0]

# (edition, games, players, seed, policies, parameters per seat, checksum before)
CASES = [
    ("classic", 400, 2, 21, ["odds", "ev"], [ODDS, EVP], "b0b6e06f4552cc2b"),
    ("classic", 300, 3, 22, ["ev", "odds", "ev"], [EV2, ODDS2, EVP], "37e4606c94060af4"),
    ("mixx-a", 200, 4, 23, ["odds", "ev", "odds", "ev"], [ODDS2, EV2, ODDS, EVP],
     "6a492ea78e97d1d5"),
    ("bonus-b", 200, 2, 24, ["ev", "odds"], [EV2, ODDS2], "8dc26950e7c1cf37"),
    ("longo", 100, 1, 25, ["ev"], [EV2], "517d48a819089d23"),
    ("classic", 100, 1, 26, ["odds"], [ODDS2], "61cf522f34fade88"),
]


def _checksum(edition, games, players, seed, policies, params) -> str:
    # Longo: the lucky numbers the checksum was recorded with (the rulebook's first pairs, the
    # kernel runs' default then; now the default is the seed's deal, kernels.lucky_deal)
    lucky = (np.array(edition_of("longo").rulebook_lucky[:players], np.int64)
             if edition == "longo" else None)
    r = run_games(edition, games, players, seed=seed, policies=policies,
                  params=np.array(params, np.float64), paired=True, lucky=lucky)
    data = r["scores"].astype("<i8").tobytes() + r["rolls"].astype("<i8").tobytes()
    return hashlib.sha256(data).hexdigest()[:16]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[2]}p-{'-'.join(c[4])}" for c in CASES])
def test_odds_and_ev_decisions_are_those_recorded(case):
    *game, before = case
    assert _checksum(*game) == before


def test_the_pressure_terms_change_the_decisions():
    """The cases above do exercise the pressure terms: without them the games differ."""
    edition, games, players, seed, policies, _, before = CASES[1]
    plain_odds = list(ODDS2)
    plain_ev = list(EV2)
    for i in (4, 5, 10, 13):  # odds: unear, upen, uprogress, threat
        plain_odds[i] = 0.0
    for i in (2, 3, 4):  # ev: u_near, u_pen, u_prog
        plain_ev[i] = 0.0
    params = [plain_ev, plain_odds, EVP]
    assert _checksum(edition, games, players, seed, policies, params) != before
