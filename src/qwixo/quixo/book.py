"""The 4×4 opening book: a proven winning move for the first player's first plies, whatever the
defender replies.

The 4×4 game is a first-player win in 21 plies (the solver's database, ``qwixo quixo solve
--size 4``), but the search cannot prove it within a second in the first plies (the win is 19
plies ahead at ply 2, 17 at ply 4) and there the evaluation sometimes picks a drawn move. The
book holds, for every position the first player meets at plies 0, 2, …, :data:`BOOK_PLIES` when
it follows the book (every reply of the defender, not only the best ones), the winning move that
wins fastest according to the database. The search takes over after the book (from ply 10),
where the win is at most 11 plies ahead and it proves it at once.

The file ``data/quixo4x4-book.npz`` (in the package) holds two sorted arrays: ``keys`` (uint32,
the position's canonical form, see :func:`canonical`) and ``moves`` (uint8, the index of the
book move on the canonical position, in the order of the search tables). It is made from the
database by :func:`build` (``python -m qwixo.quixo.book --plies 8``, after ``qwixo quixo solve
--size 4``; see docs/quixo-bots.md), which checks every move it writes.

Positions are normalised (the side to move first). A book position is one in which the side to
move wins; the book answers it whichever seat is to move.

>>> from qwixo.quixo.search import boards_of
>>> (me, op), _, _, _ = boards_of("..../..../..../.... x")
>>> book_move(me, op) is not None  # the first move (every first move wins; a fastest one)
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np

#: the book covers the positions where the first player moves at plies 0, 2, …, BOOK_PLIES
BOOK_PLIES = 8
BOOK_FILE = "quixo4x4-book.npz"
N = 4


@cache
def _images() -> np.ndarray:
    """``img[s, half, byte]``: the image under symmetry ``s`` of the squares of ``byte`` on the
    half board ``half`` (0: squares 0–7, 1: squares 8–15) of the 4×4 board."""
    from qwixo.quixo.search import square_images

    squares = square_images(N)
    img = np.zeros((8, 2, 256), dtype=np.int64)
    for s in range(8):
        sq = squares[s].tolist()
        for half in range(2):
            for b in range(256):
                v = 0
                for j in range(8):
                    if b >> j & 1:
                        v |= 1 << sq[8 * half + j]
                img[s, half, b] = v
    return img


def image(board: int, s: int) -> int:
    """The 4×4 bitboard ``board`` seen through symmetry ``s`` (see
    :func:`qwixo.quixo.search.symmetry`)."""
    img = _images()
    return int(img[s, 0, board & 0xFF]) | int(img[s, 1, (board >> 8) & 0xFF])


def canonical(me: int, op: int) -> int:
    """The canonical form of the normalised 4×4 position ``(me, op)``: the least ``me << 16 |
    op`` over the 8 images of the board (mirror images share it, and have the same value).

    >>> canonical(1, 2) == canonical(8, 4) == (1 << 16 | 2)   # a1/b1 and its mirror
    True
    """
    return min((image(me, s) << 16) | image(op, s) for s in range(8))


def _children(me: int, op: int):
    """``(move, outcome, child me, child op)`` of every legal move (the child normalised: the
    other side to move), from the engine's kernels."""
    from qwixo.quixo.kernels import apply_move, legal, outcome
    from qwixo.quixo.search import search_tables

    t = search_tables(N)
    ume, uop = np.uint64(me), np.uint64(op)
    for m in range(t.M):
        if not legal(uop, m, t.T):
            continue
        nme, nop = apply_move(ume, uop, m, t.T)
        yield m, int(outcome(nme, nop, t.L)), int(nop), int(nme)


@cache
def load() -> dict[int, int] | None:
    """The book shipped in the package: ``{canonical position: move on it}`` (None when the
    file is missing)."""
    try:
        ref = resources.files("qwixo.quixo").joinpath("data").joinpath(BOOK_FILE)
        with ref.open("rb") as f, np.load(f) as z:
            keys, moves = z["keys"], z["moves"]
    except (FileNotFoundError, OSError, KeyError, ValueError):
        return None
    return dict(zip(keys.tolist(), moves.tolist(), strict=True))


