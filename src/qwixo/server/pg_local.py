"""A throwaway PostgreSQL server, for the tests and the load benchmark (and for trying several
``qwixo serve`` processes on one machine): ``initdb`` + ``pg_ctl`` from Debian's
``/usr/lib/postgresql/*/bin`` (``make test`` installs the ``postgresql`` package when they are
missing), in a temporary directory, on 127.0.0.1 and a free port, as an unprivileged user
(PostgreSQL refuses to run as root: under root the server runs as ``nobody``), trusting local
connections, without fsync (its data is thrown away), stopped and removed by :meth:`stop`.

Not for production: use a real PostgreSQL service there (``docs/web.md``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
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
        self._as = []
        if os.geteuid() == 0:  # postgres refuses root: run it as nobody
            os.chown(self.root, 65534, 65534)
            self._as = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        self._run("initdb", "-D", self.data, "-U", self.user, "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        opts = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", self.data, "-o", opts, "-l",
                  os.path.join(self.root, "log"), "-w", "-t", "60", "start")
        self._n = 0

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
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
