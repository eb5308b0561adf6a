"""The stale-cache check of the kernels' numba caches (qwixo.kernelcache): a change of a source
drops the caches built on it, and what the first process of a fresh install compiles is kept by
the second (it used to be dropped when no ``__pycache__`` existed before the first compile, as
with PYTHONDONTWRITEBYTECODE: every second process compiled the Qwixx bots again, 40 s)."""

from __future__ import annotations

from numba.core import config

from qwixo import kernelcache


def _setup(tmp_path, monkeypatch):
    src = tmp_path / "src"
    src.mkdir()
    (src / "mod.py").write_text("x = 1\n")
    (src / "base.py").write_text("y = 1\n")
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"))
    (d,) = kernelcache.cache_dirs(src / "mod.py")
    return src, d


def test_a_fresh_cache_directory_is_stamped_so_the_first_compile_is_kept(tmp_path, monkeypatch):
    src, d = _setup(tmp_path, monkeypatch)
    args = ("test-stamp", [src / "mod.py"], [src / "base.py"])
    assert not d.exists()
    kernelcache.drop_stale(*args)  # process 1 imports the kernels: nothing compiled yet
    assert (d / "test-stamp.sha256").exists()
    (d / "mod.f-1.py311.nbi").write_text("compiled by process 1")
    (d / "other.f-1.py311.nbi").write_text("another module")
    kernelcache.drop_stale(*args)  # process 2: the sources did not change
    assert (d / "mod.f-1.py311.nbi").read_text() == "compiled by process 1"

    (src / "base.py").write_text("y = 2\n")  # a source the kernels inline changed
    kernelcache.drop_stale(*args)
    assert not (d / "mod.f-1.py311.nbi").exists()
    assert (d / "other.f-1.py311.nbi").exists()  # not built on these sources


def test_an_unstamped_cache_is_taken_for_stale(tmp_path, monkeypatch):
    src, d = _setup(tmp_path, monkeypatch)
    d.mkdir(parents=True)
    (d / "mod.f-1.py311.nbi").write_text("from an older version")
    kernelcache.drop_stale("test-stamp", [src / "mod.py"], [src / "base.py"])
    assert not (d / "mod.f-1.py311.nbi").exists()
    assert (d / "test-stamp.sha256").exists()


def test_in_tree_then_per_user_directory_as_numba_locates_them(monkeypatch):
    from qwixo.quixo import dfpn, search
    from qwixo.qwixx import batch

    monkeypatch.setattr(config, "CACHE_DIR", "")
    for kernel in (search.negamax2, dfpn.mid, batch.play):
        dirs = kernelcache.cache_dirs(kernel.py_func.__code__.co_filename)
        assert kernel._cache._cache_path in {str(d) for d in dirs}
