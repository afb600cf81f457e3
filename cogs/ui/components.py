"""Stateless, restart-safe components.

Every button and select is a ``discord.ui.DynamicItem`` whose custom id names
the table (and, for prompts, the sequence number the prompt was rendered at).
They are registered once with ``add_dynamic_items``; a click rebuilds the item
from its custom id and reloads the table from the service, so buttons on old
messages keep working after a restart and a stale prompt is detected by seq.

Custom ids (all ≤ 100 characters; action strings are ≤ 60 by contract):

- ``cr:a:{table}:{seq}:{action}``   a prompt button
- ``cr:s:{table}:{seq}:{n}``        a prompt select (values are actions)
- ``cr:p:{table}:{seq}:{n}:{kind}`` a pick-several-cards select
- ``cr:m:{table}:{seq}:{kind}``     opens the amount modal
- ``cr:h:{table}``                  My hand / Refresh
- ``cr:l:{table}:{verb}``           lobby and table buttons (join, leave, start, cancel, next, num{page})
- ``cr:o:{table}:{what}``           the host's option selects (preset, bool, f:{field})
"""

from __future__ import annotations

import re
from typing import Any

import discord

PREFIX = "cr"
CUSTOM_ID_MAX = 100


def _check(custom_id: str) -> str:
    if len(custom_id) > CUSTOM_ID_MAX:
        raise ValueError(f"custom_id too long ({len(custom_id)}): {custom_id[:40]}…")
    return custom_id


def _flows() -> Any:
    # Imported late: flows → render → components would otherwise be circular.
    from . import flows

    return flows


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["seq"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flows().act(interaction, self.table_id, self.seq, self.action)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["seq"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _flows().act(interaction, self.table_id, self.seq, values[0] if values else "")


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["seq"]), int(match["n"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        action = f"{self.kind}:{','.join(self.item.values)}"
        await _flows().act(interaction, self.table_id, self.seq, action)


class AmountButton(
    discord.ui.DynamicItem[discord.ui.Button],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), int(match["seq"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flows().ask_amount(interaction, self.table_id, self.seq, self.kind)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        in_place = bool(interaction.message and interaction.message.flags.ephemeral)
        await _flows().show_hand(interaction, self.table_id, in_place=in_place)




class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flows().lobby(interaction, self.table_id, self.verb)


class OptionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["table"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flows().option_select(interaction, self.table_id, self.what, list(self.item.values))


DYNAMIC_ITEMS = (ActionButton, ActionSelect, PickSelect, AmountButton, HandButton, LobbyButton, OptionSelect)
