"""Telling a PostgreSQL that is away from one that is wrongly named, and how patiently to wait for it.

"Unreachable" (the server restarts, is down, a connection was cut or refused, it is still starting)
is worth retrying: the engine reconnects and the bot answers again once the server is back.
"Misconfigured" (a wrong password, a role or database that does not exist, a malformed URL) will
not heal by waiting: the process stops with one line and stays down (``bot.settings.ExitCode``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

import asyncpg

from .faults import DatabaseUnavailable


@dataclass(frozen=True, slots=True)
class Retry:
    """How the engine waits for a server that went away; tests shrink every figure."""

    #: Seconds before the first reconnection attempt; each failure doubles it, up to ``most``.
    first: float = 0.1
    most: float = 5.0
    #: How long the database may stay unreachable before the process gives up and exits (to be restarted).
    give_up: float = 120.0
    #: How long one connection attempt may take before it counts as failed.
    connect_timeout: float = 5.0

    def delays(self) -> Iterator[float]:
        """``first``, then doubled each time, never above ``most``."""
        delay = self.first
        while True:
            yield delay
            delay = min(delay * 2, self.most)


#: Errors that mean "the server is not answering right now", whatever the statement was.
_AWAY: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, no such socket, DNS
    TimeoutError,
    asyncpg.PostgresConnectionError,  # class 08: the connection does not exist / failed
    asyncpg.OperatorInterventionError,  # class 57: shutting down, terminated by an admin, starting up
    asyncpg.TooManyConnectionsError,
)


def is_unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` means the database is away (retry later), not that something is wrong."""
    if isinstance(exc, DatabaseUnavailable | asyncpg.ClientConfigurationError):
        return isinstance(exc, DatabaseUnavailable)
    if isinstance(exc, asyncpg.InterfaceError):  # "connection is closed": the socket went away under us
        return "closed" in str(exc)
    return isinstance(exc, _AWAY)


def unavailable(exc: BaseException) -> DatabaseUnavailable:
    """``exc`` as the engine-neutral refusal the rest of the bot catches."""
    if isinstance(exc, DatabaseUnavailable):
        return exc
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return DatabaseUnavailable(f"the database can't be reached ({reason[:200]})")


@contextlib.contextmanager
def away_as_unavailable() -> Iterator[None]:
    """Around a statement (awaited inside it, too): "the server is away" becomes ``DatabaseUnavailable``."""
    try:
        yield
    except Exception as exc:
        if is_unreachable(exc):
            raise unavailable(exc) from exc
        raise


__all__ = ["Retry", "away_as_unavailable", "is_unreachable", "unavailable"]
