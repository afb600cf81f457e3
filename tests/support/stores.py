"""Every data and service test runs on both engines: a SQLite file and a PostgreSQL database.

``store_target`` is what ``CARDROOM_DB`` would hold (a path or a URL); ``sync_conn`` is a synchronous
connection for tests that call the ledger's functions directly: ``sqlite3`` itself, or asyncpg behind
the same bridge ``data.pg`` uses, on an event loop of its own thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from data.migrate import migrate_sync
from data.pg import SyncConnection, SyncCursor, _setup
from data.store import Params
from tests.support.pg import fresh_database

ENGINES = ("sqlite", "postgresql")


class SyncPg:
    """A ``data.store.Conn`` on PostgreSQL usable from the test's own (non-loop) thread."""

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="sync-pg", daemon=True)
        self._thread.start()
        self._conn: asyncpg.Connection = asyncio.run_coroutine_threadsafe(self._connect(url), self._loop).result()
        self._sync = SyncConnection(self._conn, self._loop)

    @staticmethod
    async def _connect(url: str) -> asyncpg.Connection:
        conn = await asyncpg.connect(url)
        await _setup(conn)
        return conn

    def execute(self, sql: str, parameters: Params = (), /) -> SyncCursor:
        return self._sync.execute(sql, parameters)

    def execute_recoverable(self, sql: str, parameters: Params = ()) -> SyncCursor:
        return self._sync.execute_recoverable(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Params], /) -> None:
        self._sync.executemany(sql, parameters)

    @property
    def in_transaction(self) -> bool:
        return self._sync.in_transaction

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._conn.close(), self._loop).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


def sqlite_conn(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    migrate_sync(conn)
    return conn


@contextlib.contextmanager
def open_sync(engine: str, request: pytest.FixtureRequest, scratch: Path) -> Iterator[Any]:
    """A migrated, empty database of ``engine`` as a synchronous connection, closed on leaving."""
    if engine == "sqlite":
        conn = sqlite_conn(scratch / "cardroom.sqlite3")
        try:
            yield conn
        finally:
            conn.close()
        return
    with fresh_database(request.getfixturevalue("pg_server")) as url:
        pg = SyncPg(url)
        try:
            yield pg
        finally:
            pg.close()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_target(engine: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, migrated store for this test: what ``CARDROOM_DB`` would say."""
    if engine == "sqlite":
        return str(tmp_path / "cardroom.sqlite3")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def sync_conn(engine: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    with open_sync(engine, request, tmp_path) as conn:
        yield conn


def table_row(conn: Any, table_id: int, guild_id: int = 1, game_id: str = "renfield") -> None:
    """A finished table's row, for tests that write results or ratings without playing (foreign keys)."""
    at = "2030-01-01T00:00:00+00:00"
    conn.execute(
        "INSERT OR IGNORE INTO tables (id, guild_id, channel_id, host_id, game_id, rules_version, options_json,"
        " seed, rng_algo, status, buy_in, turn_seconds, created_at, updated_at)"
        " VALUES (?, ?, ?, 1, ?, 1, '{}', 0, 2, 'finished', 0, 60, ?, ?)",
        (table_id, guild_id, 10_000 + table_id, game_id, at, at),
    )
