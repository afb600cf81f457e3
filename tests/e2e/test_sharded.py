"""The bot on discord.py's sharded client (``python -m bot`` with CARDROOM_SHARD_COUNT) through SimCord.

SimCord drives an ``AutoShardedBot`` like the plain one: a process running
every shard of a count (SQLite is fine then) plays a table to its second hand.
"""

from __future__ import annotations

import itertools

import pytest

from bot.client import CardroomBot, ShardedCardroomBot, make_bot
from bot.shards import ShardPlan, shard_of
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, play_until_hand, snapshot


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
