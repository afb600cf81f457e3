"""One member's flood, through SimCord and the real bot (issue 24): every limit holds and says so.

60 ``/play`` in 60 channels leave three lobbies; an idle lobby closes when the
clock passes its deadline and says why; the 26th watcher is refused; a hundred
Join/Leave pairs cost a few public edits, not two hundred.
"""

from __future__ import annotations

import re

from cogs.ui.publisher import LOBBY_BURST, LOBBY_EVERY
from tests.e2e.conftest import World
from tests.e2e.test_play import refusal

PATCH_MESSAGE = re.compile(r"^/channels/(\d+)/messages/(\d+)$")


def message_edits(w: World, message_id: int, since: int) -> int:
    """Edits of one channel message (PATCH) the bot made since request number ``since``."""
    return sum(
        1 for q in w.env.http_requests[since:]
        if q.method == "PATCH" and (m := PATCH_MESSAGE.match(q.path)) is not None and int(m[2]) == message_id
    )


async def test_sixty_plays_in_sixty_channels_leave_three_lobbies(world: World) -> None:
    w = world
    channels = [w.guild.create_text_channel(f"flood-{i}") for i in range(60)]
    opened, refused = [], []
    for ch in channels:
        r = await w.alice.slash(ch, "play", game="renfield")
        (refused if r.ephemeral else opened).append((ch, r))
    assert [ch.id for ch, _r in opened] == [ch.id for ch in channels[:3]]
    assert len(refused) == 57
    text = refusal(refused[0][1])
    assert "You already have 3 open tables waiting for players" in text
    assert all(f"<#{ch.id}>" in text for ch in channels[:3]), text  # it says where they are
    rows = await w.bot.tables.db.fetchall("SELECT channel_id FROM tables WHERE host_id=?", (w.alice.id,))
    assert sorted(r[0] for r in rows) == sorted(ch.id for ch in channels[:3])
    assert all(ch.last_message is None for ch in channels[3:])  # nothing public where she was refused
    # Someone else may still play, and the server's setting moves the cap.
    assert not (await w.bob.slash(channels[3], "play", game="renfield")).ephemeral


async def test_an_idle_lobby_closes_by_itself_and_says_why(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "play", game="renfield")
    assert not r.ephemeral
    lobby = w.channel.last_message
    snap = await w.bot.tables.in_channel(w.channel.id)
    assert snap is not None and snap.deadline is not None
    shown = lobby.embeds[0].description
    assert f"<t:{int(snap.deadline.timestamp())}:R>" in shown, shown  # the lobby says when
    await w.env.advance_time(10 * 60)
    await w.bob.click(lobby, label="Join")  # activity: fifteen minutes from now
    await w.env.advance_time(10 * 60)
    assert (await w.bot.tables.get(snap.id)).status == "lobby"
    await w.env.advance_time(6 * 60)
    await w.bot.publisher.idle()
    closed = await w.bot.tables.get(snap.id)
    assert closed.status == "void"
    message = next(m for m in w.channel.history() if m.id == lobby.id)
    text = message.embeds[0].description or ""
    assert "Nobody started this table for 15 minutes, so it closed." in text, text
    assert not message.components  # no buttons on a closed table
    again = await w.bob.slash(w.channel, "play", game="renfield")  # the channel is free again
    assert not again.ephemeral


async def test_the_twenty_sixth_watcher_is_refused(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="reversis")  # its lobby has room for Watch
    lobby = w.channel.last_message
    watchers = [w.guild.add_member(w.env.create_user(f"watcher{i}")) for i in range(26)]
    for who in watchers[:25]:
        r = await who.click(lobby, label="Watch")
        assert r.ephemeral and "You're watching table" in r.response.content
    assert w.bot.publisher.spectators.count() == 25
    again = await watchers[0].click(lobby, label="Watch")  # one already watching keeps their place
    assert "You're watching table" in again.response.content
    last = watchers[25]
    text = refusal(await last.click(lobby, label="Watch"))
    assert "25 people are watching this table already" in text, text
    snap = await w.bot.tables.in_channel(w.channel.id)
    assert snap is not None
    assert await w.bot.tables.watcher_first_hand(snap.id, last.id) is None  # the refusal recorded nothing
    # Someone stops watching: there is room again.
    panel = next(m for m in w.channel.history(viewer=watchers[1]) if m.flags.ephemeral)
    await watchers[1].click(panel, label="Stop watching")
    r = await last.click(lobby, label="Watch")
    assert "You're watching table" in r.response.content


async def test_a_hundred_join_leave_pairs_make_a_few_public_edits(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    await w.bot.publisher.idle()
    since, began = len(w.env.http_requests), w.env.now()
    for _ in range(100):
        await w.bob.click(lobby, label="Join")
        await w.bob.click(lobby, label="Leave")
    await w.bot.publisher.idle()
    assert message_edits(w, lobby.id, since) == LOBBY_BURST  # the rest waits for the pace
    await w.env.advance_time(LOBBY_EVERY)
    await w.bot.publisher.idle()
    edits = message_edits(w, lobby.id, since)
    elapsed = (w.env.now() - began).total_seconds()
    # A burst, then one edit per LOBBY_EVERY seconds of SimCord's clock, whatever the machine's speed.
    assert edits == LOBBY_BURST + 1, (edits, elapsed)
    # The last edit shows the lobby as it is: bob isn't seated.
    message = next(m for m in w.channel.history() if m.id == lobby.id)
    seated = next(f.value for f in message.embeds[0].fields if f.name == "Seated")
    assert f"<@{w.bob.id}>" not in seated and f"<@{w.alice.id}>" in seated, seated
    assert f"<@{w.bob.id}> left." in (await w.bot.tables.in_channel(w.channel.id)).recent[-1]
