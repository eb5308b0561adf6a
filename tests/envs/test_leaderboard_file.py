"""The leaderboard (qwixo.envs.leaderboard): a tiny track end to end, the file's schema, the
second evaluation catching a tampered row, a submission adding its row, the rating through
run_tournament, and the command."""

import copy
import dataclasses
import json

import pytest

pytest.importorskip("gymnasium")

from qwixo.bots import list_bots, register_bot, unregister_bot  # noqa: E402
from qwixo.core import IllegalMove  # noqa: E402
from qwixo.envs import leaderboard as L  # noqa: E402

pytestmark = pytest.mark.research

RANDOM = "qwixo.envs.leaderboard:random_agent"
FIRST = "qwixo.envs.leaderboard:first_legal_agent"


@pytest.fixture
def tiny(monkeypatch):
    """quixo-3x3 with a few games: 30 kernel games per opponent, 4 pool games per bot."""
    trk = dataclasses.replace(L.TRACKS["quixo-3x3"], games=30, pool=("random", "greedy"),
                              pool_games=4, num_envs=8)
    monkeypatch.setitem(L.TRACKS, "quixo-3x3", trk)
    return trk


def test_tiny_track_end_to_end(tiny, tmp_path):
    path = tmp_path / "board.json"
    row = L.submit("quixo-3x3", FIRST, path=path)
    figs = row["figures"]
    assert sorted(figs) == ["kernel:random", "kernel:safe", "pool:greedy", "pool:random"]
    assert all(figs[f"kernel:{o}"]["episodes"] == 30 for o in ("random", "safe"))
    assert all(figs[f"pool:{b}"]["episodes"] == 4 for b in ("random", "greedy"))
    for f in figs.values():
        assert -1 <= f["mean"] <= 1 and f["ci95"] >= 0
    k = figs["kernel:random"]
    assert k["won"] + k["drawn"] + k["lost"] == pytest.approx(1)
    assert row["games"] == 30 and row["pool_games"] == 4 and row["protocol"] == L.PROTOCOL_VERSION
    assert row["command"] == f"qwixo leaderboard submit quixo-3x3 --agent {FIRST}"


def test_submission_adds_then_updates_its_row(tiny, tmp_path):
    path = tmp_path / "board.json"
    L.submit("quixo-3x3", "bot:random", path=path)
    L.submit("quixo-3x3", RANDOM, games=10, pool_games=2, path=path)
    rows = L.load(path)["rows"]
    assert [(r["track"], r["agent"]) for r in rows] == [("quixo-3x3", "bot:random"),
                                                         ("quixo-3x3", RANDOM)]
    assert L.check_schema(L.load(path)) == []
    L.submit("quixo-3x3", RANDOM, games=12, pool_games=2, path=path)   # the same agent again
    rows = L.load(path)["rows"]
    assert len(rows) == 2 and [r["games"] for r in rows if r["agent"] == RANDOM] == [12]
    # a shipped bot has pool figures only, and does not play itself
    bot = next(r for r in rows if r["agent"] == "bot:random")
    assert sorted(bot["figures"]) == ["pool:greedy"]


def test_verify_catches_a_tampered_row(tiny, tmp_path):
    row = L.submit("quixo-3x3", FIRST, path=tmp_path / "b.json")
    res = L.verify_row(row)
    assert res["seed"] == row["seed"] + L.VERIFY_SEED_OFFSET
    assert set(res["figures"]) == set(row["figures"])
    bad = copy.deepcopy(row)
    bad["figures"]["kernel:safe"]["mean"] = 2.0          # outside any result's range
    bad["figures"]["kernel:safe"]["ci95"] = 0.01
    res = L.verify_row(bad)
    assert res["agree"] is False and res["figures"]["kernel:safe"]["agree"] is False


def test_compare_of_figures():
    a = {"x": {"mean": 0.5, "ci95": 0.1}, "r": {"rating": 1500.0, "ci95": 100.0}}
    same = L.compare(a, a)
    assert all(f["agree"] and f["inside"] for f in same.values())
    # 0.62 is outside a's interval but within the difference's bound sqrt(0.1² + 0.1²)
    near = L.compare(a, {"x": {"mean": 0.62, "ci95": 0.1}, "r": {"rating": 1750.0, "ci95": 100}})
    assert near["x"]["agree"] and not near["x"]["inside"] and not near["r"]["agree"]
    assert L.compare(a, {})["x"]["agree"] is False
    # every game alike: the Wilson interval of the share keeps the bound above 0
    allwon = {"k": {"mean": 1.0, "ci95": 0.0, "episodes": 50, "won": 1.0, "drawn": 0.0,
                    "lost": 0.0}}
    one_lost = {"k": {"mean": 0.96, "ci95": 0.055, "episodes": 50, "won": 0.98, "drawn": 0.0,
                      "lost": 0.02}}
    assert L.compare(allwon, one_lost)["k"]["agree"]


