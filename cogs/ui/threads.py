"""A thread per table (the server setting ``table_threads``): the table lives in its own public thread.

The thread *is* the table's channel (``tables.channel_id`` = ``tables.thread_id``
= the thread's id): the table message, each hand's new message and the
results go there through the publisher unchanged, ``/hand``, ``/table end`` and
``/history`` find the table from inside the thread, a restart finds it there
again, and the "one open table per channel" index now means one per thread, so
a channel can hold several tables at once. The channel keeps one short line
pointing to the thread. When the table ends, the thread is archived and locked
(its last message, the final result, stays readable).

The bot's permissions are constants here, so the README's invite link and its
test read the same list as the code that checks them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

import discord

from bot.service.models import TableSnapshot
from games import get_game
from games.core.i18n import N_, _, speaking

from . import messages, pictures
from .host import TableHost
from .language import server_language

log = logging.getLogger("cardroom.threads")

#: What the bot needs everywhere (the README's invite link asks for exactly ``INVITE_PERMISSIONS``).
BASE_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, embed_links=True,
    attach_files=True, read_message_history=True, use_application_commands=True,
)
#: What a thread per table needs on top: open it, post in it, and lock it when the table ends.
THREAD_PERMISSIONS = discord.Permissions(create_public_threads=True, send_messages_in_threads=True, manage_threads=True)
INVITE_PERMISSIONS = BASE_PERMISSIONS | THREAD_PERMISSIONS
#: A day without a message archives the thread (Discord's own timer; a live table posts far more often).
AUTO_ARCHIVE_MINUTES: Final = 1440


#: discord.py's names that Discord's settings spell differently.
_SHOWN = {"read_messages": "View Channels", "send_messages_in_threads": "Send Messages in Threads"}
#: The thread permissions' names in the catalogue: a missing one is named in the reader's language,
#: as their Discord settings show it.
_CATALOGUED = (N_("Create Public Threads"), N_("Send Messages in Threads"), N_("Manage Threads"))


def permission_names(perms: discord.Permissions) -> list[str]:
    """``create_public_threads`` → "Create Public Threads", as Discord's settings name them."""
    return [_SHOWN.get(name, name.replace("_", " ").title()) for name, on in perms if on]


def missing_for_threads(have: discord.Permissions) -> discord.Permissions:
    return discord.Permissions(THREAD_PERMISSIONS.value & ~have.value)


async def wanted(bot: TableHost, interaction: discord.Interaction) -> bool:
    """``/play`` opens a thread: the server asked for it and the command came from a text channel."""
    if interaction.guild_id is None or not isinstance(interaction.channel, discord.TextChannel):
        return False  # already in a thread (or a forum post, a voice chat…): the table stays where it is
    return (await bot.economy.settings(interaction.guild_id)).table_threads


async def play_here(
    bot: TableHost, interaction: discord.Interaction, where: tuple[int, int], game_id: str, **options: Any
) -> TableSnapshot:
    """``/play`` without threads: the table opens in ``where`` (the server's and the interaction's
    channel's ids), its message the interaction's reply."""
    snap = await bot.tables.open_table(
        *where, interaction.user.id, game_id,
        host_name=interaction.user.display_name, server_locale=server_language(interaction), **options,
    )
    with speaking(snap.locale):  # the table's message is public: in the table's language
        payload = messages.public_message(snap)
    await interaction.response.send_message(**pictures.for_send(payload))
    message = await interaction.original_response()
    await _attach(bot, snap, message.id)
    return snap


async def _attach(bot: TableHost, snap: TableSnapshot, message_id: int) -> None:
    """The table's message is known: the publisher edits it from now on, starting with any click
    (a Join) that came before its id was known."""
    await bot.tables.attach_message(snap.id, message_id)
    bot.publisher.adopt(snap, message_id)
    latest = await bot.tables.get(snap.id, guild_id=snap.guild_id)
    if latest.seq != snap.seq or latest.lobby != snap.lobby or latest.status != snap.status:
        bot.publisher.schedule(latest)


async def play_in_thread(
    bot: TableHost, interaction: discord.Interaction, game_id: str, *, channel: discord.TextChannel | None = None,
    **options: Any,
) -> TableSnapshot | None:
    """Opens the thread (in ``channel``, else the interaction's), then the table in it; a missing
    permission is one clear line to the host (and None)."""
    channel = channel or interaction.channel  # type: ignore[assignment]
    assert isinstance(channel, discord.TextChannel) and interaction.guild_id is not None
    missing = missing_for_threads(interaction.app_permissions)
    if missing.value:
        await interaction.response.send_message(
            _(
                "This server opens a thread for each table, but I can't here: I'm missing {perms} in this channel."
                " Ask an admin to give me that, or to turn table threads off with /admin settings."
            ).format(perms=_(", ").join(_("**{permission}**").format(permission=_(name)) for name in permission_names(missing))),
            ephemeral=True,
        )
        return None
    game = get_game(game_id)
    host = interaction.user
    await bot.tables.check_lobby_quota(interaction.guild_id, host.id)  # a refused flood opens no thread
    thread = await channel.create_thread(
        name=_("{game} — {host}'s table").format(game=game.shown_title, host=host.display_name)[:100],
        type=discord.ChannelType.public_thread, auto_archive_duration=AUTO_ARCHIVE_MINUTES,
    )
    try:
        snap = await bot.tables.open_table(
            interaction.guild_id, thread.id, host.id, game_id, host_name=host.display_name,
            server_locale=server_language(interaction), **options,
        )
    except Exception:
        await _delete(thread)  # nothing happens in it: no empty thread is left behind
        raise
    await bot.tables.attach_thread(snap.id, thread.id)
    with speaking(snap.locale):  # all of it is public: in the table's language
        pointer = _("{host} opened a table of **{game}** in {thread}.").format(
            host=host.mention, game=game.shown_title, thread=thread.mention
        )
        payload = messages.public_message(snap)
        name = _("{game} — table {id}").format(game=game.shown_title, id=snap.id)[:100]
    if channel == interaction.channel:
        await interaction.response.send_message(pointer, allowed_mentions=messages.NO_MENTIONS)
    else:  # Play again, pressed in the old table's closed thread: the pointer goes to the channel
        await channel.send(pointer, allowed_mentions=messages.NO_MENTIONS)
        await interaction.response.defer()
    message = await thread.send(**pictures.for_send(payload))
    try:
        await thread.edit(name=name)
    except discord.HTTPException as exc:
        log.info("could not name the thread of table %s: %s", snap.id, exc)
    await _attach(bot, snap, message.id)
    return snap


async def _delete(thread: discord.Thread) -> None:
    try:
        await thread.delete()
    except discord.HTTPException as exc:
        log.warning("could not delete the unused thread %s: %s", thread.id, exc)


def closer(client: discord.Client, bot: TableHost) -> Callable[[TableSnapshot], Awaitable[None]]:
    """The publisher's hook after a table's last edit: archive and lock its thread, if it has one."""

    async def close(snap: TableSnapshot) -> None:
        thread_id = await bot.tables.thread_of(snap.id)
        if thread_id is None:
            return
        try:
            thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True, locked=True)
        except discord.HTTPException as exc:
            log.info("could not archive the thread of table %s: %s", snap.id, exc)

    return close


__all__ = [
    "BASE_PERMISSIONS", "INVITE_PERMISSIONS", "THREAD_PERMISSIONS", "closer", "play_here", "play_in_thread", "wanted",
]
