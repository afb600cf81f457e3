"""Which engine a ``CARDROOM_DB`` value names, opened and migrated (kept apart from ``data.store``,
which both engines import)."""

from __future__ import annotations

from pathlib import Path

from .store import Database, is_postgres_url


async def open_database(target: str | Path, *, migrate: bool = True) -> Database:
    """The store ``CARDROOM_DB`` names: a ``postgresql://`` URL, else a SQLite file path."""
    if is_postgres_url(target):
        from .pg import PostgresDatabase

        return await PostgresDatabase.open(str(target), migrate=migrate)
    from .db import SqliteDatabase

    return await SqliteDatabase.open(target, migrate=migrate)
