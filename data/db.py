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
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import aiosqlite

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

    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True, busy_timeout_ms: int = 5000) -> Database:
        """Connects, sets the PRAGMAs and applies pending migrations."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await conn.execute("PRAGMA journal_mode = WAL")
        # WAL + NORMAL: a commit survives a crash of the bot; only an OS crash may lose the last ones.
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        db = cls(conn, path)
        if migrate:
            from .migrate import migrate as run_migrations

            await run_migrations(db)
        return db

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The raw connection (migrations and tests); prefer ``transaction()``/``read()``."""
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception rolls everything back and propagates."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
                await self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """One whole transaction in the connection's thread: ``fn(sqlite3_conn, *args)`` between
        ``BEGIN IMMEDIATE`` and ``COMMIT`` (``ROLLBACK`` on any exception, which propagates).

        The same atomicity as ``transaction()`` in one thread hop instead of one per statement:
        the hot paths (actions, settlements) are synchronous functions run this way.
        """
        async with self._lock:
            return await self._call(run_in_transaction, self._conn._conn, fn, *args, **kwargs)

    async def read_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(sqlite3_conn, *args)`` outside a transaction, in the connection's thread."""
        async with self._lock:
            return await self._call(fn, self._conn._conn, *args, **kwargs)

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        # aiosqlite runs every call on its worker thread through this (single) queue;
        # using it keeps the sqlite3 connection on the thread that owns it.
        return await self._conn._execute(fn, *args, **kwargs)

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
