"""Table leases: a table is driven by one process at a time, and a dead process lets go at once.

On PostgreSQL a lease is a session-level advisory lock, ``pg_try_advisory_lock(LEASES, table_id)``,
held on a connection of its own. It is taken when a process loads or opens a table and released
when the table ends or the process stops. If the process dies, its connection closes and the
server drops every lock it held, so the restarted process (or another) can take the tables over
within the time the server needs to see the socket close, with no timeout to wait out. On
SQLite one process owns the file, so every claim succeeds (``LocalLeases``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Protocol

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
    """Advisory locks on one dedicated connection; losing the connection loses every lease."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn
        self._held: set[int] = set()
        self.lost = False
        # One connection runs one statement at a time: tables opened or loaded together take turns.
        self._turn = asyncio.Lock()
        conn.add_termination_listener(self._on_lost)

    @classmethod
    async def open(cls, url: str) -> AdvisoryLeases:
        import asyncpg

        return cls(await asyncpg.connect(url, statement_cache_size=16))

    def _on_lost(self, _conn: object) -> None:
        if self._held:
            log.error("the lease connection closed: %d tables are no longer held by this process", len(self._held))
        self.lost = True
        self._held.clear()

    async def claim(self, table_id: int) -> bool:
        if table_id in self._held:
            return True
        if self.lost:
            return False
        async with self._turn:
            if await self._conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LEASES, table_id):
                self._held.add(table_id)
                return True
        return False

    async def claim_many(self, table_ids: list[int]) -> set[int]:
        wanted = [t for t in table_ids if t not in self._held]
        if wanted and not self.lost:
            async with self._turn:
                rows = await self._conn.fetch(
                    "SELECT t FROM unnest($2::int[]) AS t WHERE pg_try_advisory_lock($1, t)", LEASES, wanted
                )
            self._held.update(int(r[0]) for r in rows)
        return {t for t in table_ids if t in self._held}

    async def release(self, table_id: int) -> None:
        if table_id in self._held and not self.lost:
            self._held.discard(table_id)
            async with self._turn:
                await self._conn.fetchval("SELECT pg_advisory_unlock($1, $2)", LEASES, table_id)

    def holds(self, table_id: int) -> bool:
        return table_id in self._held

    async def close(self) -> None:
        """Closing the session releases every lock it holds, in one step."""
        self._held.clear()
        if not self._conn.is_closed():
            await self._conn.close()

    def terminate(self) -> None:
        self._conn.terminate()
