"""The bot on PostgreSQL survives its database going away (issue 24): a running bot through SimCord on
the throwaway cluster, the server restarted (fast and immediate) or one of the bot's connections
terminated (``pg_terminate_backend``). While the server is away a click gets one private line and
changes nothing; once it is back the bot answers clicks again within 10 s, every acknowledged
action is still there, and the ledger audit balances (the ``world`` fixture's check).

The recovery times (fault → first click answered) are printed for the record (``-s``)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import asyncpg
import discord
import pytest

from bot.client import CardroomBot
from bot.service import DatabaseUnreachable, TableElsewhere
from data.leases import LEASES
from data.pg import PostgresDatabase
from data.pgfaults import Retry
from tests.e2e.conftest import World
from tests.e2e.driver import Table, action_controls, in_place
from tests.e2e.test_play import open_table, play_turns, refusal
from tests.support.pg import _admin, run
from tools import pgcluster

#: Fast retries for the tests; the give-up limit is far away (test_pg_give_up tests that one).
RETRY = Retry(first=0.05, most=0.5, give_up=300, connect_timeout=2)
RECOVERED_WITHIN = 10.0
UNREACHABLE = "The bot can't reach its database right now; nothing was changed — try again in a moment."


@pytest.fixture
def db_path(pg_url: str) -> str:
    """The test's database, with commits durable before they are acknowledged (PostgreSQL's default).

    The throwaway cluster turns ``synchronous_commit`` off for speed, which lets a crash (an
    immediate shutdown) lose the last acknowledged commits by design: not what is tested here."""
    name = urlsplit(pg_url).path.lstrip("/")
    run(_admin(pg_url, f'ALTER DATABASE "{name}" SET synchronous_commit = on'))
    return pg_url


@pytest.fixture
def simcord_bot(db_path: str) -> CardroomBot:
    seeds = itertools.count(1000)
    return CardroomBot(
        db_path=db_path, seed_source=lambda: next(seeds), computer_pause=0, health_tick=None, db_retry=RETRY
    )


def cluster_dir(url: str) -> Path:
    host = parse_qs(urlsplit(url).query).get("host", [""])[0]
    if not host.startswith("/"):
        pytest.skip("CARDROOM_TEST_PG names a server these tests can't restart")
    return Path(host)


async def count(w: World, sql: str, *args: object) -> int:
    """One number, read on a connection of the test's own."""
    conn = await asyncpg.connect(w.db_path)
    try:
        return int(await conn.fetchval(sql, *args))
    finally:
        await conn.close()


async def seq(w: World, table: Table) -> int:
    """The table's seq as committed."""
    return await count(w, "SELECT seq FROM tables WHERE id=$1", table.table_id())


async def try_a_turn(table: Table) -> tuple[bool, str]:
    """The player to act opens their hand and acts: (answered, what a refusal said)."""
    who = table.to_act()[0]
    shown = await table.open_hand(who)
    if shown.response is None or not action_controls(shown.response):
        return False, refusal(shown)
    result = await table.act(who, shown)
    return (True, "") if in_place(result, shown.response) else (False, refusal(result))


def answer_times(w: World) -> list[float]:
    """When the bot answered each interaction (before SimCord's settling after it), on the real clock:
    SimCord's ``time.monotonic`` is its virtual one."""
    stamps: list[float] = []
    answered = w.bot.foreground.answered

    def stamped(interaction: discord.Interaction) -> None:
        stamps.append(time.perf_counter())
        answered(interaction)

    w.bot.foreground.answered = stamped  # type: ignore[method-assign]
    return stamps


async def until_answered(table: Table, stamps: list[float]) -> tuple[float, set[str]]:
    """Clicks until a turn is taken: (when the bot answered it, the refusals seen meanwhile)."""
    began, seen = time.perf_counter(), set()
    while time.perf_counter() - began < 30:
        ok, said = await try_a_turn(table)
        if ok:
            return stamps[-1], seen
        seen.add(said)
        await asyncio.to_thread(time.sleep, 0.05)  # a real pause: SimCord's clock stands still
    raise AssertionError(f"no click answered in 30 s; the bot said {seen}")


async def terminate(w: World, which: str) -> None:
    db = w.bot.db
    assert isinstance(db, PostgresDatabase)
    pid = db.server_pids()[which]
    conn = await asyncpg.connect(w.db_path)
    try:
        assert await conn.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await conn.close()


async def started_table(w: World) -> Table:
    table = await open_table(w, "renfield", w.players[:3])
    assert await play_turns(table, 3) == 3
    return table


