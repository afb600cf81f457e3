"""A thread per table (``/admin settings table_threads:True``) through SimCord."""

from __future__ import annotations

import discord
import simcord

from tests.e2e.conftest import World, make_bot
from tests.e2e.driver import Table
from tests.e2e.test_play import play_until_hand, snapshot


async def threads_on(w: World) -> None:
    r = await w.mod.slash(w.channel, "admin settings", table_threads=True)
    assert r.ephemeral


def bot_lines(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """What the bot posted (Discord's own "started a thread" notice in the parent is not the bot's text)."""
    return [
        m for m in channel.history()
        if m.author.bot and not m.flags.ephemeral and m.type != discord.MessageType.thread_created
    ]


async def open_in_thread(w: World, game: str, players: list[simcord.MemberActor]) -> tuple[Table, simcord.ChannelHandle]:
    r = await players[0].slash(w.channel, "play", game=game)
    assert not r.ephemeral and "opened a table of **" in r.response.content
    [thread] = w.channel.threads
    assert f"<#{thread.id}>" in r.response.content  # the pointer line links to the thread
    lobby = bot_lines(thread)[-1]
    for p in players[1:]:
        await p.click(lobby, label="Join")
    await players[0].click(lobby, label="Start")
    return Table(w.env, thread, {p.id: p for p in players}), thread


async def test_the_table_lives_in_its_thread_and_the_channel_keeps_one_line(world: World) -> None:
    w = world
    await threads_on(w)
    table, thread = await open_in_thread(w, "renfield", w.players)
    snap = await snapshot(w, table)
    assert thread.is_thread and thread.name == f"Renfield — table {snap.id}"
    assert await w.bot.tables.thread_of(snap.id) == thread.id == snap.channel_id
    await play_until_hand(w, table, 2)
    await w.env.settle()
    # The result of hand 1 and the new hand's message are in the thread; the channel has the pointer only.
    in_thread = [m for m in bot_lines(thread) if m.embeds]
    assert any("hand 1" in (m.embeds[0].title or "") for m in in_thread), [m.embeds[0].title for m in in_thread]
    assert table.hand_no() == 2
    [pointer] = bot_lines(w.channel)
    assert "opened a table of **Renfield**" in pointer.content and not pointer.embeds and not pointer.components
    # The commands work from inside the thread.
    r = await w.bob.slash(thread, "hand")
    assert r.ephemeral and r.response.embeds
    r = await w.bob.slash(thread, "history")
    assert r.ephemeral
    r = await w.bob.slash(w.channel, "hand")  # the parent channel has no table of its own
    assert "no open table" in (r.response or r.followups[-1]).content
    # A second table can open from the same channel, in a thread of its own.
    r = await w.erin.slash(w.channel, "play", game="razz")
    assert not r.ephemeral and len(w.channel.threads) == 2
    # A restart finds the table in its thread, and play goes on there.
    await w.env.restart_bot(make_bot(w.db_path))
    assert (await w.bot.tables.in_channel(thread.id)).id == snap.id
    before = len(bot_lines(thread))
    await play_until_hand(w, table, 3)
    await w.env.settle()
    assert len(bot_lines(thread)) > before and len(bot_lines(w.channel)) == 2  # two pointer lines, nothing else
    # Ending the table archives and locks its thread, after the last result is shown in it.
    r = await w.mod.slash(thread, "table end", now=True)
    assert not r.ephemeral and "ended" in r.response.content
    await w.env.settle()
    meta = w.env.backend.channels[thread.id].thread_metadata
    assert meta.archived and meta.locked
    assert not table.is_open()  # the table message got its last edit (the result) before the lock
    assert not (await w.bot.tables.get(snap.id)).is_open


async def test_without_the_thread_permission_the_host_is_told(world: World) -> None:
    w = world
    await threads_on(w)
    bot_user = w.bot.user
    assert bot_user is not None
    closed = w.guild.create_text_channel(
        "no-threads", overwrites={bot_user: discord.PermissionOverwrite(create_public_threads=False)}
    )
    r = await w.alice.slash(closed, "play", game="renfield")
    assert r.ephemeral
    text = (r.response or r.followups[-1]).content
    assert "**Create Public Threads**" in text and "/admin settings" in text
    assert closed.threads == [] and await w.bot.tables.in_channel(closed.id) is None
    # With threads off, the same channel plays as before.
    await w.mod.slash(closed, "admin settings", table_threads=False)
    r = await w.alice.slash(closed, "play", game="renfield")
    assert not r.ephemeral and r.response.embeds and closed.threads == []
