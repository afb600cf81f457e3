"""Table leases: a table is driven by one process at a time, and a dead process lets go at once.

On PostgreSQL a lease is a session-level advisory lock, ``pg_try_advisory_lock(LEASES, table_id)``,
held on a connection of its own. It is taken when a process loads or opens a table and released
when the table ends or the process stops. If the process dies, its connection closes and the
server drops every lock it held, so the restarted process (or another) can take the tables over
within the time the server needs to see the socket close, with no timeout to wait out. On
SQLite one process owns the file, so every claim succeeds (``LocalLeases``).

If the lease connection itself is lost (the server restarted, the connection was terminated), so is
every lease: the process drives none of its tables until each is claimed again on a new connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .faults import DatabaseUnavailable

if TYPE_CHECKING:
    import asyncpg

log = logging.getLogger(__name__)

#: The advisory-lock namespace of table leases (the first of the two 32-bit keys): "CR" + 1.
LEASES = 0x4352_0001


class Leases(Protocol):
    """Who may drive which table: ``claim`` before driving it, ``release`` when it ends."""

    async def claim(self, table_id: int) -> bool: ...

    async def claim_many(self, table_ids: list[int]) -> set[int]:
        """The tables of ``table_ids`` now held (one round trip: a restart loads thousands)."""
        ...

    async def release(self, table_id: int) -> None: ...

    def holds(self, table_id: int) -> bool: ...

    async def close(self) -> None: ...


class LocalLeases:
    """One process owns the database file: every table is its own."""

    def __init__(self) -> None:
        self._held: set[int] = set()

    async def claim(self, table_id: int) -> bool:
        self._held.add(table_id)
        return True

    async def claim_many(self, table_ids: list[int]) -> set[int]:
        self._held.update(table_ids)
        return set(table_ids)

    async def release(self, table_id: int) -> None:
        self._held.discard(table_id)

    def holds(self, table_id: int) -> bool:
        return True

    async def close(self) -> None:
        self._held.clear()


class AdvisoryLeases:
    """Advisory locks on one dedicated connection; losing the connection loses every lease.

    After a loss nothing is held: ``holds`` is false for every table until ``claim`` takes its lock
    again on a new connection (opened by the next ``claim`` or by ``reconnect``), so a table whose
    lease this process can no longer prove is not driven, and one that another process took
    meanwhile is refused, never shared."""

    def __init__(self, conn: asyncpg.Connection, url: str | None = None, *, connect_timeout: float = 5.0) -> None:
        self._conn = conn
        self._url = url
        self._connect_timeout = connect_timeout
        self._held: set[int] = set()
        self._closing = False
        self.lost = False
        #: Called when the connection drops (the engine starts reconnecting).
        self.on_lost: Callable[[], None] | None = None
        # One connection runs one statement at a time: tables opened or loaded together take turns.
        self._turn = asyncio.Lock()
        conn.add_termination_listener(self._on_lost)

    @classmethod
    async def open(cls, url: str, *, connect_timeout: float = 5.0) -> AdvisoryLeases:
        import asyncpg

        conn = await asyncpg.connect(url, statement_cache_size=16, timeout=connect_timeout)
        return cls(conn, url, connect_timeout=connect_timeout)

    def _on_lost(self, conn: object) -> None:
        if conn is not self._conn or self._closing:
            return
        if self._held:
            log.error("the lease connection closed: %d tables are no longer held by this process", len(self._held))
        self.lost = True
        self._held.clear()
        if self.on_lost is not None:
            self.on_lost()

    async def _ready(self) -> None:
        """A live connection (a new one after a loss, holding nothing yet); the caller has the turn."""
        if not self.lost and not self._conn.is_closed():
            return
        self.lost = True
        self._held.clear()
        if self._url is None or self._closing:
            raise DatabaseUnavailable("the lease connection is closed")
        import asyncpg

        from .pgfaults import is_unreachable, unavailable

        try:
            conn = await asyncpg.connect(self._url, statement_cache_size=16, timeout=self._connect_timeout)
        except Exception as exc:
            if is_unreachable(exc):
                raise unavailable(exc) from exc
            raise
        conn.add_termination_listener(self._on_lost)
        self._conn, self.lost = conn, False
        log.warning("the lease connection is back: each table is claimed again before it is driven")

    async def reconnect(self) -> None:
        """Opens a new connection if the last one was lost (``DatabaseUnavailable`` if it can't)."""
        async with self._turn:
            await self._ready()

    async def claim(self, table_id: int) -> bool:
        if self.holds(table_id):
            return True
        async with self._turn:
            with _guarded():
                await self._ready()
                if await self._conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LEASES, table_id):
                    self._held.add(table_id)
                    return True
        return False

    async def claim_many(self, table_ids: list[int]) -> set[int]:
        wanted = [t for t in table_ids if not self.holds(t)]
        if wanted:
            async with self._turn:
                with _guarded():
                    await self._ready()
                    rows = await self._conn.fetch(
                        "SELECT t FROM unnest($2::int[]) AS t WHERE pg_try_advisory_lock($1, t)", LEASES, wanted
                    )
            self._held.update(int(r[0]) for r in rows)
        return {t for t in table_ids if self.holds(t)}

    async def release(self, table_id: int) -> None:
        """Gives the lock back; if the connection is gone, so is the lock (the server dropped it)."""
        if self.holds(table_id):
            self._held.discard(table_id)
            with contextlib.suppress(DatabaseUnavailable):
                async with self._turn:
                    with _guarded():
                        await self._conn.fetchval("SELECT pg_advisory_unlock($1, $2)", LEASES, table_id)

    def holds(self, table_id: int) -> bool:
        return table_id in self._held and not self.lost and not self._conn.is_closed()

    @property
    def server_pid(self) -> int:
        """The server process holding the locks (``pg_terminate_backend`` ends every lease at once)."""
        return int(self._conn.get_server_pid())

    async def close(self) -> None:
        """Closing the session releases every lock it holds, in one step."""
        self._closing = True
        self._held.clear()
        if not self._conn.is_closed():
            await self._conn.close()

    def terminate(self) -> None:
        self._conn.terminate()


def _guarded() -> contextlib.AbstractContextManager[None]:
    """A statement on the lease connection: "the server is away" becomes ``DatabaseUnavailable``
    (imported here: SQLite's leases never load asyncpg)."""
    from .pgfaults import away_as_unavailable

    return away_as_unavailable()
