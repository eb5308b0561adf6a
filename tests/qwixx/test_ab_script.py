"""benchmarks/qwixx_ab.py: the paired A/B plays the deals of qwixx_strength.py and computes
the paired difference and its interval correctly."""

from __future__ import annotations

import math

import pytest
from qwixx_helpers import benchmark

ab = benchmark("qwixx_ab")  # its folder on sys.path: qwixx_strength imports
import qwixx_strength as qs  # noqa: E402


def test_paired_statistics_by_hand():
    da, db = [1.0, 0.5, 0.0, 1.0, 0.5], [0.5, 0.5, 0.0, 0.0, 1.0]
    r = ab.paired(da, db)
    d = [0.5, 0.0, 0.0, 1.0, -0.5]
    md = sum(d) / 5
    sd = math.sqrt(sum((x - md) ** 2 for x in d) / 4)
    assert r["a"] == pytest.approx(0.6) and r["b"] == pytest.approx(0.4)
    assert r["diff"] == pytest.approx(0.2)
    assert r["half"] == pytest.approx(1.96 * sd / math.sqrt(5))
    # the correlation of the two columns, by numpy's formula
    import numpy as np

    assert r["rho"] == pytest.approx(np.corrcoef(da, db)[0, 1])
    assert math.isnan(ab.paired([1.0, 1.0], [0.0, 1.0])["rho"])  # A does not vary


def test_ab_plays_the_strength_tables_deals():
    r = ab.run("gap", "race", "odds", deals=3, seed=11)
    for j, (a, b) in enumerate(r["shares"]):
        for name, got in (("gap", a), ("race", b)):
            recs = qs.play_deal((j, [name, "odds"], "classic", 11, 256, None))
            want = sum(x["share"][x["seats"].index(name)] for x in recs) / len(recs)
            assert got == want
    assert r["diff"] == pytest.approx(r["a"] - r["b"])
    assert r["a_ci"][0] <= r["a"] <= r["a_ci"][1]
    assert "A - B" in ab.line(r)
    with pytest.raises(SystemExit):
        ab.run("gap", "gap", "odds", deals=1)
