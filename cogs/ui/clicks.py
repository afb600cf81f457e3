"""What a click runs, handed to the components once at start-up (they can't import it).

``cogs.ui.flows`` is the handler: it renders panels, and rendering builds
components, so the components reach it through ``handle_clicks_with``.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Protocol

import discord


class ClickHandlers(Protocol):
    """What a click runs: the ``cogs.ui.flows`` module, handed over by the ``cogs.tables`` extension.

    Components can't import flows: flows renders panels, and rendering builds
    components. So the handlers come in once, at start-up (``handle_clicks_with``).
    """

    def act(self, interaction: discord.Interaction, table_id: int, seq: int, action: str, /) -> Awaitable[Any]: ...

    def ask_amount(self, interaction: discord.Interaction, table_id: int, seq: int, kind: str, /) -> Awaitable[Any]: ...

    def show_hand(self, interaction: discord.Interaction, table_id: int, /, *, in_place: bool) -> Awaitable[Any]: ...

    def lobby(self, interaction: discord.Interaction, table_id: int, verb: str, /) -> Awaitable[Any]: ...

    def option_select(
        self, interaction: discord.Interaction, table_id: int, what: str, values: list[str], /
    ) -> Awaitable[Any]: ...

    def pick_page(
        self, interaction: discord.Interaction, table_id: int, seq: int, n: int, kind: str, values: list[str], /
    ) -> Awaitable[Any]: ...

    def panel_verb(self, interaction: discord.Interaction, table_id: int, seq: int, verb: str, /) -> Awaitable[Any]: ...

    def watch(self, interaction: discord.Interaction, table_id: int, verb: str, /) -> Awaitable[Any]: ...

    def play_again(self, interaction: discord.Interaction, table_id: int, /) -> Awaitable[Any]: ...


_handlers: ClickHandlers | None = None


def handle_clicks_with(handlers: ClickHandlers) -> None:
    """Every component's callback calls ``handlers`` (the same for every bot in the process)."""
    global _handlers
    _handlers = handlers


def _clicks() -> ClickHandlers:
    if _handlers is None:
        raise RuntimeError("no click handlers: the cogs.tables extension's setup installs them")
    return _handlers
