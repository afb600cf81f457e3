"""Migrations on real SQLite files: versioning, atomicity, STRICT tables and append-only triggers."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from data.db import SqliteDatabase
from data.migrate import MIGRATIONS_DIR, MigrationError, discover, migrate_sync


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


async def test_fresh_database_is_migrated_with_pragmas(tmp_path: Path) -> None:
    db = await SqliteDatabase.open(tmp_path / "bot.sqlite3")
    try:
        assert await db.scalar("PRAGMA user_version") == len(discover())
        assert await db.scalar("PRAGMA foreign_keys") == 1
        assert (await db.scalar("PRAGMA journal_mode")).lower() == "wal"
        assert await db.scalar("PRAGMA busy_timeout") == 1500  # data.db.BUSY_TIMEOUT_MS
        rows = await db.fetchall("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        names = {r["name"] for r in rows}
        assert {"tables", "table_log", "hands", "results", "accounts", "transfers", "guild_settings"} <= names
        for r in rows:
            assert "STRICT" in r["sql"], r["name"]
    finally:
        await db.close()


async def test_reopening_applies_nothing_twice_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    db = await SqliteDatabase.open(path)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO guild_settings VALUES (1, '{}', 'now')")
    await db.close()
    db = await SqliteDatabase.open(path)
    try:
        assert await db.scalar("PRAGMA user_version") == len(discover())
        assert await db.scalar("SELECT COUNT(*) FROM guild_settings") == 1
    finally:
        await db.close()


def test_failing_migration_leaves_previous_version_untouched(tmp_path: Path) -> None:
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    for mig in discover():
        shutil.copy(MIGRATIONS_DIR / mig.name, migrations / mig.name)
    top = len(discover())
    (migrations / f"{top + 1:04d}_broken.sql").write_text(
        "CREATE TABLE half_done (x INTEGER) STRICT;\nINSERT INTO no_such_table VALUES (1);\n"
    )
    conn = _connect(tmp_path / "bot.sqlite3")
    with pytest.raises(sqlite3.OperationalError):
        migrate_sync(conn, migrations)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == top
    assert conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'").fetchone()[0] == 0
    assert not conn.in_transaction
    # Fixed script: applies on the next start.
    (migrations / f"{top + 1:04d}_broken.sql").write_text("CREATE TABLE half_done (x INTEGER) STRICT;\n")
    assert migrate_sync(conn, migrations) == top + 1


def test_gaps_and_newer_databases_are_refused(tmp_path: Path) -> None:
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    (migrations / "0001_a.sql").write_text("CREATE TABLE a (x INTEGER) STRICT;")
    (migrations / "0003_c.sql").write_text("CREATE TABLE c (x INTEGER) STRICT;")
    with pytest.raises(MigrationError):
        discover(migrations)
    conn = _connect(tmp_path / "newer.sqlite3")
    conn.execute("PRAGMA user_version = 99")
    with pytest.raises(MigrationError):
        migrate_sync(conn)


def test_strict_types_and_append_only_history(tmp_path: Path) -> None:
    conn = _connect(tmp_path / "bot.sqlite3")
    migrate_sync(conn)
    conn.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError):  # STRICT: no text in an INTEGER column
        conn.execute("INSERT INTO guild_settings VALUES ('abc', '{}', 'now')")
    conn.execute(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, game_id, rules_version, options_json, seed,"
        " rng_algo, status, buy_in, turn_seconds, created_at, updated_at)"
        " VALUES (1, 1, 1, 1, 'renfield', 1, '{}', 7, 1, 'lobby', 100, 90, 'now', 'now')"
    )
    conn.execute("INSERT INTO table_log VALUES (1, 1, 0, NULL, 1, 'system', 'open', 'now')")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("UPDATE table_log SET payload = 'x'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM table_log")
    with pytest.raises(sqlite3.IntegrityError):  # one open table per channel
        conn.execute(
            "INSERT INTO tables (guild_id, channel_id, host_id, game_id, rules_version, options_json, seed,"
            " rng_algo, status, buy_in, turn_seconds, created_at, updated_at)"
            " VALUES (1, 1, 2, 'renfield', 1, '{}', 7, 1, 'lobby', 100, 90, 'now', 'now')"
        )
    with pytest.raises(sqlite3.IntegrityError):  # foreign keys are on
        conn.execute("INSERT INTO table_log VALUES (42, 1, 0, NULL, 1, 'system', 'open', 'now')")


def test_v12_hints_are_off_at_tables_already_playing_and_automatic_in_lobbies(tmp_path: Path) -> None:
    """Upgrading a database with open tables: a hand under way never gains hints (its ratings
    count as they did); a lobby gets the default (on with computer players)."""
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    for mig in discover()[:10]:
        shutil.copy(MIGRATIONS_DIR / mig.name, migrations / mig.name)
    conn = _connect(tmp_path / "bot.sqlite3")
    migrate_sync(conn, migrations)
    for table_id, channel, status in ((1, 1, "lobby"), (2, 2, "playing"), (3, 3, "finished")):
        conn.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, game_id, rules_version, options_json, seed,"
            " rng_algo, status, buy_in, turn_seconds, created_at, updated_at)"
            " VALUES (?, 1, ?, 1, 'kabu', 1, '{}', 7, 1, ?, 100, 90, 'now', 'now')",
            (table_id, channel, status),
        )
    assert migrate_sync(conn) == len(discover())
    assert conn.execute("SELECT id, hints FROM tables ORDER BY id").fetchall() == [(1, "auto"), (2, "off"), (3, "off")]
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE tables SET hints = 'maybe' WHERE id = 1")
    conn.execute("INSERT INTO hand_hints VALUES (2, 1, 42, 1)")
    with pytest.raises(sqlite3.IntegrityError):  # one row per person per hand
        conn.execute("INSERT INTO hand_hints VALUES (2, 1, 42, 1)")
