"""PostgreSQL for the tests: one server per session, one fresh migrated database per test.

The server is ``CARDROOM_TEST_PG`` (a URL to a database on a server we may create databases on)
or, by default, a throwaway cluster started by ``tools.pgcluster`` and stopped at the end. The
migrations run once per session, into a template database; each test gets a clone of it
(``CREATE DATABASE … TEMPLATE``, a file copy: much faster than migrating again) and the clone is
dropped after the test. A missing PostgreSQL fails the tests with how to install it: never a skip,
so a machine without the server can't pass the suite by testing less.

The fixtures are synchronous and run their coroutines on a thread of their own, so they work the
same for sync and async tests and never share an event loop with pytest-asyncio.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from data.migrate_pg import migrate_postgres
from tools import pgcluster

T = TypeVar("T")
ENV = "CARDROOM_TEST_PG"
TEMPLATE = f"cardroom_template_{os.getpid()}"  # per session: two sessions may share CARDROOM_TEST_PG
_names = itertools.count(1)
#: Measured by the fixtures (seconds), for the benchmark note: cluster start, per-test clone.
timings: dict[str, list[float]] = {"start": [], "clone": []}


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Runs ``coro`` to completion on a new event loop in a new thread (safe inside a running loop)."""
    box: dict[str, Any] = {}

    def main() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:
            box["error"] = exc

    worker = threading.Thread(target=main, name="pg-fixture")
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def with_database(url: str, database: str) -> str:
    """``url`` pointing at another database on the same server (host, port and query kept)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + database))


async def _admin(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for sql in statements:
            await conn.execute(sql)
    finally:
        await conn.close()


async def _make_template(url: str) -> None:
    await _admin(url, f'DROP DATABASE IF EXISTS "{TEMPLATE}" WITH (FORCE)', f'CREATE DATABASE "{TEMPLATE}"')
    conn = await asyncpg.connect(with_database(url, TEMPLATE))
    try:
        await migrate_postgres(conn)
    finally:
        await conn.close()


def scratch_root() -> str | None:
    """Where a throwaway cluster lives: memory (``/dev/shm``) when there is one, else the temp directory.

    Not under pytest's tmp_path: /tmp/pytest-of-root is mode 700 and the server runs as ``postgres``.
    Measured here: CREATE DATABASE from the template takes ~240 ms on disk even with fsync off,
    ~20 ms in /dev/shm, and every test clones one.
    """
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


def start_server(directory: Path) -> str:
    """A fast, throwaway cluster in ``directory``; its admin URL. Fails (no skip) when PostgreSQL is missing."""
    began = time.perf_counter()
    try:
        cluster = pgcluster.start(directory, durable=False)
    except pgcluster.PgClusterError as exc:
        problem = str(exc)
    else:
        timings["start"].append(time.perf_counter() - began)
        return cluster.url()
    pytest.fail(f"PostgreSQL is needed by these tests: {problem} (or set {ENV} to a server's URL)", pytrace=False)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The admin URL of a server holding this session's migrated template database."""
    given = os.environ.get(ENV, "")
    directory = None if given else Path(tempfile.mkdtemp(prefix="cardroom-pg-", dir=scratch_root()))
    try:
        url = start_server(directory) if directory is not None else given
        run(_make_template(url))
        yield url
    finally:
        try:
            if given:
                run(_admin(url, f'DROP DATABASE IF EXISTS "{TEMPLATE}" WITH (FORCE)'))
        finally:
            if directory is not None:
                pgcluster.stop(directory)
                shutil.rmtree(directory, ignore_errors=True)


@contextlib.contextmanager
def fresh_database(pg_server: str) -> Iterator[str]:
    """A new database cloned from the migrated template; dropped on leaving."""
    name = f"t_{os.getpid()}_{next(_names)}"
    began = time.perf_counter()
    run(_admin(pg_server, f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE}"'))
    timings["clone"].append(time.perf_counter() - began)
    try:
        yield with_database(pg_server, name)
    finally:
        run(_admin(pg_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh database migrated to the newest version, for this test alone; dropped afterwards."""
    with fresh_database(pg_server) as url:
        yield url


@pytest.fixture
def pg_empty_url(pg_server: str) -> Iterator[str]:
    """A fresh database that no migration has touched (for the migration tests); dropped afterwards."""
    name = f"e_{os.getpid()}_{next(_names)}"
    run(_admin(pg_server, f'CREATE DATABASE "{name}"'))
    try:
        yield with_database(pg_server, name)
    finally:
        run(_admin(pg_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
