"""Fixtures shared by the Quixo tests."""

import pytest


@pytest.fixture(scope="package")
def solved4():
    """The complete 4×4 game solved in memory (about 6 s on 2 free cores), once for the Quixo
    tests that need it."""
    from qwixo.quixo.solver import solve

    return solve(4)
