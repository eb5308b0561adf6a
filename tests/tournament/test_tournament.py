"""Tournament statistics (Wilson, Elo) and small reproducible tournaments."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qwixo.cli import main
from qwixo.core import IllegalMove
from qwixo.tournament.elo import ELO_PER_NAT, expected_score, fit_elo
from qwixo.tournament.runner import results_of, run_tournament, schedule
from qwixo.tournament.stats import summary, wilson


# -- Wilson --------------------------------------------------------------------------------
@pytest.mark.parametrize("k, n, lo, hi", [
    (0, 10, 0.0, 0.2775),      # textbook values (Newcombe 1998 / Agresti-Coull)
    (10, 10, 0.7225, 1.0),
    (5, 10, 0.2366, 0.7634),
    (81, 263, 0.2553, 0.3662),  # Newcombe's example 81/263
])
def test_wilson_known_values(k, n, lo, hi):
    a, b = wilson(k, n)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)


@given(n=st.integers(1, 5000), frac=st.floats(0, 1))
def test_wilson_contains_the_proportion(n, frac):
    k = round(frac * n)
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    # narrower with more data at the same proportion
    lo2, hi2 = wilson(4 * k, 4 * n)
    assert hi2 - lo2 <= hi - lo + 1e-12


def test_wilson_rejects_nonsense():
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_summary():
    s = summary([4, 1, 3, 2, 100])
    assert s["median"] == 3 and s["min"] == 1 and s["max"] == 100 and s["n"] == 5
    assert s["mean"] == 22
    assert s["std"] == pytest.approx(43.6176, abs=1e-3)


# -- Elo -----------------------------------------------------------------------------------
def test_elo_two_players_is_the_logit():
    outcomes = [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100
    r = fit_elo(["a", "b"], outcomes, prior=0.0)
    assert r["a"]["elo"] - r["b"]["elo"] == pytest.approx(ELO_PER_NAT * math.log(3), abs=1e-6)
    assert (r["a"]["elo"] + r["b"]["elo"]) / 2 == pytest.approx(1500)
    # standard error of the difference: 1/sqrt(n p (1-p)) nats; each side carries half
    se = ELO_PER_NAT / math.sqrt(400 * 0.75 * 0.25) / 2
    assert r["a"]["se"] == pytest.approx(se, rel=1e-6)


def test_elo_three_players_transitive_and_consistent():
    # a beats b 70%, b beats c 70%, a beats c 84.5%: a consistent Bradley-Terry world
    out = ([("a", "b", 1.0)] * 70 + [("a", "b", 0.0)] * 30 + [("b", "c", 1.0)] * 70
           + [("b", "c", 0.0)] * 30 + [("a", "c", 1.0)] * 845 + [("a", "c", 0.0)] * 155)
    r = fit_elo(["a", "b", "c"], out, prior=0.0)
    assert r["a"]["elo"] > r["b"]["elo"] > r["c"]["elo"]
    assert expected_score(r["a"]["elo"], r["c"]["elo"]) == pytest.approx(0.845, abs=0.01)


def test_elo_stays_finite_for_an_unbeaten_player():
    r = fit_elo(["a", "b"], [("a", "b", 1.0)] * 20)
    assert math.isfinite(r["a"]["elo"]) and r["a"]["elo"] > r["b"]["elo"] + 300


def test_draws_count_half():
    r = fit_elo(["a", "b"], [("a", "b", 0.5)] * 10)
    assert r["a"]["elo"] == pytest.approx(r["b"]["elo"])


# -- scheduling and results -----------------------------------------------------------------
def test_schedule_rotates_seats_fairly():
    plan = schedule(3, 2, 12)
    seats = {b: [0, 0] for b in range(3)}
    for lu in plan:
        for s, b in enumerate(lu):
            seats[b][s] += 1
    assert all(v == [4, 4] for v in seats.values())
    assert schedule(2, 4, 2) == [(0, 1, 0, 1), (1, 0, 1, 0)]


def test_results_share_wins():
    assert results_of("qwixx", [10, 10, 5], 3) == [0.5, 0.5, 0.0]
    assert results_of("quixo", [0, 0], 2) == [0.5, 0.5]


# -- tournaments ---------------------------------------------------------------------------
def test_qwixx_tournament_is_reproducible_whatever_the_jobs():
    a = run_tournament("qwixx", ["random", "gap", "race"], games=12, players=2, seed=5)
    b = run_tournament("qwixx", ["random", "gap", "race"], games=12, players=2, seed=5, jobs=2)
    c = run_tournament("qwixx", ["random", "gap", "race"], games=12, players=2, seed=6)
    strip = [(r["i"], r["lineup"], r["scores"], r["length"], r["end"]) for r in a["records"]]
    assert strip == [(r["i"], r["lineup"], r["scores"], r["length"], r["end"])
                     for r in b["records"]]
    assert strip != [(r["i"], r["lineup"], r["scores"], r["length"], r["end"])
                     for r in c["records"]]
    assert [x["games"] for x in a["bots"]] == [8, 8, 8]
    assert sum(x["wins"] for x in a["bots"]) == pytest.approx(12)
    assert sum(a["end_reasons"].values()) == 12


def test_quixo_tournament_with_draw_rules():
    rep = run_tournament("quixo", ["random", "random"], games=4, size=3, seed=1, ply_limit=6)
    assert rep["bots"][1]["bot"] == "random#2"
    assert set(rep["end_reasons"]) <= {"line", "opponent_line", "ply_limit", "repetition"}
    assert all(r["length"] <= 6 for r in rep["records"])
    rep4 = run_tournament("quixo", ["random", "greedy"], games=2, players=4, size=4, seed=1)
    assert rep4["games"] == 2 and rep4["bots"][0]["games"] == 4


def test_bad_requests():
    with pytest.raises(IllegalMove):
        run_tournament("qwixx", ["nobody"], games=2)
    with pytest.raises(IllegalMove):
        run_tournament("qwixx", ["gap"], games=0)
    with pytest.raises(IllegalMove):
        run_tournament("qwixx", ["gap"], games=2, size=5)
    with pytest.raises(IllegalMove):
        run_tournament("chess", ["gap"], games=2)
    with pytest.raises(IllegalMove):
        run_tournament("qwixx", ["gap"], games=2, edition="nope")


def test_cli_json_and_plots(tmp_path, capsys):
    code = main(["tournament", "qwixx", "--bots", "gap,race", "--games", "6", "--seed", "2",
                 "--json", "--plot", str(tmp_path / "charts")])
    assert code == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 6 and {b["bot"] for b in rep["bots"]} == {"gap", "race"}
    for name in ("results.png", "scores.png", "lengths.png"):
        assert (tmp_path / "charts" / name).read_bytes()[:4] == b"\x89PNG"


def test_cli_table_in_every_language(capsys, monkeypatch):
    monkeypatch.setenv("QWIXO_LANG", "en")  # main() sets it from --lang: restored afterwards
    for lang in ("en", "tr", "it", "pl"):
        assert main(["--lang", lang, "tournament", "qwixx", "--bots", "gap,random",
                     "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "gap" in out and "Elo" in out


def test_cli_unknown_bot_is_a_clear_error(capsys):
    assert main(["tournament", "qwixx", "--bots", "gap,zzz", "--games", "2"]) == 2
    assert "zzz" in capsys.readouterr().err


def test_elo_standard_error_with_the_prior_is_that_of_centred_ratings():
    out = [("a", "b", 1.0)] * 146 + [("a", "b", 0.0)] * 54
    r = fit_elo(["a", "b"], out)
    p = 146 / 200
    se = ELO_PER_NAT / math.sqrt(200 * p * (1 - p)) / 2
    assert r["a"]["se"] == pytest.approx(se, rel=0.02)
