"""SQLite's passing refusals (``data.faults``) on a real file: told apart from bugs, rolled back
whole even in a shared group commit, logged once per episode, and gone once the cause is.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from data.db import SqliteDatabase
from data.faults import FaultLog, StorageFault, classify
from data.store import Conn

CREATE = "CREATE TABLE IF NOT EXISTS scratch (id INTEGER PRIMARY KEY, body BLOB NOT NULL)"
ROOMY = 1073741823  # SQLite's default max_page_count


def _insert(conn: Conn, size: int) -> int:
    cur = conn.execute("INSERT INTO scratch (body) VALUES (?) RETURNING id", (b"x" * size,))
    return int(cur.fetchone()[0])


def _append(conn: Conn, size: int) -> None:
    """A plain INSERT (no RETURNING, no trigger): SQLite keeps no statement journal for it, so on
    SQLITE_FULL it rolls back the whole transaction, not just this statement."""
    conn.execute("INSERT INTO scratch (body) VALUES (?)", (b"x" * size,))


def _pragma(conn: sqlite3.Connection, sql: str) -> int:
    cur = conn.execute(sql)
    try:
        row = cur.fetchone()
        return int(row[0]) if row else 0
    finally:
        cur.close()


async def opened(tmp_path: Path) -> SqliteDatabase:
    db = await SqliteDatabase.open(tmp_path / "faults.sqlite3", migrate=False, busy_timeout_ms=50)
    await db.read_sync(_pragma, CREATE)
    return db


async def cap(db: SqliteDatabase) -> None:
    """The file may not grow by one page more: the next write that needs a page meets a full disk."""
    pages = await db.read_sync(_pragma, "PRAGMA page_count")
    assert await db.read_sync(_pragma, f"PRAGMA max_page_count = {pages}") == pages


@contextmanager
def held(path: str) -> Iterator[None]:
    """Another connection (on another thread) holds the file's write lock for the block."""
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("BEGIN IMMEDIATE")
            taken.set()
            done.wait()
            conn.execute("ROLLBACK")
        finally:
            conn.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert taken.wait(10)
    try:
        yield
    finally:
        done.set()
        thread.join(10)


def test_classify_tells_passing_refusals_from_bugs(tmp_path: Path) -> None:
    path = str(tmp_path / "c.sqlite3")
    conn = sqlite3.connect(path, isolation_level=None, timeout=0.05)
    conn.execute(CREATE)
    with held(path), pytest.raises(sqlite3.OperationalError) as locked:
        conn.execute("BEGIN IMMEDIATE")
    assert classify(locked.value) == "locked"
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(sqlite3.OperationalError) as full:
        _insert(conn, 100_000)
    assert classify(full.value) == "full"
    with pytest.raises(sqlite3.OperationalError) as typo:
        conn.execute("SELEC 1")
    assert classify(typo.value) is None
    with pytest.raises(sqlite3.IntegrityError) as dup:
        conn.execute("INSERT INTO scratch (id, body) VALUES (1, x'00'), (1, x'00')")
    assert classify(dup.value) is None
    assert classify(sqlite3.OperationalError("disk I/O error")) == "io"
    assert classify(ValueError("database is locked")) is None
    conn.close()


def test_one_warning_per_episode_then_a_summary_a_minute_and_a_line_when_it_clears(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    faults = FaultLog(clock=lambda: now[0], every=60)
    fault = StorageFault("locked", "database is locked")
    caplog.set_level(logging.INFO, logger="cardroom.storage")

    def lines() -> list[tuple[int, str]]:
        return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "cardroom.storage"]

    faults.refused(fault)
    for _ in range(20):  # many clicks inside the first minute: nothing more
        now[0] += 2
        faults.refused(fault)
    assert [level for level, _ in lines()] == [logging.WARNING]
    assert "locked" in lines()[0][1] and faults.in_episode
    now[0] = 61
    faults.refused(fault, 3)
    assert len(lines()) == 2 and "23 more refused" in lines()[1][1]
    now[0] = 90
    faults.saved()
    faults.saved()  # a second success says nothing
    assert len(lines()) == 3 and lines()[2][0] == logging.INFO and "24 write(s) were refused" in lines()[2][1]
    assert not faults.in_episode
    faults.refused(fault)  # a new episode warns again
    assert len(lines()) == 4 and lines()[3][0] == logging.WARNING


async def test_a_full_disk_in_a_shared_commit_leaves_nothing_half_done(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = await opened(tmp_path)
    try:
        await cap(db)
        commits = db.commits
        # A big plain write (it needs new pages): SQLite rolls the whole shared transaction back
        # on SQLITE_FULL, so every call of the batch fails with the fault, and none is saved.
        calls = [db.run(_insert, 10), db.run(_append, 100_000), db.run(_insert, 10)]
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
        assert db.commits == commits + 1  # one shared transaction
        assert all(isinstance(o, StorageFault) and o.kind == "full" for o in outcomes), outcomes
        assert await db.scalar("SELECT COUNT(*) FROM scratch") == 0
        assert db.faults.in_episode
        # A big write with a statement journal (RETURNING): SQLite undoes only that statement, so
        # that call fails alone (its savepoint); the small ones, which fit in free room, are saved.
        calls = [db.run(_insert, 10), db.run(_insert, 100_000), db.run(_insert, 10)]
        small, big, other = await asyncio.gather(*calls, return_exceptions=True)
        assert isinstance(big, StorageFault) and big.kind == "full"
        assert (small, other) == (1, 2)
        assert await db.scalar("SELECT COUNT(*) FROM scratch") == 2
        warnings = [r for r in caplog.records if r.name == "cardroom.storage" and r.levelno == logging.WARNING]
        assert len(warnings) == 1 and not warnings[0].exc_info
        await db.read_sync(_pragma, f"PRAGMA max_page_count = {ROOMY}")  # space is back
        assert await db.run(_insert, 100_000) == 3
        assert not db.faults.in_episode
    finally:
        await db.close()


async def test_a_lock_held_elsewhere_is_refused_quickly_and_recovers(tmp_path: Path) -> None:
    db = await opened(tmp_path)
    try:
        with held(db.path):
            with pytest.raises(StorageFault) as refused:
                await db.run(_insert, 10)
            assert refused.value.kind == "locked"
            assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
            with pytest.raises(StorageFault):
                async with db.transaction() as tx:
                    await tx.execute("INSERT INTO scratch (body) VALUES (x'00')")
        assert await db.scalar("SELECT COUNT(*) FROM scratch") == 0
        assert db.faults.in_episode
        assert await db.run(_insert, 10) == 1  # released: the next write goes through
        assert not db.faults.in_episode
    finally:
        await db.close()
