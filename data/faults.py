"""The database's passing failures, which are nobody's mistake: a PostgreSQL server that is away
(``DatabaseUnavailable``), and SQLite's refusals of a write (``StorageFault``).

SQLite's: a lock held by another process, a full disk, an I/O error.
None of them is a bug of the bot, and each clears by itself (the other process commits, space is
freed, the disk comes back), so a refused write must neither crash a player's click with a
traceback nor fill the log with one per click. ``classify`` tells them apart from real errors;
the engine re-raises them as ``StorageFault`` (the bot shows its "couldn't save, nothing changed"
line for it) and tells a ``FaultLog``, which writes ONE warning when a fault episode starts, a
summary at most once a minute while it lasts, and one line when writes work again.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable

log = logging.getLogger("cardroom.storage")

#: Primary result codes (``sqlite_errorcode & 0xFF``) of the refusals that pass, by kind.
_KINDS = {
    sqlite3.SQLITE_BUSY: "locked",
    sqlite3.SQLITE_LOCKED: "locked",
    sqlite3.SQLITE_FULL: "full",
    sqlite3.SQLITE_IOERR: "io",
}
#: The same, by message, for errors raised without a result code.
_TEXTS = (
    ("database is locked", "locked"),
    ("database table is locked", "locked"),
    ("database is busy", "locked"),
    ("database or disk is full", "full"),
    ("disk i/o error", "io"),
)

#: Seconds between two warnings of the same fault episode.
SUMMARY_EVERY = 60.0


class DatabaseUnavailable(Exception):
    """The database server can't be reached right now (restarting, down, a connection cut).

    Nothing this call asked for was acknowledged (in the rare case of a connection lost while its
    COMMIT was under way, the change may still have been made: tables are read back from the
    database before they are driven again). The engine reconnects on the next call (with backoff
    in the background), so the caller may simply try again later. Players are told so in
    one line (``bot.service.errors.DatabaseUnreachable``)."""


class StorageFault(sqlite3.OperationalError):
    """A write SQLite refused for a passing reason; nothing of it was saved. ``kind``: locked, full, io.

    A subclass of ``sqlite3.OperationalError``, so code that handled the raw error still does."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def classify(error: BaseException) -> str | None:
    """The kind of a passing refusal ("locked", "full", "io"), or None for any other error."""
    if isinstance(error, StorageFault):
        return error.kind
    if not isinstance(error, sqlite3.DatabaseError):
        return None
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and (code & 0xFF) in _KINDS:
        return _KINDS[code & 0xFF]
    text = str(error).lower()
    return next((kind for needle, kind in _TEXTS if needle in text), None)


def as_fault(error: Exception) -> Exception:
    """``error`` as a ``StorageFault`` (its cause kept) when it is a passing refusal, else itself."""
    kind = classify(error)
    if kind is None or isinstance(error, StorageFault):
        return error
    fault = StorageFault(kind, str(error))
    fault.__cause__ = error
    return fault


class FaultLog:
    """One warning per fault episode, not one traceback per refused write.

    An episode starts at the first refused write and ends at the next write that commits. Its
    first refusal is logged at once; later ones are counted and summarised at most every
    ``every`` seconds; the end is one info line with the episode's length and count."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, every: float = SUMMARY_EVERY) -> None:
        self._clock = clock
        self._every = every
        self._since: float | None = None
        self._last_line = 0.0
        self._refused = 0
        self._unreported = 0

    @property
    def in_episode(self) -> bool:
        """Whether the last write was refused (no write has committed since)."""
        return self._since is not None

    def refused(self, fault: StorageFault, count: int = 1) -> None:
        """``count`` writes were refused with ``fault``."""
        now = self._clock()
        if self._since is None:
            self._since = self._last_line = now
            self._refused, self._unreported = count, 0
            log.warning(
                "the database refused a write (%s: %s); players are told nothing was saved, "
                "and further refusals are summarised at most every %.0f s",
                fault.kind, fault.detail, self._every,
            )
            return
        self._refused += count
        self._unreported += count
        if now - self._last_line >= self._every:
            log.warning(
                "the database still refuses writes (%s: %s): %d more refused in the last %.0f s",
                fault.kind, fault.detail, self._unreported, now - self._last_line,
            )
            self._last_line, self._unreported = now, 0

    def saved(self) -> None:
        """A write committed: a running episode is over."""
        if self._since is None:
            return
        log.info(
            "the database accepts writes again after %.0f s; %d write(s) were refused meanwhile",
            self._clock() - self._since, self._refused,
        )
        self._since = None
