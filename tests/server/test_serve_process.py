"""``qwixo.server.serve_process.ServeProcess``: its start-up deadline and failure report, and
a server (and its bot workers) that ends with the process that started it, however that one
ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from qwixo.server.serve_process import ServeProcess


def test_a_child_that_prints_nothing_fails_at_the_deadline(tmp_path, monkeypatch):
    """The deadline holds even when the child neither prints a line nor ends."""
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nexec sleep 60\n")
    silent.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(silent))
    t0 = time.monotonic()
    with pytest.raises(RuntimeError, match="did not start"):
        ServeProcess(timeout=1.0)
    assert time.monotonic() - t0 < 10


def test_a_server_that_ends_at_once_is_reported_with_its_output(tmp_path):
    with pytest.raises(RuntimeError, match="did not start") as e:
        ServeProcess("--analysis-seconds", "ten", env={"QWIXO_DATA": str(tmp_path)})
    assert "analysis-seconds" in str(e.value)


def test_serve_engine_offers_it_in_the_lobby_and_it_plays(tmp_path):
    """``qwixo serve --engine NAME=CMD``: the lobby lists it beside the shipped bots of the
    games it plays, and it plays a whole game (from a bot worker: test_server_workers.py; an
    engine that cannot start: tests/test_engine.py)."""
    import json
    import urllib.request
    from pathlib import Path

    js = Path(__file__).resolve().parents[2] / "examples" / "engines" / "random-engine.js"
    server = ServeProcess("--db", str(tmp_path / "q.sqlite"), "--bot-delay", "0",
                          "--bot-processes", "0", "--engine", f"js=node {js}",
                          env={"QWIXO_DATA": str(tmp_path)})
    try:
        def get(path):
            with urllib.request.urlopen(server.url + path.lstrip("/"), timeout=10) as r:
                return json.load(r)

        games = get("/api/meta")["games"]
        assert "js" in games["quixo"]["bots"] and "js" in games["qwixx"]["bots"]
        body = json.dumps({"game": "quixo", "settings": {"size": 3},
                           "seats": [{"kind": "bot", "bot": "js"},
                                     {"kind": "bot", "bot": "greedy"}]}).encode()
        req = urllib.request.Request(server.url + "api/games", data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            gid = json.load(r)["id"]
        deadline = time.monotonic() + 120
        while not (view := get(f"/api/games/{gid}"))["is_over"]:
            assert time.monotonic() < deadline, view
            time.sleep(0.1)
        assert view["seats"][0]["bot"] == "js" and view["end_reason"] != "resign"
    finally:
        server.stop()


# every process under ``pid``, in the scripts below (run in processes of their own)
_TREE = textwrap.dedent("""
    def tree(pid):
        out = []
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except FileNotFoundError:  # a short-lived process ended while the tree was read
            return out
        for task in tasks:
            try:
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    children = [int(c) for c in f.read().split()]
            except FileNotFoundError:
                continue
            for child in children:
                out += [child] + tree(child)
        return out
""")

# what a test run (a pytest process) does: start a server, wait for its bot workers, start a
# PostgreSQL server (where installed), then print every process under it and wait to be stopped
_PARENT = textwrap.dedent("""
    import json, os, sys, time, urllib.request
    from qwixo.server.pg_local import PgServer, pg_bin
    from qwixo.server.serve_process import ServeProcess
""") + _TREE + textwrap.dedent("""
    srv = ServeProcess("--db", sys.argv[1] + "/q.sqlite", env={"QWIXO_DATA": sys.argv[1]})
    while True:
        try:
            with urllib.request.urlopen(srv.url + "api/health", timeout=5) as r:
                if json.loads(r.read())["ready"]:
                    break
        except OSError:
            pass
        time.sleep(0.1)
    pg = PgServer() if pg_bin() else None
    print(*tree(os.getpid()), flush=True)
    sys.stdin.read()
""")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline") as f:
            return f.read().replace("\0", " ")
    except OSError:
        return f"{pid} (gone)"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT])
def test_the_server_and_its_bot_workers_end_with_the_test_run(tmp_path, how):
    """A test run that is killed (SIGKILL) or stopped (Ctrl-C: SIGINT) leaves none of the
    processes it started: the server, its bot workers' fork server and workers, PostgreSQL."""
    errors = tmp_path / "stderr"
    with open(errors, "w") as err:
        parent = subprocess.Popen([sys.executable, "-c", _PARENT, str(tmp_path)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                  text=True)
    pids: list[int] = []
    try:
        pids = [int(p) for p in parent.stdout.readline().split()]
        # the server, the fork server, a worker
        assert len(pids) >= 3, (pids, errors.read_text())
        parent.send_signal(how)
        parent.wait(60)
        deadline = time.monotonic() + 60  # (a bound, not a timing: they end in a second)
        while any(map(_alive, pids)) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [p for p in pids if _alive(p)]
        assert left == [], [_cmdline(p) for p in left]
    finally:
        for p in [parent.pid, *pids]:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
        parent.wait()


# a test of a pytest-xdist run (this suite's conftest.py as a plugin): it starts a server as
# the browser tests do, writes the pids of its worker process and everything under it, waits
_XDIST_TEST = textwrap.dedent("""
    import json, os, time, urllib.request
    from qwixo.server.serve_process import ServeProcess
""") + _TREE + textwrap.dedent("""
    def test_serve(tmp_path):
        srv = ServeProcess("--db", str(tmp_path / "q.sqlite"), "--bot-processes", "0",
                           env={"QWIXO_DATA": str(tmp_path)})
        pids = [os.getpid(), *tree(os.getpid())]
        with open(os.environ["PIDS"] + ".part", "w") as f:
            f.write(" ".join(map(str, pids)))
        os.rename(os.environ["PIDS"] + ".part", os.environ["PIDS"])
        time.sleep(3600)
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_killed_xdist_run_leaves_no_worker_and_no_server(tmp_path):
    """``make test`` killed (SIGKILL of pytest-xdist's controller, in the middle of a test):
    its worker processes end (at once: conftest.py; else execnet ends them within 15 s, by
    ``os._exit``, no clean-up) and the servers their tests started with them."""
    (tmp_path / "test_serve.py").write_text(_XDIST_TEST)
    pids_file = tmp_path / "pids"
    tests = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PIDS=str(pids_file),
               PYTHONPATH=os.pathsep.join([str(tests), os.environ.get("PYTHONPATH", "")]))
    run = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "-p", "conftest", "-n", "1", "test_serve.py"], cwd=tmp_path, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pids: list[int] = []
    try:
        deadline = time.monotonic() + 300  # (a bound: the run starts in seconds)
        while not pids_file.exists() and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pids_file.exists(), run.communicate(timeout=60)[0] if run.poll() is not None \
            else "no pids"
        pids = [int(p) for p in pids_file.read_text().split()]
        assert len(pids) >= 2, pids  # the xdist worker, the server
        run.kill()
        run.wait(60)
        deadline = time.monotonic() + 60  # (a bound, not a timing)
        while any(map(_alive, pids)) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [p for p in pids if _alive(p)]
        assert left == [], [_cmdline(p) for p in left]
    finally:
        for p in [run.pid, *pids]:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
        run.wait()
