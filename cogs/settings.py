"""``/settings``: a player's own settings on this server (how their turn reaches them).

Discord notifies nobody of an edited message, so by default the bot pings the player to act with a
short message in the table's channel (``cogs.ui.turnping``). Some prefer a direct message, some
prefer no ping at all; each player says which here, and it holds at every table on the server.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.errors import NotAllowed
from bot.service.personal import TURN_PINGS, TurnPing
from games.core.i18n import N_, _

from .ui.flows import guild_id_of
from .ui.host import host_of
from .ui.turnping import ping_choice_label

TURN_PING_CHOICES = [
    app_commands.Choice(name="Mention me in the table's channel", value="channel"),
    app_commands.Choice(name="Send me a direct message", value="dm"),
    app_commands.Choice(name="Don't ping me", value="off"),
]


class PersonalSettings(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.host = host_of(bot)

    @app_commands.command(name="settings", description="Your own settings on this server: how you hear it's your turn.")
    @app_commands.guild_only()
    @app_commands.describe(turn_ping="How the bot tells you it's your turn (an edited table message notifies nobody).")
    @app_commands.choices(turn_ping=TURN_PING_CHOICES)
    async def settings(self, interaction: discord.Interaction, turn_ping: app_commands.Choice[str] | None = None) -> None:
        guild_id, user_id = guild_id_of(interaction), interaction.user.id
        personal = self.host.personal
        if turn_ping is None:
            now: TurnPing = await personal.turn_ping(guild_id, user_id)
            text = _("When it's your turn, you get {how}. Change it with `/settings turn_ping:`.").format(
                how=ping_choice_label(now)
            )
        else:
            chosen = next((v for v in TURN_PINGS if v == turn_ping.value), None)
            if chosen is None:  # a crafted value: Discord offers only the three choices
                raise NotAllowed(N_("That isn't one of the choices."))
            saved = await personal.set_turn_ping(guild_id, user_id, chosen)
            text = _("Saved. When it's your turn, you get {how}.").format(how=ping_choice_label(saved))
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PersonalSettings(bot))
