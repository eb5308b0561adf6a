"""A throwaway PostgreSQL server, for the tests and the load benchmark (and for trying several
``qwixo serve`` processes on one machine): ``initdb`` + ``postgres`` from Debian's
``/usr/lib/postgresql/*/bin`` (``make test`` installs the ``postgresql`` package when they are
missing), in a temporary directory, on 127.0.0.1 and a free port, as an unprivileged user
(PostgreSQL refuses to run as root: under root the server runs as ``nobody``), trusting local
connections, without fsync (its data is thrown away), stopped and removed by :meth:`stop`.
The server is a child of the process that made it and ends with it however that one ends
(``kill -9`` of a test run included: :func:`qwixo.server.serve_process.die_with_parent`).

Not for production: use a real PostgreSQL service there (``docs/web.md``).
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time


def pg_bin() -> str | None:
    """The directory of the newest installed PostgreSQL's programs, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One PostgreSQL cluster; :meth:`new_database` gives each test its own database."""

    def __init__(self) -> None:
        bindir = pg_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        self.bindir = bindir
        self.root = tempfile.mkdtemp(prefix="qwixo-pg-")
        os.chmod(self.root, 0o755)
        self.data = os.path.join(self.root, "data")
        self.port = _free_port()
        self.user = "qwixo"
        self._as: list[str] = []
        self._ids: dict = {}
        if os.geteuid() == 0:  # postgres refuses root: run it as nobody
            os.chown(self.root, 65534, 65534)
            self._as = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            self._ids = {"user": 65534, "group": 65534, "extra_groups": []}
        self._run("initdb", "-D", self.data, "-U", self.user, "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        # postgres itself, not pg_ctl (whose server leaves its parent): the user is changed
        # before die_with_parent's call (a change of user clears it); SIGQUIT: an immediate stop
        from qwixo.server.serve_process import die_with_parent

        with open(os.path.join(self.root, "log"), "ab") as log:
            self.proc = subprocess.Popen(
                [os.path.join(self.bindir, "postgres"), "-D", self.data, "-p", str(self.port),
                 "-k", self.root, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                 "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                 "-c", "max_connections=200"], stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, cwd=self.root,
                preexec_fn=die_with_parent(signal.SIGQUIT), **self._ids)
        deadline = time.monotonic() + 60
        while not self._accepts():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("PostgreSQL did not start")
            time.sleep(0.05)
        self._n = 0

    def _accepts(self) -> bool:
        return subprocess.run([os.path.join(self.bindir, "pg_isready"), "-q", "-h", "127.0.0.1",
                               "-p", str(self.port)], capture_output=True).returncode == 0

    def _run(self, prog: str, *args: str) -> None:
        subprocess.run([*self._as, os.path.join(self.bindir, prog), *args], check=True,
                       capture_output=True, cwd=self.root, timeout=120)

    def url(self, db: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh empty database: its URL."""
        import psycopg

        self._n += 1
        name = f"t{self._n}_{int(time.time() * 1000) % 100000}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # an immediate stop (pg_ctl -m immediate)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.root, ignore_errors=True)
