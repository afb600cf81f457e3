"""The bot core's hook for table changes: extensions plug listeners in, the core calls them.

``TableService`` calls the bot once after each commit (``on_change``); the bot
passes the snapshot to every ``TableListener`` in ``CardroomBot.table_listeners``
and, at shutdown, waits for each one's ``idle()``. The ``cogs.tables`` extension
installs the listener that keeps the public table messages in step, so the bot
core needs to know nothing about messages, views or cogs.
"""

from __future__ import annotations

from typing import Protocol

from bot.service.models import TableSnapshot


class TableListener(Protocol):
    def table_changed(self, snap: TableSnapshot, reason: str) -> None:
        """A committed change (``reason`` as in ``TableService``); must return at once, never block."""
        ...

    async def idle(self) -> None:
        """Returns when the work started by ``table_changed`` is done (shutdown, tests, benchmarks)."""
        ...
