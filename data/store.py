"""What the rest of the bot may assume about its database, whichever engine holds it.

Two engines implement it: SQLite (``data.db``, the default, one process) and PostgreSQL
(``data.pg``, for several processes sharing one store). The service's hot paths are
synchronous functions ``fn(conn, …)`` run inside one transaction by ``Database.run``; ``conn``
is a ``Conn``: the small part of ``sqlite3.Connection`` they use, which the PostgreSQL side
provides over asyncpg. The SQL they send is written once, in the dialect both engines
accept (``?`` placeholders, ``INSERT … RETURNING``, ``ON CONFLICT``); ``data.dialect``
rewrites it for PostgreSQL.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

from .faults import DatabaseUnavailable

if TYPE_CHECKING:
    from .leases import Leases

Params = Sequence[Any] | Mapping[str, Any]
#: A result row: ``row["column"]`` and ``row[0]`` both work (``sqlite3.Row``, ``asyncpg.Record``).
Row = Any
T = TypeVar("T")

#: How ``CARDROOM_DB`` names a PostgreSQL database instead of a SQLite file.
POSTGRES_SCHEMES = ("postgresql", "postgres")


class ConstraintViolation(Exception):
    """PostgreSQL refused a row (a CHECK, a unique key, a trigger): ``sqlite3.IntegrityError``'s twin.

    Its text carries the engine's message, which names the constraint (``no_overdraft``…)."""


#: Catch these where the code expects a constraint to refuse a row, on either engine.
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, ConstraintViolation)


class Cursor(Protocol):
    """A statement's result: the rows it returned, or how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Conn(Protocol):
    """The statements of one transaction, run synchronously on the database's worker thread."""

    def execute(self, sql: str, parameters: Params = (), /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Params], /) -> Any: ...

    @property
    def in_transaction(self) -> bool: ...


class Tx(Protocol):
    """The async handle inside ``transaction()`` / ``read()``."""

    async def execute(self, sql: str, params: Params = ()) -> int: ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def scalar(self, sql: str, params: Params = ()) -> Any: ...


class Database(Protocol):
    """The bot's store. ``run`` is the write path: one whole transaction, group-committed."""

    #: Where it lives: a SQLite path, or the PostgreSQL URL without its password.
    path: str
    #: Group-commit counters: transactions committed by ``run`` and the jobs they carried.
    commits: int
    jobs: int

    @property
    def leases(self) -> Leases:
        """Which tables this process may drive (``data.leases``)."""
        ...

    @property
    def dialect(self) -> str: ...

    async def close(self) -> None: ...

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T: ...

    async def read_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T: ...

    def transaction(self) -> AbstractAsyncContextManager[Tx]: ...

    def read(self) -> AbstractAsyncContextManager[Tx]: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def scalar(self, sql: str, params: Params = ()) -> Any: ...


def execute_recoverable(conn: Conn, sql: str, parameters: Params = ()) -> Cursor:
    """A statement whose refusal leaves the transaction usable, for code that reads on after one.

    SQLite undoes just the failed statement; PostgreSQL aborts the whole transaction, so there the
    statement runs inside a savepoint (two more round trips: used only where a refusal is expected,
    e.g. a transfer that may overdraw)."""
    recoverable = getattr(conn, "execute_recoverable", None)
    return conn.execute(sql, parameters) if recoverable is None else recoverable(sql, parameters)


def is_postgres_url(target: str | Path) -> bool:
    """Whether ``CARDROOM_DB`` names a PostgreSQL database (``postgresql://…``) rather than a SQLite file."""
    if not isinstance(target, str):
        return False
    scheme, sep, _ = target.strip().partition("://")
    return bool(sep) and scheme.lower() in POSTGRES_SCHEMES


def redact(url: str) -> str:
    """The URL without its password, for logs and ``Database.path``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


__all__ = [
    "INTEGRITY_ERRORS",
    "Conn",
    "ConstraintViolation",
    "Cursor",
    "Database",
    "DatabaseUnavailable",
    "Params",
    "Row",
    "Tx",
    "execute_recoverable",
    "is_postgres_url",
    "redact",
]
