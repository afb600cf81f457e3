"""A finished hand step by step, in a private message: the public table after each move.

The table is drawn by the same adapter as the live table message
(``tablerender.table_embed`` over the engine's public view), so no game needs
any code here. The buttons carry only (table, hand, step) in their custom id
(``cr:r:{table}:{hand}:{step}:{verb}``); a click asks the service again, which
checks that the clicker played or watched the hand, so they keep working after
a restart and a crafted id shows nothing it shouldn't. At the last step, after
the hand, the reader's own cards are shown (as dealt and as held at the end), the
others' only as the table showed them; a server admin, and everyone once the
table has ended, sees every player's cards by name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self, cast

import discord

from bot.errors import guarded
from bot.service import TableService
from bot.service.computers import mention
from bot.service.handlog import FinishedHand, Frame
from games.core.i18n import _
from games.core.views import SeatView

from .custom_ids import _check, _seq, _table
from .embeds import COLOUR_DONE, EmbedBudget
from .items import TableItem
from .perms import is_admin
from .tablerender import named, table_embed


class _Host(Protocol):
    """The bot as a replay needs it (``cogs.ui.host`` would import the publisher, which imports us)."""

    tables: TableService


VERBS = ("first", "prev", "next", "last")
ICONS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}


class ReplayButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:r:(?P<table>\d+):(?P<hand>\d+):(?P<step>\d+):(?P<verb>first|prev|next|last)"),
):
    """Go to a step of a finished hand's replay (the step the button was drawn for)."""

    def __init__(
        self, table_id: int, hand_no: int, step: int, verb: str, *, disabled: bool = False, row: int | None = None
    ) -> None:
        self.table_id, self.hand_no, self.step, self.verb = table_id, hand_no, step, verb
        super().__init__(
            discord.ui.Button(
                label=ICONS.get(verb, verb), style=discord.ButtonStyle.secondary, disabled=disabled,
                custom_id=_check(f"cr:r:{table_id}:{hand_no}:{step}:{verb}"),
            ),
            row=row,
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["table"]), _table(match["hand"]), _seq(match["step"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await go_to(interaction, self.table_id, self.hand_no, self.step)


@guarded
async def go_to(interaction: discord.Interaction, table_id: int, hand_no: int, step: int) -> None:
    """A replay button: the same private message, at the step the button names."""
    hand, frame = await cast(_Host, interaction.client).tables.replay(
        table_id, hand_no, interaction.user.id, step, names=member_names(interaction), admin=is_admin(interaction),
        guild_id=interaction.guild_id,
    )
    await interaction.response.edit_message(**replay_message(hand, frame))


def member_names(interaction: discord.Interaction) -> Callable[[int], str | None]:
    """A player's display name on this server, if the bot knows the member (for players who have
    left the table, whose name the roster no longer holds); asked only for the hand's players."""
    guild = interaction.guild

    def name_of(user_id: int) -> str | None:
        member = None if guild is None or user_id <= 0 else guild.get_member(user_id)
        return None if member is None else member.display_name

    return name_of


def replay_message(hand: FinishedHand, frame: Frame) -> dict[str, Any]:
    """The message's embeds and buttons at ``frame``."""
    names = [mention(u) for u in hand.users]
    embed = table_embed(
        frame.view, names=names, plain_names=hand.names, colour=COLOUR_DONE,
        header=step_text(hand, frame, names),
        footer=_("Replay of hand {hand} at table #{table}: step {step} of {last}.").format(
            hand=hand.hand_no, table=hand.table_id, step=frame.step, last=frame.last),
    )
    embeds = [embed]
    if frame.step == frame.last and frame.held:
        embeds.append(cards_embed(hand, frame, room=len(embed)))
    return {"embeds": embeds, "view": buttons(hand, frame)}


def step_text(hand: FinishedHand, frame: Frame, names: Sequence[str]) -> str:
    """What happened at this step: the deal, or who moved and the public events of the move."""
    if frame.step == 0:
        lines = [_("Hand {n} is dealt. Step through it with the buttons below.").format(n=hand.hand_no)]
    else:
        who = names[frame.seat] if frame.seat is not None and frame.seat < len(names) else _("a player")
        lines = [_("Step {step} of {last}: {who} moved.").format(step=frame.step, last=frame.last, who=who)]
        # The table's summary (drawn below) often repeats the last event: say it once.
        lines += [named(text, names) for text in frame.events if text != frame.view.summary]
        if not frame.events:
            lines.append(_("Nobody else could see that move."))
    if frame.step == frame.last:
        lines.append(end_text(hand))
    return "\n".join(lines)


def end_text(hand: FinishedHand) -> str:
    """The last step's line: whose cards are shown below (the reader's alone while the table plays)."""
    if hand.full:
        return _("The hand is over: everyone's cards are below.")
    if hand.viewer is not None:
        return _("The hand is over: your cards are below. The others' are as the table showed them.")
    return _("The hand is over. The players' cards are as the table showed them.")


def cards_embed(hand: FinishedHand, frame: Frame, *, room: int) -> discord.Embed:
    """The cards the reader may see by player: as dealt, and as held when the hand ended."""
    b = EmbedBudget(_("Everyone's cards") if hand.full else _("Your cards"), COLOUR_DONE)
    b.used += room  # the table embed shares Discord's 6000-character total with this one
    names = [mention(u) for u in hand.users]
    for dealt, held in zip(frame.dealt, frame.held, strict=True):
        lines = [
            _("Dealt: {cards}").format(cards=cards_of(dealt, names)),
            _("At the end: {cards}").format(cards=cards_of(held, names)),
        ]
        b.field(hand.name(held.seat if held.seat is not None else -1), "\n".join(lines))
    b.footer("")
    return b.embed


def cards_of(sv: SeatView, names: Sequence[str]) -> str:
    """A seat's cards as its own view writes them (the game's text, else the card codes)."""
    return named(sv.hand_text, names) or " ".join(sv.hand) or "—"


def buttons(hand: FinishedHand, frame: Frame) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    targets = {"first": 0, "prev": frame.step - 1, "next": frame.step + 1, "last": frame.last}
    for verb in VERBS:
        step = max(0, min(targets[verb], frame.last))
        at_start, at_end = frame.step == 0, frame.step == frame.last
        disabled = (verb in ("first", "prev") and at_start) or (verb in ("next", "last") and at_end)
        view.add_item(ReplayButton(hand.table_id, hand.hand_no, step, verb, disabled=disabled, row=0))
    return view


__all__ = ["ReplayButton", "buttons", "go_to", "member_names", "replay_message"]
