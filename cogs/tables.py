"""Table commands: /play, /hand, /table end|keep|host|remove, /rules (/history and /replay: ``cogs.replays``).

The commands are generic: the game list, presets and rules all come from the
registry, so registering a game is enough for it to appear here.

This extension's ``setup`` also installs the table UI on the bot: the dynamic
items (every button and select, with ``flows`` as their click handlers) and
the publisher, as one of the bot's table listeners (``bot.hooks``).
"""

from __future__ import annotations

import logging
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import TableSnapshot
from bot.service.errors import NoTable
from games import Game, game_ids, get_game
from games.core.i18n import _, speaking
from games.core.summary import RulesText

from .ui import components, flows, pictures, render, threads
from .ui.host import TableHost, host_of
from .ui.options import fields_of
from .ui.publisher import TablePublisher
from .ui.turnping import jump_url

log = logging.getLogger("cardroom.tables")


def playable_games() -> list[Game]:
    """Every registered game that imports; a broken one is logged and left out, never fatal."""
    out = []
    for gid in game_ids():
        try:
            out.append(get_game(gid))
        except Exception:
            log.exception("game %r could not be loaded; it is left out of the commands", gid)
    return out


GAME_CHOICES = [app_commands.Choice(name=g.title[:100], value=g.id) for g in playable_games()][:25]


async def _table_here(bot: TableHost, interaction: discord.Interaction) -> TableSnapshot:
    snap = await bot.tables.in_channel(flows.channel_id_of(interaction), guild_id=interaction.guild_id)
    if snap is None:
        raise NoTable(_("There's no open table in this channel — start one with /play."))
    return snap


def rules_embed(game_id: str) -> discord.Embed:
    """The /rules card: the aim and bold-headed sections, one field per variant, then the house rules.

    The text comes from the game's ``summary_<id>.md`` (``games.core.summary``);
    each preset's section is a field named after the preset, so a player reads
    what ``/play … preset:`` will deal.
    """
    game = get_game(game_id)
    text = RulesText.parse(game.rules_summary)
    low, high = game.min_players, game.max_players
    b = render.EmbedBudget(_("{game} — rules").format(game=game.shown_title), render.COLOUR_LOBBY)
    b.description(text.body or _("No summary yet."))
    b.field(_("Players"), f"{low}–{high}", inline=True)
    b.field(_("Chips"), _chips_text(game), inline=True)
    combos = []
    for name in game.presets:
        bullets = text.variants.get(name)
        if bullets is None:  # a combination of described variants: one line in a shared field
            combos.append(name)
            continue
        b.field(_("Variant: {name}").format(name=game.preset_label(name)), bullets)
    if combos:  # each label says what it combines ("Two players · Lighton · Jackpot")
        b.field(_("More presets (combinations of the variants above)"), _wrapped([game.preset_label(c) for c in combos], " / ", 120))
    defaults = game.Options()
    opt_lines = []
    for f in fields_of(game.Options):
        value = f.show(getattr(defaults, f.name, ""))
        if f.description:
            line = _("**{option}** ({value}): {about}").format(option=f.label, value=value, about=f.description)
        else:
            line = _("**{option}** ({value})").format(option=f.label, value=value)
        opt_lines.append(line)
    title = _("House rules (the host sets them in the lobby)")
    for chunk in _chunk_lines(opt_lines, render.FIELD_VALUE):
        b.field(title, chunk)
        title = "\u200b"  # continuation fields carry no heading
    return b.embed


def _wrapped(words: list[str], sep: str, width: int) -> str:
    """``words`` joined by ``sep`` in lines of at most ``width`` characters (short lines read well)."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + len(sep) + len(word) <= width:
            lines[-1] += sep + word
        else:
            lines.append(word)
    return "\n".join(lines)


def _chunk_lines(lines: list[str], limit: int) -> list[str]:
    """Whole lines packed into field-sized chunks (a line longer than a field is clipped)."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = render.clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks


