"""Whose table it is: the server check every table operation makes, and the ids that can name a table.

A click's custom id and a slash command's ``table:`` come from the client, so
they are untrusted: a member of server B can send server A's table id. Every
operation that reads or changes a table for someone therefore takes the
caller's guild id and refuses (``ForeignTable``: "That button is no longer
valid.") when it isn't the table's, so nothing shows whether that table
exists; a direct message (no guild) is refused the same way. The runtime's own
callers (timeouts, computers, the publisher, tests) pass nothing: ``INTERNAL``.

Table ids are signed 64-bit integers in both engines: a larger one (or zero, or
a negative one) names no table, and is refused as ``NoTable`` before it reaches
a query, where SQLite would raise ``OverflowError`` and asyncpg ``DataError``.
"""

from __future__ import annotations

import enum
from typing import Final

from .errors import ForeignTable, NoTable

#: The largest id a row can have (SQLite INTEGER, PostgreSQL BIGINT).
ID_MAX: Final = 2**63 - 1


class Internal(enum.Enum):
    """The runtime itself is asking (timeouts, computers, the publisher): there is no server to check."""

    CALLER = "internal"


INTERNAL: Final = Internal.CALLER

#: Who asks for a table: a guild's id, None (a direct message, always refused) or ``INTERNAL``.
Caller = int | None | Internal


def in_range(number: int) -> bool:
    """Whether ``number`` could be a row's id (1 … 2**63 - 1)."""
    return 1 <= number <= ID_MAX


def valid_table_id(table_id: int) -> int:
    """``table_id`` if it could name a table, else ``NoTable`` (never a driver's overflow)."""
    if not in_range(table_id):
        raise NoTable()
    return table_id


def checks(caller: Caller) -> bool:
    """Whether this caller's server must match the table's (every caller but ``INTERNAL``)."""
    return not isinstance(caller, Internal)


def same_guild(table_guild: int, caller: Caller) -> bool:
    """Whether ``caller`` may reach a table of ``table_guild``."""
    return not checks(caller) or (caller is not None and caller == table_guild)


def check_guild(table_guild: int, caller: Caller) -> None:
    """``ForeignTable`` unless ``caller`` may reach a table of ``table_guild``."""
    if not same_guild(table_guild, caller):
        raise ForeignTable()


__all__ = ["ID_MAX", "INTERNAL", "Caller", "Internal", "check_guild", "checks", "in_range", "same_guild", "valid_table_id"]
