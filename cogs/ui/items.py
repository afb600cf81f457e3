"""The table's action items (prompt buttons and selects, My hand) and the base they share.

Split from ``cogs.ui.components`` (which re-exports them and registers every
item); see there for the custom ids.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Self, TypeVar

import discord

from bot.errors import send_ephemeral
from games.core.i18n import _

from .clicks import _clicks
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
from .language import speak_to_reader

log = logging.getLogger("cardroom.components")

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

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Runs before the callback, in its task: the answer is written in the clicker's language."""
        return speak_to_reader(interaction)

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
                label=label or _("My hand"),
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

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return speak_to_reader(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        # The id itself is not logged: it may name one of the player's own cards.
        kind = ":".join(self.custom_id.split(":")[:2])[:8]
        log.info("refused a %s component id (%s) from user %s", kind, self.reason, interaction.user.id)
        await send_ephemeral(interaction, _("That button is no longer valid."))
