"""The PostgreSQL schema on a real server: versioning, its likeness to SQLite's, and the invariants it enforces.

The ledger's guarantees (no overdraft, idempotent transfers, balances posted by the database,
append-only history) must hold in PostgreSQL exactly as in SQLite, whatever code inserts the rows.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from data.migrate import MigrationError, discover, migrate_sync
from data.migrate_pg import PG_MIGRATIONS_DIR, current_version_pg, migrate_postgres

NOW = "2026-01-01T00:00:00+00:00"
BIG_ID = 2**63 - 1  # Discord ids are 64-bit


@pytest.fixture
async def conn(pg_url: str) -> AsyncIterator[asyncpg.Connection]:
    c = await asyncpg.connect(pg_url)
    try:
        yield c
    finally:
        await c.close()


def test_every_sqlite_migration_has_its_postgresql_twin() -> None:
    assert [m.name for m in discover(PG_MIGRATIONS_DIR)] == [m.name for m in discover()]


async def test_fresh_database_migrates_to_newest_and_again_is_a_no_op(pg_empty_url: str) -> None:
    c = await asyncpg.connect(pg_empty_url)
    try:
        assert await current_version_pg(c) == 0
        assert await migrate_postgres(c) == len(discover()) == 16  # the newest: 0016_tournament_rounds
        await c.execute("INSERT INTO guild_settings VALUES ($1, '{}', $2)", BIG_ID, NOW)
        assert await migrate_postgres(c) == 16
        assert await c.fetchval("SELECT guild_id FROM guild_settings") == BIG_ID
        assert await c.fetchval("SELECT COUNT(*) FROM schema_version") == 1
    finally:
        await c.close()


# ------------------------------------------------------------ same schema as SQLite

_PG_TYPE = {"INTEGER": "bigint", "TEXT": "text", "REAL": "double precision"}


def _sqlite_schema(path: Path) -> tuple[dict[str, list[tuple[str, str, bool]]], set[str], set[str], dict[str, int]]:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        migrate_sync(db)
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        checks = {  # SQLite keeps each table's CREATE text, ALTER TABLE … ADD COLUMN included
            t: sql.count("CHECK (") for t, sql in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        }
        columns = {
            t: [(name, _PG_TYPE[ctype], bool(notnull or pk)) for _, name, ctype, notnull, _, pk in
                db.execute(f"PRAGMA table_info({t})")]
            for t in tables
        }
        indexes = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
        triggers = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        return columns, indexes, triggers, checks
    finally:
        db.close()


async def test_same_tables_columns_indexes_and_triggers_as_sqlite(conn: asyncpg.Connection, tmp_path: Path) -> None:
    columns, indexes, triggers, checks = _sqlite_schema(tmp_path / "twin.sqlite3")
    columns["hands"].insert(0, ("rowid", "bigint", True))  # SQLite's implicit rowid, spelled out
    rows = await conn.fetch(
        "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
        " WHERE table_schema = 'public' AND table_name <> 'schema_version' ORDER BY table_name, ordinal_position"
    )
    pg_columns: dict[str, list[tuple[str, str, bool]]] = {}
    for r in rows:
        pg_columns.setdefault(r["table_name"], []).append((r["column_name"], r["data_type"], r["is_nullable"] == "NO"))
    assert pg_columns == columns
    pg_indexes = {r[0] for r in await conn.fetch("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")}
    assert {i for i in pg_indexes if not i.endswith("_pkey")} == indexes
    pg_triggers = {r[0] for r in await conn.fetch("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")}
    assert pg_triggers == triggers
    pg_checks = await conn.fetch(
        "SELECT conrelid::regclass::text AS t, COUNT(*) AS n FROM pg_constraint WHERE contype = 'c'"
        " AND connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'schema_version' GROUP BY 1"
    )
    assert {r["t"]: r["n"] for r in pg_checks} == {t: n for t, n in checks.items() if n}
    assert await conn.fetchval(
        "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'no_overdraft'"
    ) == "CHECK (((kind = 'issuer'::text) OR (balance >= 0)))"


# ------------------------------------------------------------------ invariants

async def _seed(c: asyncpg.Connection) -> dict[str, int]:
    """One table with a hand, a log row, a result, a rating change, an issuer and a user account."""
    table = await c.fetchval(
        "INSERT INTO tables (guild_id, channel_id, host_id, game_id, rules_version, options_json, seed, rng_algo,"
        " status, buy_in, turn_seconds, created_at, updated_at)"
        " VALUES ($1, $1, $1, 'kabu', 1, '{}', 7, 1, 'playing', 0, 60, $2, $2) RETURNING id",
        BIG_ID, NOW,
    )
    await c.execute(
        "INSERT INTO hands (table_id, hand_no, seed, dealer, options_json, users_json, start_seq, status, started_at)"
        " VALUES ($1, 1, 7, 0, '{}', '[1, 2]', 0, 'playing', $2)", table, NOW,
    )
    await c.execute("INSERT INTO table_log VALUES ($1, 1, 1, NULL, NULL, 'system', 'deal', $2)", table, NOW)
    await c.execute(
        'INSERT INTO results (table_id, hand_no, guild_id, user_id, game_id, seat, "placing", payoff, at)'
        " VALUES ($1, 1, 1, 5, 'kabu', 0, 1, 10, $2)", table, NOW,
    )
    await c.execute("INSERT INTO rating_changes VALUES ($1, 1, 5, 25, 8.3, 26, 8.1, $2)", table, NOW)
    issuer = await c.fetchval(
        "INSERT INTO accounts (kind, guild_id, created_at) VALUES ('issuer', 1, $1) RETURNING id", NOW
    )
    user = await c.fetchval(
        "INSERT INTO accounts (kind, guild_id, user_id, created_at) VALUES ('user', 1, 5, $1) RETURNING id", NOW
    )
    return {"table": table, "issuer": issuer, "user": user}


async def _transfer(c: asyncpg.Connection, key: str, debit: int, credit: int, amount: int) -> str:
    return str(await c.execute(
        "INSERT INTO transfers (idem_key, guild_id, debit_id, credit_id, amount, code, created_at)"
        " VALUES ($1, 1, $2, $3, $4, 'grant', $5) ON CONFLICT DO NOTHING", key, debit, credit, amount, NOW,
    ))


async def _balances(c: asyncpg.Connection, ids: dict[str, int]) -> tuple[int, int]:
    rows = await c.fetch("SELECT id, balance FROM accounts")
    by_id = {r["id"]: r["balance"] for r in rows}
    return by_id[ids["issuer"]], by_id[ids["user"]]


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("UPDATE table_log SET payload = 'x'", "table_log is append-only"),
        ("DELETE FROM table_log", "table_log is append-only"),
        ("UPDATE transfers SET memo = 'x'", "transfers are append-only"),
        ("DELETE FROM transfers", "transfers are append-only"),
        ('UPDATE results SET "placing" = 2', "results are append-only"),
        ("DELETE FROM results", "results are append-only"),
        ("UPDATE rating_changes SET mu_after = 0", "rating changes are append-only"),
        ("DELETE FROM rating_changes", "rating changes are append-only"),
        ("DELETE FROM hands", "hands are kept"),
        ("UPDATE hands SET seed = 8", "hand inputs are immutable"),
        ("UPDATE hands SET users_json = '[2, 1]'", "hand inputs are immutable"),
        ("UPDATE hands SET start_seq = start_seq", "hand inputs are immutable"),  # as SQLite: named = refused
        ("DELETE FROM accounts", "accounts are kept"),
    ],
)
async def test_history_is_append_only(conn: asyncpg.Connection, sql: str, message: str) -> None:
    ids = await _seed(conn)
    await _transfer(conn, "t1", ids["issuer"], ids["user"], 5)
    with pytest.raises(asyncpg.IntegrityConstraintViolationError, match=message) as refused:
        await conn.execute(sql)
    assert refused.value.sqlstate == "23000"  # integrity_constraint_violation, like SQLite's IntegrityError


async def test_a_hand_may_still_finish(conn: asyncpg.Connection) -> None:
    await _seed(conn)
    await conn.execute("UPDATE hands SET status = 'done', outcome_json = '{}', ended_at = $1", NOW)
    assert await conn.fetchval("SELECT status FROM hands") == "done"


async def test_a_transfer_moves_both_balances_once_per_key(conn: asyncpg.Connection) -> None:
    ids = await _seed(conn)
    assert await _transfer(conn, "grant:1", ids["issuer"], ids["user"], 100) == "INSERT 0 1"
    assert await _balances(conn, ids) == (-100, 100)
    assert await _transfer(conn, "grant:1", ids["issuer"], ids["user"], 100) == "INSERT 0 0"  # a retry
    assert await _balances(conn, ids) == (-100, 100)
    assert await conn.fetchval("SELECT COUNT(*) FROM transfers") == 1


async def test_an_overdraft_is_refused_by_name_and_moves_nothing(conn: asyncpg.Connection) -> None:
    ids = await _seed(conn)
    await _transfer(conn, "grant:1", ids["issuer"], ids["user"], 30)
    with pytest.raises(asyncpg.CheckViolationError) as refused:
        await _transfer(conn, "stake:1", ids["user"], ids["issuer"], 31)
    assert refused.value.constraint_name == "no_overdraft"
    assert await _balances(conn, ids) == (-30, 30)
    assert await conn.fetchval("SELECT COUNT(*) FROM transfers") == 1


async def test_json_columns_refuse_malformed_json(conn: asyncpg.Connection) -> None:
    await conn.execute("INSERT INTO guild_settings VALUES (1, '{\"a\": [1, 2]}', $1)", NOW)
    for bad in ("{", "", "{'a': 1}"):
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.execute("INSERT INTO guild_settings VALUES (2, $1, $2)", bad, NOW)
    assert await conn.fetchval("SELECT cardroom_json_valid(NULL)") is None  # NULL passes a CHECK, as in SQLite


# -------------------------------------------------------------- the runner itself

async def test_concurrent_starts_migrate_once(pg_empty_url: str, tmp_path: Path) -> None:
    """Four shard processes starting together: each script runs once, every start sees the newest version."""
    scripts = tmp_path / "migrations"
    scripts.mkdir()
    (scripts / "0001_a.sql").write_text("CREATE TABLE applied (n BIGINT); INSERT INTO applied VALUES (1);")
    (scripts / "0002_b.sql").write_text("SELECT pg_sleep(0.05); INSERT INTO applied VALUES (2);")
    conns = [await asyncpg.connect(pg_empty_url) for _ in range(4)]
    try:
        assert await asyncio.gather(*(migrate_postgres(c, scripts) for c in conns)) == [2, 2, 2, 2]
        assert [r[0] for r in await conns[0].fetch("SELECT n FROM applied ORDER BY n")] == [1, 2]
        await conns[0].execute("DROP TABLE applied, schema_version")
        assert await asyncio.gather(*(migrate_postgres(c) for c in conns)) == [len(discover())] * 4
    finally:
        for c in conns:
            await c.close()


async def test_a_failing_script_leaves_the_previous_version(pg_empty_url: str, tmp_path: Path) -> None:
    scripts = tmp_path / "migrations"
    scripts.mkdir()
    (scripts / "0001_a.sql").write_text("CREATE TABLE a (x BIGINT);")
    (scripts / "0002_b.sql").write_text("CREATE TABLE half_done (x BIGINT); INSERT INTO no_such_table VALUES (1);")
    c = await asyncpg.connect(pg_empty_url)
    try:
        with pytest.raises(asyncpg.UndefinedTableError):
            await migrate_postgres(c, scripts)
        assert await current_version_pg(c) == 1
        assert await c.fetchval("SELECT to_regclass('half_done')") is None
        (scripts / "0002_b.sql").write_text("CREATE TABLE half_done (x BIGINT);")
        assert await migrate_postgres(c, scripts) == 2
    finally:
        await c.close()


async def test_a_database_newer_than_the_code_is_refused(conn: asyncpg.Connection) -> None:
    await conn.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(MigrationError, match="newer than this code"):
        await migrate_postgres(conn)
    assert await current_version_pg(conn) == 99
