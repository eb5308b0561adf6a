"""Games installed beside qwixo the way outside packages are, in directories of their own put
on ``sys.path`` (this process: :func:`registered`) or ``PYTHONPATH`` (a server:
:func:`python_path`): the third game, tic-tac-toe (``tictactoe_game.py``: its module and a
``dist-info`` with an entry point in the group ``qwixo.games``, :func:`install`), and the fourth,
Connect Four (the package of ``examples/games/connect-four``, installed by pip:
:func:`install_connect_four`). The browser tests load this module by its path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


@contextmanager
def registered(site: Path, *modules: str) -> Iterator[Path]:
    """The games installed in ``site`` registered in this process while the block runs; then
    ``site`` and the ``modules`` (their top-level names) are gone again."""
    sys.path.insert(0, str(site))
    qwixo.core.refresh_games()
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        for name in [m for m in sys.modules if m.split(".")[0] in modules]:
            sys.modules.pop(name)
        qwixo.core.refresh_games()


@contextmanager
def python_path(site: Path) -> Iterator[None]:
    """``PYTHONPATH`` starting with ``site`` while the block runs (the processes it starts,
    a server, find the games installed there), as it was afterwards."""
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), old) if p)
    try:
        yield
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old


