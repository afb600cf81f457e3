"""Which engine a ``CARDROOM_DB`` value names, opened and migrated (kept apart from ``data.store``,
which both engines import)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .store import Database, is_postgres_url

if TYPE_CHECKING:
    from .pgfaults import Retry


async def open_database(target: str | Path, *, migrate: bool = True, retry: Retry | None = None) -> Database:
    """The store ``CARDROOM_DB`` names: a ``postgresql://`` URL, else a SQLite file path.

    ``retry``: how a PostgreSQL engine waits for a server that goes away (``data.pgfaults``)."""
    if is_postgres_url(target):
        from .pg import PostgresDatabase

        return await PostgresDatabase.open(str(target), migrate=migrate, retry=retry)
    from .db import SqliteDatabase

    return await SqliteDatabase.open(target, migrate=migrate)
