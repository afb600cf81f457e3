"""Server admin commands: /admin grant, /admin audit, /admin economy, /admin settings (Manage Server only).

The permission is both the command's default (so Discord hides it from
others) and checked at run time (server admins can change command
permissions, and the check must not depend on that).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import Economy as ChipEconomy
from bot.service.economy import HouseReport
from games import UnknownGame, get_game
from games.core.i18n import N_, _

from .ui import render
from .ui.flows import guild_id_of
from .ui.host import host_of
from .ui.perms import require_admin

#: The settings as ``/admin settings`` shows them (the option names are the settings' keys).
SETTING_LABELS = {
    "starting_chips": N_("Starting chips"),
    "daily_amount": N_("Daily chips"),
    "default_buy_in": N_("Default buy-in"),
    "turn_seconds": N_("Seconds per turn"),
    "max_timeouts": N_("Timeouts before away"),
    "hand_pause_seconds": N_("Pause after a hand (s)"),
    "away_players": N_("Away players"),
    "language": N_("Language of tables"),
    "table_threads": N_("A thread per table"),
    "card_images": N_("Card pictures"),
    "house_daily_loss_limit": N_("The house's daily loss limit"),
    "lobby_idle_minutes": N_("Idle lobby closes after (min)"),
    "max_lobbies_per_user": N_("Open lobbies per member"),
    "max_watchers": N_("Watchers per table"),
    "tournament_host_role": N_("Who may create tournaments"),
}
#: Values that are words, as the settings show them.
SETTING_VALUES = {
    "computer": N_("the computer plays for them"),
    "remove": N_("they leave after the hand"),
    "auto": N_("the server's language"),
    "en": N_("English"),
    "ja": N_("Japanese"),
}


def _game_title(game_id: str) -> str:
    try:
        return get_game(game_id).shown_title
    except UnknownGame:  # a game no longer installed: its id still names it
        return game_id


def _house_lines(nets: dict[str, int]) -> str:
    """One line per game, the house's biggest losses first."""
    if not nets:
        return _("Nothing yet.")
    ordered = sorted(nets.items(), key=lambda kv: (-kv[1], kv[0]))
    return "\n".join(_("{game}: {n:+,}").format(game=_game_title(g), n=n) for g, n in ordered[:20])


def house_embed(report: HouseReport) -> discord.Embed:
    """``/admin economy``: the house's net per game today and in total, its limit, the chips in circulation."""
    b = render.EmbedBudget(_("The house's chips"), render.COLOUR_LOBBY)
    b.description(_(
        "What players won from computer players: the chips the house paid into their seats minus what came"
        " back (negative: the house won)."
    ))
    b.field(_("Today ({day}, UTC): {n:+,}").format(day=report.day, n=report.today_net), _house_lines(report.today))
    b.field(_("In total: {n:+,}").format(n=report.total_net), _house_lines(report.total))
    if report.limit:
        limit = _("{limit:,} chips a day ({left:,} left today)").format(
            limit=report.limit, left=max(report.limit - report.today_net, 0)
        )
    else:
        limit = _("0: computer players play for no chips")
    b.field(_("The house's daily loss limit"), limit, inline=True)
    b.field(_("Chips in circulation"), f"{report.circulation:,}", inline=True)
    return b.embed


def _setting_value(value: object) -> str:
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return _(SETTING_VALUES[value]) if isinstance(value, str) and value in SETTING_VALUES else str(value)


