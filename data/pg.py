"""The PostgreSQL engine, through asyncpg: the same ``Database`` as SQLite's, for several processes.

The service's write path is synchronous functions ``fn(conn, …)`` (``data.store``). Here they run
on one worker thread, and each statement they send hops to the event loop, where asyncpg talks
to the server, and back (``SyncConnection``): the functions stay the ones SQLite runs, and the
engine is asyncpg. One writer connection per process carries ``run`` (group commit, as on
SQLite); reads outside a transaction use a small pool, so they never wait behind a write.

A process's tables belong to guilds of its own shards, so two processes never write the same
rows (leases in ``data.leases`` make sure): one writer per process is not a bottleneck shared
between processes, and there is no retry loop for serialisation failures to get wrong.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from .dialect import returns_rows, to_postgres
from .groupcommit import GroupCommit, Job, run_batch
from .leases import AdvisoryLeases
from .store import ConstraintViolation, Params, Row, redact

T = TypeVar("T")
READ_POOL = 4


def _number(text: str) -> int | float:
    """``numeric`` as SQLite answers it: SUM over integers is an int, AVG a float."""
    return int(text) if text.lstrip("-").isdigit() else float(text)


async def _setup(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text")


def _args(params: Params) -> Sequence[Any]:
    if not isinstance(params, Sequence):
        raise TypeError("PostgreSQL statements take positional ? parameters, not named ones")
    return params


def _changed(status: str) -> int:
    """The row count of a command tag: ``UPDATE 3``, ``INSERT 0 1``, ``DELETE 0``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class SyncCursor:
    __slots__ = ("_at", "_rows", "rowcount")

    def __init__(self, rows: list[Row], rowcount: int) -> None:
        self._rows = rows
        self._at = 0
        self.rowcount = rowcount

    def fetchone(self) -> Row | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    def fetchall(self) -> list[Row]:
        rest, self._at = self._rows[self._at :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Row]:
        return iter(self.fetchall())


class SyncConnection:
    """``data.store.Conn`` over an asyncpg connection, for code on a worker thread (never the loop's)."""

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop

    def _wait(self, coro: Coroutine[Any, Any, T]) -> T:
        try:
            return asyncio.run_coroutine_threadsafe(coro, self._loop).result()
        except asyncpg.IntegrityConstraintViolationError as err:
            raise ConstraintViolation(str(err)) from err

    def execute(self, sql: str, parameters: Params = (), /) -> SyncCursor:
        query, args = to_postgres(sql), _args(parameters)
        if returns_rows(query):
            rows = self._wait(self._conn.fetch(query, *args))
            return SyncCursor(rows, len(rows))
        status = self._wait(self._conn.execute(query, *args))
        return SyncCursor([], _changed(status))

    def execute_recoverable(self, sql: str, parameters: Params = ()) -> SyncCursor:
        """``execute`` in a savepoint (inside a transaction), so a refusal undoes this statement only."""
        if not self.in_transaction:
            return self.execute(sql, parameters)
        self.execute("SAVEPOINT recoverable")
        try:
            cursor = self.execute(sql, parameters)
        except BaseException:
            self.execute("ROLLBACK TO SAVEPOINT recoverable")
            self.execute("RELEASE SAVEPOINT recoverable")
            raise
        self.execute("RELEASE SAVEPOINT recoverable")
        return cursor

    def executemany(self, sql: str, parameters: Iterable[Params], /) -> None:
        rows = [_args(p) for p in parameters]
        if rows:
            self._wait(self._conn.executemany(to_postgres(sql), rows))

    @property
    def in_transaction(self) -> bool:
        return bool(self._conn.is_in_transaction())


class PostgresTx:
    """``data.store.Tx`` on one asyncpg connection."""

    __slots__ = ("conn",)

    def __init__(self, conn: asyncpg.Connection | PoolConnectionProxy) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            return _changed(await self.conn.execute(to_postgres(sql), *_args(params)))
        except asyncpg.IntegrityConstraintViolationError as err:
            raise ConstraintViolation(str(err)) from err

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.conn.executemany(to_postgres(sql), [_args(r) for r in rows])

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self.conn.fetchrow(to_postgres(sql), *_args(params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self.conn.fetch(to_postgres(sql), *_args(params)))

    async def scalar(self, sql: str, params: Params = ()) -> Any:
        return await self.conn.fetchval(to_postgres(sql), *_args(params))


class PostgresDatabase(GroupCommit):
    """One PostgreSQL database. ``await PostgresDatabase.open(url)``; ``close()`` at exit."""

    dialect = "postgresql"

    def __init__(self, url: str, writer: asyncpg.Connection, pool: asyncpg.Pool, leases: AdvisoryLeases) -> None:
        super().__init__()
        self.leases = leases
        self.url = url
        self.path = redact(url)
        self._writer = writer
        self._pool = pool
        self._thread = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-pg")
        self._sync = SyncConnection(writer, asyncio.get_running_loop())

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> PostgresDatabase:
        """Connects (one writer, a small read pool) and applies pending migrations."""
        writer = await asyncpg.connect(url, statement_cache_size=1024)
        try:
            await _setup(writer)
            if migrate:
                from .migrate_pg import migrate_postgres

                await migrate_postgres(writer)
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=READ_POOL, init=_setup, statement_cache_size=1024
            )
        except BaseException:
            await writer.close()
            raise
        return cls(url, writer, pool, await AdvisoryLeases.open(url))

    async def close(self) -> None:
        """Waits for queued ``run`` calls to commit, then closes the connections."""
        await self._drain()
        async with self._lock:
            await self._writer.close()
        await self._pool.close()
        await self.leases.close()
        self._thread.shutdown(wait=False)

    def terminate(self) -> None:
        """Drops every connection at once, as a killed process would (tests and benchmarks)."""
        self._writer.terminate()
        self._pool.terminate()
        self.leases.terminate()
        self._thread.shutdown(wait=False)

    def _run_batch(self, jobs: Sequence[Job]) -> Awaitable[list[tuple[bool, Any]]]:
        return self._on_thread(run_batch, self._sync, jobs)

    def _on_thread(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> Awaitable[T]:
        return asyncio.get_running_loop().run_in_executor(self._thread, lambda: fn(*args, **kwargs))

    async def read_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(conn, *args)`` outside a transaction (each statement commits alone), on the thread."""
        async with self._lock:
            return await self._on_thread(fn, self._sync, *args, **kwargs)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        """``BEGIN`` … ``COMMIT`` on the writer; any exception rolls everything back and propagates."""
        async with self._lock, self._writer.transaction():
            yield PostgresTx(self._writer)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresTx]:
        """Statements outside a transaction, on a pooled connection: they see committed rows only."""
        async with self._pool.acquire() as conn:
            yield PostgresTx(conn)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self.read() as tx:
            return await tx.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.read() as tx:
            return await tx.fetchall(sql, params)

    async def scalar(self, sql: str, params: Params = ()) -> Any:
        async with self.read() as tx:
            return await tx.scalar(sql, params)
