"""The research leaderboard script runs its protocol end to end on 3x3 (a few games)."""

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

pytestmark = pytest.mark.research

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "research_leaderboard.py"


def test_leaderboard_protocol_on_3x3(capsys):
    spec = importlib.util.spec_from_file_location("research_leaderboard", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--size", "3", "--games", "40", "--positions", "40",
                     "--td-plies", "20000"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| random")
            or line.startswith("| td")]
    assert len(rows) == 2 and all("(40 games)" in r and "%" in r for r in rows)
    keep = [float(r.rsplit("|", 2)[1].split("%")[0]) for r in rows]
    assert all(0 <= k <= 100 for k in keep)