def _host_role(role_id: object) -> str:
    """The tournament host role as a mention (set with /tournament hosts), or everyone (0)."""
    return f"<@&{role_id}>" if role_id else _("everyone")


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description="Server settings and the chip ledger (Manage Server).",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.host = host_of(bot)

    @property
    def economy(self) -> ChipEconomy:
        return self.host.economy

    @admin.command(name="grant", description="Give chips to a member (negative to take them back).")
    async def grant(
        self,
        interaction: discord.Interaction,
        user: discord.Member,
        amount: app_commands.Range[int, -1_000_000_000, 1_000_000_000],
    ) -> None:
        require_admin(interaction)
        balance = await self.economy.grant(guild_id_of(interaction), user.id, amount, by=interaction.user.id)
        await interaction.response.send_message(
            _("Granted {n} chips to <@{u}>; their balance is now {b}.").format(n=amount, u=user.id, b=balance),
            ephemeral=True,
        )

    @admin.command(name="audit", description="Check the chip ledger: every balance matches its transfers.")
    async def audit(self, interaction: discord.Interaction) -> None:
        require_admin(interaction)
        report = await self.economy.audit(guild_id_of(interaction))
        status = _("✅ The ledger balances.") if report.ok else _("❌ The ledger has problems.")
        b = render.EmbedBudget(_("Ledger audit"), render.COLOUR_LOBBY if report.ok else discord.Colour.red())
        b.description(status)
        b.field(_("Accounts"), str(report.accounts), inline=True)
        b.field(_("Transfers"), str(report.transfers), inline=True)
        if report.problems:
            b.field(_("Problems"), "\n".join(report.problems[:20]))
        await interaction.response.send_message(embed=b.embed, ephemeral=True)

    @admin.command(name="economy", description="The house's chips: what players won from computers, per game.")
    async def economy_report(self, interaction: discord.Interaction) -> None:
        require_admin(interaction)
        report = await self.economy.house(guild_id_of(interaction))
        await interaction.response.send_message(embed=house_embed(report), ephemeral=True)

    @admin.command(name="settings", description="Show or change this server's chip and table settings.")
    @app_commands.describe(
        starting_chips="Chips a new player starts with",
        daily_amount="Chips given by /daily",
        default_buy_in="Buy-in when /play doesn't say",
        turn_seconds="Default seconds per turn",
        max_timeouts="Timeouts in a row before a player counts as away",
        hand_pause_seconds="Seconds a hand's result stays up before the next deal (0: deal at once)",
        away_players="An away player's seat: the computer plays it until they're back, or they leave after the hand",
        language="The language of new tables' public messages (private replies follow each reader)",
        table_threads="Open a thread for each table (its messages, results and chat live there)",
        card_images="Card pictures on the table and the hand panels (the text stays either way)",
        house_daily_loss_limit="Most chips the house may lose to players a day through computers (0: they play for none)",
        lobby_idle_minutes="Minutes a lobby waits without a join, leave or option change before it closes",
        max_lobbies_per_user="Open lobbies one member may host in this server at once",
        max_watchers="People who may watch one table at once (0: nobody)",
    )
    @app_commands.choices(
        away_players=[
            app_commands.Choice(name="The computer plays for them", value="computer"),
            app_commands.Choice(name="They leave at the end of the hand", value="remove"),
        ],
        language=[
            app_commands.Choice(name="The server's language (Discord's preferred locale)", value="auto"),
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="日本語 (Japanese)", value="ja"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        starting_chips: app_commands.Range[int, 0, 1_000_000_000] | None = None,
        daily_amount: app_commands.Range[int, 0, 1_000_000_000] | None = None,
        default_buy_in: app_commands.Range[int, 0, 1_000_000_000] | None = None,
        turn_seconds: app_commands.Range[int, 10, 86_400] | None = None,
        max_timeouts: app_commands.Range[int, 1, 100] | None = None,
        hand_pause_seconds: app_commands.Range[int, 0, 600] | None = None,
        away_players: str | None = None,
        language: str | None = None,
        table_threads: bool | None = None,
        card_images: bool | None = None,
        house_daily_loss_limit: app_commands.Range[int, 0, 1_000_000_000] | None = None,
        lobby_idle_minutes: app_commands.Range[int, 1, 1440] | None = None,
        max_lobbies_per_user: app_commands.Range[int, 1, 50] | None = None,
        max_watchers: app_commands.Range[int, 0, 200] | None = None,
    ) -> None:
        require_admin(interaction)
        changes = {
            k: v
            for k, v in {
                "starting_chips": starting_chips,
                "daily_amount": daily_amount,
                "default_buy_in": default_buy_in,
                "turn_seconds": turn_seconds,
                "max_timeouts": max_timeouts,
                "hand_pause_seconds": hand_pause_seconds,
                "away_players": away_players,
                "language": language,
                "table_threads": table_threads,
                "card_images": card_images,
                "house_daily_loss_limit": house_daily_loss_limit,
                "lobby_idle_minutes": lobby_idle_minutes,
                "max_lobbies_per_user": max_lobbies_per_user,
                "max_watchers": max_watchers,
            }.items()
            if v is not None
        }
        if changes:
            current = await self.economy.update_settings(guild_id_of(interaction), **changes)
            images = getattr(self.host, "publisher", None)  # the tables extension may not be loaded
            if images is not None:
                images.images.set(guild_id_of(interaction), current.card_images)
        else:
            current = await self.economy.settings(guild_id_of(interaction))
        b = render.EmbedBudget(_("Server settings"), render.COLOUR_LOBBY)
        if changes:
            b.description(_("Updated: {names}.").format(names=", ".join(_(SETTING_LABELS.get(n, n)) for n in changes)))
        for name, value in current.model_dump().items():
            shown = _host_role(value) if name == "tournament_host_role" else _setting_value(value)
            b.field(_(SETTING_LABELS.get(name, name)), shown, inline=True)
        await interaction.response.send_message(embed=b.embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin(bot))
