"""The bot as the cogs see it: its services and the table publisher, as a Protocol.

The bot core loads the cogs by name and imports none of them; the cogs, in
turn, never import ``bot.client`` (not even for type checking), so neither
side can grow a circle through the other. ``CardroomBot`` provides
``tables``, ``economy`` and ``table_listeners``; the ``cogs.tables``
extension's ``setup`` adds ``publisher``.
"""

from __future__ import annotations

from typing import Protocol, cast

import discord

from bot.foreground import Foreground
from bot.hooks import TableListener
from bot.service import Economy, TableService
from bot.service.personal import Personal
from bot.thinking import Thinker

from .publisher import TablePublisher


class TableHost(Protocol):
    tables: TableService
    economy: Economy
    #: Players' own settings (how their turn reaches them) and the turn pings standing.
    personal: Personal
    #: Installed by the cogs.tables extension: keeps each table's public message and the players' panels in step.
    publisher: TablePublisher
    #: The bot core's hook: each listener is told of every committed table change.
    table_listeners: list[TableListener]
    #: Interactions still waiting for their answer; background edits wait for them.
    foreground: Foreground
    #: Runs the computer players' searches (and the 💡 Hint's) in worker processes.
    thinker: Thinker


def host_of(client: discord.Client) -> TableHost:
    """The bot behind a cog or an interaction (``interaction.client``), typed as the cogs use it."""
    return cast("TableHost", client)
