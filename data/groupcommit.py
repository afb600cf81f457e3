"""Group commit, the same on both engines: several independent transactions share one COMMIT.

The write path (``Database.run``) queues ``fn(conn, …)`` calls; whoever finds the queue idle
starts a flusher that runs up to ``MAX_BATCH`` of them in ONE transaction, each inside its own
SAVEPOINT, so a failing job is rolled back alone and the others still commit. Nothing is
reported before the COMMIT. The engine supplies only how a batch reaches its connection.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from .store import Conn

T = TypeVar("T")
Job = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]
MAX_BATCH = 256


def run_in_transaction(conn: Conn, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``BEGIN IMMEDIATE``; ``fn(conn, …)``; ``COMMIT`` — or ``ROLLBACK`` and re-raise. Synchronous."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = fn(conn, *args, **kwargs)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


def run_batch(conn: Conn, jobs: Sequence[Job]) -> list[tuple[bool, Any]]:
    """Several jobs in one transaction, a SAVEPOINT each; if the COMMIT fails, every job fails."""
    if len(jobs) == 1:
        fn, args, kwargs = jobs[0]
        try:
            return [(True, run_in_transaction(conn, fn, *args, **kwargs))]
        except Exception as err:
            return [(False, err)]
    out: list[tuple[bool, Any]] = []
    try:
        conn.execute("BEGIN IMMEDIATE")
        for fn, args, kwargs in jobs:
            conn.execute("SAVEPOINT job")
            try:
                value = fn(conn, *args, **kwargs)
            except Exception as err:
                if not conn.in_transaction:  # SQLite itself rolled everything back (e.g. SQLITE_FULL)
                    raise
                conn.execute("ROLLBACK TO job")
                conn.execute("RELEASE job")
                out.append((False, err))
            else:
                conn.execute("RELEASE job")
                out.append((True, value))
        conn.execute("COMMIT")
    except BaseException as err:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if not isinstance(err, Exception):
            raise
        return [(False, err)] * len(jobs)
    return out


class GroupCommit(ABC):
    """The queue behind ``run``; ``_run_batch`` runs ``run_batch`` on the engine's connection."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._pending: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0
        self.jobs = 0

    @abstractmethod
    def _run_batch(self, jobs: Sequence[Job]) -> Awaitable[list[tuple[bool, Any]]]:
        """Runs ``run_batch`` on the engine's connection, on the thread that owns it."""

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """One whole transaction: ``fn(conn, *args)`` between ``BEGIN`` and ``COMMIT`` (``ROLLBACK`` on
        any exception, which propagates), in one trip to the connection's thread. Calls that arrive
        while the connection is busy are group-committed: each still succeeds or fails on its own,
        and none returns before its COMMIT.
        """
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((fn, args, kwargs, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush())
        return await future

    async def _drain(self) -> None:
        """Waits until every queued ``run`` has committed (or failed): before closing."""
        while self._flusher is not None and not self._flusher.done():
            await asyncio.wait({self._flusher})

    async def _flush(self) -> None:
        while self._pending:
            async with self._lock:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                jobs = [(fn, args, kwargs) for fn, args, kwargs, _f in batch]
                try:
                    results = await self._run_batch(jobs)
                except Exception as err:  # e.g. the connection was closed under us
                    results = [(False, err)] * len(batch)
                except BaseException:  # the flusher itself is cancelled: nobody may wait forever
                    for *_rest, future in (*batch, *self._pending):
                        if not future.done():
                            future.set_exception(RuntimeError("database shut down; the change may not have been saved"))
                    self._pending = []
                    raise
                self.commits += 1
                self.jobs += len(batch)
            for (_fn, _args, _kwargs, future), (ok, value) in zip(batch, results, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
