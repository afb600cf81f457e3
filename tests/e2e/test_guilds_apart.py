"""A member of another server can't reach this server's table, whatever custom id they craft.

Server A has the table; server B's members (one who never played, B's own
admin, and a player of A's table who is in B too) click buttons carrying A's
table id, posted in B's channel as a forged message would carry them, and use
``/history table:`` and ``/replay table:`` there. Each gets the private
refusal a stale button gets ("That button is no longer valid.", or for the
hands "There's no table #…", as for a table that doesn't exist) and the
database is byte for byte what it was: no wallet in A for B's member, no seat,
no watcher row, no log row. Before the check, such a click joined A's table
with an A wallet, was dealt in, watched, and read A's finished hands.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord

from tests.e2e.conftest import World
from tests.e2e.test_crafted_ids import dump
from tests.e2e.test_play import open_table, play_until_hand, refusal, snapshot
from tests.e2e.test_replays import answer

NO_LONGER_VALID = "That button is no longer valid."


@dataclass
class ServerB:
    channel: simcord.ChannelHandle
    mallory: simcord.MemberActor  # only in server B
    boss: simcord.MemberActor  # B's admin (Manage Server there, nothing in A)


def server_b(w: World, *also: simcord.MemberActor) -> tuple[ServerB, list[simcord.MemberActor]]:
    """Server B, its members, and members of A who are in B too (as themselves, in B)."""
    guild = w.env.create_guild("Server B")
    channel = guild.create_text_channel("tables")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True, administrator=True))
    b = ServerB(
        channel,
        guild.add_member(w.env.create_user("mallory")),
        guild.add_member(w.env.create_user("boss"), roles=[admins]),
    )
    return b, [guild.add_member(m.user) for m in also]


async def post_in(w: World, channel: simcord.ChannelHandle, item: discord.ui.Item[discord.ui.View]) -> discord.Message:
    """The bot posts one plain component in ``channel``, as an old or forged message would carry it."""
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    view.stop()  # not stored: the click reaches the dynamic items, as a real one would
    target = w.bot.get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    return await target.send("a forged message", view=view)


async def click_from(w: World, b: ServerB, who: simcord.MemberActor, cid: str) -> str:
    message = await post_in(w, b.channel, discord.ui.Button(label="Forged", custom_id=cid))
    return refusal(await who.click(message, custom_id=cid))


async def select_from(w: World, b: ServerB, who: simcord.MemberActor, cid: str, value: str) -> str:
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=cid, options=[discord.SelectOption(label=value, value=value)]
    )
    message = await post_in(w, b.channel, select)
    return refusal(await who.select(message, [value], custom_id=cid))


def table_id_of(lobby: Any) -> int:
    """The table id its lobby message's buttons carry."""
    return next(
        int(comp.custom_id.split(":")[2])
        for row in lobby.components
        for comp in row.children
        if (comp.custom_id or "").startswith("cr:l:")
    )


