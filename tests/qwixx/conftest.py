"""Fixtures shared by the Qwixx tests."""

import pytest


@pytest.fixture(scope="session")
def classic_solution(classic_table):
    """The exact classic solitaire table, solved once per test run (tests/conftest.py
    ``classic_table``) for the tests that need it (the published optimum's test, the solitaire
    analysis), as the optimal bot loads it."""
    from qwixo.qwixx.solitaire import Solution

    return Solution.load(classic_table, "classic")
