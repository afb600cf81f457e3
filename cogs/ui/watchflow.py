"""What Watch, Refresh and Stop watching do (``cogs.ui.flows`` hands them to the components).

Watch records the watcher in the service first (the database is the truth),
then opens their private spectator panel; Refresh re-draws it through the new
interaction, which also restarts its 15 minutes of live updates.
"""

from __future__ import annotations

import discord

from bot.errors import guarded
from bot.service.errors import TooManyWatchers
from games.core.i18n import N_

from .host import TableHost, host_of
from .spectators import spectator_payload, stopped_payload


async def make_room(bot: TableHost, table_id: int, user_id: int, guild_id: int | None) -> None:
    """``TooManyWatchers`` when the table already has the server's ``max_watchers`` live panels.

    Checked before anything is recorded, so a refusal changes nothing. Someone already
    watching (pressing Watch again, or Refresh) keeps their place; a player at the table is
    left to the service, which points them to their own view.
    """
    keeper = bot.publisher.spectators
    if keeper.watching(table_id, user_id):
        return
    snap = await bot.tables.get(table_id, guild_id=guild_id)  # another server's table: refused first
    if user_id in snap.lobby:
        return
    limit = (await bot.economy.settings(snap.guild_id)).max_watchers
    if limit == 0:
        raise TooManyWatchers(N_("This server doesn't let anyone watch its tables."))
    if keeper.count(table_id) >= limit:
        raise TooManyWatchers(
            N_("{n} people are watching this table already, as many as this server allows."
               " Try again when someone stops watching."),
            n=limit,
        )


@guarded
async def watch(interaction: discord.Interaction, table_id: int, verb: str) -> None:
    bot = host_of(interaction.client)
    keeper = bot.publisher.spectators
    user = interaction.user.id
    guild = interaction.guild_id  # another server's table (or a direct message) is refused by the service
    if verb == "stop":
        await bot.tables.get(table_id, guild_id=guild)
        keeper.stop(table_id, user)
        await interaction.response.edit_message(**stopped_payload(table_id))
        return
    await make_room(bot, table_id, user, guild)
    if verb == "refresh":
        snap = await bot.tables.get(table_id, guild_id=guild)
        first = await bot.tables.watcher_first_hand(table_id, user, guild_id=guild)
        if first is None:  # never pressed Watch here (a hand-made click): the record comes first
            snap, first = await bot.tables.watch(table_id, user, guild_id=guild)
        await interaction.response.edit_message(**spectator_payload(snap, first))
    else:
        snap, first = await bot.tables.watch(table_id, user, guild_id=guild)
        payload = spectator_payload(snap, first)
        if payload["view"] is None:
            payload.pop("view")
        await interaction.response.send_message(**payload, ephemeral=True)
    keeper.shown(snap, user, interaction, first)
