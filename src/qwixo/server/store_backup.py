"""``qwixo backup``: SQLite's online backup of the server's database (``docs/deploy.md``).

The copy is taken in steps through SQLite's backup API (a consistent snapshot holding every
committed move, while the server goes on writing), checked with ``PRAGMA integrity_check``,
and only then renamed into place.

>>> import os, sqlite3, tempfile
>>> d = tempfile.TemporaryDirectory()
>>> a, b = os.path.join(d.name, "a.sqlite"), os.path.join(d.name, "b.sqlite")
>>> with contextlib.closing(sqlite3.connect(a)) as db, db:
...     _ = db.execute("CREATE TABLE games (id TEXT)")
...     _ = db.execute("INSERT INTO games VALUES ('x')")
>>> backup_sqlite(a, b)
1
>>> d.cleanup()
"""

from __future__ import annotations

import contextlib
import os
import sqlite3


def backup_sqlite(db: str, out: str, pages: int = 1024) -> int:
    """Copy the SQLite database ``db`` to ``out`` (replaced atomically); returns the number of
    games in the copy. Raises ``sqlite3.Error`` or ``OSError`` (``out`` untouched then)."""
    tmp = out + ".part"
    try:
        src = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
        try:
            if os.path.exists(tmp):
                os.remove(tmp)
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst, pages=pages)  # in steps: the server's writers are not held up
                ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
                games = dst.execute("SELECT count(*) FROM games").fetchone()[0]
            finally:
                dst.close()
        finally:
            src.close()
        if ok != "ok":
            raise sqlite3.DatabaseError(ok)
        os.replace(tmp, out)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise
    return int(games)
