"""One member's flood, through SimCord and the real bot (issue 24): every limit holds and says so.

60 ``/play`` in 60 channels leave three lobbies; an idle lobby closes when the
clock passes its deadline and says why; the 26th watcher is refused; a hundred
Join/Leave pairs cost a few public edits, not two hundred.
"""

from __future__ import annotations

import re

import pytest
import simcord

from cogs.ui.publisher import LOBBY_BURST, LOBBY_EVERY
from cogs.ui.spectators import WATCH_BURST, WATCH_EVERY, spectator_payload
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, refusal
from tests.e2e.test_table_threads import threads_on
from tests.e2e.test_watching import panel_of

PATCH_MESSAGE = re.compile(r"^/channels/(\d+)/messages/(\d+)$")
CALLBACK = re.compile(r"^/interactions/\d+/([^/]+)/callback$")


def message_edits(w: World, message_id: int, since: int) -> int:
    """Edits of one channel message (PATCH) the bot made since request number ``since``."""
    return sum(
        1 for q in w.env.http_requests[since:]
        if q.method == "PATCH" and (m := PATCH_MESSAGE.match(q.path)) is not None and int(m[2]) == message_id
    )


def panel_edits(w: World, token: str, since: int) -> int:
    """Edits of one interaction's message (a private panel) since request number ``since``."""
    return sum(
        1 for q in w.env.http_requests[since:]
        if q.method == "PATCH" and q.path.endswith(f"/{token}/messages/@original")
    )


def last_answer_token(w: World) -> str:
    """The token of the interaction the bot answered last (its panel is edited through it)."""
    for q in reversed(w.env.http_requests):
        if (m := CALLBACK.match(q.path)) is not None:
            return m[1]
    raise AssertionError("no interaction was answered")


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
    assert "as many as this server allows (3)" in text
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
    # A burst, then at most one edit per LOBBY_EVERY seconds of SimCord's clock, whatever the machine's
    # speed (none when the burst's last edit already shows the lobby as it is now).
    assert edits in (LOBBY_BURST, LOBBY_BURST + 1), (edits, elapsed)
    # The last edit shows the lobby as it is: bob isn't seated.
    message = next(m for m in w.channel.history() if m.id == lobby.id)
    seated = next(f.value for f in message.embeds[0].fields if f.name == "Seated")
    assert f"<@{w.bob.id}>" not in seated and f"<@{w.alice.id}>" in seated, seated
    assert f"<@{w.bob.id}> left." in (await w.bot.tables.in_channel(w.channel.id)).recent[-1]


async def test_watcher_panels_keep_a_pace_through_a_fast_run_of_moves(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    watchers = [w.erin, *(w.guild.add_member(w.env.create_user(f"fan{i}")) for i in range(4))]
    panels = {}
    for who in watchers:
        r = await who.click(table.table_message(), label="Watch")
        assert r.ephemeral and r.response is not None
        panels[who.id] = (last_answer_token(w), r.response.id)
    await w.bot.publisher.idle()
    since = len(w.env.http_requests)
    moves = 0
    for _ in range(12):  # a fast run of moves: SimCord's clock stands still
        if await table.play_turn() is None:
            break
        moves += 1
    await w.bot.publisher.idle()
    assert moves >= 10
    # Not one edit per watcher per move: a burst each, then they wait for the pace.
    assert [panel_edits(w, token, since) for token, _id in panels.values()] == [WATCH_BURST] * len(watchers)
    await w.env.advance_time(WATCH_EVERY)
    await w.bot.publisher.idle()
    assert [panel_edits(w, token, since) for token, _id in panels.values()] == [WATCH_BURST + 1] * len(watchers)
    # …and that one edit shows the table as it stands.
    snap = await w.bot.tables.get(table.table_id())
    expected = spectator_payload(snap, 1)["embed"].to_dict()
    for who in watchers:
        shown = panel_of(w, who, panels[who.id][1])
        assert shown.embeds[0].to_dict() == expected


async def test_admin_settings_show_and_change_the_limits(world: World) -> None:
    w = world
    r = await w.mod.slash(w.channel, "admin settings")
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert (fields["Idle lobby closes after (min)"], fields["Open lobbies per member"], fields["Watchers per table"]) == (
        "15", "3", "25"
    )
    r = await w.mod.slash(w.channel, "admin settings", lobby_idle_minutes=5, max_lobbies_per_user=1, max_watchers=0)
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert (fields["Idle lobby closes after (min)"], fields["Open lobbies per member"], fields["Watchers per table"]) == (
        "5", "1", "0"
    )
    # Out of range: Discord's own check refuses it before the bot, and nothing changes.
    with pytest.raises(simcord.OptionError):
        await w.mod.slash(w.channel, "admin settings", lobby_idle_minutes=0)
    assert (await w.bot.economy.settings(w.guild.id)).lobby_idle_minutes == 5
    # The new values hold: one lobby per member, nobody may watch, five idle minutes.
    other = w.guild.create_text_channel("other")
    await w.alice.slash(w.channel, "play", game="reversis")
    assert "as many as this server allows (1)" in refusal(await w.alice.slash(other, "play", game="reversis"))
    lobby = w.channel.last_message
    assert "doesn't let anyone watch" in refusal(await w.erin.click(lobby, label="Watch"))
    await w.env.advance_time(5 * 60 + 2)
    assert await w.bot.tables.in_channel(w.channel.id) is None


async def test_a_refused_play_opens_no_thread(world: World) -> None:
    w = world
    await threads_on(w)
    channels = [w.guild.create_text_channel(f"thread-flood-{i}") for i in range(5)]
    since = len(w.env.http_requests)
    for ch in channels:
        await w.alice.slash(ch, "play", game="renfield")
    assert [len(ch.threads) for ch in channels] == [1, 1, 1, 0, 0]
    made = [q.path for q in w.env.http_requests[since:] if q.method == "POST" and q.path.endswith("/threads")]
    assert len(made) == 3, made  # not made and deleted again: never made
    rows = await w.bot.tables.db.fetchall("SELECT id FROM tables WHERE host_id=?", (w.alice.id,))
    assert len(rows) == 3


async def test_a_held_lobby_edit_goes_out_when_the_bot_closes(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    await w.bot.publisher.idle()
    since = len(w.env.http_requests)
    for _ in range(LOBBY_BURST):
        await w.bob.click(lobby, label="Join")
        await w.bob.click(lobby, label="Leave")
    await w.bob.click(lobby, label="Join")
    await w.bot.publisher.idle()
    assert message_edits(w, lobby.id, since) == LOBBY_BURST  # the last changes wait for the pace
    w.bot.publisher.close()  # what the bot does when it shuts down
    await w.bot.publisher.idle()
    assert message_edits(w, lobby.id, since) == LOBBY_BURST + 1
    message = next(m for m in w.channel.history() if m.id == lobby.id)
    seated = next(f.value for f in message.embeds[0].fields if f.name == "Seated")
    assert f"<@{w.bob.id}>" in seated  # the newest lobby, not one from the middle of the burst
