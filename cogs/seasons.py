"""Leaderboard seasons: /season start|end (Manage Server) and /season info, and the final standings
posted when a season ends (issue 27).

Dates are Discord timestamps (``<t:…:D>``), which every reader's app shows in their own language
and time zone. A monthly season that ends while nobody is looking is turned by the service at the
planned instant; this cog's keeper then posts its final standings in the channel where the season
was started (at least once: a crash between posting and marking it posted posts it again).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import table_language
from bot.service.errors import NotAllowed
from bot.service.seasonal import FinalStandings, Seasons
from bot.service.seasons import Cadence, Season
from bot.tasks import cancel_and_wait, clock_sleep
from data.store import DatabaseUnavailable
from games.core.i18n import N_, _, speaking

from .ui import ratings, render
from .ui.flows import guild_id_of
from .ui.host import host_of
from .ui.language import server_language
from .ui.perms import require_admin

log = logging.getLogger("cardroom.seasons")

#: How often the keeper looks for a monthly season to turn (seconds of the bot's clock).
SWEEP_SECONDS = 300.0
MEDALS = ("🥇", "🥈", "🥉")
LENGTHS = [
    app_commands.Choice(name="Monthly (ends on the 1st, the next begins)", value="monthly"),
    app_commands.Choice(name="Until an admin ends it", value="manual"),
]
THEN = [
    app_commands.Choice(name="No season for now", value="none"),
    *LENGTHS,
]


def when(iso_text: str | None) -> str:
    """A stored instant as a Discord date every reader sees in their own language."""
    if iso_text is None:
        return "—"
    return f"<t:{int(datetime.fromisoformat(iso_text).timestamp())}:D>"


def season_line(season: Season) -> str:
    if season.current and season.ends_at is not None:
        return _("Season {n}: since {start}, ends {end} (monthly)").format(
            n=season.number, start=when(season.started_at), end=when(season.ends_at)
        )
    if season.current:
        return _("Season {n}: since {start}, until an admin ends it").format(
            n=season.number, start=when(season.started_at)
        )
    return _("Season {n}: {start} to {end}").format(
        n=season.number, start=when(season.started_at), end=when(season.ended_at)
    )


def _place(i: int, value: int) -> str:
    """A medal for the top three who came out ahead; a number for everyone else."""
    return MEDALS[i] if i < len(MEDALS) and value > 0 else f"{i + 1}."


def _chips_won(rows: list[tuple[int, int]]) -> str:
    lines = [
        _("{place} <@{user}> — **{n}** chips").format(
            place=_place(i, n), user=uid, n=f"{n:+,}".replace("-", "−")
        )
        for i, (uid, n) in enumerate(rows)
    ]
    return "\n".join(lines) or _("Nobody yet.")


def _hands_won(rows: list[tuple[int, int]]) -> str:
    lines = [
        _("{place} <@{user}> — **{n}** won").format(place=_place(i, n), user=uid, n=n)
        for i, (uid, n) in enumerate(rows)
    ]
    return "\n".join(lines) or _("Nobody yet.")


def final_embed(final: FinalStandings) -> discord.Embed:
    """A season's final standings: chips won, hands won, and its most rated game's ratings."""
    season = final.season
    b = render.EmbedBudget(
        _("Season {n} is over: final standings").format(n=season.number), render.COLOUR_LOBBY
    )
    if final.hands == 0:
        b.description(
            _("{start} to {end}. Nobody played a hand this season.").format(
                start=when(season.started_at), end=when(season.ended_at)
            )
        )
        return b.embed
    b.description(
        _("{start} to {end} · {hands} hands played. Past seasons stay on /leaderboard season:{n}.").format(
            start=when(season.started_at), end=when(season.ended_at), hands=final.hands, n=season.number
        )
    )
    b.field(_("Chips won"), _chips_won(final.chips))
    b.field(_("Hands won"), _hands_won(final.wins))
    if final.rated_game is not None:
        b.field(
            ratings.board_title(final.rated_game),
            ratings.board_text(final.rated_game, final.ratings, chosen=False),
        )
    return b.embed


def _cadence(choice: app_commands.Choice[str] | None, default: Cadence) -> Cadence:
    """The chosen length; a crafted value (Discord offers only the choices) is refused."""
    if choice is None:
        return default
    if choice.value == "monthly":
        return "monthly"
    if choice.value == "manual":
        return "manual"
    raise NotAllowed(N_("That isn't one of the choices."))


class SeasonsCog(commands.Cog):
    season = app_commands.Group(name="season", description="Leaderboard seasons.", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        host = host_of(bot)
        self.seasons = Seasons(host.economy.db, host.economy, clock=host.economy.clock)
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._keep(), name="cardroom-seasons")

    async def cog_unload(self) -> None:
        await cancel_and_wait(self._task)

    async def _keep(self) -> None:
        while True:
            try:
                await self.sweep()
            except DatabaseUnavailable:
                log.warning("seasons: the database is away; trying again later")
            except Exception:  # a bad channel or a bug must not stop the seasons turning
                log.exception("seasons: sweep failed")
            await clock_sleep(SWEEP_SECONDS)

    async def sweep(self) -> int:
        """Turns due monthly seasons and posts each ended season's final standings once; returns how many."""
        posted = 0
        for season in await self.seasons.due_announcements():
            if self.bot.get_guild(season.guild_id) is None:
                continue  # another shard's server (or one the bot left): its own process posts it
            channel = None if season.channel_id is None else self.bot.get_channel(season.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                embed = await self._final(season)
                await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
                posted += 1
            else:
                log.warning(
                    "season %s of guild %s: channel %s is gone; not posted",
                    season.number,
                    season.guild_id,
                    season.channel_id,
                )
            await self.seasons.announced(season)
        return posted

    async def _final(self, season: Season, server_locale: str | None = None) -> discord.Embed:
        settings = await host_of(self.bot).economy.settings(season.guild_id)
        with speaking(table_language(settings.language, server_locale)):
            return final_embed(await self.seasons.final_standings(season))

    @season.command(name="start", description="Start a leaderboard season (Manage Server).")
    @app_commands.describe(length="How the season ends (default: monthly)")
    @app_commands.choices(length=LENGTHS)
    async def start(
        self, interaction: discord.Interaction, length: app_commands.Choice[str] | None = None
    ) -> None:
        require_admin(interaction)
        started = await self.seasons.start(
            guild_id_of(interaction), _cadence(length, "monthly"), interaction.channel_id
        )
        settings = await host_of(self.bot).economy.settings(guild_id_of(interaction))
        with speaking(table_language(settings.language, server_language(interaction))):
            text = _("🏁 Season {n} has begun: the leaderboards and ratings count from now. {line}.").format(
                n=started.number, line=season_line(started)
            )
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @season.command(
        name="end", description="End the current season and post its final standings (Manage Server)."
    )
    @app_commands.describe(
        then="What follows: a monthly season, one ended by hand, or no season",
        reset_chips="Set every member's wallet to this many chips (recorded in the ledger); empty: keep",
    )
    @app_commands.choices(then=THEN)
    async def end(
        self,
        interaction: discord.Interaction,
        then: app_commands.Choice[str] | None = None,
        reset_chips: app_commands.Range[int, 0, 1_000_000] | None = None,
    ) -> None:
        require_admin(interaction)
        nxt = None if then is None or then.value == "none" else _cadence(then, "manual")
        done = await self.seasons.end(guild_id_of(interaction), then=nxt, reset_chips=reset_chips)
        embed = await self._final(done.ended, server_language(interaction))
        settings = await host_of(self.bot).economy.settings(guild_id_of(interaction))
        with speaking(table_language(settings.language, server_language(interaction))):
            notes = []
            if done.following is not None:
                notes.append(_("🏁 Season {n} has begun.").format(n=done.following.number))
            if reset_chips is not None:
                notes.append(
                    _("Every wallet is now {chips} chips ({n} changed, recorded in the ledger).").format(
                        chips=reset_chips, n=done.wallets_reset
                    )
                )
        await interaction.response.send_message(
            "\n".join(notes) or None, embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )
        await self.seasons.announced(done.ended)

    @season.command(name="info", description="This server's current and past seasons.")
    async def info(self, interaction: discord.Interaction) -> None:
        listed = await self.seasons.every(guild_id_of(interaction))
        if not listed:
            text = _(
                "No season yet: the leaderboards count every hand. An admin can start one with /season start."
            )
        else:
            text = "\n".join(season_line(s) for s in listed[:20])
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SeasonsCog(bot))
