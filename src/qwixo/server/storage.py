"""The storage interface of the server: what the lobby, the scheduler and the accounts ask of
a database, as a :class:`typing.Protocol` that both stores implement — SQLite
(:class:`qwixo.server.store.Store`, one server process) and PostgreSQL
(:class:`qwixo.server.store_pg.PgStore`, several). The two share no base class: the
Protocol is the contract, checked by mypy (``tests/server/test_storage_protocol.py`` runs it on
the stores and the lobby) and by one test suite run against both stores.

Rows: :class:`qwixo.server.store.GameRow`, :class:`qwixo.server.store.SeatRow`. Failures:
:class:`qwixo.server.store.StoreError`; a move that lost a race:
:class:`qwixo.server.store.StoreConflict` (nothing written).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from qwixo.server.store import GameRow, SeatRow


@runtime_checkable
class GameStore(Protocol):
    """A database of games, seats, events and leases."""

    #: several server processes may share this store (then leases say which one does a
    #: game's server work, and notifications tell the others of each change)
    shared: bool
    #: figures for ``/api/health``: transactions, statements and (epoch, seconds) of writes
    commits: int
    writes: int
    write_times: deque[tuple[float, float]]

    async def open(self) -> None:
        """Ready the store (PostgreSQL: the pool, the migrations)."""

    async def aclose(self) -> None:
        """Close it (waiting for the writes in progress)."""

    def close(self) -> None:
        """Close what can be closed without an event loop."""

    async def create_game(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Insert a new game and its seats, in one transaction."""

    async def add_event(self, game_id: str, event: dict[str, Any], snapshot: str, status: str,
                        summary: dict[str, Any], due: bool = True, owner: str = "",
                        extra: Sequence[Any] = (), deadline: float | None = None) -> None:
        """Append event ``event["n"]`` with the game's new snapshot, status, summary, ``due``
        and turn-clock ``deadline``, in one transaction, only if the game is still at
        version ``n - 1`` (else ``StoreConflict``, nothing written). ``extra``: statements of
        the same transaction (a rated game's ratings)."""

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str | None,
                         status: str, summary: dict[str, Any], owner: str = "") -> None:
        """Mark a seat claimed with its shown name (and a new token hash when given)."""

    async def load_game(self, game_id: str, since: int = 0) -> dict[str, Any] | None:
        """The stored game (its columns, ``seats``, the ``events`` after ``since``) or None."""

    async def unfinished_ids(self) -> list[str]:
        """The games not finished, oldest first."""

    async def working_ids(self) -> list[str]:
        """The games not finished in which the server has work (``due``) or a turn clock
        runs (a ``deadline``), oldest first: what a starting server loads."""

    async def summaries(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """Lobby summaries, most recently updated first."""

    async def take_lease(self, game_id: str, owner: str, seconds: float,
                         force: bool = False) -> bool:
        """Take (or keep) the lease of a game: True when ``owner`` has it now."""

    async def renew_leases(self, owner: str, seconds: float) -> set[str]:
        """Extend ``owner``'s live leases; the games it still holds."""

    async def release_leases(self, owner: str, game_ids: set[str]) -> None:
        """Give up ``owner``'s leases of these games (finished, or no work left)."""

    async def orphans(self, owner: str, limit: int = 100) -> list[str]:
        """Unfinished games waiting for server work whose lease is free or expired."""

    async def set_presence(self, game_id: str, seat: int, owner: str, online: bool,
                           seconds: float) -> None:
        """(A shared store) ``owner`` has a connection on a seat, or no longer: the other
        processes hear it; it counts ``seconds`` unless renewed."""

    async def renew_presence(self, owner: str, seconds: float,
                             seats: Sequence[tuple[str, int]]) -> None:
        """(A shared store) ``owner``'s heartbeat: its connections on ``seats`` count on."""

    async def presence(self, game_ids: Sequence[str],
                       owner: str) -> list[tuple[str, int, str, float]]:
        """(A shared store) the other processes' live connections on those games' seats:
        (game id, seat, owner, seconds left)."""

    async def notify_others(self, note: str) -> None:
        """(A shared store) every process hears ``note`` (``"@KIND OWNER ..."``, as a
        presence notification: their ``listen``'s ``presence(KIND, OWNER, ...)``)."""

    async def listen(self, callback: Callable[..., Any],
                     presence: Callable[..., Any] | None = None) -> None:
        """Call ``callback`` for every change another process commits (a shared store), and
        ``presence`` for every presence notification."""


if TYPE_CHECKING:  # the two stores implement the Protocol (mypy checks these lines)
    from qwixo.server.store import Store
    from qwixo.server.store_pg import PgStore

    def _implemented(sqlite: Store, postgresql: PgStore) -> tuple[GameStore, GameStore]:
        return sqlite, postgresql
