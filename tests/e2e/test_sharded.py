"""The bot on discord.py's sharded client (``python -m bot`` with CARDROOM_SHARD_COUNT) through SimCord.

SimCord drives an ``AutoShardedBot`` like the plain one: a process running
every shard of a count (SQLite is fine then) plays a table to its second hand.
The real ``python -m bot`` process is checked against a loopback stand-in for
Discord (as in test_startup): sharded settings, JSON logs, one-line refusals.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from bot.client import CardroomBot, ShardedCardroomBot, make_bot
from bot.shards import ShardPlan, shard_of
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, play_until_hand, snapshot
from tests.e2e.test_startup import TOKEN, FakeDiscord, assert_one_line, fake_discord, run_bot

__all__ = ["fake_discord"]  # the fixture, shared with test_startup


@pytest.fixture
def simcord_bot(db_path: str) -> CardroomBot:
    seeds = itertools.count(1000)
    plan = ShardPlan(count=2)
    return make_bot(plan, db_path=db_path, seed_source=lambda: next(seeds), computer_pause=0, health_tick=None)


async def test_the_sharded_client_plays_a_table(world: World) -> None:
    w = world
    bot = w.bot
    assert isinstance(bot, ShardedCardroomBot)
    assert (bot.shard_count, sorted(bot.shards), bot.shard_plan) == (2, [0, 1], ShardPlan(count=2))
    guild = bot.get_guild(w.guild.id)
    assert guild is not None and guild.shard_id == shard_of(guild.id, 2)  # discord's own computation
    assert bot.shard_plan.owns(guild.id)
    table = await open_table(w, "renfield", w.players[:3])
    await play_until_hand(w, table, 2)
    snap = await snapshot(w, table)
    assert snap.is_open and snap.hand_no == 2


def test_python_m_bot_runs_a_process_of_shards_with_json_logs(tmp_path: Path, fake_discord: FakeDiscord) -> None:
    """The real process with CARDROOM_SHARD_COUNT: sharded client, JSON log lines, the usual one-line refusal."""
    out = run_bot(
        tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=fake_discord.url,
        CARDROOM_SHARD_COUNT="2", CARDROOM_LOG_FORMAT="json",
    )
    assert out.returncode == 3, out.stderr
    *records, last = out.stderr.strip().splitlines()
    assert last.startswith("cardroom: Discord refused the bot token"), out.stderr
    lines = [json.loads(r) for r in records]  # every log record is one JSON object
    assert any(line["message"].startswith("database ") for line in lines), lines
    assert all((line["shards"], line["shard_count"], line["process"]) == ("all", 2, lines[0]["process"]) for line in lines)
    assert fake_discord.requests and fake_discord.requests[0][0].endswith("/users/@me")


def test_python_m_bot_refuses_some_shards_on_sqlite(tmp_path: Path) -> None:
    out = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_SHARD_COUNT="4", CARDROOM_SHARD_IDS="0,1")
    assert out.returncode == 2
    assert_one_line(out, "Setting CARDROOM_DB", "set CARDROOM_DB=postgresql://")
    assert not (tmp_path / "db").exists()  # refused before the database is touched


async def test_a_process_loads_only_the_tables_of_its_shards(world: World) -> None:
    w = world
    await open_table(w, "renfield", w.players[:3])
    mine = shard_of(w.guild.id, 2)
    for ids, expected in (((mine,), 1), ((1 - mine,), 0)):
        process = make_bot(ShardPlan(2, ids), db_path=w.db_path, sync_commands=False, health_tick=None)
        async with process:  # as python -m bot does: the sharded client is set up on entering
            await process.setup_hook()
            assert process.tables.open_counts()[0] == expected, ids
