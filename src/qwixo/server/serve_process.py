"""``qwixo serve`` as a child process on 127.0.0.1 and a free port.

What the tests that need a real server process (restarts, ``kill -9``, several processes, the
proxy headers) and the web benchmarks share: :class:`ServeProcess` starts ``python -m qwixo
serve --host 127.0.0.1 --port 0 ARGS``, waits for the line that gives its address (the
catalogue's ``serve_url``, in any language), keeps reading its output so that it never blocks
on a full pipe, and stops it. It does not wait for the bots to be ready (``/api/health``
``ready``): restart tests look at the games right after the restart.

The server ends with the process that started it, however that one ends (Ctrl-C, SIGTERM,
``kill -9`` of a test run): :func:`die_with_parent` (Linux: ``PR_SET_PDEATHSIG``) sends it
SIGTERM, and its bot workers end with it. Every other process a test starts
(:func:`die_with_parent` as ``preexec_fn``) does the same.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping

PR_SET_PDEATHSIG = 1
_LIBC: list = []


def _libc():
    if not _LIBC and os.uname().sysname == "Linux":
        try:
            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        except OSError:
            pass
    return _LIBC[0] if _LIBC else None


def end_with_parent(sig: int = signal.SIGTERM) -> bool:
    """This process gets ``sig`` when its parent ends (as :func:`die_with_parent` does for a
    child): a test process started by another (a pytest-xdist worker) calls it. False where
    there is no such call."""
    libc = _libc()
    if libc is None or libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
        return False
    if os.getppid() == 1:  # the parent is gone already
        os.kill(os.getpid(), sig)
    return True


def die_with_parent(sig: int = signal.SIGTERM):
    """A ``preexec_fn`` for :class:`subprocess.Popen`: the child gets ``sig`` when the thread
    that started it ends (Linux's ``PR_SET_PDEATHSIG``, kept across ``exec``; so start a long
    child from a thread that outlives it, as the main thread), also by SIGKILL; a parent that
    ended before the child got this far is caught too. ``None`` where there is no such call
    (the child then outlives a killed parent, as before)."""
    libc, parent = _libc(), os.getpid()  # (loaded before the fork: the child only calls it)
    if libc is None:
        return None

    def preexec() -> None:
        libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
        if os.getppid() != parent:  # the parent is gone already
            os.kill(os.getpid(), sig)

    return preexec


#: the address in the line ``qwixo serve`` prints when it listens (group 2: the port)
URL_RE = re.compile(r"(http://127\.0\.0\.1:(\d+)/)")


class ServeProcess:
    """``qwixo serve --host 127.0.0.1 --port 0`` with ``args`` (``--db`` ... ) as a subprocess.

    ``env`` is added to this process's environment (``QWIXO_LANG`` is ``en`` unless it says
    otherwise; give ``QWIXO_DATA``). Once started: :attr:`url` (``http://127.0.0.1:PORT/``),
    :attr:`ws_url` (``ws://...``), :attr:`port`, :attr:`proc` and :attr:`output` (every
    line printed so far). Raises RuntimeError with the output when no address was printed
    within ``timeout`` seconds (or the process ended). Long runs: ``log`` (a file the output
    after the start is appended to) and ``keep_output=False`` (``output`` then stops at the
    address line). ``port``: a given one instead of a free one (a restart on the same address).
    ``tables``: the server builds the games' tables at its start (``qwixo serve``'s default;
    off here, ``--no-tables``: a test server that needs one is given it, made once per run).
    """

    def __init__(self, *args: str, env: Mapping[str, str] | None = None,
                 timeout: float = 180.0, log: str | None = None,
                 keep_output: bool = True, port: int = 0, lan: str | None = None,
                 tables: bool = False) -> None:
        full = dict(os.environ, QWIXO_LANG="en")
        full.update(env or {})
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "qwixo", "serve",
             *(["--lan", lan] if lan else ["--host", "127.0.0.1"]), "--port", str(port),
             *([] if tables else ["--no-tables"]), *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=full,
            preexec_fn=die_with_parent())
        self.output: list[str] = []
        self.url: str | None = None
        self.port = 0
        # one thread reads every line (the address, then the rest, so that the server never
        # blocks on a full pipe); the deadline holds even when the child prints nothing
        found = threading.Event()
        reader = threading.Thread(target=self._read, args=(found, log, keep_output),
                                  daemon=True)
        reader.start()
        deadline = time.monotonic() + timeout
        while not found.wait(0.1):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                break
        if self.url is None:
            self.proc.kill()
            self.proc.wait()
            reader.join(5)  # (its last lines)
            raise RuntimeError("qwixo serve did not start:\n" + "".join(self.output))
        self.ws_url = self.url.replace("http://", "ws://")

    def _read(self, found: threading.Event, log: str | None, keep: bool) -> None:
        assert self.proc.stdout is not None
        out = None
        try:
            for line in self.proc.stdout:
                if self.url is None:
                    self.output.append(line)
                    m = URL_RE.search(line)
                    if m:
                        self.url, self.port = m.group(1), int(m.group(2))
                        found.set()
                        if log:
                            out = open(log, "a")  # noqa: SIM115 - closed below
                    continue
                if keep:
                    self.output.append(line)
                if out is not None:
                    out.write(line)
        finally:
            if out is not None:
                out.close()

    def stop(self, timeout: float = 20.0) -> None:
        """Terminate the server (SIGTERM: it shuts down cleanly) and wait for it; kill it
        when it has not ended after ``timeout`` seconds."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
