"""Fixtures shared by the Quixo tests."""

import pickle

import pytest


@pytest.fixture(scope="package")
def solved4(shared_dir, made_once):
    """The complete 4×4 game solved in memory (about 6 s on 2 free cores), once per test run
    for the Quixo tests that need it: the first pytest-xdist worker to need it solves it, the
    other reads what it kept in the run's shared directory."""
    from qwixo.quixo.solver import solve

    path = shared_dir / "quixo-solved4.pickle"
    with made_once("quixo-solved4"):
        if not path.exists():
            result = solve(4)
            path.write_bytes(pickle.dumps(result))
            return result
    return pickle.loads(path.read_bytes())
