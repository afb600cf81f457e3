"""SimCord fixtures: the real CardroomBot on a fresh SQLite file, a server, players, and checks.

After every scenario that used the ``world`` fixture, the chip ledger audit
must hold and no public message may show a card of anyone's hidden hand.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
import simcord

from bot.client import CardroomBot
from bot.service.events import formats
from tools.simclock import simcord_clock


def make_bot(db_path: str, **kwargs: Any) -> CardroomBot:
    seeds = itertools.count(1000)
    # No beat before a computer's move: SimCord's clock only moves when a test moves it (one test does).
    # No health line either: its once-a-second sample would make every moved minute cost real seconds
    # (tests/e2e/test_health.py turns it on).
    return CardroomBot(db_path=db_path, seed_source=lambda: next(seeds), computer_pause=0, health_tick=None, **kwargs)


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "cardroom.sqlite3")


@pytest.fixture
def simcord_bot(db_path: str) -> CardroomBot:
    return make_bot(db_path)


#: The level clock of tournament tests that are about kills, restarts and standings, not the
#: pace: the stakes rise every 2 minutes, not 10, so the events reach their knock-outs (and their
#: end) in a few hands. Opt in with ``pytest.mark.usefixtures("quick_levels")``.
QUICK_LEVEL_MINUTES = 2


@pytest.fixture
def quick_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formats, "LEVEL_MINUTES", QUICK_LEVEL_MINUTES)


@pytest_asyncio.fixture(autouse=True)
async def closed_at_the_end(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    """Closes the scenario's bot (whichever ``simcord_bot`` made it) after SimCord's shutdown.

    SimCord detaches the bot and cancels its tasks but never closes it: the database connection's
    thread then answered a cancelled read after the test's loop had closed ("Event loop is closed",
    a warning in a later test). Set up before ``simcord_env``, this is torn down after it, and closes
    the bot as ``python -m bot`` does. (A test's restart drops the old bot unclosed on purpose: a kill.)
    """
    if "simcord_env" not in request.fixturenames:
        yield
        return
    bot: CardroomBot = request.getfixturevalue("simcord_bot")
    yield
    await bot.close()


@pytest.fixture
def simcord_env(simcord_env: simcord.Env) -> Iterator[simcord.Env]:
    """SimCord's environment, with the bot's turn timers, health samples and computer beats on its clock
    only (``tools/simclock.py``): time passes when a test moves it, however busy the machine is."""
    with simcord_clock(simcord_env):
        yield simcord_env


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    dave: simcord.MemberActor
    erin: simcord.MemberActor  # never seated: the outsider
    mod: simcord.MemberActor  # has Manage Server
    db_path: str

    @property
    def bot(self) -> CardroomBot:
        return self.env.bot  # type: ignore[return-value]

    @property
    def players(self) -> list[simcord.MemberActor]:
        return [self.alice, self.bob, self.carol, self.dave]


@pytest_asyncio.fixture
async def world(simcord_env: simcord.Env, db_path: str):
    env = simcord_env
    guild = env.create_guild("Cardroom Test")
    channel = guild.create_text_channel("tables")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    names = ("alice", "bob", "carol", "dave", "erin")
    members = [guild.add_member(env.create_user(n)) for n in names]
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    w = World(env, guild, channel, *members, mod=mod, db_path=db_path)
    yield w
    # Every scenario ends with a balanced ledger.
    report = await w.bot.economy.audit(guild.id)
    assert report.ok, report.problems
    # …and no player, in public or in private, was ever shown a seat instead of a name.
    assert_no_seat_texts(env)


#: What engines put where a player is meant ("⟦seat:2⟧"), and the old "Seat 3" wording.
SEAT_TEXT = re.compile(r"⟦seat:\d+⟧|\bSeat \d\b")


def bot_texts(env: simcord.Env) -> list[str]:
    """Every message body the bot sent or edited: channel messages, interaction answers, panel edits."""
    out = []
    for req in env.http_requests:
        path = req.path
        if not (path.startswith(("/channels/", "/interactions/", "/webhooks/")) and req.method in ("POST", "PATCH")):
            continue
        if req.json is not None:
            out.append(json.dumps(req.json, ensure_ascii=False))
    return out


def assert_no_seat_texts(env: simcord.Env) -> None:
    for text in bot_texts(env):
        found = SEAT_TEXT.search(text)
        assert found is None, f"a player was shown {found[0]!r}: {text[:500]}"
