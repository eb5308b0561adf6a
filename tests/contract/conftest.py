"""The third game, tic-tac-toe (``tictactoe_game.py``), installed the way an outside package
is: its module and a ``dist-info`` with an entry point in the group ``qwixo.games`` in a
directory of its own, put on ``sys.path`` (this process) or ``PYTHONPATH`` (a server)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import qwixo.core

HERE = Path(__file__).resolve().parent
CONNECT_FOUR = HERE.parents[1] / "examples" / "games" / "connect-four"


def install(site: Path) -> Path:
    """A site directory holding the game as an installed distribution would."""
    site.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / "tictactoe_game.py", site / "tictactoe_game.py")
    dist = site / "qwixo_tictactoe-0.1.dist-info"
    dist.mkdir(exist_ok=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: qwixo-tictactoe\nVersion: 0.1\n", "utf-8")
    (dist / "entry_points.txt").write_text(
        "[qwixo.games]\ntictactoe = tictactoe_game:INFO\n", "utf-8")
    (dist / "top_level.txt").write_text("tictactoe_game\n", "utf-8")
    return site


def install_connect_four(tmp: Path) -> Path:
    """The fourth game, the package of ``examples/games/connect-four``, installed by pip into a
    directory of its own (``tmp/site``, not the environment; built from a copy, offline, with
    the environment's setuptools): what a user's ``pip install`` beside qwixo gives."""
    source = tmp / "connect-four"
    shutil.copytree(CONNECT_FOUR, source, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__"))
    site = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--disable-pip-version-check",
                    "--target", str(site), str(source)], check=True, capture_output=True,
                   timeout=300)
    return site


@pytest.fixture
def tictactoe_site(tmp_path):
    """The game installed and registered in this process (removed again afterwards)."""
    site = install(tmp_path / "site")
    sys.path.insert(0, str(site))
    qwixo.core.refresh_games()
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("tictactoe_game", None)
        qwixo.core.refresh_games()
