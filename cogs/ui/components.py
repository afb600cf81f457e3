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
- ``cr:q:{table}:{seq}:{n}:{kind}`` one page of a big pick (the picks are kept in ``drafts``, not here)
- ``cr:v:{table}:{seq}:{verb}``     panel buttons: sort, prev, next, ok, clear, focus, hint (💡)
- ``cr:h:{table}``                  My hand / Refresh
- ``cr:l:{table}:{verb}``           lobby and table buttons (join, leave, start, cancel, next, num{page})
- ``cr:o:{table}:{what}``           the host's option selects (preset, bool, f:{field})
- ``cr:w:{table}:{verb}``           spectators: watch, refresh, stop (``watchitems``)
- ``cr:r:{table}:{hand}:{step}:{verb}`` a finished hand's replay (first, prev, next, last; ``cogs.ui.replay``)
- ``cr:g:{table}``                  Play again, on an ended table's message (``cogs.ui.again``)
- ``cr:t:{tournament}:{verb}``      a tournament's sign-up: join, leave (``cogs.ui.tournament_view``)
Crafted ids are refused privately (see ``custom_ids``).
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from .clicks import ClickHandlers as ClickHandlers
from .clicks import _clicks
from .clicks import handle_clicks_with as handle_clicks_with
from .custom_ids import PREFIX, _check, _index, _kind, _seq, _table
from .items import ActionButton as ActionButton
from .items import ActionSelect as ActionSelect
from .items import AmountButton as AmountButton
from .items import HandButton as HandButton
from .items import PickSelect as PickSelect
from .items import RefusedItem as RefusedItem
from .items import TableItem
from .replay import ReplayButton
from .tournament_view import TournamentButton
from .watchitems import WatchButton as WatchButton


class PageSelect(
    TableItem[discord.ui.Select[Any]],
    template=re.compile(r"cr:q:(?P<table>\d+):(?P<seq>\d+):(?P<n>\d+):(?P<kind>.+)", re.S),
):
    """Slice ``n`` (25 cards) of a pick too big for one menu: choosing keeps the picks, sends nothing."""

    def __init__(
        self, table_id: int, seq: int, n: int, kind: str, *,
        options: list[discord.SelectOption] | None = None, max_values: int = 1,
        placeholder: str | None = None, row: int | None = None,
    ) -> None:
        self.table_id, self.seq, self.n, self.kind = table_id, seq, n, kind
        super().__init__(
            discord.ui.Select(
                custom_id=_check(f"cr:q:{table_id}:{seq}:{n}:{kind}"), options=options or [],
                placeholder=placeholder, min_values=0, max_values=max_values,
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _seq(match["seq"]), _index(match["n"]), _kind(match["kind"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().pick_page(interaction, self.table_id, self.seq, self.n, self.kind, list(self.item.values))


PANEL_VERBS = ("sort", "prev", "next", "ok", "clear", "focus")


class PanelButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:v:(?P<table>\d+):(?P<seq>\d+):(?P<verb>sort|prev|next|ok|clear|focus|hint)"),
):
    """A button of the panel itself: sort the hand, turn a page, confirm or clear the picks, switch menus."""

    def __init__(
        self, table_id: int, seq: int, verb: str, *, label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False, row: int | None = None,
    ) -> None:
        self.table_id, self.seq, self.verb = table_id, seq, verb
        super().__init__(
            discord.ui.Button(
                label=label or verb, style=style, disabled=disabled, custom_id=_check(f"cr:v:{table_id}:{seq}:{verb}")
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _seq(match["seq"]), match["verb"])  # the template lists the verbs

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().panel_verb(interaction, self.table_id, self.seq, self.verb)


class LobbyButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:l:(?P<table>\d+):(?P<verb>join|leave|start|cancel|next|back|rebuy|num\d)"),
):
    """Join / Leave / Start (host) / Cancel (host) / Next hand / I'm back / Buy back in / Numbers… (host's numeric options)."""

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
    template=re.compile(r"cr:o:(?P<table>\d+):(?P<what>preset|bool|computer|f:\w+)"),
):
    """The host's option editor: presets, the bool toggles, one choice field, or the computer players."""

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


class AgainButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:g:(?P<table>\d+)"),
):
    """**Play again** on an ended table: a new lobby with the same game, options and players."""

    def __init__(self, table_id: int, *, label: str, row: int | None = None) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=_check(f"cr:g:{table_id}")),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), label="")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clicks().play_again(interaction, self.table_id)


_TEMPLATED = (
    ActionButton, ActionSelect, PickSelect, AmountButton, HandButton, PageSelect, PanelButton, LobbyButton,
    OptionSelect, WatchButton, ReplayButton, AgainButton, TournamentButton,
)


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


class UnknownItem(RefusedItem, template=_none_of(_TEMPLATED)):
    """Every ``cr:`` id that no other template matches (an unknown verb, an id from another version)."""


DYNAMIC_ITEMS = (*_TEMPLATED, UnknownItem)
