"""Players' names in one game: distinct (compared by their TR39 skeleton,
:func:`~qwixo.server.chars.name_skeleton`, so ``Ada``, ``ADA`` and ``Ada`` with a variation
selector or a Cyrillic ``а`` are one name), free of control and invisible characters (checked by the
protocol, :func:`~qwixo.server.protocol.check_name`).

>>> distinct_names(["mcts", "mcts", "Ada", "mcts"], [False, False, True, False])
['mcts', 'mcts 2', 'Ada', 'mcts 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from qwixo.server.chars import name_skeleton
from qwixo.server.protocol import MAX_NAME, ServerError


def distinct_names(names: Sequence[str], given: Sequence[bool]) -> list[str]:
    """The seats' names with every collision removed: a name chosen by the creator (``given``)
    is kept (two equal chosen names are refused by the protocol); a default name (a bot's
    level, "Player 2") that collides gets `` 2``, `` 3``..."""
    taken = {name_skeleton(n) for n, g in zip(names, given, strict=True) if g}
    out = []
    for n, g in zip(names, given, strict=True):
        if not g:
            base, k, cand = n, 1, n
            while name_skeleton(cand) in taken:
                k += 1
                suffix = f" {k}"
                cand = base[: MAX_NAME - len(suffix)] + suffix
            n = cand
            taken.add(name_skeleton(n))
        out.append(n)
    return out


def check_free(names: Iterable[tuple[int, str]], seat: int, name: str) -> None:
    """Refuse ``name`` for ``seat`` when another seat (``(seat, name)`` pairs) has it."""
    key = name_skeleton(name)
    for s, other in names:
        if s != seat and name_skeleton(other) == key:
            raise ServerError("duplicate_name", status=409, name=name)
