"""Fixtures shared by the Qwixx tests."""

import pytest


@pytest.fixture(scope="session")
def classic_solution():
    """The exact classic solitaire table (a minute or two to solve), once for the tests that
    need it (the published optimum's test, the solitaire analysis)."""
    from qwixo.qwixx.solitaire import solve

    return solve("classic", progress=False)
