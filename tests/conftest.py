"""Every test run starts like a new machine: an empty data directory (no solver databases or
policy tables from earlier runs, no web-app database), unless QWIXO_TEST_DATA names one.

``--warm-kernels`` (``make test`` passes it): the engines' numba kernels are compiled once,
before any test or test worker process starts (:func:`qwixo.server.warmup.warm_up`, on the
shared on-disk cache), so that the servers and bot workers the tests start, and the pytest-xdist
workers, load them instead of each compiling the same kernels at the same time."""

import os
import time

import pytest

# a new account's rated games count at once in the tests (the server waits an hour by default,
# issue 29 M1: tests/server/test_security_fair.py checks that rule with its own value); set
# before any server starts, so the servers the tests start as processes inherit it
os.environ.setdefault("QWIXO_RATED_MIN_AGE", "0")


def pytest_addoption(parser):
    parser.addoption("--warm-kernels", action="store_true",
                     help="compile the engines' kernels once before the tests (make test)")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    config = session.config
    if not config.getoption("--warm-kernels") or hasattr(config, "workerinput"):
        return  # (an xdist worker: the controller warmed the cache before starting it)
    from qwixo.server.warmup import warm_up

    t0 = time.perf_counter()
    warm_up()
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is not None:
        tr.write_line(f"numba kernels compiled or loaded in {time.perf_counter() - t0:.1f} s")


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
