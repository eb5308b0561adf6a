"""Fixtures shared by the Qwixx tests."""

import pytest


@pytest.fixture(scope="session")
def classic_solution(shared_dir, made_once):
    """The exact classic solitaire table (a minute or two to solve), once per test run for the
    tests that need it (the published optimum's test, the solitaire analysis), in whichever
    pytest-xdist worker comes first: the others load what it saved (as the optimal bot does)."""
    from qwixo.qwixx.solitaire import Solution, load_or_solve, table_path

    with made_once("solitaire-classic"):
        load_or_solve("classic", directory=shared_dir)
    return Solution.load(table_path("classic", shared_dir), "classic")
