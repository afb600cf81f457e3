"""Chips and results: /balance, /daily, /leaderboard, /stats."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import table_language
from bot.service import Economy as ChipEconomy
from bot.service.economy import Holdings, TableChips
from bot.service.seasonal import Seasons
from bot.service.seasons import ALL_TIME, Span
from games import get_game
from games.core.i18n import N_, _, speaking

from .seasons import when
from .tables import GAME_CHOICES
from .ui import ratings, render
from .ui.flows import guild_id_of
from .ui.host import host_of
from .ui.language import server_language

STAT_LABELS = {
    "hands": N_("Hands played"),
    "wins": N_("Wins"),
    "net": N_("Net chips"),
    "best": N_("Best result"),
    "worst": N_("Worst result"),
    "win_rate": N_("Win rate"),
    "team_games": N_("With a partner"),
    "team_wins": N_("Won with a partner"),
    "partner": N_("Most frequent partner"),
    "avg_placing": N_("Average placing"),
    "balance": N_("Wallet"),
    "at_tables": N_("At tables"),
}
#: What a leaderboard ranks by, as its title names it.
BY_LABELS = {"chips": N_("chips"), "wins": N_("wins"), "hands": N_("hands"), "teams": N_("teams")}


def span_note(span: Span) -> str:
    """Which hands a board counts, as its last line says."""
    if span.season is None:
        return _("*All time.*")
    if span.end is None:
        return _("*Season {n}, since {start}. Past seasons: the season option (0: all time).*").format(
            n=span.season, start=when(span.start))
    return _("*Season {n}: {start} to {end}.*").format(n=span.season, start=when(span.start), end=when(span.end))


def _with_note(text: str, note: str, shown: bool) -> str:
    return f"{text}\n\n{note}" if shown else text


def _fmt(value: object) -> str:
    if isinstance(value, tuple) and len(value) == 2:  # (user id, games): a partner
        n = int(value[1])
        return _("<@{u}> ({n} together)").format(u=value[0], n=n)
    if isinstance(value, float):
        return f"{value:.1%}" if 0 <= value <= 1 else f"{value:.2f}"
    return str(value)


def chips(n: int) -> str:
    """``**100** chips`` (``**1** chip``): the amount in bold, as every balance line shows it."""
    return _("**{n}** chip").format(n=n) if n == 1 else _("**{n}** chips").format(n=n)


def _table_name(t: TableChips) -> str:
    """The game, the table id and a channel link (``Renfield #3 in <#123>``): where the seat is."""
    try:
        title = get_game(t.game_id).shown_title
    except Exception:  # a game no longer registered still holds real chips
        title = t.game_id or _("Table")
    return _("{game} #{id} in <#{channel}>").format(game=title, id=t.table_id, channel=t.channel_id)


def balance_text(held: Holdings, user_id: int, *, yours: bool) -> str:
    """The /balance answer: one line when every chip is in the wallet, else wallet, tables and total.

    A seated player's buy-in sits in escrow, so the wallet alone could read 0
    while they are playing with 100 chips; the breakdown names where they are.
    """
    if not held.tables:
        if yours:
            text = _("You have {chips}.").format(chips=chips(held.wallet))
            hint = _("Claim free chips with /daily.")
        else:
            text = _("<@{u}> has {chips}.").format(u=user_id, chips=chips(held.wallet))
            hint = _("They can claim free chips with /daily.")
        return f"{text} {hint}" if held.wallet == 0 else text
    lines = [] if yours else [_("Chips of <@{u}>:").format(u=user_id)]
    lines.append(_("Wallet: {chips}").format(chips=chips(held.wallet)))
    if len(held.tables) == 1:
        t = held.tables[0]
        lines.append(_("At tables: {chips} — {table}").format(chips=chips(t.chips), table=_table_name(t)))
    else:
        lines.append(_("At tables: {chips}").format(chips=chips(held.at_tables)))
        lines += [f"- {chips(t.chips)} — {_table_name(t)}" for t in held.tables]
    lines.append(_("Total: {chips}").format(chips=chips(held.total)))
    return render.clip("\n".join(lines), 2000)


class Economy(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.host = host_of(bot)
        self.seasons = Seasons(self.host.economy.db, self.host.economy, clock=self.host.economy.clock)

    @property
    def economy(self) -> ChipEconomy:
        return self.host.economy

    @app_commands.command(name="balance", description="Chips in a wallet and at tables (yours by default).")
    @app_commands.guild_only()
    async def balance(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        who = user or interaction.user
        held = await self.economy.holdings(guild_id_of(interaction), who.id)
        text = balance_text(held, who.id, yours=who.id == interaction.user.id)
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="daily", description="Claim your free chips (once per UTC day).")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        granted, balance = await self.economy.daily(guild_id_of(interaction), interaction.user.id)
        await interaction.response.send_message(
            _("+{g} chips! You now have **{b}**.").format(g=granted, b=balance), ephemeral=True
        )

    @app_commands.command(name="leaderboard", description="The server's best players.")
    @app_commands.guild_only()
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.describe(season="A season's number (0: all time); empty: the current season")
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        by: Literal["chips", "wins", "hands", "teams", "rating"] = "chips",
        season: app_commands.Range[int, 0, 1_000_000] | None = None,
    ) -> None:
        # A public answer: in the server's language, like its tables, whoever asked.
        settings = await self.economy.settings(guild_id_of(interaction))
        span = await self.seasons.span(guild_id_of(interaction), season)
        # A server that never had a season reads its boards as before; with seasons, each says which.
        note = span is not ALL_TIME or season == 0
        with speaking(table_language(settings.language, server_language(interaction))):
            embed = await self._board(interaction, game, by, span, note=note)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def _board(
        self,
        interaction: discord.Interaction,
        game: str | None,
        by: Literal["chips", "wins", "hands", "teams", "rating"],
        span: Span,
        *,
        note: bool,
    ) -> discord.Embed:
        if by == "rating":  # per game: the one asked for, else the most rated here (and the board says so)
            rated_game, board = await self.economy.rating_board(guild_id_of(interaction), game, season=span.season)
            b = render.EmbedBudget(ratings.board_title(rated_game), render.COLOUR_LOBBY)
            b.description(_with_note(ratings.board_text(rated_game, board, chosen=game is None), span_note(span), note))
            return b.embed
        if game:
            title = _("Leaderboard — {by} · {game}").format(by=_(BY_LABELS[by]), game=get_game(game).shown_title)
        else:
            title = _("Leaderboard — {by}").format(by=_(BY_LABELS[by]))
        b = render.EmbedBudget(title, render.COLOUR_LOBBY)
        medals = ["🥇", "🥈", "🥉"]
        if by == "teams":  # partnerships: wins together, then games together
            teams = await self.economy.team_leaderboard(guild_id_of(interaction), game)
            lines = [
                _("{place} {who} — **{wins}** won of {played}").format(
                    place=medals[i] if i < 3 else f"{i + 1}.", who=" & ".join(f"<@{u}>" for u in users),
                    wins=wins, played=played,
                )
                for i, (users, wins, played) in enumerate(teams)
            ]
        else:
            rows = await self.economy.leaderboard(guild_id_of(interaction), game, by, span=span)
            lines = [
                f"{medals[i] if i < 3 else f'{i + 1}.'} <@{uid}> — **{value}**" for i, (uid, value) in enumerate(rows)
            ]
        scope = span_note(span) if by != "teams" else _("All time (partnerships are counted over all seasons).")
        b.description(_with_note("\n".join(lines) or _("Nobody yet — play a hand!"), scope, note))
        return b.embed

    @app_commands.command(name="stats", description="Hands, wins and chips won for a player.")
    @app_commands.guild_only()
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self, interaction: discord.Interaction, user: discord.Member | None = None, game: str | None = None
    ) -> None:
        who = user or interaction.user
        stats = await self.economy.stats(guild_id_of(interaction), who.id, game)
        b = render.EmbedBudget(_("Stats for {name}").format(name=who.display_name), render.COLOUR_LOBBY)
        if game:
            b.description(get_game(game).shown_title)
        for key, value in stats.items():
            b.field(_(STAT_LABELS[key]) if key in STAT_LABELS else key.replace("_", " ").capitalize(), _fmt(value), inline=True)
        rated = ratings.stats_text(await self.economy.ratings(guild_id_of(interaction), who.id, game), played=stats["hands"])
        if rated:
            b.field(_("Rating"), rated)
        await interaction.response.send_message(embed=b.embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Economy(bot))
