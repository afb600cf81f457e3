"""The other slash commands through SimCord: rules, economy, history, admin, errors."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from cogs.ui.options import fields_of
from cogs.ui.threads import INVITE_PERMISSIONS, permission_names
from games import get_game
from games.core.summary import RulesText
from tests.e2e.conftest import World, make_bot
from tests.e2e.test_play import open_table, play_until_hand, refusal, snapshot

ROOT = Path(__file__).resolve().parents[2]


async def test_rules_are_generic_and_short(world: World) -> None:
    for game_id in ("renfield", "scurro"):
        r = await world.alice.slash(world.channel, "rules", game=game_id)
        embed = r.response.embeds[0]
        game = get_game(game_id)
        assert r.ephemeral and embed.title.startswith(game.title)
        assert embed.description == RulesText.parse(game.rules_summary).body
        fields = {f.name: f.value for f in embed.fields}
        assert all(f"Variant: {game.preset_label(name)}" in fields for name in game.presets)
        house = "\n".join(f.value for f in embed.fields if f.name.startswith("House rules") or f.name == "\u200b")
        for f in fields_of(game.Options):
            assert f"**{f.label}**" in house
        assert len(embed) <= 6000


async def test_preset_autocomplete_offers_that_games_variants(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "play", "preset", "stud", game="scurro")
    game = get_game("scurro")
    # players read the variants' labels; the command takes their keys
    assert {c["value"]: c["name"] for c in choices} == {
        "7-card-stud": "7-Card Stud", "8-card-stud": "8-Card Stud",
        "mayhem": "Mayhem: Stud, wild cards, Death Cards and Buying the Trick",
    }
    assert all(c["name"] == game.preset_label(c["value"]) for c in choices)


async def test_balance_daily_and_one_table_per_channel(world: World) -> None:
    w = world
    r = await w.bob.slash(w.channel, "balance")
    assert r.ephemeral and "**100**" in r.response.content
    r = await w.bob.slash(w.channel, "daily")
    assert "**150**" in r.response.content
    r = await w.bob.slash(w.channel, "daily")
    assert r.ephemeral and "already" in r.response.content.lower()
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    stored = w.env.backend.get_message(w.channel.id, lobby.id)
    assert f"<@{w.alice.id}>" in lobby.content and stored.ping_user_ids == []  # named, not pinged
    r = await w.bob.slash(w.channel, "play", game="scurro")
    assert r.ephemeral and "already" in r.response.content.lower()
    r = await w.bob.slash(w.channel, "balance", user=w.alice)
    assert f"<@{w.alice.id}>" in r.response.content


async def test_not_enough_chips_is_a_clear_private_message(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "play", game="renfield", buy_in=500)
    assert r.ephemeral and "chips" in refusal(r).lower()
    await w.alice.slash(w.channel, "play", game="renfield", buy_in=50)
    lobby = w.channel.last_message
    await w.mod.slash(w.channel, "admin grant", user=w.bob, amount=-60)  # bob keeps 40 < 50
    joined = [await p.click(lobby, label="Join") for p in (w.bob, w.carol, w.dave)]
    r = await w.alice.click(lobby, label="Start")
    # Bob is told privately, when he joins or when the host starts (then the host is told who and why).
    if joined[0].ephemeral:
        assert "chips" in refusal(joined[0]).lower()
    else:
        assert r.ephemeral and f"<@{w.bob.id}>" in refusal(r) and "chips" in refusal(r).lower()
    snap = await w.bot.tables.in_channel(w.channel.id)
    assert snap is not None and w.bob.id not in {s.user_id for s in snap.seats} and len(snap.seats) == 3


async def test_admin_commands_need_manage_server(world: World) -> None:
    w = world
    assert "admin grant" not in w.erin.available_commands(w.channel)
    assert "admin grant" in w.mod.available_commands(w.channel)
    r = await w.mod.slash(w.channel, "admin grant", user=w.erin, amount=25)
    assert r.ephemeral and "125" in r.response.content
    r = await w.mod.slash(w.channel, "admin audit")
    assert "balances" in r.response.embeds[0].description
    r = await w.mod.slash(w.channel, "admin settings", daily_amount=75)
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["Daily chips"] == "75"
    r = await w.erin.slash(w.channel, "daily")
    assert "+75" in r.response.content


async def test_admin_runtime_check_even_if_discord_shows_the_command(world: World) -> None:
    """A server may let anyone see /admin (integration settings); the bot still checks Manage Server."""
    w = world
    commands = await w.bot.tree.fetch_commands()
    admin = next(c for c in commands if c.name == "admin")
    w.guild.set_command_permissions(admin, {w.erin: True})
    r = await w.erin.slash(w.channel, "admin grant", user=w.erin, amount=1000)
    assert r.ephemeral and "Manage Server" in refusal(r)
    assert await w.bot.economy.balance(w.guild.id, w.erin.id) == 100


async def test_history_gives_every_game_its_hands_as_json_lines(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    await play_until_hand(w, table, 2)
    r = await w.alice.slash(w.channel, "history")
    message = r.followups[-1] if r.followups else r.response
    assert message.ephemeral and [f.filename for f in message.attachments] == [
        f"renfield-table{table.table_id()}-hand1.jsonl"
    ]


async def test_history_files_for_a_game_with_hand_histories(world: World) -> None:
    w = world
    table = await open_table(w, "razz", [w.alice, w.bob, w.carol])
    r = await w.alice.slash(w.channel, "history")
    assert "No finished hands yet." in (r.followups[-1] if r.followups else r.response).content
    await play_until_hand(w, table, 3)
    r = await w.alice.slash(w.channel, "history")
    message = r.followups[-1] if r.followups else r.response
    assert message.ephemeral
    files = message.attachments
    phh = [f for f in files if f.filename.endswith(get_game("razz").history_suffix)]
    assert len(phh) == 2 and len(files) == 4 and all(f.filename.endswith((".jsonl", ".phh")) for f in files)


async def test_timers_are_rearmed_after_a_restart(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players, turn_seconds=60)
    before = await snapshot(w, table)
    await w.env.advance_time(20)
    await w.env.restart_bot(make_bot(w.db_path))
    await w.env.advance_time(45)
    after = await snapshot(w, table)
    assert after.seq == before.seq + 1


def test_readme_invite_asks_only_for_the_needed_permissions() -> None:
    text = (ROOT / "README.md").read_text()
    value = int(re.search(r"permissions=(\d+)", text).group(1))
    perms = discord.Permissions(value)
    assert perms == INVITE_PERMISSIONS  # what the code checks before opening a table's thread
    needed = discord.Permissions(
        view_channel=True, send_messages=True, send_messages_in_threads=True, embed_links=True,
        attach_files=True, read_message_history=True, use_application_commands=True,
        create_public_threads=True, manage_threads=True,
    )
    assert perms == needed
    flat = " ".join(text.split())
    for name in permission_names(INVITE_PERMISSIONS):  # and the README names each one
        assert f"**{name}**" in flat, name
    assert not perms.administrator and not perms.manage_messages and not perms.mention_everyone


@pytest.mark.parametrize("intent", ["members", "presences", "message_content"])
def test_no_privileged_intents(intent: str) -> None:
    bot = make_bot(":memory:")
    assert getattr(bot.intents, intent) is False
