"""Tournaments: /tournament create|cancel|standings|hosts and the sign-up message's buttons (issue 27).

The service (``bot.service.tournaments``) commits each step first; this cog then posts or edits the
public sign-up message, in the event's language, and answers the clicker privately in theirs. The
message's buttons carry the tournament's id only (``cogs.ui.tournament_view``). Running the tables
is the next step (docs/events.md).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import send_ephemeral
from bot.service.errors import NotAllowed
from bot.service.events import formats
from bot.service.knockout_standings import last_finished_in
from bot.service.tournament_rows import Tournament
from bot.service.tournaments import MAX_DEALS, MAX_LATE_MINUTES, MAX_ROUNDS, MAX_START_MINUTES, Tournaments
from bot.tasks import cancel_and_wait
from games import get_game
from games.core.i18n import N_, _, speaking

from .tables import GAME_CHOICES
from .ui.flows import channel_id_of, guild_id_of
from .ui.host import host_of
from .ui.language import server_language
from .ui.perms import is_admin, require_admin
from .ui.tournament_run import Keeper, board_embed
from .ui.tournament_view import signup_view, tournament_embed

log = logging.getLogger("cardroom.tournaments")

FORMAT_CHOICES = [
    app_commands.Choice(name="Knockout (poker: play until one player has every chip)", value="knockout"),
    app_commands.Choice(name="Rounds (score games: placings carry to the standings)", value="rounds"),
]
ID_MAX = 2**62


def _format(choice: app_commands.Choice[str] | None, game_id: str) -> formats.Format:
    """The chosen format; by default the one the game plays (a knockout for the poker games)."""
    if choice is None:
        game = get_game(game_id)
        return "knockout" if formats.supports(game, game.Options(), "knockout") else "rounds"
    if choice.value == "knockout":
        return "knockout"
    if choice.value == "rounds":
        return "rounds"
    raise NotAllowed(N_("That isn't one of the choices."))


class TournamentsCog(commands.Cog):
    tournament = app_commands.Group(name="tournament", description="Tournaments: sign-up, standings.", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        economy = host_of(bot).economy
        self.service = Tournaments(economy.db, clock=economy.clock)
        self.keeper = Keeper(bot, host_of(bot), self.service)
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        host_of(self.bot).table_listeners.append(self.keeper)
        self._task = asyncio.get_running_loop().create_task(self.keeper.keep(), name="cardroom-tournaments")

    async def cog_unload(self) -> None:
        listeners = host_of(self.bot).table_listeners
        if self.keeper in listeners:
            listeners.remove(self.keeper)
        await cancel_and_wait(self._task)

    # ------------------------------------------------------------------ commands
    @tournament.command(name="create", description="Open a tournament's sign-up in this channel.")
    @app_commands.describe(
        game="The game to play",
        players="Most players (2 to 64)",
        format="Knockout (poker) or rounds (score games); by default the one the game plays",
        preset="A variant of that game",
        buy_in="Server chips each player pays into the prize pool (0: free)",
        start_minutes="Start this many minutes from now (empty: when full)",
        late_registration="Minutes after the start that players may still join",
        computers_fill="Let computer players fill the empty seats",
        rounds="Rounds to play (a rounds tournament; default 3)",
        deals="Deals each table plays a round (a rounds tournament; default 1)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 2, 64],
        format: app_commands.Choice[str] | None = None,
        preset: str | None = None,
        buy_in: app_commands.Range[int, 0, 1_000_000_000] = 0,
        start_minutes: app_commands.Range[int, 1, MAX_START_MINUTES] | None = None,
        late_registration: app_commands.Range[int, 0, MAX_LATE_MINUTES] = 0,
        computers_fill: bool = False,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        deals: app_commands.Range[int, 1, MAX_DEALS] | None = None,
    ) -> None:
        member = interaction.user
        roles = [r.id for r in member.roles] if isinstance(member, discord.Member) else []
        chosen = _format(format, game)
        t = await self.service.create(
            guild_id_of(interaction), channel_id_of(interaction), interaction.user.id, game,
            format=chosen, max_players=players, buy_in=buy_in, preset=preset,
            starts_in_minutes=start_minutes, late_registration_minutes=late_registration,
            computers_fill=computers_fill, is_admin=is_admin(interaction), host_roles=roles,
            server_locale=server_language(interaction), rounds=rounds, deals_per_round=deals,
        )
        with speaking(t.locale):
            embed, view = tournament_embed(t), signup_view(t)
        await interaction.response.send_message(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
        if t.starts_at is not None:  # the keeper steps it at its start time
            self.keeper.wake(t.id, after=(datetime.fromisoformat(t.starts_at) - self.service.clock()).total_seconds() + 1)
        try:
            message = await interaction.original_response()
            await self.service.set_message(t.id, message.id)
        except discord.HTTPException:
            log.warning("tournament %s: couldn't read back its sign-up message", t.id)

    @create.autocomplete("preset")
    async def _preset(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        tables = self.bot.get_cog("Tables")
        complete = getattr(tables, "_preset_autocomplete", None)
        return [] if complete is None else await complete(interaction, current)

    @tournament.command(name="cancel", description="Call a tournament off before it starts and refund every buy-in.")
    @app_commands.describe(tournament="The tournament's number (empty: the one open in this channel)")
    async def cancel(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1, ID_MAX] | None = None
    ) -> None:
        tid = await self._chosen(interaction, tournament)
        t = await self.service.cancel(tid, interaction.user.id, is_admin=is_admin(interaction), guild_id=guild_id_of(interaction))
        with speaking(t.locale):
            text = _("🚫 Tournament {n} was cancelled; every buy-in was refunded ({count} players).").format(
                n=t.id, count=len(t.entries)
            )
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
        await self._refresh(t)

    @tournament.command(name="start", description="Start a tournament now with the players signed up (host or admin).")
    @app_commands.describe(tournament="The tournament's number (empty: the one open in this channel)")
    async def start(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1, ID_MAX] | None = None
    ) -> None:
        tid = await self._chosen(interaction, tournament)
        await interaction.response.defer(thinking=True)
        t = await self.keeper.start_now(tid, interaction.user.id, is_admin=is_admin(interaction), guild_id=guild_id_of(interaction))
        with speaking(t.locale):
            text = _("▶️ Tournament {n} has started: {count} players, {tables} tables.").format(
                n=t.id, count=len(t.entries), tables=len((await self.keeper.runner.floor(t)).status)
            )
        await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="standings", description="A tournament's players and places.")
    @app_commands.describe(tournament="The tournament's number (empty: the one open in this channel)")
    async def standings(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1, ID_MAX] | None = None
    ) -> None:
        tid = await self._chosen(interaction, tournament, finished=True)
        t = await self.service.standings(tid, guild_id=guild_id_of(interaction))
        embeds = [await self.keeper.standings(t)] if t.status in ("running", "finished") else [tournament_embed(t)]
        await interaction.response.send_message(embeds=embeds, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="board", description="This server's tournament board: prizes won and tournaments won.")
    async def board(self, interaction: discord.Interaction) -> None:
        rows = await self.service.board(guild_id_of(interaction))
        await interaction.response.send_message(
            embed=board_embed(rows), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @tournament.command(name="hosts", description="Who may create tournaments: one role, or everyone (Manage Server).")
    @app_commands.describe(role="The role whose members may create tournaments (empty: everyone)")
    async def hosts(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        require_admin(interaction)
        await host_of(self.bot).economy.update_settings(guild_id_of(interaction), tournament_host_role=role.id if role else 0)
        text = (
            _("Only members with {role} may create tournaments now.").format(role=role.mention) if role
            else _("Everyone may create tournaments now.")
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    # ------------------------------------------------------------------ buttons
    async def click(self, interaction: discord.Interaction, tournament_id: int, verb: str) -> None:
        """Join or Leave on the sign-up message: committed first, then the message is edited in place."""
        guild = interaction.guild_id
        if guild is None:
            await send_ephemeral(interaction, _("That button is no longer valid."))
            return
        if verb == "join":
            t = await self.service.join(tournament_id, interaction.user.id, guild_id=guild)
            text = (
                _("You're in tournament {n}: {chips} chips went from your wallet to the prize pool.").format(
                    n=t.id, chips=f"{t.buy_in:,}"
                ) if t.buy_in else _("You're in tournament {n}.").format(n=t.id)
            )
        else:
            t = await self.service.leave(tournament_id, interaction.user.id, guild_id=guild)
            text = (
                _("You left tournament {n}; your {chips} chips are back in your wallet.").format(n=t.id, chips=f"{t.buy_in:,}")
                if t.buy_in else _("You left tournament {n}.").format(n=t.id)
            )
        with speaking(t.locale):
            embed, view = tournament_embed(t), signup_view(t)
        await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send(text, ephemeral=True)
        if t.full:
            self.keeper.wake(t.id)  # a full "when full" event starts now

    # ------------------------------------------------------------------ helpers
    async def _chosen(self, interaction: discord.Interaction, tournament: int | None, *, finished: bool = False) -> int:
        """The named tournament, or the one open in this channel (``NotAllowed`` if none or several);
        with ``finished`` (the standings), the channel's latest finished one when none is open:
        players ask for the results right after the end."""
        if tournament is not None:
            return tournament
        here = [t for t in await self.service.open_in(guild_id_of(interaction)) if t.channel_id == interaction.channel_id]
        if len(here) == 1:
            return here[0].id
        if not here and finished:
            last = await last_finished_in(self.service.db, guild_id_of(interaction), interaction.channel_id or 0)
            if last is not None:
                return last
        if not here:
            raise NotAllowed(N_("There's no open tournament in this channel. Name one with tournament:."))
        raise NotAllowed(N_("Several tournaments are open in this channel. Name one with tournament:."))

    async def _refresh(self, t: Tournament) -> None:
        """Edits the sign-up message to the event as it now is (a message that is gone is left alone)."""
        channel = self.bot.get_channel(t.channel_id)
        if t.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        with speaking(t.locale):
            embed, view = tournament_embed(t), signup_view(t)
        try:
            await channel.get_partial_message(t.message_id).edit(embed=embed, view=view)
        except discord.HTTPException:
            log.info("tournament %s: its sign-up message couldn't be edited", t.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TournamentsCog(bot))
