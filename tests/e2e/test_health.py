"""The bot's health line through SimCord: logged every minute of the table's clock."""

from __future__ import annotations

import logging

import pytest

from bot.client import CardroomBot
from tests.e2e.conftest import World


@pytest.fixture
def simcord_bot(db_path: str) -> CardroomBot:
    """The bot with its health line, sampling every 10 s of SimCord's clock (production: every 1 s;
    SimCord settles after every timer it fires, so 1 s samples would make a minute cost seconds)."""
    return CardroomBot(db_path=db_path, seed_source=lambda: 1000, computer_pause=0, health_tick=10.0)


async def test_the_bot_logs_a_health_line_every_minute(world: World, caplog: pytest.LogCaptureFixture) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    await w.bob.click(w.channel.last_message, label="Join")
    await w.carol.click(w.channel.last_message, label="Join")
    await w.alice.click(w.channel.last_message, label="Start")
    with caplog.at_level(logging.INFO, logger="cardroom.health"):
        await w.env.advance_time(61)
    lines = [r.getMessage() for r in caplog.records if r.name == "cardroom.health"]
    assert lines and lines[-1].startswith("health: tables=1 playing=1 waiting_interactions=0"), lines
    assert w.bot.health.last is not None and w.bot.health.last.ticks == 6
