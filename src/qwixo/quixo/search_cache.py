"""Numba's on-disk caches of the Quixo search kernels, kept fresh: every search module imports
this first.

Numba's on-disk cache of a function does not notice when a kernel it calls from another file
changes (:mod:`qwixo.quixo.kernels`, the evaluation and hashing helpers), and a stale one can
crash. So the cache files of the search modules are dropped whenever one of the files they are
built on differs from the copy they were compiled against (:func:`qwixo.kernelcache.drop_stale`:
a stamp file per group of modules).
"""

from __future__ import annotations

#: the files the search kernels are built on (their numba code links them in)
SOURCES = ("kernels.py", "evaluation.py", "zobrist.py", "negamax.py")


def numba_cache_dirs() -> list:
    """The directories where numba keeps the on-disk caches of this package's kernels
    (:func:`qwixo.kernelcache.cache_dirs`)."""
    from qwixo.kernelcache import cache_dirs

    return cache_dirs(__file__)


def _drop_stale_caches(*modules: str, sources: tuple[str, ...] = ("kernels.py",),
                       stamp_name: str = "qwixo-search-kernels") -> None:
    """Drop the cache files of ``modules`` (next to this file) whenever one of ``sources``
    differs from the copy they were compiled against (a stamp file ``stamp_name`` per group of
    modules)."""
    from pathlib import Path

    from qwixo.kernelcache import drop_stale

    here = Path(__file__).parent
    drop_stale(stamp_name, modules=[here / f"{m}.py" for m in modules],
               sources=[here / s for s in sources])


_drop_stale_caches("search", "mcts", "negamax", "evaluation", "zobrist", sources=SOURCES)
