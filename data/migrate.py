"""Numbered SQL migrations, applied at start-up; the applied version lives in ``PRAGMA user_version``.

Each ``data/migrations/NNNN_name.sql`` runs inside its own transaction together
with its ``PRAGMA user_version = NNNN``, so a failing script leaves the database
exactly at the previous version.

Plain ``sqlite3`` only: ``data.db`` runs ``migrate_sync`` on its connection's
thread (``Database.read_sync``); nothing here knows the ``Database`` class.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class MigrationError(RuntimeError):
    """The migration files or the database's version are inconsistent."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The scripts in version order; versions must be 1, 2, 3… with no gap or duplicate."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise MigrationError(f"bad migration file name: {path.name}")
        found.append(Migration(int(match.group(1)), path.name, path.read_text(encoding="utf-8")))
    for expected, mig in enumerate(found, start=1):
        if mig.version != expected:
            raise MigrationError(f"migration {mig.name}: expected version {expected:04d}")
    return found


def current_version(conn: sqlite3.Connection) -> int:
    rows = conn.execute("PRAGMA user_version").fetchall()  # drained: no statement left in progress
    return int(rows[0][0])


def migrate_sync(conn: sqlite3.Connection, directory: Path = MIGRATIONS_DIR) -> int:
    """Applies every pending script (connection in autocommit mode); returns the new version."""
    migrations = discover(directory)
    version = current_version(conn)
    if version > len(migrations):
        raise MigrationError(f"database is at version {version}, newer than this code ({len(migrations)})")
    for mig in migrations[version:]:
        # executescript() would COMMIT an open transaction first, so BEGIN/COMMIT are part of the
        # script; on an error the transaction is still open and is rolled back here.
        script = f"BEGIN IMMEDIATE;\n{mig.sql}\n;PRAGMA user_version = {mig.version};\nCOMMIT;"
        try:
            conn.executescript(script)
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return current_version(conn)

