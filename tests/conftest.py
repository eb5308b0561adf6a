"""Every test run starts like a new machine: an empty data directory (no solver databases or
policy tables from earlier runs, no web-app database), unless QWIXO_TEST_DATA names one.

``--warm-kernels`` (``make test`` passes it): the engines' numba kernels are compiled once,
before any test or test worker process starts (:func:`qwixo.server.warmup.warm_up`, on the
shared on-disk cache; beside it, in a second process, tests/warm_more.py compiles the kernels
only the tests use), so that the servers and bot workers the tests start, and the pytest-xdist
workers, load them instead of each compiling the same kernels at the same time. It also makes
the LAN test's network then, before any browser runs (tests/e2e/lan_net.py).

``--file-times N`` (``make test``: 25): the run ends with its N longest test files (wall
seconds, and CPU seconds of the test process and of the processes it started and waited for)
and when each pytest-xdist process ran its last test: the files that bound a process, for
``LONG_FILES_FIRST``.

``shared_dir``: one directory for the whole run, the same in every pytest-xdist worker, for what
is costly to make and the same for all (``made_once``; ``classic_table``: the classic solitaire table)."""

import contextlib
import fcntl
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

# a new account's rated games count at once in the tests (the server waits an hour by default,
# tests/server/test_security_fair.py checks that rule with its own value); set
# before any server starts, so the servers the tests start as processes inherit it
os.environ.setdefault("QWIXO_RATED_MIN_AGE", "0")


def pytest_addoption(parser):
    parser.addoption("--warm-kernels", action="store_true",
                     help="compile the engines' kernels once before the tests (make test)")
    parser.addoption("--file-times", type=int, default=0, metavar="N",
                     help="at the end, the N test files that took longest (wall and CPU "
                          "seconds) and when each test process finished (make test: 25)")


_SHARED = "QWIXO_TEST_SHARED"


def pytest_configure(config):
    # pytest-xdist would otherwise hand out the files by their number of tests, most first
    # (its --loadscope-reorder, on by default), not in the order of LONG_FILES_FIRST below
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False
    # an xdist worker ends with the controller, also when that one is killed (SIGKILL) in the
    # middle of a test; the servers it started end with it (serve_process.die_with_parent)
    if hasattr(config, "workerinput"):
        from qwixo.server.serve_process import end_with_parent

        end_with_parent(signal.SIGTERM)
    # the controller (or a run without xdist) makes the run's shared directory; xdist workers,
    # started after this, inherit its name through the environment
    if not hasattr(config, "workerinput") and _SHARED not in os.environ:
        os.environ[_SHARED] = tempfile.mkdtemp(prefix="qwixo-test-shared-")
        config._qwixo_shared = os.environ[_SHARED]
        # Stable-Baselines3 makes a log folder for every learn() (in the temporary directory
        # unless told where): here, deleted with the rest at the end
        os.environ.setdefault("SB3_LOGDIR", os.path.join(os.environ[_SHARED], "sb3"))


def pytest_unconfigure(config):
    d = getattr(config, "_qwixo_shared", None)
    if d:
        shutil.rmtree(d, ignore_errors=True)
        os.environ.pop(_SHARED, None)


