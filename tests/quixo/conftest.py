"""Fixtures shared by the Quixo tests."""

import pytest


@pytest.fixture(scope="package")
def solved4(quixo4_db):
    """The complete 4×4 game as the solver's result (``probe``, ``codes``, ``layout``,
    ``summary``), read from the run's 4x4 database (``quixo4_db``, tests/conftest.py: solved and
    saved once per test run, for these tests and the browser's analyses alike) instead of
    solving the same game again. Its ``class_stats`` are empty (a database keeps none)."""
    from qwixo.quixo import db
    from qwixo.quixo.solver import SolveResult

    d = db.Database.open(quixo4_db)
    assert (d.n, d.blanks) == (4, None)
    return SolveResult(4, None, d.layout, d.codes(), float(d.header["summary"]["seconds"]), [])


@pytest.fixture
def data_with_4x4(quixo4_db, tmp_path, monkeypatch):
    """A data directory of this test's own (``QWIXO_DATA``) holding the complete 4x4 database:
    a link to the run's ``quixo4_db`` (a database is only read; a test writing one replaces
    the link, not the run's file)."""
    from qwixo.quixo import db

    monkeypatch.setenv("QWIXO_DATA", str(tmp_path))
    folder = db.data_directory()
    (folder / quixo4_db.name).symlink_to(quixo4_db)
    return folder
