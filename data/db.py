"""The SQLite engine: one aiosqlite connection, with transactions serialised by an asyncio lock.

Python's sqlite3 opens transactions implicitly unless ``isolation_level=None``;
we switch that off and issue ``BEGIN IMMEDIATE``/``COMMIT``/``ROLLBACK``
ourselves, so a transaction is exactly the ``async with db.transaction()``
block. Coroutines share the one connection, so the lock also keeps reads from
seeing another coroutine's uncommitted rows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

import aiosqlite

from .faults import FaultLog, StorageFault, as_fault
from .groupcommit import GroupCommit, Job, run_batch
from .leases import LocalLeases
from .migrate import migrate_sync
from .store import Params

T = TypeVar("T")

#: Milliseconds a write waits for another process's lock before it is refused. Short on purpose:
#: the bot is the file's only writer (its own writes queue in-process, never on this timeout), so
#: the lock is someone else's (a backup, a shell) and the player's "couldn't save" answer should
#: arrive well inside Discord's 3 s (``cogs.ui.flows.within_deadline`` defers slower clicks anyway).
BUSY_TIMEOUT_MS = 1500


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


class _OnConnectionThread(Protocol):
    """The type of aiosqlite's ``Connection._execute`` (unannotated upstream): ``fn(*args)`` on its thread."""

    def __call__(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Awaitable[T]: ...


class SqliteTx:
    """The handle given inside ``transaction()``: the statements of one transaction."""

    __slots__ = ("conn",)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Runs a statement; returns the number of rows it changed."""
        async with self.conn.execute(sql, params) as cur:
            return cur.rowcount

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


class SqliteDatabase(GroupCommit):
    """The bot's SQLite file. Use ``await SqliteDatabase.open(path)``; ``close()`` at exit."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        super().__init__()
        self._conn = conn
        self.path = path
        self._tx = SqliteTx(conn)
        self.leases = LocalLeases()
        #: The warnings of refused writes (``data.faults``): one per fault episode.
        self.faults = FaultLog()

    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> SqliteDatabase:
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
        await self._drain()
        async with self._lock:
            await self._conn.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The raw connection (tests); prefer ``transaction()``/``read()``."""
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception rolls everything back and propagates
        (a lock, a full disk or an I/O error as ``StorageFault``)."""
        async with self._lock:
            try:
                await self._call(_plain, self._conn._conn, "BEGIN IMMEDIATE")
                try:
                    yield self._tx
                    await self._call(_plain, self._conn._conn, "COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        await self._call(_plain, self._conn._conn, "ROLLBACK")
                    raise
            except Exception as err:
                fault = as_fault(err)
                if not isinstance(fault, StorageFault):
                    raise
                self.faults.refused(fault)
                raise fault from err
            self.faults.saved()

    async def _run_batch(self, jobs: Sequence[Job]) -> list[tuple[bool, Any]]:
        """The batch, its passing refusals turned into ``StorageFault`` and told to ``faults``."""
        results = [(ok, value if ok else as_fault(value)) for ok, value in await self._call(run_batch, self._conn._conn, jobs)]
        refused = [value for ok, value in results if not ok and isinstance(value, StorageFault)]
        if refused:
            self.faults.refused(refused[0], len(refused))
        elif any(ok for ok, _value in results):
            self.faults.saved()
        return results

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
    async def read(self) -> AsyncIterator[SqliteTx]:
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