class Tables(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.host = host_of(bot)

    @app_commands.command(name="play", description="Open a card table in this channel.")
    @app_commands.guild_only()
    @app_commands.describe(
        game="The game to play",
        preset="A variant of that game",
        buy_in="Chips each player brings to the table (chip games)",
        turn_seconds="Seconds per turn before the default action is taken",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        preset: str | None = None,
        buy_in: app_commands.Range[int, 1, 1_000_000_000] | None = None,
        turn_seconds: app_commands.Range[int, 10, 86_400] | None = None,
    ) -> None:
        bot = self.host
        if await threads.wanted(bot, interaction):
            await threads.play_in_thread(bot, interaction, game, preset=preset, buy_in=buy_in, turn_seconds=turn_seconds)
            return
        where = flows.guild_id_of(interaction), flows.channel_id_of(interaction)
        await threads.play_here(bot, interaction, where, game, preset=preset, buy_in=buy_in, turn_seconds=turn_seconds)

    @play.autocomplete("preset")
    async def _preset_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        try:
            game = get_game(game_id) if game_id else None
        except Exception:
            game = None
        if game is None:
            return []
        current = (current or "").lower()
        return [  # players read the label; the command takes the key
            app_commands.Choice(name=game.preset_label(name)[:100], value=name[:100])
            for name in game.presets
            if current in name.lower() or current in game.preset_label(name).lower()
        ][:25]

    @app_commands.command(name="hand", description="See your cards and your choices (only you see them).")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        snap = await _table_here(self.host, interaction)
        payload, seq = await flows.panel_payload(self.host, snap.id, interaction.user.id, guild_id=interaction.guild_id)
        payload.pop("content", None)
        await interaction.response.send_message(**pictures.for_send(payload), ephemeral=True)
        flows.remember_panel(interaction, snap.id, seq)

    table = app_commands.Group(name="table", description="The table in this channel.", guild_only=True)

    @table.command(
        name="end", description="End the table here: at once between hands, else when the hand in progress is over."
    )
    @app_commands.describe(now="Admins: end at once, mid-hand too (the hand in progress is refunded)")
    async def table_end(self, interaction: discord.Interaction, now: bool = False) -> None:
        snap = await _table_here(self.host, interaction)
        admin = flows.is_admin(interaction)
        if snap.status == "lobby":
            ended = await self.host.tables.cancel(snap.id, interaction.user.id, is_admin=admin, guild_id=interaction.guild_id)
        else:
            ended = await self.host.tables.end(
                snap.id, interaction.user.id, is_admin=admin, now=now, guild_id=interaction.guild_id
            )
        with speaking(ended.locale):  # said in public: in the table's language
            if ended.is_open:  # mid-hand: the hand plays out, then the table closes
                text = _("<@{user}> asked to end table #{id}. The table will close after this hand.").format(
                    id=ended.id, user=interaction.user.id
                )
                await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
                return
            # The standings are on the table's own message (the publisher edits it): said once, not twice.
            text = (
                _("Table #{id} ended by <@{user}>. The standings are on the table: {link}").format(
                    id=ended.id, user=interaction.user.id, link=jump_url(ended)
                ) if ended.message_id is not None
                else _("Table #{id} ended by <@{user}>.").format(id=ended.id, user=interaction.user.id)
            )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none(), suppress_embeds=True
        )

    @table.command(name="keep", description="Take back an end asked for during the hand: the table plays on.")
    async def table_keep(self, interaction: discord.Interaction) -> None:
        snap = await _table_here(self.host, interaction)
        kept = await self.host.tables.keep_open(
            snap.id, interaction.user.id, is_admin=flows.is_admin(interaction), guild_id=interaction.guild_id
        )
        with speaking(kept.locale):  # said in public: in the table's language
            text = _("<@{user}> keeps table #{id} open: it goes on after this hand.").format(
                id=kept.id, user=interaction.user.id
            )
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @table.command(name="host", description="Hand the host role to someone at this table.")
    @app_commands.describe(user="The person at the table who becomes the host")
    async def table_host(self, interaction: discord.Interaction, user: discord.Member) -> None:
        snap = await _table_here(self.host, interaction)
        await self.host.tables.hand_host(
            snap.id, interaction.user.id, user.id, is_admin=flows.is_admin(interaction), guild_id=interaction.guild_id
        )
        await interaction.response.send_message(
            _("<@{user}> is the host of table #{id} now.").format(user=user.id, id=snap.id), ephemeral=True
        )

    @table.command(name="remove", description="Remove a player from this table between hands.")
    @app_commands.describe(user="The person to remove; their chips go back to their wallet")
    async def table_remove(self, interaction: discord.Interaction, user: discord.Member) -> None:
        snap = await _table_here(self.host, interaction)
        await self.host.tables.remove(
            snap.id, interaction.user.id, user.id, is_admin=flows.is_admin(interaction), guild_id=interaction.guild_id
        )
        await interaction.response.send_message(
            _("<@{user}> is removed from table #{id}.").format(user=user.id, id=snap.id), ephemeral=True
        )

    @app_commands.command(name="rules", description="How a game is played, its variants and house rules.")
    @app_commands.guild_only()
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(embed=rules_embed(game), ephemeral=True)


def _chips_text(game: Game) -> str:
    if game.plays_for_chips(game.Options()):
        return _("yes — buy-in per table")
    if game.uses_chips:
        return _("if the host sets a stake — buy-in per table")
    return _("no — scored")


async def setup(bot: commands.Bot) -> None:
    """Installs the table UI (buttons and publisher) on the bot, then the commands."""
    host = host_of(bot)
    components.handle_clicks_with(flows)
    bot.add_dynamic_items(*components.DYNAMIC_ITEMS)
    images = pictures.ImageSwitch(host.economy.settings)
    host.publisher = TablePublisher(
        bot, host.tables, partial(flows.panel_of, images=images), quiet=host.foreground.quiet, images=images,
        personal=host.personal,
    )
    host.table_listeners.append(host.publisher)
    host.publisher.on_closed.append(threads.closer(bot, host))
    await bot.add_cog(Tables(bot))


async def teardown(bot: commands.Bot) -> None:
    """``unload_extension``/``reload_extension``: the buttons and the publisher go with the commands."""
    host = host_of(bot)
    bot.remove_dynamic_items(*components.DYNAMIC_ITEMS)
    publisher = host.publisher
    if publisher in host.table_listeners:
        host.table_listeners.remove(publisher)
    publisher.close()
    await publisher.idle()
