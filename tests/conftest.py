"""Every test run starts like a new machine: an empty data directory (no solver databases or
policy tables from earlier runs, no web-app database), unless QWIXO_TEST_DATA names one."""

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _fresh_data_dir(tmp_path_factory):
    old = os.environ.get("QWIXO_DATA")
    os.environ["QWIXO_DATA"] = os.environ.get("QWIXO_TEST_DATA") or str(
        tmp_path_factory.mktemp("qwixo-data"))
    yield
    if old is None:
        os.environ.pop("QWIXO_DATA", None)
    else:
        os.environ["QWIXO_DATA"] = old
