"""Stateless, restart-safe components.

Every button and select is a ``discord.ui.DynamicItem`` whose custom id names
the table (and, for prompts, the sequence number the prompt was rendered at).
They are registered once with ``add_dynamic_items`` (by the ``cogs.tables``
extension, which also hands them the click handlers of ``flows``); a click
rebuilds the item from its custom id and reloads the table from the service,
so buttons on old messages keep working after a restart and a stale prompt is
detected by seq.

Custom ids (all ≤ 100 characters; action strings are ≤ 60 by contract):

- ``cr:a:{table}:{seq}:{action}``   a prompt button
- ``cr:s:{table}:{seq}:{n}``        a prompt select (values are actions)
- ``cr:p:{table}:{seq}:{n}:{kind}`` a pick-several-cards select
- ``cr:m:{table}:{seq}:{kind}``     opens the amount modal
- ``cr:h:{table}``                  My hand / Refresh
- ``cr:l:{table}:{verb}``           lobby and table buttons (join, leave, start, cancel, next, num{page})
- ``cr:o:{table}:{what}``           the host's option selects (preset, bool, f:{field})
Crafted ids are refused privately (see ``custom_ids``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any, Protocol, Self, TypeVar

import discord

from bot.errors import send_ephemeral
from games.core.i18n import _

from .custom_ids import (
    PREFIX,
    InvalidId,
    _action,
    _check,
    _index,
    _kind,
    _seq,
    _table,
)

log = logging.getLogger("cardroom.components")

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


_handlers: ClickHandlers | None = None


def handle_clicks_with(handlers: ClickHandlers) -> None:
    """Every component's callback calls ``handlers`` (the same for every bot in the process)."""
    global _handlers
    _handlers = handlers


def _clicks() -> ClickHandlers:
    if _handlers is None:
        raise RuntimeError("no click handlers: the cogs.tables extension's setup installs them")
    return _handlers


_ItemT = TypeVar("_ItemT", bound=discord.ui.Item[Any], covariant=True)


class TableItem(discord.ui.DynamicItem[_ItemT], template=re.compile(r"(?!)")):
    """A table's button or select, rebuilt from its custom id by ``parse`` (each subclass has its template).

    An id that matches the template but can't be real (``InvalidId``) becomes
    a ``RefusedItem``, which answers privately and touches nothing. Not
    registered itself: its template matches nothing.
    """

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        """The item a custom id matching the template names; ``InvalidId`` if it can't be real.

        Each item class reads its own id; the base's template matches nothing, so
        an id reaching here names no item and is refused like any crafted one.
        """
        raise InvalidId("no item reads this id")

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # may return a RefusedItem; discord.py runs any item
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self | RefusedItem:
        try:
            return cls.parse(match)
        except InvalidId as bad:
            return RefusedItem(item, reason=str(bad))


class ActionButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:a:(?P<table>\d+):(?P<seq>\d+):(?P<action>.+)", re.S),
):
    """One legal action (a card, pass, fold…) as a button."""

    def __init__(
        self,
        table_id: int,
        seq: int,
        action: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id, self.seq, self.action = table_id, seq, action
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                disabled=disabled,
                custom_id=_check(f"cr:a:{table_id}:{seq}:{action}"),
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _seq(match["seq"]), _action(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().act(interaction, self.table_id, self.seq, self.action)


class ActionSelect(
    TableItem[discord.ui.Select[Any]],
    template=re.compile(r"cr:s:(?P<table>\d+):(?P<seq>\d+):(?P<n>\d+)"),
):
    """Many actions (e.g. a big hand) as a select; the chosen value is the action."""

    def __init__(
        self,
        table_id: int,
        seq: int,
        n: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.table_id, self.seq = table_id, seq
        super().__init__(
            discord.ui.Select(
                custom_id=_check(f"cr:s:{table_id}:{seq}:{n}"),
                options=options or [],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _seq(match["seq"]), _index(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _clicks().act(interaction, self.table_id, self.seq, values[0] if values else "")


class PickSelect(
    TableItem[discord.ui.Select[Any]],
    template=re.compile(r"cr:p:(?P<table>\d+):(?P<seq>\d+):(?P<n>\d+):(?P<kind>.+)", re.S),
):
    """Choose several cards at once; submits ``kind:c1,c2``."""

    def __init__(
        self,
        table_id: int,
        seq: int,
        n: int,
        kind: str,
        *,
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.table_id, self.seq, self.kind = table_id, seq, kind
        super().__init__(
            discord.ui.Select(
                custom_id=_check(f"cr:p:{table_id}:{seq}:{n}:{kind}"),
                options=options or [],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _seq(match["seq"]), _index(match["n"]), _kind(match["kind"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        action = f"{self.kind}:{','.join(self.item.values)}"
        await _clicks().act(interaction, self.table_id, self.seq, action)


class AmountButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:m:(?P<table>\d+):(?P<seq>\d+):(?P<kind>.+)", re.S),
):
    """Opens a modal asking for a number in the prompt's range (bids, raises)."""

    def __init__(self, table_id: int, seq: int, kind: str, *, label: str | None = None, row: int | None = None) -> None:
        self.table_id, self.seq, self.kind = table_id, seq, kind
        super().__init__(
            discord.ui.Button(
                label=label or kind,
                style=discord.ButtonStyle.primary,
                custom_id=_check(f"cr:m:{table_id}:{seq}:{kind}"),
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _seq(match["seq"]), _kind(match["kind"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().ask_amount(interaction, self.table_id, self.seq, self.kind)


class HandButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:h:(?P<table>\d+)"),
):
    """**My hand** on the public message; **Refresh** on the private panel."""

    def __init__(self, table_id: int, *, label: str | None = None, row: int | None = None) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label=label or "My hand",
                style=discord.ButtonStyle.primary,
                custom_id=_check(f"cr:h:{table_id}"),
                emoji="🂠" if label is None else None,
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        in_place = bool(interaction.message and interaction.message.flags.ephemeral)
        await _clicks().show_hand(interaction, self.table_id, in_place=in_place)




class LobbyButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:l:(?P<table>\d+):(?P<verb>join|leave|start|cancel|next|num\d)"),
):
    """Join / Leave / Start (host) / Cancel (host) / Next hand / Numbers… (host's numeric options, 5 per page)."""

    def __init__(
        self,
        table_id: int,
        verb: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        self.table_id, self.verb = table_id, verb
        super().__init__(
            discord.ui.Button(
                label=label or verb, style=style, disabled=disabled, custom_id=_check(f"cr:l:{table_id}:{verb}")
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), match["verb"])  # the template lists the verbs

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().lobby(interaction, self.table_id, self.verb)


class OptionSelect(
    TableItem[discord.ui.Select[Any]],
    template=re.compile(r"cr:o:(?P<table>\d+):(?P<what>preset|bool|f:\w+)"),
):
    """The host's option editor: presets, the bool toggles, or one choice field."""

    def __init__(
        self,
        table_id: int,
        what: str,
        *,
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.table_id, self.what = table_id, what
        super().__init__(
            discord.ui.Select(
                custom_id=_check(f"cr:o:{table_id}:{what}"),
                options=options or [],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        what = match["what"]
        if what.startswith("f:"):
            _kind(what[2:])  # ``\w`` in the template also matches non-ASCII letters
        return cls(_table(match["table"]), what)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().option_select(interaction, self.table_id, self.what, list(self.item.values))


_TEMPLATED = (ActionButton, ActionSelect, PickSelect, AmountButton, HandButton, LobbyButton, OptionSelect)


def _none_of(items: tuple[type[discord.ui.DynamicItem[Any]], ...]) -> re.Pattern[str]:
    """``cr:…`` that no template of ``items`` fully matches (a negative lookahead over all of them).

    discord.py runs EVERY dynamic item whose template matches, so a plain
    ``cr:.*`` catch-all would answer valid clicks a second time.
    """
    alternatives = "|".join(
        # Group names may not repeat across alternatives; the groups are not needed here.
        "(?:" + re.sub(r"\(\?P<\w+>", "(?:", item.__discord_ui_compiled_template__.pattern) + ")"
        for item in items
    )
    return re.compile(rf"(?!(?:{alternatives})\Z){PREFIX}:.*", re.S)


class RefusedItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=re.compile(rf"{PREFIX}:.*", re.S)):
    """A ``cr:`` button or select we can't act on: answers privately that it is no longer valid.

    Returned by ``TableItem.from_custom_id`` for ids that match a
    template but can't be real (a table id beyond SQLite's range, an action
    with a newline…). Not registered itself (its template would also match
    every valid id); ``UnknownItem`` is.
    """

    def __init__(self, item: discord.ui.Item[Any], *, reason: str) -> None:
        self.reason = reason
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(item, reason="unknown id")

    async def callback(self, interaction: discord.Interaction) -> None:
        # The id itself is not logged: it may name one of the player's own cards.
        kind = ":".join(self.custom_id.split(":")[:2])[:8]
        log.info("refused a %s component id (%s) from user %s", kind, self.reason, interaction.user.id)
        await send_ephemeral(interaction, _("That button is no longer valid."))


class UnknownItem(RefusedItem, template=_none_of(_TEMPLATED)):
    """Every ``cr:`` id that no other template matches (an unknown verb, an id from another version)."""


DYNAMIC_ITEMS = (*_TEMPLATED, UnknownItem)