def book_move(me: int, op: int, book: dict[int, int] | None = None) -> int | None:
    """The book's move (an index of the 4×4 search tables) in the normalised position ``(me,
    op)``, or None when the position is not in the book."""
    book = load() if book is None else book
    if not book:
        return None
    key = canonical(me, op)
    mc = book.get(key)
    if mc is None:
        return None
    cme, cop = key >> 16, key & 0xFFFF
    target = None
    for m, r, a, b in _children(cme, cop):
        if m == mc:
            target = (r, canonical(a, b))
            break
    if target is None:  # pragma: no cover (a damaged book: the move is not legal there)
        return None
    for m, r, a, b in _children(me, op):
        if (r, canonical(a, b)) == target:
            return m
    return None  # pragma: no cover (the position's images have the same children)


def build(plies: int = BOOK_PLIES, probe=None) -> tuple[dict[int, int], list[int]]:
    """The book from the 4×4 database: ``({canonical position: move}, positions by ply)``.

    From the empty board, the first player's move in every position is a winning move that wins
    fastest (by ``probe(me, op) -> (value, plies)``, the database's :func:`qwixo.quixo.db.probe`
    by default); among those, the one that leaves the defender the fewest distinct replies (then
    the least canonical child), so that the book stays small. Every legal reply of the defender
    is followed, up to the first player's move at ply ``plies``."""
    if probe is None:
        from qwixo.quixo import db

        dbs = db.databases(N)
        if not dbs:
            raise FileNotFoundError("no 4x4 database: run `qwixo quixo solve --size 4` first")
        probe = dbs[0].probe
    from qwixo.quixo.kernels import MOVER_WINS, ONGOING

    book: dict[int, int] = {}
    level = {canonical(0, 0)}
    counts = []
    for _ply in range(0, plies + 1, 2):
        counts.append(len(level))
        nxt: set[int] = set()
        for key in sorted(level):
            me, op = key >> 16, key & 0xFFFF
            value = probe(me, op)
            assert value is not None and value[0] == "win", (key, value)
            wins = []  # (plies to the win, canonical child, move, child)
            for m, r, a, b in _children(me, op):
                if r == MOVER_WINS:  # a line at once: nothing follows
                    wins.append((1, 0, m, None))
                elif r == ONGOING:
                    v = probe(a, b)
                    if v is not None and v[0] == "loss":
                        wins.append((v[1] + 1, canonical(a, b), m, (a, b)))
            fastest = min(wins)[0] if wins else None
            best = None
            for plies_to_win, ckey, m, child in sorted(wins):
                if plies_to_win != fastest:
                    break
                replies = set()
                if child is not None:
                    for _, r2, a2, b2 in _children(*child):
                        if r2 == ONGOING:
                            replies.add(canonical(a2, b2))
                cand = (plies_to_win, len(replies), ckey, m, replies)
                if best is None or cand[:3] < best[:3]:
                    best = cand
            assert best is not None and best[0] == value[1], (key, value, best)
            book[key] = best[3]
            nxt |= best[4]
        level = nxt
    return book, counts


def save(book: dict[int, int], path) -> None:
    """Write ``book`` as the package's file (sorted keys, compressed)."""
    keys = np.array(sorted(book), dtype=np.uint32)
    moves = np.array([book[int(k)] for k in keys], dtype=np.uint8)
    with open(path, "wb") as f:
        np.savez_compressed(f, keys=keys, moves=moves)


def main(argv: list[str] | None = None) -> int:
    """``python -m qwixo.quixo.book [--plies 8] [--out FILE]``: rebuild the book from the 4×4
    database (``qwixo quixo solve --size 4`` first)."""
    import argparse
    import time
    from pathlib import Path

    ap = argparse.ArgumentParser(description="Rebuild the 4x4 opening book from the database.")
    ap.add_argument("--plies", type=int, default=BOOK_PLIES)
    ap.add_argument("--out", default=str(Path(__file__).parent / "data" / BOOK_FILE))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    book, counts = build(args.plies)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    save(book, args.out)
    print(f"{len(book)} positions (by ply: {counts}) written to {args.out} "
          f"({Path(args.out).stat().st_size:,} bytes) in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