def no_errors(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


async def test_a_lobby_cant_be_reached_from_another_server(world: World, caplog: pytest.LogCaptureFixture) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    table = table_id_of(lobby)
    b, (bob_in_b,) = server_b(w, w.bob)
    before = dump(w.db_path)
    caplog.set_level(logging.INFO)
    caplog.clear()

    buttons = [f"cr:l:{table}:{verb}" for verb in ("join", "leave", "start", "cancel", "num0")]
    buttons += [f"cr:h:{table}", *(f"cr:w:{table}:{verb}" for verb in ("watch", "refresh", "stop"))]
    for who in (b.mallory, b.boss):
        for cid in buttons:
            assert await click_from(w, b, who, cid) == NO_LONGER_VALID, (who.name, cid)
        for cid, value in ((f"cr:o:{table}:preset", "default"), (f"cr:o:{table}:computer", "add:normal"),
                           (f"cr:o:{table}:bool", "x")):
            assert await select_from(w, b, who, cid, value) == NO_LONGER_VALID, (who.name, cid)
    # bob is at the table, but a click from server B is still refused (his Leave there too).
    assert await click_from(w, b, bob_in_b, f"cr:l:{table}:leave") == NO_LONGER_VALID
    # Commands in B's channel see no table of A's.
    for command in ("hand", "table end"):
        answer = refusal(await b.boss.slash(b.channel, command))
        assert "no open table in this channel" in answer, (command, answer)

    assert dump(w.db_path) == before  # no wallet, seat, watcher or log row; the lobby is open
    no_errors(caplog)
    snap = await w.bot.tables.get(table)
    assert snap.status == "lobby" and set(snap.lobby) == {w.alice.id, w.bob.id}
    # From its own server the same buttons work (and the dump does see a change).
    await w.carol.click(lobby, label="Join")
    assert dump(w.db_path) != before


async def test_a_table_in_play_and_its_hands_cant_be_reached_from_another_server(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    table_id = table.table_id()
    await play_until_hand(w, table, 2)  # hand 1 is finished: it has a history and a replay
    snap = await snapshot(w, table)
    actor = snap.to_act_users[0]
    seat = snap.seat_of(actor)
    assert seat is not None
    action = snap.game.legal_actions(snap.state, seat)[0]
    players = {m.id: m for m in (w.alice, w.bob, w.carol)}
    b, (actor_in_b, carol_in_b) = server_b(w, players[actor], w.carol)
    before = dump(w.db_path)
    caplog.set_level(logging.INFO)
    caplog.clear()

    seq = snap.seq
    buttons = [
        f"cr:a:{table_id}:{seq}:{action}", f"cr:m:{table_id}:{seq}:bid", f"cr:h:{table_id}",
        f"cr:v:{table_id}:{seq}:sort", f"cr:v:{table_id}:{seq}:ok",
        *(f"cr:l:{table_id}:{verb}" for verb in ("join", "leave", "next", "back", "start", "cancel")),
        *(f"cr:w:{table_id}:{verb}" for verb in ("watch", "refresh", "stop")),
    ]
    for who in (b.mallory, b.boss, actor_in_b):
        for cid in buttons:
            assert await click_from(w, b, who, cid) == NO_LONGER_VALID, (who.name, cid)
        assert await select_from(w, b, who, f"cr:s:{table_id}:{seq}:0", action) == NO_LONGER_VALID
        assert await select_from(w, b, who, f"cr:p:{table_id}:{seq}:0:play", action) == NO_LONGER_VALID
        assert await select_from(w, b, who, f"cr:q:{table_id}:{seq}:0:play", action) == NO_LONGER_VALID
    # A's finished hand, asked for from B: as if A's table didn't exist, even by one who played it.
    no_table = f"There's no table #{table_id}."
    for who in (b.mallory, carol_in_b):
        assert await click_from(w, b, who, f"cr:r:{table_id}:1:0:next") == no_table
        for command in ("history", "replay"):
            said = refusal(await who.slash(b.channel, command, table=table_id))
            assert said == no_table, (who.name, command, said)
            said = refusal(await who.slash(b.channel, command, table=table_id, hand=1))
            assert said == no_table, (who.name, command, said)
    for command in ("hand", "table end"):
        assert "no open table in this channel" in refusal(await b.boss.slash(b.channel, command))

    assert dump(w.db_path) == before  # nobody from B was seated, watched, acted or ended the table
    no_errors(caplog)
    after = await snapshot(w, table)
    assert after.status == "playing" and after.seq == seq
    # In server A the player who played hand 1 still reads it.
    files = await w.carol.slash(w.channel, "history", table=table_id, hand=1)
    assert [a.filename for a in answer(files).attachments] == [f"renfield-table{table_id}-hand1.jsonl"]


async def test_a_click_from_a_direct_message_reaches_no_table(world: World, caplog: pytest.LogCaptureFixture) -> None:
    """A forged button in the bot's direct messages carries no server: refused, even for the table's own players."""
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    table_id = table.table_id()
    snap = await snapshot(w, table)
    before = dump(w.db_path)
    caplog.set_level(logging.INFO)
    caplog.clear()
    user = await w.bot.fetch_user(w.bob.id)
    for cid in (f"cr:l:{table_id}:leave", f"cr:h:{table_id}", f"cr:w:{table_id}:watch", f"cr:l:{table_id}:next",
                f"cr:a:{table_id}:{snap.seq}:pass"):
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Forged", custom_id=cid))
        view.stop()
        message = await user.send("a forged message", view=view)
        assert refusal(await w.bob.user.click(message, custom_id=cid)) == NO_LONGER_VALID, cid
    assert dump(w.db_path) == before
    no_errors(caplog)
