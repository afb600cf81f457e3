"""Two service processes on one PostgreSQL database: each drives only its own tables, a killed one's
tables are left alone by the other and resumed by its restart with nothing lost.

A "process" here is a ``PostgresDatabase`` + ``TableService`` pair with its own connections; a kill
drops every one of its connections at once (``terminate``), as the server sees a dead process. The
benchmark (``benchmarks/shards.py``) does the same with real processes and SIGKILL.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable

import pytest

from bot.service import TableElsewhere
from data.pg import PostgresDatabase
from tests.service.test_tables import HOST, P1, P2, P3, Clock, Env, play_hand, step

GA, GB = 1, 2  # one guild per process
CA, CB = 501, 502


def only(guild: int) -> Callable[[int], bool]:
    return lambda g: g == guild


@pytest.fixture
async def pair(pg_url: str) -> AsyncIterator[tuple[Env, Env]]:
    clock = Clock()
    a = await Env(pg_url, clock, owns_guild=only(GA)).open()
    b = await Env(pg_url, clock, owns_guild=only(GB)).open()
    yield a, b
    for env in (a, b):
        await env.close()


async def table(env: Env, guild: int, channel: int) -> int:
    snap = await env.svc.open_table(guild, channel, HOST, "renfield")
    for u in (P1, P2, P3):
        await env.svc.join(snap.id, u)
    return (await env.svc.start(snap.id, HOST)).snapshot.id


def kill(env: Env) -> None:
    for db in (env.db, env.other):
        if isinstance(db, PostgresDatabase):
            db.terminate()


async def test_a_killed_process_tables_are_left_alone_then_resumed_with_nothing_lost(pair: tuple[Env, Env]) -> None:
    a, b = pair
    rng = random.Random(16)
    ta, tb = await table(a, GA, CA), await table(b, GB, CB)
    for _ in range(5):
        await step(a, ta, rng)
        await step(b, tb, rng)
    before = await a.svc.get(ta)
    assert before.status == "playing" and before.seq > 0
    # Neither process may drive the other's table: not its guild…
    with pytest.raises(TableElsewhere):
        await b.svc.get(ta)
    with pytest.raises(TableElsewhere):
        await b.svc.act(ta, before.to_act_users[0], "x", seq=before.seq)
    # …and a misconfigured twin that claims every guild finds the table leased.
    twin = await Env(a.target, a.clock).open()
    with pytest.raises(TableElsewhere):
        await twin.svc.get(ta)
    assert [s.id for s in await twin.svc.load_open_tables()] == []  # both tables are held

    kill(a)  # mid-hand
    for _ in range(5):  # the other process goes on with its own table, never touching A's
        await step(b, tb, rng)
    assert [s.id for s in await b.svc.load_open_tables()] == [tb]
    assert (await b.other.fetchone("SELECT seq FROM tables WHERE id=?", (ta,)))[0] == before.seq  # type: ignore[union-attr]

    # The server dropped the dead process's leases with its connections: the restart takes them at once.
    began = time.perf_counter()
    restarted = await Env(a.target, a.clock, owns_guild=only(GA)).open()
    resumed = await restarted.svc.load_open_tables()
    assert time.perf_counter() - began < 5
    assert [s.id for s in resumed] == [ta]
    assert resumed[0].seq == before.seq and resumed[0].game.dump(resumed[0].state) == before.game.dump(before.state)
    with pytest.raises(TableElsewhere):  # and now the twin is refused by the new owner's lease
        await twin.svc.get(ta)
    await play_hand(restarted, ta, rng)
    await play_hand(b, tb, rng)
    assert (await restarted.eco.audit()).ok
    await twin.close()
    await restarted.close()


async def test_a_lease_is_given_back_when_its_table_ends(pair: tuple[Env, Env]) -> None:
    a, _b = pair
    ta = await table(a, GA, CA)
    assert a.db.leases.holds(ta)
    await a.svc.end(ta, HOST, is_admin=True, now=True)
    assert not a.db.leases.holds(ta)
    free = await PostgresDatabase.open(a.target, migrate=False)
    try:
        assert await free.leases.claim(ta)  # nobody holds it any more
    finally:
        await free.close()


async def test_losing_the_lease_connection_stops_driving_until_the_lease_is_taken_again(pair: tuple[Env, Env]) -> None:
    """If the lease connection dies (a network cut), no table is driven on the old lease: the next
    move first claims the table again on a new connection, which another process then can't take."""
    a, _b = pair
    ta = await table(a, GA, CA)
    a.db.leases.terminate()  # type: ignore[attr-defined]
    await asyncio.sleep(0.05)
    assert not a.db.leases.holds(ta)  # unproven: not driven on what the old connection held
    await step(a, ta, random.Random(1))
    assert a.db.leases.holds(ta)  # re-claimed on the new connection first
    twin = await Env(a.target, a.clock).open()
    try:
        with pytest.raises(TableElsewhere):
            await twin.svc.get(ta)
    finally:
        await twin.close()


async def test_a_table_taken_over_while_the_lease_was_lost_is_not_driven(pair: tuple[Env, Env]) -> None:
    a, _b = pair
    ta = await table(a, GA, CA)
    snap = await a.svc.get(ta)
    a.db.leases.terminate()  # type: ignore[attr-defined]
    await asyncio.sleep(0.05)
    twin = await Env(a.target, a.clock).open()  # a misconfigured twin grabs the free lease
    assert [s.id for s in await twin.svc.load_open_tables()] == [ta]
    with pytest.raises(TableElsewhere):
        await step(a, ta, random.Random(1))
    assert ta in a.svc.pending and await a.svc.adopt_pending() == []
    assert (await a.db.scalar("SELECT seq FROM tables WHERE id=?", (ta,))) == snap.seq
    moved = (await step(twin, ta, random.Random(2))).snapshot  # the twin drives it meanwhile
    await twin.close()  # the twin lets go: the waiting table is picked up without a click
    adopted = await a.svc.adopt_pending()
    assert [s.id for s in adopted] == [ta] and not a.svc.pending
    assert adopted[0].seq == moved.seq == snap.seq + 1  # read back: the twin's move is kept, not overwritten
    await step(a, ta, random.Random(1))
    assert (await a.eco.audit()).ok


async def test_a_table_held_elsewhere_at_load_is_picked_up_once_let_go(pair: tuple[Env, Env]) -> None:
    a, _b = pair
    ta = await table(a, GA, CA)
    woken: list[int] = []
    restarted = Env(a.target, a.clock, owns_guild=only(GA))
    await restarted.open()
    restarted.svc.on_pending = lambda: woken.append(1)
    assert await restarted.svc.load_open_tables() == []  # the old process still holds it
    assert restarted.svc.pending == {ta} and woken == [1]
    assert await restarted.svc.adopt_pending() == []  # still held: keeps waiting
    await a.close()
    assert [s.id for s in await restarted.svc.adopt_pending()] == [ta]
    assert restarted.svc.open_counts()[0] == 1 and not restarted.svc.pending
    await step(restarted, ta, random.Random(1))
    await restarted.close()
