"""Finished hands again: /history (the files) and /replay (step by step), both private.

Which table: ``table:`` if given, else this channel's open table, else the
channel's most recent one, so a finished table's hands stay within reach
(``/history table:12 hand:3``). Which hand: ``hand:`` if given, else the last
finished hands the user played or watched. The service refuses anyone who did
neither (``bot.service.replays``), and a table of another server reads as no table at all.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.errors import NoTable
from games.core.i18n import _
from games.core.wording import sentences

from .ui import flows
from .ui.host import TableHost, host_of
from .ui.replay import member_names, replay_message

#: Discord's ids and hand numbers are SQLite integers; anything bigger names nothing.
ID = app_commands.Range[int, 1, 2**63 - 1]


async def table_of(bot: TableHost, interaction: discord.Interaction, table: int | None) -> int:
    """The table a command means: the one named, this channel's open one, or the channel's last one."""
    if table is not None:
        return table
    channel = flows.channel_id_of(interaction)
    snap = await bot.tables.in_channel(channel, guild_id=interaction.guild_id)
    if snap is not None:
        return snap.id
    latest = await bot.tables.latest_table(channel, guild_id=interaction.guild_id)
    if latest is None:
        raise NoTable(_("There's no table in this channel yet — start one with /play."))
    return latest


class Replays(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.host = host_of(bot)

    @app_commands.command(name="history", description="Finished hands you played or watched, as files.")
    @app_commands.guild_only()
    @app_commands.describe(hand="The hand's number (default: the last few)", table="The table's number (default: this channel's)")
    async def history(self, interaction: discord.Interaction, hand: ID | None = None, table: ID | None = None) -> None:
        table_id = await table_of(self.host, interaction, table)
        await interaction.response.defer(ephemeral=True, thinking=True)
        admin = flows.is_admin(interaction)
        files = await self.host.tables.history(
            table_id, interaction.user.id, hand, names=member_names(interaction), admin=admin,
            guild_id=interaction.guild_id,
        )
        if not files:
            await interaction.followup.send(_("No finished hands yet."), ephemeral=True)
            return
        attached = [discord.File(io.BytesIO(text.encode()), filename=name) for name, text in files[:10]]
        if hand is None:
            text = _("The last finished hands of table #{id}: each as a .jsonl file (and as PHH for poker).").format(id=table_id)
        else:
            text = _("Hand {n} of table #{id}: a .jsonl file (and PHH for poker).").format(n=hand, id=table_id)
        if not admin and await self.host.tables.table_is_open(table_id, guild_id=interaction.guild_id):
            text = sentences(text, _(
                "Until the table ends, cards the table didn't show you are written ?? and the seed is left out."
            ))
        await interaction.followup.send(text, files=attached, ephemeral=True)

    @app_commands.command(name="replay", description="Step through a finished hand you played or watched (only you see it).")
    @app_commands.guild_only()
    @app_commands.describe(hand="The hand's number (default: the last one)", table="The table's number (default: this channel's)")
    async def replay(self, interaction: discord.Interaction, hand: ID | None = None, table: ID | None = None) -> None:
        table_id = await table_of(self.host, interaction, table)
        names = member_names(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        admin = flows.is_admin(interaction)
        chosen = await self.host.tables.finished_hand(
            table_id, interaction.user.id, hand, names=names, admin=admin, guild_id=interaction.guild_id
        )
        found, frame = await self.host.tables.replay(
            table_id, chosen.hand_no, interaction.user.id, 0, names=names, admin=admin, guild_id=interaction.guild_id
        )
        await interaction.followup.send(**replay_message(found, frame), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """The commands only: the replay buttons are registered with the table's (``cogs.ui.components``)."""
    await bot.add_cog(Replays(bot))
