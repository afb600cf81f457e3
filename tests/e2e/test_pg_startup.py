"""``python -m bot`` on PostgreSQL tells "unreachable" (wait, then exit 6: restarted) from "misconfigured"
(exit 5 at once: stays down), each in one line; a bot started while the server is down comes up
once it is back. The database keeper gives up after its limit and re-takes tables without a click.

These tests stop and start a cluster of their own (the session's is shared with every other test).
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.client import CardroomBot
from bot.dbkeeper import DatabaseKeeper
from bot.service import TableService
from bot.settings import ExitCode, SettingsError, load_settings
from data.pg import PostgresDatabase
from data.pgfaults import Retry
from tests.e2e.test_startup import TOKEN, FakeDiscord, assert_one_line, bot_env, fake_discord, run_bot
from tests.support.pg import scratch_root, with_database
from tools import pgcluster

__all__ = ["fake_discord"]  # the fixture, shared with test_startup

FAST = Retry(first=0.05, most=0.2, give_up=300, connect_timeout=2)


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[Path]:
    """A cluster these tests may stop; running (with a ``cardroom`` database) when each test starts."""
    directory = Path(tempfile.mkdtemp(prefix="cr-own-", dir=scratch_root()))
    try:
        url = pgcluster.start(directory, durable=False).url()
        subprocess.run(
            [sys.executable, "-c", f"import asyncio, asyncpg\nasync def m():\n c = await asyncpg.connect({url!r})\n"
             " await c.execute('CREATE DATABASE cardroom')\n await c.close()\nasyncio.run(m())"],
            check=True,
        )
        yield directory
    finally:
        pgcluster.stop(directory)
        shutil.rmtree(directory, ignore_errors=True)


def url_of(directory: Path) -> str:
    return with_database(pgcluster.cluster_at(directory).url(), "cardroom")


def test_unreachable_at_start_waits_then_exits_6(tmp_path: Path, fake_discord: FakeDiscord) -> None:
    nowhere = f"postgresql://postgres@/cardroom?host={tmp_path}/no-server&port=5432"
    out = run_bot(
        tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=fake_discord.url, CARDROOM_DB=nowhere,
        CARDROOM_DB_GIVE_UP_SECONDS="0.5", CARDROOM_LOG_LEVEL="ERROR",
    )
    assert out.returncode == ExitCode.DATABASE_AWAY == 6, out.stderr
    assert_one_line(out, "can't reach the database", "Exiting to be restarted")
    assert fake_discord.requests == []


def test_a_missing_database_is_misconfigured_exit_5_at_once(own_cluster: Path, tmp_path: Path) -> None:
    wrong = with_database(url_of(own_cluster), "no_such_db")
    began = time.perf_counter()
    out = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DB=wrong, CARDROOM_LOG_LEVEL="ERROR")
    assert out.returncode == ExitCode.DATABASE == 5, out.stderr
    assert_one_line(out, "can't open the database", "no_such_db", "does not exist", "CARDROOM_DB")
    assert time.perf_counter() - began < 30  # not the default two minutes of waiting


def test_a_bot_started_while_postgresql_is_down_comes_up_when_it_is_back(
    own_cluster: Path, tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    pgcluster.stop_now(own_cluster, "fast")
    env = bot_env(
        tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=fake_discord.url, CARDROOM_DB=url_of(own_cluster),
        CARDROOM_DB_GIVE_UP_SECONDS="60", CARDROOM_LOG_LEVEL="WARNING",
    )
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True
    )
    try:
        time.sleep(1.0)
        assert bot.poll() is None  # waiting for the server, not gone
        assert fake_discord.requests == []
        pgcluster.start(own_cluster, durable=False)
        _, stderr = bot.communicate(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
    # The database opened, so the bot went on to Discord (whose stand-in refuses the token).
    assert bot.returncode == ExitCode.TOKEN_REFUSED, stderr
    assert fake_discord.requests


async def test_the_keeper_gives_up_when_the_server_stays_away(own_cluster: Path) -> None:
    db = await PostgresDatabase.open(url_of(own_cluster), retry=Retry(first=0.05, most=0.2, give_up=0.5))
    gave_up: list[float] = []
    keeper = DatabaseKeeper(db, TableService(db), on_tables=lambda snaps: None, on_give_up=gave_up.append)
    try:
        await asyncio.to_thread(pgcluster.stop_now, own_cluster, "immediate")
        for _ in range(200):
            if gave_up:
                break
            await asyncio.sleep(0.05)
        assert gave_up and gave_up[0] >= 0.5 and not keeper.running
    finally:
        await asyncio.to_thread(pgcluster.start, own_cluster, durable=False)
        await keeper.stop()
        await db.close()


async def test_the_keeper_takes_the_tables_back_without_a_click(pg_url: str) -> None:
    db = await PostgresDatabase.open(pg_url, retry=FAST)
    service = TableService(db)
    resumed: list[int] = []
    keeper = DatabaseKeeper(db, service, on_tables=lambda snaps: resumed.extend(s.id for s in snaps),
                            on_give_up=lambda away: None)
    try:
        snap = await service.open_table(1, 501, 100, "renfield")
        admin = await asyncpg.connect(pg_url)
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1, 5000)", db.server_pids()["leases"])
        finally:
            await admin.close()
        for _ in range(200):
            if resumed:
                break
            await asyncio.sleep(0.05)
        assert resumed == [snap.id] and db.leases.holds(snap.id) and not service.pending
        assert db.down_since is None
    finally:
        await keeper.stop()
        await db.close()


async def test_giving_up_closes_the_bot_with_exit_6() -> None:
    bot = CardroomBot(db_path="unused.sqlite3", health_tick=None)
    bot._give_up(130.0)
    assert bot._closing is not None
    await bot._closing
    assert bot.is_closed()
    assert bot.fatal is not None and bot.fatal.exit_code == ExitCode.DATABASE_AWAY
    assert "unreachable for 130 s" in str(bot.fatal)


def test_the_give_up_limit_is_a_setting() -> None:
    base = {"DISCORD_TOKEN": TOKEN}
    assert load_settings(base).db_give_up_seconds == 120
    assert load_settings({**base, "CARDROOM_DB_GIVE_UP_SECONDS": "15"}).db_give_up_seconds == 15
    for bad in ("0", "soon"):
        with pytest.raises(SettingsError, match="CARDROOM_DB_GIVE_UP_SECONDS is invalid"):
            load_settings({**base, "CARDROOM_DB_GIVE_UP_SECONDS": bad})
