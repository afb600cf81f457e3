"""Chips and results: /balance, /daily, /leaderboard, /stats."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from games.core.i18n import _

from .tables import GAME_CHOICES
from .ui import render

STAT_LABELS = {
    "hands": "Hands played",
    "wins": "Wins",
    "net": "Net chips",
    "best": "Best result",
    "worst": "Worst result",
    "win_rate": "Win rate",
}


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.1%}" if 0 <= value <= 1 else f"{value:.2f}"
    return str(value)


class Economy(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def economy(self):
        return self.bot.economy  # type: ignore[attr-defined]

    @app_commands.command(name="balance", description="Chips in a wallet (yours by default).")
    @app_commands.guild_only()
    async def balance(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        who = user or interaction.user
        chips = await self.economy.balance(interaction.guild_id, who.id)
        text = (
            _("You have **{n}** chips.").format(n=chips)
            if who.id == interaction.user.id
            else _("<@{u}> has **{n}** chips.").format(u=who.id, n=chips)
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="daily", description="Claim your free chips (once per UTC day).")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        granted, balance = await self.economy.daily(interaction.guild_id, interaction.user.id)
        await interaction.response.send_message(
            _("+{g} chips! You now have **{b}**.").format(g=granted, b=balance), ephemeral=True
        )

    @app_commands.command(name="leaderboard", description="The server's best players.")
    @app_commands.guild_only()
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        by: Literal["chips", "wins", "hands"] = "chips",
    ) -> None:
        rows = await self.economy.leaderboard(interaction.guild_id, game, by)
        title = _("Leaderboard — {by}").format(by=by)
        if game:
            from games import get_game

            title += f" · {get_game(game).title}"
        b = render.EmbedBudget(title, render.COLOUR_LOBBY)
        medals = ["🥇", "🥈", "🥉"]
        lines = [
            f"{medals[i] if i < 3 else f'{i + 1}.'} <@{uid}> — **{value}**" for i, (uid, value) in enumerate(rows)
        ]
        b.description("\n".join(lines) or _("Nobody yet — play a hand!"))
        await interaction.response.send_message(embed=b.embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="Hands, wins and chips won for a player.")
    @app_commands.guild_only()
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self, interaction: discord.Interaction, user: discord.Member | None = None, game: str | None = None
    ) -> None:
        who = user or interaction.user
        stats = await self.economy.stats(interaction.guild_id, who.id, game)
        b = render.EmbedBudget(_("Stats for {name}").format(name=who.display_name), render.COLOUR_LOBBY)
        if game:
            from games import get_game

            b.description(get_game(game).title)
        for key, value in stats.items():
            b.field(STAT_LABELS.get(key, key.replace("_", " ").capitalize()), _fmt(value), inline=True)
        await interaction.response.send_message(embed=b.embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Economy(bot))