def test_rating_goes_through_run_tournament(monkeypatch):
    import qwixo.tournament.runner as runner
    from qwixo.tournament.ratings import Rating, bot_ratings, glicko2_update

    calls, reports = [], []
    real = runner.run_tournament

    def spy(game, bots, games, **kw):
        calls.append((game, list(bots), games))
        assert L.AGENT_BOT in list_bots(game)  # the policy is a registered bot meanwhile
        reports.append(real(game, bots, games, **kw))
        return reports[-1]

    monkeypatch.setattr(runner, "run_tournament", spy)
    trk = dataclasses.replace(L.TRACKS["quixo-5x5"], pool=("random", "greedy"), pool_games=2)
    figs = L.rate_agent(trk, L.first_legal_agent(trk, 0))
    assert calls == [("quixo", [L.AGENT_BOT, "random"], 2), ("quixo", [L.AGENT_BOT, "greedy"], 2)]
    assert L.AGENT_BOT not in list_bots("quixo")
    rating = figs["rating"]
    assert rating["class"] == "quixo-5x5-2p" and rating["games"] == 4
    # anchored: the pool bots at their shipped ratings, the games in turn, one per period
    anchors = bot_ratings()["classes"]["quixo-5x5-2p"]["bots"]
    r = Rating()
    for k in range(2):
        for opp, rep in zip(("random", "greedy"), reports, strict=True):
            rec = rep["records"][k]
            mine = runner.results_of("quixo", rec["scores"], 2)[rec["lineup"].index(0)]
            r = glicko2_update(r, [(Rating.from_dict(anchors[opp]), mine)])
    assert rating["rating"] == pytest.approx(r.rating, abs=0.06)
    assert rating["ci95"] == pytest.approx(2 * r.deviation, abs=0.11)
    assert L.TRACKS["quixo-3x3"].rating_class() is None   # no shipped 3x3 ratings


def test_register_bot_refuses_a_taken_name():
    with pytest.raises(IllegalMove):
        register_bot("quixo", "random", lambda **kw: None)
    unregister_bot("quixo", "nothing-here")  # withdrawing what is not there is harmless


def test_the_shipped_file():
    data = L.load()
    assert L.check_schema(data) == []
    tracks = {r["track"] for r in data["rows"]}
    assert tracks == set(L.TRACKS)
    for row in data["rows"]:
        assert row["protocol"] == L.PROTOCOL_VERSION
        assert row["command"].startswith(f"qwixo leaderboard submit {row['track']} --agent ")
        if L.TRACKS[row["track"]].rating_class():
            assert "rating" in row["figures"]
    sol = [r for r in data["rows"] if r["track"] == "qwixx-solitaire"]
    from qwixo.qwixx.solitaire import CLASSIC_OPTIMUM

    assert all(r["figures"]["score"]["optimum"] == pytest.approx(CLASSIC_OPTIMUM, abs=1e-3)
               for r in sol)


def test_schema_finds_problems():
    assert L.check_schema({"rows": []})
    row = {k: 0 for k in L.ROW_KEYS} | {"track": "quixo-3x3", "agent": "a",
                                         "figures": {"x": {"mean": 1}}}
    problems = L.check_schema({"format": 1, "rows": [row, dict(row), {"track": "x"}]})
    assert any("ci95" in p for p in problems) and any("second row" in p for p in problems)
    assert any("missing" in p for p in problems)


def test_docs_table_is_the_files():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text("utf-8")
    assert L.table(L.load()) in doc


def test_command(tiny, tmp_path, capsys):
    from qwixo.cli import main

    path = tmp_path / "b.json"
    assert main(["leaderboard", "submit", "quixo-3x3", "--agent", FIRST, "--file",
                 str(path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["agent"] == FIRST
    assert main(["leaderboard", "show", "quixo-3x3", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    assert "**quixo-3x3**" in out and f"`{FIRST}`" in out
    assert main(["leaderboard", "show", "nope", "--file", str(path)]) == 2
    assert main(["leaderboard", "submit", "quixo-3x3", "--agent", "no.such:thing", "--file",
                 str(path)]) == 2
