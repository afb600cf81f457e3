"""**Play again** on an ended table's message, through SimCord (issue 26 part 2).

A Razz table (chips, a chosen buy-in and timer, a computer player) is ended by
its host between hands; a player presses Play again: a new lobby opens in the
channel with the same game, options, buy-in and timer, the computer back, the
presser as host, and the others named once in a new message that notifies them;
they can join. Someone who didn't play, a table already open here, a still-open
table and another server's id are refused privately and change nothing.
"""

from __future__ import annotations

from typing import Any

import discord

from tests.e2e.conftest import World
from tests.e2e.test_guilds_apart import click_from, post_in, server_b
from tests.e2e.test_play import refusal, snapshot
from tests.e2e.test_table_threads import bot_lines, open_in_thread, threads_on
from tools.simtable import Table, components_of


def again_id(message: Any) -> str:
    return next(c["custom_id"] for c in components_of(message) if (c.get("custom_id") or "").startswith("cr:g:"))


async def ended_table(w: World) -> tuple[Any, int]:
    """Alice, Bob, Carol and an easy computer play one hand of Razz; Alice ends the table between hands."""
    r = await w.alice.slash(w.channel, "play", game="razz", buy_in=70, turn_seconds=45)
    assert not r.ephemeral
    lobby = w.channel.last_message
    table_id = table_id_of_lobby(lobby)
    await w.bot.tables.add_computer(table_id, w.alice.id, "easy", guild_id=w.guild.id)
    for p in (w.bob, w.carol):
        await p.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = Table(w.env, w.channel, {p.id: p for p in (w.alice, w.bob, w.carol)})
    for _ in range(200):
        snap = await snapshot(w, table)
        if snap.paused:
            break
        if await table.play_turn() is None:
            await w.env.advance_time(46)
    assert (await snapshot(w, table)).paused
    r = await w.alice.slash(w.channel, "table end")
    assert not r.ephemeral and not (await w.bot.tables.get(table_id)).is_open
    finished = next(m for m in reversed(table.bot_messages()) if any(
        (c.get("custom_id") or "").startswith("cr:g:") for c in components_of(m)))
    return finished, table_id


def table_id_of_lobby(lobby: Any) -> int:
    cid = next(c["custom_id"] for c in components_of(lobby) if (c.get("custom_id") or "").startswith("cr:l:"))
    return int(cid.split(":")[2])


async def open_tables(w: World) -> int:
    return int(await w.bot.tables.db.scalar("SELECT COUNT(*) FROM tables WHERE status IN ('lobby','playing')") or 0)


async def test_play_again_opens_the_same_table_and_invites_the_others(world: World) -> None:
    w = world
    finished, old_id = await ended_table(w)
    old = await w.bot.tables.get(old_id)
    cid = again_id(finished)
    assert cid == f"cr:g:{old_id}"

    assert "Only the players" in refusal(await w.erin.click(finished, custom_id=cid))  # never played there
    assert await open_tables(w) == 0

    before = len(w.channel.history())
    r = await w.bob.click(finished, custom_id=cid)
    assert not r.ephemeral
    new = await w.bot.tables.in_channel(w.channel.id)
    assert new is not None and new.id != old_id and new.status == "lobby"
    assert (new.game_id, new.host_id, new.buy_in, new.turn_seconds) == ("razz", w.bob.id, 70, 45)
    assert new.options == old.options and new.preset == old.preset
    assert [s for _u, s in new.computers] == ["easy"]

    posted = [m for m in w.channel.history()[before:] if m.author.bot and not m.flags.ephemeral]
    invites = [m for m in posted if "again" in m.content]
    assert len(invites) == 1
    invite = invites[0]
    assert invite.content == (
        f"<@{w.bob.id}> opened a table of **Razz** again: <@{w.alice.id}>, <@{w.carol.id}>, join in!"
    )
    (body,) = [  # a new message (a POST, not an edit) whose mentions are allowed: Discord notifies them
        r.json for r in w.env.http_requests
        if r.method == "POST" and r.path == f"/channels/{w.channel.id}/messages" and r.json is not None
        and "again" in (r.json.get("content") or "")
    ]
    assert sorted(int(u) for u in body["allowed_mentions"]["users"]) == sorted([w.alice.id, w.carol.id])
    lobby = next(m for m in posted if any((c.get("custom_id") or "").startswith("cr:l:") for c in components_of(m)))
    await w.alice.click(lobby, label="Join")
    assert w.alice.id in (await w.bot.tables.get(new.id)).lobby

    # A table is open here now: a second Play again is refused, and nothing changes.
    assert "already" in refusal(await w.carol.click(finished, custom_id=cid)).lower()
    assert await open_tables(w) == 1


async def test_play_again_is_refused_for_an_open_table_and_from_another_server(world: World) -> None:
    w = world
    finished, old_id = await ended_table(w)
    r = await w.bob.click(finished, custom_id=f"cr:g:{old_id}")
    new = await w.bot.tables.in_channel(w.channel.id)
    assert new is not None and not r.ephemeral
    # The new lobby is still open: its own Play again id (crafted) is refused.


    forged = await post_in(w, w.channel, discord.ui.Button(label="Forged", custom_id=f"cr:g:{new.id}"))
    assert "still open" in refusal(await w.alice.click(forged, custom_id=f"cr:g:{new.id}"))
    # Another server: a member of both who played here is refused there, as for a stale button.
    b, (alice_in_b,) = server_b(w, w.alice)
    assert await click_from(w, b, alice_in_b, f"cr:g:{old_id}") == "That button is no longer valid."
    assert await open_tables(w) == 1



async def test_with_table_threads_play_again_opens_a_new_thread(world: World) -> None:
    w = world
    await threads_on(w)
    table, thread = await open_in_thread(w, "razz", [w.alice, w.bob])
    old_id = table.table_id()
    r = await w.mod.slash(thread, "table end", now=True)
    assert not r.ephemeral
    await w.env.settle()
    finished = next(m for m in bot_lines(thread) if f"cr:g:{old_id}" in [c.get("custom_id") for c in components_of(m)])
    r = await w.alice.click(finished, custom_id=f"cr:g:{old_id}")
    assert not r.ephemeral
    assert len(w.channel.threads) == 2
    new_thread = next(t for t in w.channel.threads if t.id != thread.id)
    new = await w.bot.tables.in_channel(new_thread.id)
    assert new is not None and (new.game_id, new.host_id) == ("razz", w.alice.id)
    assert f"<#{new_thread.id}>" in bot_lines(w.channel)[-1].content  # the channel's pointer to the new thread
    (invite,) = [m for m in bot_lines(new_thread) if "again" in m.content]
    assert f"<@{w.bob.id}>" in invite.content
    lobby = next(m for m in bot_lines(new_thread) if any(
        (c.get("custom_id") or "").startswith("cr:l:") for c in components_of(m)))
    await w.bob.click(lobby, label="Join")
    assert w.bob.id in (await w.bot.tables.get(new.id)).lobby
