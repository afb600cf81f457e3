"""A tournament's public sign-up message: the embed and its Join/Leave buttons (issue 27).

The buttons carry the tournament's id only (``cr:t:{tournament}:{verb}``), never state: a click
reads the event from the database, so old messages keep working after a restart and a crafted or
another server's id is refused privately. The embed lists the entrants, the buy-in, the pool and
the payout table (``events.payouts``), in the event's language.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Self

import discord
from discord.ext import commands

from bot.errors import guarded, send_ephemeral
from bot.service.tournament_rows import Tournament
from games.core.i18n import N_, _
from games.core.wording import sentences

from .custom_ids import _check, _table
from .embeds import COLOUR_DONE, COLOUR_LOBBY, COLOUR_PLAYING, EmbedBudget
from .items import TableItem

#: Most entrants named in the embed (the rest are counted).
SHOWN_ENTRANTS = 40
FORMAT_NAMES = {"knockout": N_("Knockout"), "rounds": N_("Rounds")}
STATUS_LINES = {
    "running": N_("The tournament is under way."),
    "finished": N_("The tournament is over."),
    "cancelled": N_("This tournament was cancelled; every buy-in was refunded."),
}
VERBS = ("join", "leave")


def when(iso_text: str) -> str:
    """A stored instant as a Discord timestamp (each reader sees it in their own language and zone)."""
    return f"<t:{int(datetime.fromisoformat(iso_text).timestamp())}:R>"


def place_name(place: int) -> str:
    return _("#{n}").format(n=place)


def payout_lines(t: Tournament) -> str:
    if t.buy_in == 0:
        return _("A free tournament: no chips are paid out.")
    return "\n".join(
        _("{place}: **{n}** chips").format(place=place_name(p.place), n=f"{p.chips:,}") for p in t.payout_table()
    )


def entrant_lines(t: Tournament) -> str:
    if not t.entries:
        return _("Nobody yet.")
    shown = [f"<@{e.user_id}>" for e in t.entries[:SHOWN_ENTRANTS]]
    more = len(t.entries) - len(shown)
    text = ", ".join(shown)
    return text if more <= 0 else _("{names} and {n} more").format(names=text, n=more)


def status_line(t: Tournament) -> str:
    if t.status != "signup":
        return _(STATUS_LINES[t.status])
    if t.starts_at is None:
        start = _("It starts as soon as {n} players have joined.").format(n=t.max_players)
    else:
        start = _("It starts {when}.").format(when=when(t.starts_at))
    return sentences(_("Sign-up is open: {n} of {most} players.").format(n=len(t.entries), most=t.max_players), start)


def tournament_embed(t: Tournament) -> discord.Embed:
    """The sign-up (and later the event's) message, in the language spoken now."""
    colour = {"signup": COLOUR_LOBBY, "running": COLOUR_PLAYING}.get(t.status, COLOUR_DONE)
    title = _("🏆 Tournament {n}: {game} ({format})").format(
        n=t.id, game=t.game.shown_title, format=_(FORMAT_NAMES[t.format])
    )
    b = EmbedBudget(title, colour)
    b.description(status_line(t))
    b.field(_("Buy-in"), _("{n} chips").format(n=f"{t.buy_in:,}") if t.buy_in else _("Free"), inline=True)
    b.field(_("Prize pool"), _("{n} chips").format(n=f"{t.prize_pool:,}"), inline=True)
    if t.preset is not None:
        b.field(_("Variant"), t.game.preset_label(t.preset), inline=True)
    b.field(_("Payouts"), payout_lines(t), inline=True)
    b.field(_("Players ({n}/{most})").format(n=len(t.entries), most=t.max_players), entrant_lines(t))
    notes = [_("Hosted by <@{user}>.").format(user=t.host_id)]
    if t.late_registration_minutes:
        notes.append(_("Late registration: {n} minutes after the start.").format(n=t.late_registration_minutes))
    if t.format == "rounds":
        notes.append(_("Rounds: {rounds}. Deals a round at each table: {deals}. Placings carry to the standings.").format(
            rounds=t.rounds, deals=t.deals_per_round
        ))
    if t.computers_fill:
        notes.append(_("Computer players fill the empty seats."))
    b.field(_("Details"), "\n".join(notes))
    return b.embed


class TournamentButton(
    TableItem[discord.ui.Button[Any]],
    template=re.compile(r"cr:t:(?P<tournament>\d+):(?P<verb>join|leave)"),
):
    """Join or Leave on the sign-up message."""

    def __init__(self, tournament_id: int, verb: str) -> None:
        self.tournament_id, self.verb = tournament_id, verb
        label, style = (_("Join"), discord.ButtonStyle.success) if verb == "join" else (_("Leave"), discord.ButtonStyle.secondary)
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=_check(f"cr:t:{tournament_id}:{verb}"))
        )

    @classmethod
    def parse(cls, match: re.Match[str], /) -> Self:
        return cls(_table(match["tournament"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicked(interaction, self.tournament_id, self.verb)


@guarded
async def clicked(interaction: discord.Interaction, tournament_id: int, verb: str) -> None:
    """Hands the click to the tournaments cog (an extension of its own; without it the button is stale)."""
    client = interaction.client
    cog = client.get_cog("TournamentsCog") if isinstance(client, commands.Bot) else None
    if cog is None:
        await send_ephemeral(interaction, _("That button is no longer valid."))
        return
    await cog.click(interaction, tournament_id, verb)  # type: ignore[attr-defined]


def signup_view(t: Tournament) -> discord.ui.View:
    """Join/Leave during the sign-up, Join alone once it runs (late registration); no button once it is over."""
    view = discord.ui.View(timeout=None)
    if t.status in ("signup", "running"):
        view.add_item(TournamentButton(t.id, "join"))
    if t.status == "signup":
        view.add_item(TournamentButton(t.id, "leave"))
    view.stop()  # dispatched by custom id (``add_dynamic_items``): no view object kept (``layout.detached``)
    return view


__all__ = ["TournamentButton", "signup_view", "tournament_embed"]
