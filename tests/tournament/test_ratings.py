"""Ratings: Glicko-2 exact against Glickman's worked example, OpenSkill through our wrapper equal
to the library's own results, the tournament's --rate, the shipped bot ratings."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwixo.cli import main
from qwixo.tournament import ratings as R
from qwixo.tournament.ratings import Rating


# -- Glicko-2: Glickman, "Example of the Glicko-2 system" (2013) ---------------------------
def test_glicko2_worked_example():
    player = Rating(1500, 200, 0.06)
    opps = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = R.glicko2_update(player, opps, tau=0.5)
    # the paper's figures on the Glicko-2 scale: mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999
    assert (new.rating - 1500) / R.GLICKO_SCALE == pytest.approx(-0.2069, abs=5e-5)
    assert new.deviation / R.GLICKO_SCALE == pytest.approx(0.8722, abs=5e-5)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)
    # and on the Glicko scale: r' = 1464.06, RD' = 151.52 (the paper rounds mu' first: the
    # exact value is 1464.05)
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.games == 1


def test_glicko2_intermediate_quantities():
    """Steps 3-4 of the paper: v = 1.7785, delta = -0.4834 (the paper rounds g and E to four
    digits first: v exactly is 1.77898)."""
    mu, phi = 0.0, 200 / R.GLICKO_SCALE
    v_inv = dsum = 0.0
    for r, rd, s in [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]:
        mj, g = (r - 1500) / R.GLICKO_SCALE, R._g(rd / R.GLICKO_SCALE)
        e = 1 / (1 + math.exp(-g * (mu - mj)))
        v_inv += g * g * e * (1 - e)
        dsum += g * (s - e)
    assert 1 / v_inv == pytest.approx(1.7785, abs=6e-4)
    assert dsum / v_inv == pytest.approx(-0.4834, abs=6e-4)
    assert phi == pytest.approx(1.1513, abs=5e-5)


def test_glicko2_no_games_only_widens():
    r = R.glicko2_update(Rating(1600, 50, 0.06), [])
    assert r.rating == 1600 and r.deviation > 50 and r.games == 0


@given(ra=st.floats(1000, 2000), rb=st.floats(1000, 2000), da=st.floats(30, 350),
       db=st.floats(30, 350), s=st.sampled_from([0.0, 0.5, 1.0]))
@settings(max_examples=60, deadline=None)
def test_two_player_update_directions(ra, rb, da, db, s):
    a, b = Rating(ra, da), Rating(rb, db)
    a2, b2 = R.rate_two_player(a, b, s)
    if s == 1.0:
        assert a2.rating > ra and b2.rating < rb
    if s == 0.0:
        assert a2.rating < ra and b2.rating > rb
    assert a2.deviation <= math.sqrt(da**2 + 0.06**2 * R.GLICKO_SCALE**2) + 1e-9


# -- OpenSkill: the library's own results ---------------------------------------------------
def _library(ratings, scores, teams):
    """The same game rated by openskill directly with its default model (25, 25/3)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    k = R.OS_SCALE
    objs = [[model.rating(mu=(ratings[i].rating - 1500) / k + 25, sigma=ratings[i].deviation / k)
             for i in t] for t in teams]
    new = model.rate(objs, ranks=R.ranks_of([scores[t[0]] for t in teams]))
    out = {}
    for t, nt in zip(teams, new, strict=True):
        for i, r in zip(t, nt, strict=True):
            out[i] = ((r.mu - 25) * k + 1500, r.sigma * k)
    return out


@given(n=st.integers(3, 5), data=st.data())
@settings(max_examples=40, deadline=None)
def test_openskill_matches_the_library(n, data):
    ratings = [Rating(data.draw(st.floats(1000, 2000)), data.draw(st.floats(50, 350)),
                      system="openskill") for _ in range(n)]
    scores = [data.draw(st.integers(-10, 60)) for _ in range(n)]
    ours = R.rate_multiplayer(ratings, scores)
    lib = _library(ratings, scores, [[i] for i in range(n)])
    for i, r in enumerate(ours):
        assert r.rating == pytest.approx(lib[i][0], abs=1e-6)
        assert r.deviation == pytest.approx(lib[i][1], abs=1e-6)
        assert r.system == "openskill" and r.games == 1


def test_openskill_teams_of_four_player_quixo():
    ratings = [Rating(1500 + 50 * i, 300, system="openskill") for i in range(4)]
    scores = [1, -1, 1, -1]  # team N+S (seats 0, 2) won
    ours = R.rate_game("quixo", 4, ratings, scores)
    lib = _library(ratings, scores, [[0, 2], [1, 3]])
    for i in range(4):
        assert ours[i].rating == pytest.approx(lib[i][0], abs=1e-6)
    assert ours[0].rating > 1500 and ours[2].rating > 1600 and ours[1].rating < 1550


