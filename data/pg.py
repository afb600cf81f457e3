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
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any, TypeVar

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from .dialect import returns_rows, to_postgres
from .groupcommit import GroupCommit, Job, run_batch
from .leases import AdvisoryLeases
from .pgfaults import Retry, away_as_unavailable, is_unreachable, unavailable
from .store import ConstraintViolation, DatabaseUnavailable, Params, Row, redact

T = TypeVar("T")
READ_POOL = 4
log = logging.getLogger(__name__)


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
    """One PostgreSQL database. ``await PostgresDatabase.open(url)``; ``close()`` at exit.

    A lost connection is not fatal: the writer is reopened before its next use, the pool replaces
    its dead connections itself, the lease connection is reopened by the next claim (``data.leases``),
    and meanwhile every call fails fast with ``DatabaseUnavailable``. ``down_since`` says since when
    the server has been away (None: fine); ``on_trouble`` is told when it goes away, so the bot can
    reconnect in the background (``reconnect``) and give up after ``retry.give_up`` seconds."""

    dialect = "postgresql"

    def __init__(
        self, url: str, writer: asyncpg.Connection, pool: asyncpg.Pool, leases: AdvisoryLeases,
        retry: Retry | None = None,
    ) -> None:
        super().__init__()
        self.leases = leases
        self.url = url
        self.path = redact(url)
        self.retry = retry or Retry()
        self.down_since: float | None = None
        self.on_trouble: Callable[[], None] | None = None
        self._closing = False
        self._loop = asyncio.get_running_loop()
        self._pool = pool
        self._thread = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-pg")
        self._use_writer(writer)
        leases.on_lost = lambda: self._trouble("the lease connection closed")

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True, retry: Retry | None = None) -> PostgresDatabase:
        """Connects (one writer, a small read pool) and applies pending migrations.

        ``DatabaseUnavailable`` when the server can't be reached; other errors (a wrong password, no
        such database) propagate as asyncpg raises them."""
        retry = retry or Retry()
        with away_as_unavailable():
            writer = await asyncpg.connect(url, statement_cache_size=1024, timeout=retry.connect_timeout)
            try:
                await _setup(writer)
                if migrate:
                    from .migrate_pg import migrate_postgres

                    await migrate_postgres(writer)
                pool = await asyncpg.create_pool(
                    url, min_size=1, max_size=READ_POOL, init=_setup, statement_cache_size=1024,
                    timeout=retry.connect_timeout,
                )
            except BaseException:
                writer.terminate()
                raise
            leases = await AdvisoryLeases.open(url, connect_timeout=retry.connect_timeout)
        return cls(url, writer, pool, leases, retry)

    def _use_writer(self, writer: asyncpg.Connection) -> None:
        self._writer = writer
        self._sync = SyncConnection(writer, self._loop)
        writer.add_termination_listener(self._writer_lost)

    def _writer_lost(self, conn: object) -> None:
        if conn is self._writer and not self._closing:
            self._trouble("the writer connection closed")

    def _trouble(self, reason: object) -> None:
        """The server went away: note since when, and wake whoever reconnects in the background."""
        if self._closing:
            return
        if self.down_since is None:
            self.down_since = time.monotonic()
            log.warning("database %s unreachable (%s); reconnecting", self.path, reason)
        if self.on_trouble is not None:
            self.on_trouble()

    def _fine(self) -> None:
        if self.down_since is not None and not self.leases.lost and not self._writer.is_closed():
            log.warning("database %s reachable again after %.1f s", self.path, time.monotonic() - self.down_since)
            self.down_since = None

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """A use of a connection: "the server is away" becomes ``DatabaseUnavailable`` (and noted)."""
        try:
            yield
        except Exception as exc:
            if is_unreachable(exc):
                self._trouble(exc)
                raise unavailable(exc) from exc
            raise
        self._fine()

    async def _writer_ready(self) -> None:
        """The writer, reopened first if the last one was lost (the caller holds ``_lock``)."""
        if not self._writer.is_closed():
            return
        if self._closing:
            raise DatabaseUnavailable("the database is closed")
        with self._guard():
            writer = await asyncpg.connect(self.url, statement_cache_size=1024, timeout=self.retry.connect_timeout)
            try:
                await _setup(writer)
            except BaseException:
                writer.terminate()
                raise
            self._use_writer(writer)

    async def reconnect(self) -> bool:
        """One attempt to bring every connection back (writer, leases, a pooled read); True if all answer."""
        try:
            async with self._lock:
                await self._writer_ready()
            with self._guard():
                await self.leases.reconnect()
            await self.scalar("SELECT 1")
        except DatabaseUnavailable:
            return False
        return self.down_since is None

    def server_pids(self) -> dict[str, int]:
        """The server processes behind the writer and the lease connection (``pg_stat_activity.pid``)."""
        return {"writer": self._writer.get_server_pid(), "leases": self.leases.server_pid}

    async def close(self) -> None:
        """Waits for queued ``run`` calls to commit, then closes the connections."""
        await self._drain()
        self._closing = True
        async with self._lock:
            if self._writer.is_closed():
                self._writer.terminate()
            else:
                with contextlib.suppress(Exception):
                    await self._writer.close(timeout=self.retry.connect_timeout)
        try:  # a server that went away must not hold up the exit
            await asyncio.wait_for(self._pool.close(), self.retry.connect_timeout)
        except Exception:
            self._pool.terminate()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.leases.close(), self.retry.connect_timeout)
        self.leases.terminate()
        self._thread.shutdown(wait=False)

    def terminate(self) -> None:
        """Drops every connection at once, as a killed process would (tests and benchmarks)."""
        self._closing = True
        self._writer.terminate()
        self._pool.terminate()
        self.leases.terminate()
        self._thread.shutdown(wait=False)

    async def _run_batch(self, jobs: Sequence[Job]) -> list[tuple[bool, Any]]:
        await self._writer_ready()
        with self._guard():
            results = await self._on_thread(run_batch, self._sync, jobs)
        failed = [value for ok, value in results if not ok and is_unreachable(value)]
        if failed:  # the connection died inside the batch: whether it committed is unknown, so nothing is reported done
            self._trouble(failed[0])
            return [(False, unavailable(failed[0]))] * len(results)
        return results

    def _on_thread(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> Awaitable[T]:
        return asyncio.get_running_loop().run_in_executor(self._thread, lambda: fn(*args, **kwargs))

    async def read_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(conn, *args)`` outside a transaction (each statement commits alone), on the thread."""
        async with self._lock:
            await self._writer_ready()
            with self._guard():
                return await self._on_thread(fn, self._sync, *args, **kwargs)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        """``BEGIN`` … ``COMMIT`` on the writer; any exception rolls everything back and propagates."""
        async with self._lock:
            await self._writer_ready()
            with self._guard():
                async with self._writer.transaction():
                    yield PostgresTx(self._writer)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresTx]:
        """Statements outside a transaction, on a pooled connection: they see committed rows only."""
        with self._guard():
            # No timeout on the wait for a free connection (a busy pool is not an absent server); a new
            # connection's own attempt is bounded by ``retry.connect_timeout`` (given to the pool).
            async with self._pool.acquire() as conn:
                yield PostgresTx(conn)

    async def _read(self, op: Callable[[PostgresTx], Awaitable[T]]) -> T:
        """A read alone; tried twice, as the first try may meet a pooled connection the server just dropped."""
        for attempt in (1, 2):
            try:
                async with self.read() as tx:
                    return await op(tx)
            except DatabaseUnavailable:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self._read(lambda tx: tx.fetchone(sql, params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._read(lambda tx: tx.fetchall(sql, params))

    async def scalar(self, sql: str, params: Params = ()) -> Any:
        return await self._read(lambda tx: tx.scalar(sql, params))