#: the files that take longest (15-65 s each in a fresh clone's ``make test`` on 2 cores), run
#: first: pytest-xdist hands the files out in this order (``--dist loadfile``), and a long file
#: handed out last would leave one process running alone at the end while the others wait
#: (``--file-times`` names them)
LONG_FILES_FIRST = (
    "tests/qwixx/test_solitaire.py",
    "tests/quixo/test_solver_retro.py",
    "tests/server/test_server_pg_processes.py",
    "tests/e2e/test_browser_words.py",
    "tests/server/test_server_persist_restart.py",
    "tests/server/test_server_tournaments.py",
    "tests/e2e/test_browser_live.py",
    "tests/e2e/test_browser_journeys.py",
    "tests/envs/test_jax.py",
    "tests/e2e/test_browser_phone.py",
    "tests/e2e/test_browser_analysis.py",
    "tests/e2e/test_browser_etiquette.py",
    "tests/e2e/test_browser_a11y.py",
    "tests/server/test_accounts_restart.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(LONG_FILES_FIRST)}
    # (a stable sort: the other files, and the tests in each file, keep their order)
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """A directory shared by every worker of this test run (deleted at its end)."""
    return Path(os.environ[_SHARED])


@contextlib.contextmanager
def _run_lock(directory: Path, name: str):
    with open(directory / f"{name}.lock", "a+b") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def made_once(shared_dir):
    """``with made_once(name):`` holds the run-wide lock ``name``: the first worker to take it
    makes the thing in ``shared_dir``, the others wait for it and find it made."""
    return lambda name: _run_lock(shared_dir, name)


@pytest.fixture(scope="session")
def classic_table(shared_dir, made_once) -> Path:
    """The saved exact classic solitaire table (``solitaire-classic.npz``: a minute or two to
    solve), solved once per test run by the first worker that needs it."""
    from qwixo.qwixx.solitaire import load_or_solve, table_path

    with made_once("solitaire-classic"):
        load_or_solve("classic", directory=shared_dir)
    return table_path("classic", shared_dir)


@pytest.fixture(scope="session")
def quixo4_db(shared_dir, made_once) -> Path:
    """The saved complete 4x4 Quixo database (``quixo4x4.qdb``: a minute or so to solve), solved
    once per test run by the first worker that needs it (a server's analyses read it, as after
    its warm-up built it)."""
    from qwixo.quixo import db

    with made_once("quixo4x4"):
        db.ensure(4, directory=shared_dir)
    return shared_dir / db.file_name(4)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    config = session.config
    config._qwixo_start = time.time()  # (the tests' reports: time.time() of their ends)
    if not config.getoption("--warm-kernels") or hasattr(config, "workerinput"):
        return  # (an xdist worker: the controller warmed the cache before starting it)
    from qwixo.server.serve_process import die_with_parent
    from qwixo.server.warmup import warm_up

    t0 = config._qwixo_t0 = time.perf_counter()
    _make_lan(config)
    # the kernels only the tests use, on the other core meanwhile (tests/warm_more.py); it goes
    # on beside the first tests (the browser tests, which need few kernels) when it takes longer
    config._qwixo_more = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("warm_more.py"))],
        preexec_fn=die_with_parent(signal.SIGKILL))
    warm_up()
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is not None:
        tr.write_line(f"numba kernels compiled or loaded in {time.perf_counter() - t0:.1f} s")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # the CPU seconds of the test process and of the processes it started and waited for
    # (servers, browsers, commands), spent since its previous report: one phase of a test
    rep = yield
    if item.config.getoption("--file-times"):
        t = os.times()
        cpu = t.user + t.system + t.children_user + t.children_system
        last = getattr(item.config, "_qwixo_cpu", cpu)
        item.config._qwixo_cpu = cpu
        rep.user_properties = [*rep.user_properties, ("cpu_seconds", cpu - last)]
    return rep


_FILE_TIMES: dict[str, list[float]] = {}  # file: [wall, cpu]
_PROCESS_ENDS: dict[str, float] = {}  # pytest-xdist worker: when its last test ended


def pytest_runtest_logreport(report):
    cpu = dict(report.user_properties).get("cpu_seconds")
    if cpu is None:
        return
    times = _FILE_TIMES.setdefault(report.nodeid.split("::", 1)[0], [0.0, 0.0])
    times[0] += report.duration
    times[1] += cpu
    node = getattr(report, "node", None)  # (the worker that ran it, in the controller)
    worker = node.gateway.id if node is not None else "main"
    _PROCESS_ENDS[worker] = max(_PROCESS_ENDS.get(worker, 0.0), report.stop)


def _file_times(terminalreporter, config) -> None:
    n = config.getoption("--file-times")
    if not n or not _FILE_TIMES or hasattr(config, "workerinput"):
        return
    tr = terminalreporter
    tr.write_sep("-", f"the {n} longest test files (wall s, CPU s of the test process and "
                      "the processes it waited for)")
    for name, (wall, cpu) in sorted(_FILE_TIMES.items(), key=lambda kv: -kv[1][0])[:n]:
        tr.write_line(f"{wall:7.1f} {cpu:7.1f}  {name}")
    start = getattr(config, "_qwixo_start", None)
    if start is not None:
        ends = ", ".join(f"{w} {end - start:.0f} s" for w, end in sorted(_PROCESS_ENDS.items()))
        tr.write_line(f"last test ended, after the session's start: {ends}")


def pytest_terminal_summary(terminalreporter, config):
    _file_times(terminalreporter, config)
    # pytest's own "in N s" starts after this warm-up (its clock starts in a later
    # pytest_sessionstart): the whole run, warm-up included, is this line
    t0 = getattr(config, "_qwixo_t0", None)
    if t0 is not None:
        terminalreporter.write_line(
            f"whole run, the kernel warm-up included: {time.perf_counter() - t0:.1f} s")


def _make_lan(config) -> None:
    """The LAN test's network, made now, before any test process or browser starts (adding
    an address later would fail the requests in flight of every browser then running:
    tests/e2e/lan_net.py); the test processes find it in their environment."""
    spec = importlib.util.spec_from_file_location(
        "lan_net", Path(__file__).with_name("e2e") / "lan_net.py")
    lan_net = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lan_net)
    if lan_net.ENV in os.environ or not lan_net.possible():
        return
    try:
        made = lan_net.make()
    except (OSError, subprocess.SubprocessError):
        return  # (the test makes its own, or says why it cannot)
    os.environ[lan_net.ENV] = ",".join(made)
    config._qwixo_lan = (lan_net, made)


def pytest_sessionfinish(session):
    more = getattr(session.config, "_qwixo_more", None)
    if more is not None and more.poll() is None:
        more.kill()
        more.wait()
    lan = getattr(session.config, "_qwixo_lan", None)
    if lan is not None:
        lan_net, (ns, here, _, _) = lan
        lan_net.remove(ns, here)
        os.environ.pop(lan_net.ENV, None)


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
