"""**Play again** on an ended table's message: a new lobby, same game and options, the players invited.

The button's id names only the old table (``cr:g:{table}``); the click reads it
from the service (``TableService.again``: the server check, who may, whom to
invite), then opens the lobby through ``/play``'s own path (``threads``): in
the same channel, or a new thread beside the old one when the server has table
threads on. The others are mentioned once in a new message (an edit would
notify nobody).
"""

from __future__ import annotations

import discord

from bot.errors import guarded
from bot.service.computers import mention
from bot.service.errors import BadPhase, ForeignTable
from bot.service.models import TableSnapshot
from games.core.i18n import N_, _, speaking

from . import threads
from .host import TableHost, host_of


@guarded
async def play_again(interaction: discord.Interaction, table_id: int) -> None:
    """Opens the new lobby as the clicker's; refusals (``ServiceError``) reach the clicker privately."""
    bot = host_of(interaction.client)
    if interaction.guild_id is None:
        raise ForeignTable()  # a direct message: refused as every table operation refuses it
    rerun = await bot.tables.again(table_id, interaction.user.id, guild_id=interaction.guild_id)
    old = rerun.old
    options = dict(
        preset=old.preset, options=old.options, turn_seconds=old.turn_seconds,
        buy_in=None if old.buy_in_auto else old.buy_in,
    )
    channel = interaction.channel
    parent = channel.parent if isinstance(channel, discord.Thread) else channel
    snap: TableSnapshot | None
    if isinstance(parent, discord.TextChannel) and (await bot.economy.settings(interaction.guild_id)).table_threads:
        snap = await threads.play_in_thread(bot, interaction, old.game_id, channel=parent, **options)
    elif isinstance(channel, discord.Thread):
        raise BadPhase(N_("Open the next table with /play in the channel: this one's thread is closed."))
    else:
        snap = await threads.play_here(bot, interaction, (interaction.guild_id, old.channel_id), old.game_id, **options)
    if snap is None:
        return
    for strength in rerun.computers:
        snap = await bot.tables.add_computer(snap.id, interaction.user.id, strength, guild_id=interaction.guild_id)
    await invite(bot, interaction, snap, [u for u in rerun.people if u != interaction.user.id])


async def invite(bot: TableHost, interaction: discord.Interaction, snap: TableSnapshot, others: list[int]) -> None:
    """One new message in the new table's channel that mentions the others, so Discord notifies them."""
    if not others:
        return
    with speaking(snap.locale):  # public: in the table's language
        text = _("{host} opened a table of **{game}** again: {who}, join in!").format(
            host=interaction.user.mention, game=snap.game.shown_title,
            who=_(", ").join(mention(u) for u in others),
        )
    mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(u) for u in others])
    channel = interaction.client.get_channel(snap.channel_id)
    if isinstance(channel, discord.abc.Messageable):
        await channel.send(text, allowed_mentions=mentions)
    else:
        await interaction.followup.send(text, allowed_mentions=mentions)


__all__ = ["invite", "play_again"]