def test_openskill_plain_call_with_default_model():
    """Three newcomers, 1st/2nd/3rd: the library's numbers directly, on its own scale."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    na, nb, nc = model.rate([[a], [b], [c]])
    ours = R.rate_multiplayer([R.initial("openskill")] * 3, [3, 2, 1])
    for r, lib in zip(ours, (na, nb, nc), strict=True):
        assert (r.rating - 1500) / R.OS_SCALE + 25 == pytest.approx(lib[0].mu, abs=1e-9)
        assert r.deviation / R.OS_SCALE == pytest.approx(lib[0].sigma, abs=1e-9)


def test_qwixx_ties_are_ties():
    new = R.rate_multiplayer([R.initial("openskill")] * 3, [30, 30, 10])
    assert new[0].rating == pytest.approx(new[1].rating) and new[2].rating < 1500


# -- classes and tournaments ------------------------------------------------------------------
def test_rating_classes():
    assert R.rating_class("quixo", {"size": 4, "players": 4}) == "quixo-4x4-4p"
    assert R.rating_class("qwixx", {"edition": "longo", "players": 5}) == "qwixx-longo-5p"
    assert R.rating_class("qwixx", {"players": 1}) is None
    assert R.system_of("qwixx", 2) == "glicko2" and R.system_of("quixo", 4) == "openskill"


def test_rate_records_ranks_the_stronger_bot_first():
    recs = []
    for i in range(100):  # bot 0 wins 3 games in 4, whichever side
        a_wins = i % 4 != 3
        lineup = [i % 2, 1 - i % 2]
        recs.append({"i": i, "lineup": lineup,
                     "scores": [1, -1] if (lineup[0] == 0) == a_wins else [-1, 1]})
    out = R.rate_records("quixo", 2, ["a", "b"], recs)
    assert out["a"].rating > 1550 and out["b"].rating < 1450
    assert out["a"].games == out["b"].games == 100 and out["a"].deviation < 100
    # the same records in the same order: the same ratings (pure)
    assert R.rate_records("quixo", 2, ["a", "b"], list(reversed(recs))) == out


def test_a_bot_in_two_seats_counts_one_game():
    recs = [{"i": 0, "lineup": [0, 1, 0, 1], "scores": [1, -1, 1, -1]}]
    out = R.rate_records("quixo", 4, ["a", "b"], recs)
    assert out["a"].games == 1 and out["a"].rating > 1500 > out["b"].rating


def test_tournament_rate_cli(tmp_path, capsys):
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"format": 1, "classes": {"qwixx-classic-2p": {"x": 1}}}))
    assert main(["tournament", "quixo", "--bots", "random,greedy", "--games", "6", "--size", "3",
                 "--ratings-file", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Quixo · 3×3 · 2 players" in out and "Glicko-2" in out  # the class in words
    data = json.loads(path.read_text())
    assert set(data["classes"]) == {"qwixx-classic-2p", "quixo-3x3-2p"}
    cls = data["classes"]["quixo-3x3-2p"]
    assert cls["system"] == "glicko2" and cls["tournament"]["games"] == 6
    assert {b["games"] for b in cls["bots"].values()} == {6}
    assert main(["tournament", "qwixx", "--bots", "random,gap,race", "--players", "3",
                 "--games", "3", "--rate", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["ratings"]["class"] == "qwixx-classic-3p"
    assert rep["ratings"]["system"] == "openskill"


def test_shipped_bot_ratings():
    import qwixo
    from qwixo.server.lobby import DEFAULT_BOT_SECONDS

    data = R.bot_ratings()
    for cls, game in (("quixo-5x5-2p", "quixo"), ("qwixx-classic-2p", "qwixx")):
        entry = data["classes"][cls]
        assert entry["system"] == "glicko2"
        bots = entry["bots"]
        assert bots["strong"]["rating"] > bots["random"]["rating"]
        # every level the lobby offers, measured at the lobby's time per decision
        assert set(bots) == set(qwixo.list_bots(game))
        assert entry["tournament"]["seconds"] == DEFAULT_BOT_SECONDS
        for b in bots.values():
            assert b["games"] >= 25 and 0 < b["deviation"] < 150


def test_the_shipped_bot_ratings_are_each_games_own_data():
    """Each game ships its bots' ratings in its own package (``GameInfo.bot_ratings``), only
    classes of its own; ``bot_ratings()`` has them all; the tournament code holds no game's
    data."""
    from importlib.resources import files

    import qwixo

    together = R.bot_ratings()
    seen: dict[str, dict] = {}
    for name in qwixo.game_names():
        ref = qwixo.game_info(name).bot_ratings
        if ref is None:
            continue
        package, _, path = ref.partition(":")
        assert package == qwixo.game_info(name).game.split(":")[0].rsplit(".", 1)[0]
        own = json.loads(files(package).joinpath(path).read_text("utf-8"))
        assert own["format"] == 1 and own["classes"]
        for cls, entry in own["classes"].items():
            assert cls not in seen
            assert R.rating_class(name, entry["tournament"]["settings"]) == cls
            seen[cls] = entry
    assert together == {"format": 1, "classes": seen}
    assert {"quixo-5x5-2p", "qwixx-classic-2p", "qwixx-classic-3p"} <= set(seen)
    assert not [f.name for f in files("qwixo.tournament").iterdir() if f.name.endswith(".json")]
