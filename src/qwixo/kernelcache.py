"""Numba's on-disk caches of the engines' kernels, kept fresh.

The kernels are compiled with ``cache=True``: numba writes them next to their sources in
``__pycache__`` (or, for a read-only install, in the per-user cache; or under
``NUMBA_CACHE_DIR``) and later processes load them in a second instead of compiling for a
minute. Numba checks only the file of the function itself, not the kernels it inlined from other
files, and a stale cache can crash. So each group of kernel modules keeps a stamp file (the
SHA-256 of the sources it is built on) in its cache directory, and its cache files are dropped
when a source no longer matches the stamp.

A directory that does not exist yet holds no stale cache: it is created and stamped at once, so
that what the first process compiles is kept by the next (with ``PYTHONDONTWRITEBYTECODE`` no
``__pycache__`` exists before numba writes one; an unstamped directory found by the second
process would otherwise be taken for stale and compiled again).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path


def cache_dirs(source: str | Path) -> list[Path]:
    """The directories where numba keeps the caches of the kernels defined in ``source`` (a
    ``.py`` file): ``__pycache__`` beside it and the per-user cache of a read-only install, or
    the place under ``NUMBA_CACHE_DIR`` — the rules of numba's own cache locators."""
    from numba.core import config
    from numba.core.caching import UserWideCacheLocator
    from numba.misc.appdirs import AppDirs

    source = Path(source)
    sub = UserWideCacheLocator.get_suitable_cache_subpath(str(source))
    if config.CACHE_DIR:
        return [Path(config.CACHE_DIR) / sub]
    return [source.parent / "__pycache__",
            Path(AppDirs(appname="numba", appauthor=False).user_cache_dir) / sub]


def drop_stale(stamp_name: str, modules: Iterable[str | Path], sources: Iterable[str | Path]
               ) -> None:
    """Drop the cache files of ``modules`` (their ``.py`` files) in every directory of
    :func:`cache_dirs` whose stamp ``<stamp_name>.sha256`` does not match ``sources`` (the
    files their kernels are built on), and stamp the directory. A missing directory is created
    and stamped (nothing in it can be stale); one that cannot be written is left alone (numba
    does not use it either)."""
    try:
        h = hashlib.sha256()
        for src in sources:
            h.update(Path(src).read_bytes())
    except OSError:  # pragma: no cover - sources unreadable: nothing to compare with
        return
    digest = h.hexdigest()
    groups: dict[tuple[Path, ...], set[str]] = {}
    for m in modules:
        m = Path(m)
        groups.setdefault(tuple(cache_dirs(m)), set()).add(m.stem)
    for dirs, stems in groups.items():
        usable = False  # a directory earlier in numba's order already takes the caches
        for d in dirs:
            stamp = d / f"{stamp_name}.sha256"
            try:
                if not d.is_dir():
                    if usable:
                        continue
                    d.mkdir(parents=True)
                elif stamp.exists() and stamp.read_text().strip() == digest:
                    usable = True
                    continue
                else:
                    for stem in stems:
                        for f in d.glob(f"{stem}.*.nb[ci]"):
                            f.unlink(missing_ok=True)
                stamp.write_text(digest)
                usable = True
            except OSError:  # a read-only directory: numba does not use it either
                continue