async def recover(w: World, table: Table, fault: Callable[[], Awaitable[None]], what: str) -> None:
    before = await seq(w, table)
    stamps = answer_times(w)
    began = time.perf_counter()
    await fault()
    answered, refusals = await until_answered(table, stamps)
    elapsed = answered - began
    print(f"\nrecovery after {what}: first click answered {elapsed:.2f} s after the fault")
    assert elapsed < RECOVERED_WITHIN, (what, elapsed)
    assert refusals <= {UNREACHABLE}, refusals  # never "Something went wrong", never "another part"
    assert await seq(w, table) == before + 1  # the one answered action, on top of all acknowledged ones
    assert await play_turns(table, 3) == 3  # and play goes on


@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_the_bot_answers_again_after_postgresql_restarts(world: World, mode: str) -> None:
    w = world
    directory = cluster_dir(w.db_path)
    table = await started_table(w)
    before = await seq(w, table)
    await asyncio.to_thread(pgcluster.stop_now, directory, mode)
    try:
        ok, said = await try_a_turn(table)  # the server is down: one clear private line
        assert (ok, said) == (False, UNREACHABLE)
        assert str(DatabaseUnreachable()) == UNREACHABLE
    finally:
        await asyncio.to_thread(pgcluster.start, directory, durable=False)
    assert await seq(w, table) == before  # the refused click changed nothing
    await until_answered(table, answer_times(w))
    assert await seq(w, table) == before + 1

    async def restart() -> None:  # pg_ctl restart: down and straight back up, then the players click
        began = time.perf_counter()
        await asyncio.to_thread(pgcluster.stop_now, directory, mode)
        await asyncio.to_thread(pgcluster.start, directory, durable=False)
        print(f"\n(the server was down and up again in {time.perf_counter() - began:.2f} s)", end="")

    await recover(w, table, restart, f"a {mode} restart")
    db = w.bot.db
    assert isinstance(db, PostgresDatabase) and db.down_since is None


@pytest.mark.parametrize("which", ["leases", "writer"])
async def test_the_bot_answers_again_after_a_connection_is_terminated(world: World, which: str) -> None:
    w = world
    table = await started_table(w)

    async def cut() -> None:
        await terminate(w, which)

    await recover(w, table, cut, f"the {which} connection terminated")
    db = w.bot.db
    assert isinstance(db, PostgresDatabase)
    assert db.leases.holds(table.table_id())  # driven on a lease proven on the new connection


async def test_a_table_another_process_took_meanwhile_is_not_driven(world: World) -> None:
    """The lease connection drops and, before this process re-claims the table, another one takes it:
    the table is not driven here until that one lets go, then it is picked up again."""
    w = world
    table = await started_table(w)
    before = await seq(w, table)
    snap = await w.bot.tables.get(table.table_id())
    actor = snap.to_act_users[0]
    seat = snap.seat_of(actor)
    assert seat is not None
    legal = snap.game.legal_actions(snap.state, seat)[0]  # a move that would be taken if the table were driven
    db = w.bot.db
    assert isinstance(db, PostgresDatabase)
    thief = await asyncpg.connect(w.db_path)
    try:  # another session queues for the lock, so it gets it the moment the bot's lease connection ends
        queued = asyncio.ensure_future(thief.fetchval("SELECT pg_advisory_lock($1, $2)", LEASES, table.table_id()))
        while not await count(w, "SELECT count(*) FROM pg_locks WHERE locktype='advisory' AND NOT granted"):
            await asyncio.to_thread(time.sleep, 0.01)
        await terminate(w, "leases")
        await asyncio.wait_for(queued, 10)
        # The server may grant the thief's lock a moment before this process reads its socket's end:
        # the lease counts as lost from then on (until then the seq fence in ``save`` guards the table).
        began = time.perf_counter()
        while db.leases.holds(table.table_id()) and time.perf_counter() - began < 10:
            await asyncio.to_thread(time.sleep, 0.01)  # a real pause: the socket's end is read meanwhile
        with pytest.raises(TableElsewhere):  # (no click here: SimCord would wait for the polling to end)
            await w.bot.tables.act(table.table_id(), actor, legal, seq=before)
        assert await seq(w, table) == before  # not driven while another process holds it
        assert table.table_id() in w.bot.tables.pending
    finally:
        await thief.close()  # let go: the waiting table is picked up again
    await until_answered(table, answer_times(w))
    assert await seq(w, table) == before + 1
