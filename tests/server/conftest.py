"""Fixtures of the web server tests: an app on a temporary database, driven by the TestClient
(HTTP and WebSocket), plus helpers to create games and read messages."""

from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from fastapi.testclient import TestClient  # noqa: E402

from qwixo.server.app import create_app  # noqa: E402


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
