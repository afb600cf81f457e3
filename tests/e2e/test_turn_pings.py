"""Turns reach the player (issue 26): a new message that mentions the player to act, removed once
they have acted, at most one per table; ``/settings`` turns it off or into a direct message;
computers and a player acting in an open panel are never pinged.

Discord notifies nobody of an edited message, so each ping is checked to be a *new* message (a
POST carrying the mention in ``allowed_mentions``), never an edit.
"""

from __future__ import annotations

from typing import Any

import pytest
from simcord.builders import ChannelHandle

from cogs.ui import publisher as publisher_module
from tests.e2e.conftest import World
from tests.e2e.test_computers import open_with_computers
from tests.e2e.test_play import open_table

PING = "it's your turn at"


def pings_in(channel: Any) -> list[Any]:
    return [m for m in channel.history() if PING in (m.content or "")]


def ping_posts(w: World, channel_id: int) -> list[dict[str, Any]]:
    """The bodies of every ping the bot sent to ``channel_id`` (a POST: a new message)."""
    return [
        r.json for r in w.env.http_requests
        if r.method == "POST" and r.path == f"/channels/{channel_id}/messages" and r.json is not None
        and PING in (r.json.get("content") or "")
    ]


@pytest.fixture
def never_active(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every turn change pings (nobody counts as sitting at an open panel)."""
    monkeypatch.setattr(publisher_module, "ACTIVE_SECONDS", 0.0)


async def test_each_turn_pings_the_player_to_act_in_a_new_message_and_one_stands_at_most(
    world: World, never_active: None
) -> None:
    w = world
    players = w.players[:3]
    table = await open_table(w, "renfield", players)
    table_id = table.table_id()
    pinged: list[int] = []
    for _ in range(12):
        await w.bot.publisher.idle()
        snap = await w.bot.tables.get(table_id)
        standing = pings_in(w.channel)
        assert len(standing) <= 1, [m.content for m in standing]
        if snap.to_act_users and not snap.paused:
            (ping,) = standing
            assert ping.content.startswith(f"▶ <@{snap.to_act_users[0]}>, it's your turn at **Renfield")
            assert f"/{w.channel.id}/{table.table_message().id}" in ping.content  # a link to the table
            pinged.append(snap.to_act_users[0])
        elif snap.paused:
            assert standing == []  # the hand is over: nobody's turn, no ping left behind
        if await table.play_turn() is None:
            break
    assert len(set(pinged)) == 3, pinged  # everyone was told of their turn
    posts = ping_posts(w, w.channel.id)
    assert len(posts) >= len(pinged)
    for body in posts:  # the ping is in the mention list: Discord notifies them
        users = body["allowed_mentions"]["users"]
        assert len(users) == 1 and f"<@{users[0]}>" in body["content"]
    deleted = [r for r in w.env.http_requests if r.method == "DELETE" and r.path.startswith(f"/channels/{w.channel.id}/messages/")]
    assert len(deleted) >= len(posts) - 1  # each ping went once its player acted


async def test_a_player_chooses_no_ping_or_a_direct_message(world: World, never_active: None) -> None:
    w = world
    r = await w.bob.slash(w.channel, "settings", turn_ping="off")
    assert r.ephemeral and "Saved. When it's your turn, you get none" in r.response.content
    r = await w.carol.slash(w.channel, "settings", turn_ping="dm")
    assert r.ephemeral and "you get a direct message" in r.response.content
    r = await w.alice.slash(w.channel, "settings")
    assert "When it's your turn, you get a message in the table's channel that mentions you" in r.response.content
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    table_id = table.table_id()
    carol_turns = 0
    carol_dm = ChannelHandle(w.env, None, w.env.backend.get_dm_channel(w.carol.id))
    for _ in range(12):
        await w.bot.publisher.idle()
        snap = await w.bot.tables.get(table_id)
        dms = [m for m in carol_dm.history() if "It's your turn at **Renfield" in (m.content or "")]
        assert len(dms) <= 1
        if snap.to_act_users == (w.carol.id,):
            carol_turns += 1
            assert len(dms) == 1 and f"/{w.channel.id}/" in dms[0].content
        if await table.play_turn() is None:
            break
    assert carol_turns >= 1
    said = "\n".join(b["content"] for b in ping_posts(w, w.channel.id))
    assert f"<@{w.bob.id}>" not in said and f"<@{w.carol.id}>" not in said  # off, and by DM
    assert f"<@{w.alice.id}>" in said


async def test_computers_and_a_player_at_an_open_panel_are_not_pinged(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = world
    monkeypatch.setattr(publisher_module, "ACTIVE_SECONDS", 10**6)  # whoever used a panel is at the table
    table = await open_with_computers(w, "renfield", ["easy", "easy"])
    table_id = table.table_id()
    computers = {u for u, _s in (await w.bot.tables.get(table_id)).computers}
    alice_turns = 0
    for _ in range(200):
        await w.bot.publisher.idle()
        snap = await w.bot.tables.get(table_id)
        if not snap.is_open or snap.paused:
            break
        if w.alice.id not in snap.to_act_users:
            await w.env.settle()  # the computers think
            continue
        alice_turns += 1
        panel = (await table.open_hand(w.alice)).response
        await table.act(w.alice, panel)
    assert alice_turns >= 2
    posts = ping_posts(w, w.channel.id)
    assert len(posts) == 1 and f"<@{w.alice.id}>" in posts[0]["content"]  # her first turn only
    assert not any(f"<@{c}>" in p["content"] for p in posts for c in computers)
