"""Compiling the engines' kernels once, before they are needed (the server, each bot worker
process, ``qwixo warm-up`` and the test session run it). Imports no web framework: bot workers
load only the engines.

The kernels are numba functions cached on disk (``cache=True``: next to their sources in
``__pycache__``, or under ``NUMBA_CACHE_DIR``). On a fresh install the first process to need
them compiles them (about a minute of one core) and every later one loads them in a second or
two. Several processes started together (the server, its bot workers, the tests' servers) would
each compile the same kernels at the same time; :func:`compile_lock` makes them take turns, one
step of :func:`steps` at a time: the first compiles a step, the others wait for it and then
load its cache. A server's own process needs only the rules (its bots play in the worker
processes), so it takes the games in the other order than the bot workers' warm-up: on a fresh
install the two compile different games' rules at once, and the server's rules are ready in
seconds while the workers go on with the bots.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import qwixo
from qwixo.core import GAME_NAMES

log = logging.getLogger("qwixo.server")

#: ``progress(done, total, label)``: called before each step and once at the end
Progress = Callable[[int, int, str], None]


def lock_path(step: str = "") -> Path:
    """The lock file of this installation's kernel cache (one per source tree and cache
    directory, in the temporary directory: a read-only installation can take it too), one per
    ``step`` (a label of :func:`steps`)."""
    key = f"{Path(qwixo.__file__).resolve().parent}|{os.environ.get('NUMBA_CACHE_DIR', '')}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    slug = re.sub(r"[^a-z0-9]+", "-", step.lower()).strip("-")
    return Path(tempfile.gettempdir()) / f"qwixo-kernels-{digest}{'-' + slug if slug else ''}.lock"


@contextlib.contextmanager
def compile_lock(step: str = "") -> Iterator[None]:
    """Held while compiling ``step``: other processes of this installation wait here for the
    same step (an advisory ``flock``, released when the holder ends, also by a crash). Without
    ``fcntl`` (Windows): no waiting."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    try:
        f = open(lock_path(step), "a+b")  # noqa: SIM115 - held for the block
    except OSError:  # no writable temporary directory: compile without taking turns
        yield
        return
    with f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _game(name: str):
    """The same game in every process (the same dice, if it has any): a second process then
    runs exactly the kernels (and argument types) the first compiled, all from the cache."""
    try:
        return qwixo.new_game(name, seed=0)
    except Exception:  # noqa: BLE001 - a game without dice has no seed setting
        return qwixo.new_game(name)


def _rules(name: str) -> None:
    """Views, options and the moves of a first turn (a move's kernels too: else the first
    move played on a fresh install would wait for the compiler in the server's event loop)."""
    g = _game(name)
    for _ in range(8):
        if g.is_over:
            break
        if g.needs_roll:
            g.roll()
        for p in g.to_act:
            g.options(p)
            g.view(p)
        p = g.to_act[0]
        g.choose(p, g.options(p)[-1])
    g.copy().to_json()


def _bots(name: str) -> None:
    g = _game(name)
    if g.needs_roll:
        g.roll()
    qwixo.make_bot(name, "strong", seconds=0.05, seed=0).decide(g, g.to_act[0])


def steps(bots: bool = True, reverse: bool = False) -> list[tuple[str, Callable[[], None]]]:
    """The warm-up's steps, ``(label, function)``: each game's rules and views, then (``bots``)
    the search and rollout kernels behind its bots and hints; ``reverse``: the games in the
    other order."""
    names = list(reversed(GAME_NAMES)) if reverse else list(GAME_NAMES)
    out: list[tuple[str, Callable[[], None]]] = []
    for name in names:
        out.append((f"{name} rules", lambda n=name: _rules(n)))
    if bots:
        for name in names:
            out.append((f"{name} bots", lambda n=name: _bots(n)))
    return out


def table_steps() -> list[tuple[str, Callable[[], None]]]:
    """The tables to build ahead, ``(label, function)``: each game's ``GameInfo.tables``
    (the databases its analysis reads), in the games' order."""
    from qwixo.core import game_info
    from qwixo.gameinfo import load

    out: list[tuple[str, Callable[[], None]]] = []
    for name in GAME_NAMES:
        ref = game_info(name).tables
        if ref:
            out.append((f"{name} tables", lambda r=ref: load(r)()))
    return out


def prepare_tables(progress: Progress | None = None) -> None:
    """Build (or load) every game's tables (:func:`table_steps`), each under its
    :func:`compile_lock` (two processes do not build the same table at once: the second loads
    what the first saved). A table that fails is logged and skipped."""
    _run_steps(table_steps(), progress)


def warm_up(bots: bool = True, progress: Progress | None = None, reverse: bool = False) -> None:
    """Compile the engines' kernels, or load them from the cache (``bots``: also the search
    and rollout kernels behind the bots and hints, so the first hint or bot move of a fresh
    install does not wait for the compiler; ``reverse``: the games in the other order). Holds
    each step's :func:`compile_lock` while running it. A step that fails is logged and
    skipped (an engine still being written: serve the rest)."""
    _run_steps(steps(bots, reverse), progress)


def _run_steps(todo: list[tuple[str, Callable[[], None]]], progress: Progress | None) -> None:
    for i, (label, fn) in enumerate(todo):
        if progress is not None:
            progress(i, len(todo), label)
        try:
            with compile_lock(label):
                fn()
        except Exception:  # noqa: BLE001 - warming up is best effort
            log.warning("warm-up of %s failed", label, exc_info=True)
    if progress is not None:
        progress(len(todo), len(todo), "")
