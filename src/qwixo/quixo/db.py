"""Perfect-play databases of Quixo: files written by ``qwixo quixo solve``, and lookups.

A database holds, for every position of the classes it covers, the value for the side to move
(win / loss / draw, 2 bits) and the distance to the end in plies with best play (the winner wins
as fast as it can, the loser loses as slowly as it can). Files live in
``qwixo.paths.data_dir("quixo")`` (``QWIXO_DATA`` overrides it):

- ``quixo3x3.qdb``, ``quixo4x4.qdb``: every position of the board;
- ``quixo5x5-b0.qdb``: every 5×5 position without a blank cube (``-bK``: at most K blanks).

The API used by the bots and hints:

- :func:`probe` ``(size, me, op)`` → ``("win" | "loss" | "draw", plies or None)`` or None;
- :func:`lookup` the same for a :class:`~qwixo.quixo.game.QuixoGame` or a position text;
- :func:`best_moves` every legal move with its value for the mover, best first;
- :func:`ensure` builds a missing database on the fly (3×3 by default: well under a second
  once the kernels are compiled).

The 3×3 database is built automatically the first time it is asked for.

>>> lookup(".../.../... x")
('win', 7)
>>> best_moves(".../.../... x")[0]  # every first move of 3×3 wins in 7
('a1c1', 'win', 7)
>>> probe(3, 0b000000111, 0b111000000)  # the side to move has the bottom rank: it won
('win', 0)
>>> probe(5, 0, 0) is None or probe(5, 0, 0)[0] == "draw"  # no 5x5 database with blanks here
True
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from qwixo.quixo.solver import Layout, SolveResult, class_size, solve

MAGIC = b"QWXQDB01"
FORMAT = 1
VALUES = ("draw", "win", "loss")
#: databases built on the fly by :func:`probe` / :func:`lookup` when missing
AUTO_BUILD_SIZES = (3,)

_lock = threading.Lock()
_cache: dict[tuple[str, int], Database] = {}
_listing: dict[tuple[str, int], tuple[int, list[Database]]] = {}


def data_directory(directory: str | os.PathLike | None = None) -> Path:
    """The directory of the database files (created when missing)."""
    if directory is not None:
        path = Path(directory)
        path.mkdir(parents=True, exist_ok=True)
        return path
    from qwixo.paths import data_dir

    return data_dir("quixo")


def file_name(size: int, blanks: int | None = None) -> str:
    """The file name of a database.

    >>> file_name(4), file_name(5, 0)
    ('quixo4x4.qdb', 'quixo5x5-b0.qdb')
    """
    return f"quixo{size}x{size}.qdb" if blanks is None else f"quixo{size}x{size}-b{blanks}.qdb"


def _align(pos: int, to: int = 64) -> int:
    return (pos + to - 1) // to * to


def save(result: SolveResult, directory: str | os.PathLike | None = None) -> Path:
    """Write a solve to its database file, atomically (a temporary file, then a rename).

    Values take 2 bits a position (0 draw, 1 win, 2 loss, four to a byte, low bits first);
    distances one byte a position (two when some distance is above 255), in class order.
    """
    codes = result.codes
    n = result.n
    folder = data_directory(directory)
    path = folder / file_name(n, result.blanks)
    vals = np.where(codes == 0, 0, np.where(codes & 1, 1, 2)).astype(np.uint8)
    dist = np.where(codes & 1, codes >> 1, np.maximum(codes >> 1, 1) - 1)
    dist = np.where(codes == 0, 0, dist)
    dtype = np.uint8 if int(dist.max(initial=0)) <= 255 else np.dtype("<u2")
    dist = dist.astype(dtype)
    pad = (-vals.size) % 4
    v4 = np.concatenate([vals, np.zeros(pad, np.uint8)]).reshape(-1, 4)
    packed = (v4[:, 0] | (v4[:, 1] << 2) | (v4[:, 2] << 4) | (v4[:, 3] << 6)).astype(np.uint8)
    del vals, v4
    lay = result.layout
    header: dict[str, Any] = {
        "format": FORMAT,
        "size": n,
        "blanks": result.blanks,
        "positions": int(codes.size),
        "classes": [[a, b, lay.offsets[(a, b)], class_size(n, a, b)] for a, b in lay.classes],
        "dist_dtype": np.dtype(dtype).str,
        "summary": result.summary(),
    }
    # the offsets depend on the header length: fix them in two rounds
    header["values_offset"] = header["dist_offset"] = 0
    for _ in range(3):
        blob = json.dumps(header, separators=(",", ":")).encode()
        voff = _align(16 + len(blob))
        doff = _align(voff + packed.size)
        if header["values_offset"] == voff and header["dist_offset"] == doff:
            break
        header["values_offset"], header["dist_offset"] = voff, doff
    blob = json.dumps(header, separators=(",", ":")).encode()
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC)
            f.write(len(blob).to_bytes(8, "little"))
            f.write(blob)
            f.write(b"\0" * (header["values_offset"] - 16 - len(blob)))
            f.write(packed.tobytes())
            f.write(b"\0" * (header["dist_offset"] - header["values_offset"] - packed.size))
            f.write(dist.tobytes())
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    with _lock:
        for key in [k for k in _cache if k[0] == str(path)]:
            del _cache[key]
    return path


@dataclass
class Database:
    """One database file, memory-mapped (nothing is read until a position is probed)."""

    path: Path
    n: int
    blanks: int | None
    layout: Layout
    values: np.ndarray  # uint8 memmap, 2 bits a position
    dist: np.ndarray    # uint8 / uint16 memmap
    header: dict

    @classmethod
    def open(cls, path: str | os.PathLike) -> Database:
        """Open a database file; ``ValueError`` when it is not one (or is truncated)."""
        path = Path(path)
        with open(path, "rb") as f:
            head = f.read(16)
            if len(head) != 16 or head[:8] != MAGIC:
                raise ValueError(f"{path}: not a qwixo Quixo database")
            hlen = int.from_bytes(head[8:], "little")
            try:
                header = json.loads(f.read(hlen))
            except ValueError as e:
                raise ValueError(f"{path}: damaged header ({e})") from None
        if header.get("format") != FORMAT:
            raise ValueError(f"{path}: unknown database format {header.get('format')!r}")
        n = int(header["size"])
        layout = Layout(n, [(int(a), int(b)) for a, b, _, _ in header["classes"]])
        if any(layout.offsets[(a, b)] != off for a, b, off, _ in header["classes"]):
            raise ValueError(f"{path}: class table does not match the layout")
        total = layout.total
        dtype = np.dtype(header["dist_dtype"])
        need = header["dist_offset"] + total * dtype.itemsize
        if path.stat().st_size < need:
            raise ValueError(f"{path}: truncated ({path.stat().st_size} < {need} bytes)")
        values = np.memmap(path, np.uint8, "r", header["values_offset"], ((total + 3) // 4,))
        dist = np.memmap(path, dtype, "r", header["dist_offset"], (total,))
        return cls(path, n, header.get("blanks"), layout, values, dist, header)

    def covers(self, me: int, op: int) -> bool:
        return (me.bit_count(), op.bit_count()) in self.layout.offsets

    def probe(self, me: int, op: int) -> tuple[str, int | None] | None:
        """Value and distance of ``(me, op)`` for the side to move, None if not covered."""
        i = self.layout.index(me, op)
        if i is None:
            return None
        v = (int(self.values[i >> 2]) >> (2 * (i & 3))) & 3
        if v == 0:
            return "draw", None
        return VALUES[v], int(self.dist[i])

    def codes(self) -> np.ndarray:
        """Every position as a solver code (see :func:`qwixo.quixo.solver.decode`)."""
        total = self.layout.total
        v = np.unpackbits(np.asarray(self.values)[:, None], axis=1, bitorder="little")
        v = (v[:, 0::2] | (v[:, 1::2] << 1)).reshape(-1)[:total].astype(np.uint16)
        d = np.asarray(self.dist).astype(np.uint16)
        return np.where(v == 0, 0, np.where(v == 1, 2 * d + 1, 2 * d + 2)).astype(np.uint16)

    def verify(self) -> int:
        """Re-check every value against its children; the number of errors (0 when sound)."""
        from qwixo.quixo.solver import verify_codes

        return verify_codes(self.n, self.layout, self.codes())


def open_db(path: str | os.PathLike) -> Database:
    """Open (and cache) a database file."""
    path = Path(path)
    key = (str(path), path.stat().st_mtime_ns)
    with _lock:
        db = _cache.get(key)
        if db is None:
            for old in [k for k in _cache if k[0] == key[0]]:  # the file was rewritten
                del _cache[old]
            db = _cache[key] = Database.open(path)
    return db


def databases(size: int, directory: str | os.PathLike | None = None) -> list[Database]:
    """The databases of a board size found in the directory, the complete one first (files
    that are damaged or unreadable are skipped). The listing is cached until the directory
    changes (files are written by rename, which changes it)."""
    folder = data_directory(directory)
    try:
        stamp = folder.stat().st_mtime_ns
    except OSError:
        return []
    key = (str(folder), size)
    with _lock:
        hit = _listing.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    out = []
    paths = [folder / file_name(size)]
    paths += sorted(folder.glob(f"quixo{size}x{size}-b*.qdb"), key=lambda p: -_blanks_of(p))
    for p in paths:
        try:
            out.append(open_db(p))
        except (OSError, ValueError):  # missing, unreadable or damaged: not a database
            continue
    with _lock:
        _listing[key] = (stamp, out)
    return out


def _blanks_of(path: Path) -> int:
    try:
        return int(path.stem.rsplit("-b", 1)[1])
    except (IndexError, ValueError):
        return -1


def ensure(size: int = 3, blanks: int | None = None,
           directory: str | os.PathLike | None = None) -> Database:
    """The database of ``size`` (and ``blanks``), solved and saved first when missing or
    damaged."""
    path = data_directory(directory) / file_name(size, blanks)
    if path.exists():
        try:
            return open_db(path)
        except ValueError:  # damaged: solve again
            pass
    save(solve(size, blanks), directory)
    return open_db(path)


def probe(size: int, me: int, op: int,
          directory: str | os.PathLike | None = None) -> tuple[str, int | None] | None:
    """Value for the side to move of the position ``(me, op)`` (bitboards of the side to move
    and of the other side), with the number of plies to the end under best play; None when no
    database covers it (or the boards are not a position of that size).

    >>> probe(3, 0, 0)
    ('win', 7)
    """
    if isinstance(size, bool) or not isinstance(size, int):
        return None
    me, op = int(me), int(op)
    if me < 0 or op < 0 or (me & op) or (me | op) >> (size * size):
        return None
    dbs = databases(size, directory)
    if not dbs and size in AUTO_BUILD_SIZES:
        dbs = [ensure(size, None, directory)]
    for db in dbs:
        if db.covers(me, op):
            return db.probe(me, op)
    return None


def _bits(position: Any) -> tuple[int, int, int] | None:
    """``(size, me, op)`` of a game, a position text or a tuple; None for 4 players."""
    if isinstance(position, tuple) and len(position) == 3:
        return int(position[0]), int(position[1]), int(position[2])
    if isinstance(position, str):
        from qwixo.quixo.notation import parse_position

        p = parse_position(position)
        if p.players != 2:
            return None
        return p.size, p.boards[p.turn], p.boards[1 - p.turn]
    if hasattr(position, "bitboards") and hasattr(position, "size"):
        if position.num_players != 2:
            return None
        bb = position.bitboards
        turn = position.turn
        return position.size, bb[turn], bb[1 - turn]
    raise TypeError(f"not a Quixo position: {position!r}")


def lookup(position: Any, directory: str | os.PathLike | None = None
           ) -> tuple[str, int | None] | None:
    """:func:`probe` for a :class:`QuixoGame`, a position text or ``(size, me, op)``.

    A position text that does not parse raises :class:`qwixo.IllegalMove`.
    """
    bits = _bits(position)
    return None if bits is None else probe(*bits, directory=directory)


def best_moves(position: Any, directory: str | os.PathLike | None = None
               ) -> list[tuple[str, str, int | None]] | None:
    """Every legal move of the side to move as ``(move, value, plies)``, best first.

    ``value`` and ``plies`` are for the mover after playing the move (a move to a child lost for
    the opponent in ``d`` plies wins in ``d + 1``). Wins come first (fastest first), then draws,
    then losses (slowest first); ties keep the move order. ``[]`` when the game is over, None
    when a child is not covered by any database (or the game has 4 players).

    >>> best_moves("x.o/.x./o.. x")[:3]  # b1c1 and c2c1 complete the diagonal
    [('b1c1', 'win', 1), ('c2c1', 'win', 1), ('b1a1', 'win', 3)]
    >>> best_moves("x.o/.x./o.. x")[-1]  # the worst move loses, as slowly as possible
    ('a3c3', 'loss', 6)
    """
    from qwixo.quixo.kernels import apply_move, legal, packed_tables
    from qwixo.quixo.notation import move_texts

    bits = _bits(position)
    if bits is None:
        return None
    n, me, op = bits
    first = probe(n, me, op, directory)
    if first is None:
        return None
    if first[1] == 0:
        return []
    T, _ = packed_tables(n)
    out = []
    for m, text in enumerate(move_texts(n)):
        if not legal(np.uint64(op), m, T):
            continue
        nop, nme = apply_move(np.uint64(me), np.uint64(op), m, T)
        child = probe(n, int(nme), int(nop), directory)
        if child is None:
            return None
        value, plies = child
        mine = {"win": "loss", "loss": "win", "draw": "draw"}[value]
        out.append((text, mine, None if plies is None else plies + 1))
    rank = {"win": 0, "draw": 1, "loss": 2}
    out.sort(key=lambda x: (rank[x[1]], (x[2] or 0) if x[1] == "win" else -(x[2] or 0)))
    return out
