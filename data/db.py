"""One aiosqlite connection, with transactions serialised by an asyncio lock.

Python's sqlite3 opens transactions implicitly unless ``isolation_level=None``;
we switch that off and issue ``BEGIN IMMEDIATE``/``COMMIT``/``ROLLBACK``
ourselves, so a transaction is exactly the ``async with db.transaction()``
block. Coroutines share the one connection, so the lock also keeps reads from
seeing another coroutine's uncommitted rows.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar, cast

import aiosqlite

from .migrate import migrate_sync

Params = Sequence[Any] | dict[str, Any]
P = ParamSpec("P")
T = TypeVar("T")


def run_in_transaction(conn: sqlite3.Connection, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``BEGIN IMMEDIATE``; ``fn(conn, …)``; ``COMMIT`` — or ``ROLLBACK`` and re-raise. Synchronous."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = fn(conn, *args, **kwargs)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


class _OnConnectionThread(Protocol):
    """The type of aiosqlite's ``Connection._execute`` (unannotated upstream): ``fn(*args)`` on its thread."""

    def __call__(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Awaitable[T]: ...


Job = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]
MAX_BATCH = 256


def run_batch(conn: sqlite3.Connection, jobs: Sequence[Job]) -> list[tuple[bool, Any]]:
    """Group commit: several independent transactions in ONE ``BEGIN IMMEDIATE``/``COMMIT``.

    Each job runs inside its own SAVEPOINT, so a failing job is rolled back alone
    (its caller gets the exception) and the others still commit. Nothing is
    reported before the COMMIT; if the COMMIT fails, every job fails.
    """
    if len(jobs) == 1:
        fn, args, kwargs = jobs[0]
        try:
            return [(True, run_in_transaction(conn, fn, *args, **kwargs))]
        except Exception as err:
            return [(False, err)]
    out: list[tuple[bool, Any]] = []
    try:
        conn.execute("BEGIN IMMEDIATE")
        for fn, args, kwargs in jobs:
            conn.execute("SAVEPOINT job")
            try:
                value = fn(conn, *args, **kwargs)
            except Exception as err:
                conn.execute("ROLLBACK TO job")
                conn.execute("RELEASE job")
                out.append((False, err))
            else:
                conn.execute("RELEASE job")
                out.append((True, value))
        conn.execute("COMMIT")
    except BaseException as err:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if not isinstance(err, Exception):
            raise
        return [(False, err)] * len(jobs)
    return out


def _plain(conn: sqlite3.Connection, sql: str) -> None:
    # Every cursor is drained and closed here: a PRAGMA that returns a row would otherwise keep
    # its statement "in progress" until garbage collection, and a later COMMIT would fail.
    cur = conn.execute(sql)
    try:
        cur.fetchall()
    finally:
        cur.close()


def _configure(conn: sqlite3.Connection, busy_timeout_ms: int) -> None:
    _plain(conn, f"PRAGMA busy_timeout = {busy_timeout_ms}")
    _plain(conn, "PRAGMA journal_mode = WAL")
    # WAL + NORMAL: a commit survives a crash of the bot; only an OS crash may lose the last ones.
    _plain(conn, "PRAGMA synchronous = NORMAL")
    _plain(conn, "PRAGMA foreign_keys = ON")
    # Statement journals (every INSERT that fires a trigger needs one) stay in memory, not temp files.
    _plain(conn, "PRAGMA temp_store = MEMORY")
    _plain(conn, "PRAGMA cache_size = -16000")


class Tx:
    """The handle given inside ``transaction()``: the statements of one transaction."""

    __slots__ = ("conn",)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Runs a statement; returns the number of rows it changed."""
        async with self.conn.execute(sql, params) as cur:
            return cur.rowcount

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Runs an INSERT; returns the new rowid."""
        async with self.conn.execute(sql, params) as cur:
            return cur.lastrowid or 0

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def scalar(self, sql: str, params: Params = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


class Database:
    """The bot's SQLite file. Use ``await Database.open(path)``; ``close()`` at exit."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._tx = Tx(conn)
        self._pending: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        #: Group-commit counters: transactions committed by ``run`` and the jobs they carried.
        self.commits = 0
        self.jobs = 0

    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True, busy_timeout_ms: int = 5000) -> Database:
        """Connects, sets the PRAGMAs and applies pending migrations."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        pending = aiosqlite.connect(path, isolation_level=None)
        # A connection someone forgot to close must never keep the process alive
        # (a crashed test, a bot replaced by a restart): SQLite's WAL is crash-safe,
        # so the worker thread may die with the interpreter.
        pending._thread.daemon = True
        conn = await pending
        conn.row_factory = sqlite3.Row
        db = cls(conn, path)
        await db._call(_configure, conn._conn, int(busy_timeout_ms))
        if migrate:
            await db.read_sync(migrate_sync)
        return db

    async def close(self) -> None:
        """Waits for queued ``run`` calls to commit, then closes the connection."""
        while self._flusher is not None and not self._flusher.done():
            await asyncio.wait({self._flusher})
        async with self._lock:
            await self._conn.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The raw connection (tests); prefer ``transaction()``/``read()``."""
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception rolls everything back and propagates."""
        async with self._lock:
            await self._call(_plain, self._conn._conn, "BEGIN IMMEDIATE")
            try:
                yield self._tx
                await self._call(_plain, self._conn._conn, "COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    await self._call(_plain, self._conn._conn, "ROLLBACK")
                raise

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """One whole transaction in the connection's thread: ``fn(sqlite3_conn, *args)`` between
        ``BEGIN IMMEDIATE`` and ``COMMIT`` (``ROLLBACK`` on any exception, which propagates).

        The same atomicity as ``transaction()`` in one thread hop instead of one per statement:
        the hot paths (actions, settlements) are synchronous functions run this way. Calls that
        arrive while the connection is busy are group-committed (``run_batch``): each still
        succeeds or fails on its own, and none returns before its COMMIT.
        """
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((fn, args, kwargs, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush())
        return await future

    async def _flush(self) -> None:
        while self._pending:
            async with self._lock:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                jobs = [(fn, args, kwargs) for fn, args, kwargs, _f in batch]
                try:
                    results = await self._call(run_batch, self._conn._conn, jobs)
                except Exception as err:  # e.g. the connection was closed under us
                    results = [(False, err)] * len(batch)
                except BaseException:  # the flusher itself is cancelled: nobody may wait forever
                    for *_rest, future in (*batch, *self._pending):
                        if not future.done():
                            future.set_exception(RuntimeError("database shut down; the change may not have been saved"))
                    self._pending = []
                    raise
                self.commits += 1
                self.jobs += len(batch)
            for (_fn, _args, _kwargs, future), (ok, value) in zip(batch, results, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    async def read_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(sqlite3_conn, *args)`` outside a transaction, in the connection's thread."""
        async with self._lock:
            return await self._call(fn, self._conn._conn, *args, **kwargs)

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        # aiosqlite runs every call on its worker thread through this (single) queue;
        # using it keeps the sqlite3 connection on the thread that owns it.
        execute = cast(_OnConnectionThread, self._conn._execute)
        return await execute(fn, *args, **kwargs)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Statements outside a transaction, never interleaved with someone's open transaction."""
        async with self._lock:
            yield self._tx

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        async with self.read() as tx:
            return await tx.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self.read() as tx:
            return await tx.fetchall(sql, params)

    async def scalar(self, sql: str, params: Params = ()) -> Any:
        async with self.read() as tx:
            return await tx.scalar(sql, params)
