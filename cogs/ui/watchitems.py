"""The spectators' button: **Watch** on the table message, **Refresh** and **Stop watching** on the panel.

Split from ``cogs.ui.items`` (``cogs.ui.components`` registers it with the
others). ``cr:w:{table}:{verb}``, verb ``watch``, ``refresh`` or ``stop``.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from games.core.i18n import _

from .clicks import _clicks
from .custom_ids import _check, _table
from .items import TableItem

WATCH_VERBS = ("watch", "refresh", "stop")
#: A message holds five rows.
ROWS = 5


class WatchButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:w:(?P<table>\d+):(?P<verb>watch|refresh|stop)"),
):
    """Watch the table privately (public information only), refresh that panel, or stop it."""

    def __init__(
        self, table_id: int, verb: str, *, label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
    ) -> None:
        self.table_id, self.verb = table_id, verb
        super().__init__(
            discord.ui.Button(
                label=label or verb, style=style, custom_id=_check(f"cr:w:{table_id}:{verb}"),
                emoji="👁" if verb == "watch" else None,
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), match["verb"])  # the template lists the verbs

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().watch(interaction, self.table_id, self.verb)


def add_watch(view: discord.ui.View, table_id: int) -> None:
    """**Watch** on the first row with room for a button; a view with none left goes without it."""
    for row in range(ROWS):
        try:
            view.add_item(WatchButton(table_id, "watch", label=_("Watch"), row=row))
        except ValueError:  # that row is full (five buttons, or a select)
            continue
        return
