"""The outside games of these tests (``game_sites.py``) as fixtures."""

from __future__ import annotations

import pytest
from game_sites import install, registered


@pytest.fixture
def tictactoe_site(tmp_path):
    """The game installed and registered in this process (removed again afterwards)."""
    with registered(install(tmp_path / "site"), "tictactoe_game") as site:
        yield site
