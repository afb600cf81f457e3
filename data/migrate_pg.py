"""The PostgreSQL side of the numbered migrations: ``data/migrations/postgresql/NNNN_<same name>.sql``.

Same contract as ``data.migrate`` for SQLite: each script runs in one transaction together with
its version bump, so a failing script leaves the database at the previous version, and a database
newer than this code is refused. PostgreSQL has no ``user_version``: the version is the one row of
``schema_version``.

Several shard processes start together against one database, so every step takes a transaction
advisory lock and reads the version again under it: whoever comes second finds the work done.
A transaction lock (not a session one) is released by COMMIT, ROLLBACK or a dropped connection,
so a cancelled or killed start-up can never leave the migrations locked.
"""

from __future__ import annotations

from pathlib import Path

import asyncpg

from data.migrate import MIGRATIONS_DIR, Migration, MigrationError, discover

PG_MIGRATIONS_DIR = MIGRATIONS_DIR / "postgresql"
#: The advisory lock of migrations, in the two-key form: 0x43415244 is "CARD". Table leases
#: (``data.leases``) use the first key 0x43520001, so the two can never collide.
MIGRATION_LOCK = (0x43415244, 1)

_CREATE_VERSION_TABLE = """
CREATE TABLE schema_version (
    singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
    version   BIGINT  NOT NULL CHECK (version >= 0)
);
INSERT INTO schema_version (singleton, version) VALUES (TRUE, 0);
"""


async def current_version_pg(conn: asyncpg.Connection) -> int:
    """0 for a database no migration ever touched."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version"))


async def _step(conn: asyncpg.Connection, migrations: list[Migration]) -> int | None:
    """Applies the next pending script under the lock; returns the version reached, None when none was due."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", *MIGRATION_LOCK)
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            await conn.execute(_CREATE_VERSION_TABLE)
        version = int(await conn.fetchval("SELECT version FROM schema_version"))
        if version > len(migrations):
            raise MigrationError(f"database is at version {version}, newer than this code ({len(migrations)})")
        if version == len(migrations):
            return None
        mig = migrations[version]
        await conn.execute(mig.sql)  # no arguments: the simple protocol, several statements at once
        await conn.execute("UPDATE schema_version SET version = $1", mig.version)
        return mig.version


async def migrate_postgres(conn: asyncpg.Connection, directory: Path = PG_MIGRATIONS_DIR) -> int:
    """Applies every pending script (the connection outside a transaction); returns the new version."""
    migrations = discover(directory)
    while await _step(conn, migrations) is not None:
        pass
    return await current_version_pg(conn)
