"""Fixtures of the web server tests: an app on a temporary database, driven by the TestClient
(HTTP and WebSocket), plus helpers to create games and read messages."""

from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from fastapi.testclient import TestClient  # noqa: E402

from qwixo.server.app import create_app  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashes():
    """argon2id at its lightest parameters for the apps these tests run in their own process
    (a password hashed or checked in ~2 ms of CPU instead of ~150 ms: these tests sign up and
    in a few hundred times). What a password is checked against and when, the hashes' queue
    and its threads are the same; ``qwixo serve`` processes keep argon2-cffi's defaults."""
    import argon2

    class Quick(argon2.PasswordHasher):
        def __init__(self, time_cost: int = 1, memory_cost: int = 8192, parallelism: int = 1,
                     **kw):
            super().__init__(time_cost=time_cost, memory_cost=memory_cost,
                             parallelism=parallelism, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(argon2, "PasswordHasher", Quick)
        yield


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "qwixo.sqlite"


@pytest.fixture
def app(db_path):
    return create_app(db_path, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="session")
def pg():
    """A real PostgreSQL server for the session (:mod:`qwixo.server.pg_local`)."""
    from qwixo.server.pg_local import PgServer

    server = PgServer()
    yield server
    server.stop()
