"""Limits against one member's flood, on both engines: idle lobbies close, a member holds few lobbies.

A lobby's idle close is a deadline in ``tables.deadline`` (the turn timers' column), moved on by
every join, leave or option change; the per-member cap counts the lobbies they host in the server.
A restart is a new Database + TableService on the same store (``Env.restart``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.service import BadPhase, NotAllowed, TableService
from bot.service.errors import TooManyLobbies
from tests.service.test_tables import CH, HOST, P1, P2, P3, Clock, Env, G, chips

MINUTE = 60.0


@pytest.fixture
async def env(store_target: str) -> AsyncIterator[Env]:
    e = await Env(store_target, Clock()).open()
    yield e
    await e.close()


async def stored_deadline(env: Env, table_id: int) -> str | None:
    rows = await env.read("SELECT deadline FROM tables WHERE id=?", (table_id,))
    return None if rows[0][0] is None else str(rows[0][0])


async def test_an_untouched_lobby_closes_after_the_idle_minutes_and_says_why(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield", buy_in=60)
    before = await chips(env, HOST)
    assert before == 100  # the wallet was opened (the host must be able to pay), nothing taken
    assert lobby.deadline == env.clock.now + timedelta(minutes=15)
    assert await env.svc.next_deadline() == lobby.deadline  # the timer task wakes for it
    env.clock.advance(14 * MINUTE)
    assert await env.svc.timeout_due() == []
    joined = await env.svc.join(lobby.id, P1)  # activity: the 15 minutes start again
    assert joined.deadline == env.clock.now + timedelta(minutes=15)
    env.clock.advance(2 * MINUTE)  # past the first deadline, not the new one
    assert await env.svc.timeout_due() == []
    assert (await env.svc.get(lobby.id)).status == "lobby"
    env.clock.advance(14 * MINUTE)
    (closed,) = await env.svc.timeout_due()
    snap = closed.snapshot
    assert snap.status == "void" and snap.deadline is None
    assert "Nobody started this table for 15 minutes, so it closed." in snap.recent[-1]
    assert (env.changes[-1][0], env.changes[-1][2]) == (lobby.id, "end")
    # Nothing to refund: a lobby holds no chips (the buy-in moves at Start).
    assert await chips(env, HOST) == before
    await env.audit_ok()
    assert await env.svc.next_deadline() is None
    with pytest.raises(BadPhase):
        await env.svc.join(lobby.id, P2)
    again = await env.svc.open_table(G, CH, HOST, "renfield")  # the channel is free again
    assert again.status == "lobby"


async def test_the_servers_idle_minutes_and_option_changes_count(env: Env) -> None:
    await env.eco.update_settings(G, lobby_idle_minutes=5)
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    assert lobby.deadline == env.clock.now + timedelta(minutes=5)
    env.clock.advance(4 * MINUTE)
    changed = await env.svc.set_options(lobby.id, HOST, changes={})
    assert changed.deadline == env.clock.now + timedelta(minutes=5)
    env.clock.advance(6 * MINUTE)
    (closed,) = await env.svc.timeout_due()
    assert closed.snapshot.status == "void"
    assert "for 5 minutes" in closed.snapshot.recent[-1]


async def test_a_started_table_no_longer_has_the_idle_close(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    for u in (P1, P2):
        await env.svc.join(lobby.id, u)
    started = (await env.svc.start(lobby.id, HOST)).snapshot
    assert started.status == "playing"
    assert started.deadline == env.clock.now + timedelta(seconds=started.turn_seconds)  # a turn, not 15 minutes


async def test_the_idle_close_survives_a_restart(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    assert await stored_deadline(env, lobby.id) is not None  # in the database, not only in memory
    await env.restart()
    (loaded,) = await env.svc.load_open_tables()
    assert loaded.deadline == lobby.deadline
    assert await env.svc.next_deadline() == lobby.deadline
    env.clock.advance(16 * MINUTE)
    (closed,) = await env.svc.timeout_due()
    assert closed.snapshot.status == "void"
    rows = await env.read("SELECT status FROM tables WHERE id=?", (lobby.id,))
    assert rows[0][0] == "void"


async def test_a_lobby_from_before_deadlines_gets_one_at_the_restart(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    await env.tamper(("UPDATE tables SET deadline=NULL WHERE id=?", (lobby.id,)))
    env.clock.advance(60 * MINUTE)
    await env.restart()
    (loaded,) = await env.svc.load_open_tables()
    assert loaded.deadline == env.clock.now + timedelta(minutes=15)  # 15 minutes from the restart
    assert await stored_deadline(env, lobby.id) is not None
    env.clock.advance(16 * MINUTE)
    assert [r.snapshot.status for r in await env.svc.timeout_due()] == ["void"]


async def test_a_member_holds_at_most_the_servers_number_of_lobbies(env: Env) -> None:
    svc: TableService = env.svc
    opened = [await svc.open_table(G, CH + i, HOST, "renfield", buy_in=10) for i in range(3)]
    with pytest.raises(TooManyLobbies) as refused:
        await svc.open_table(G, CH + 3, HOST, "renfield", buy_in=10)
    text = str(refused.value)
    assert all(f"<#{CH + i}>" in text for i in range(3)), text  # it says where they are
    assert "as many as this server allows (3)" in text
    assert await svc.in_channel(CH + 3) is None  # the refusal changed nothing
    assert len(await env.read("SELECT id FROM tables WHERE host_id=?", (HOST,))) == 3
    # Others are not limited by HOST's lobbies, and another server counts separately.
    assert (await svc.open_table(G, CH + 10, P1, "renfield", buy_in=10)).status == "lobby"
    assert (await svc.open_table(G + 1, CH + 11, HOST, "renfield", buy_in=10)).status == "lobby"
    # A started or cancelled lobby no longer counts.
    for u in (P2, P3):
        await svc.join(opened[0].id, u)
    await svc.start(opened[0].id, HOST)
    await svc.cancel(opened[1].id, HOST, is_admin=False)
    assert (await svc.open_table(G, CH + 4, HOST, "renfield", buy_in=10)).status == "lobby"
    assert (await svc.open_table(G, CH + 5, HOST, "renfield", buy_in=10)).status == "lobby"
    with pytest.raises(TooManyLobbies):
        await svc.open_table(G, CH + 6, HOST, "renfield", buy_in=10)
    for bad in ({"max_lobbies_per_user": 0}, {"lobby_idle_minutes": 0}, {"max_watchers": -1}):
        with pytest.raises(NotAllowed):  # a bad value is refused and changes nothing
            await env.eco.update_settings(G, **bad)
    assert (await env.eco.settings(G)).max_lobbies_per_user == 3
    await env.eco.update_settings(G, max_lobbies_per_user=4)
    assert (await svc.open_table(G, CH + 6, HOST, "renfield", buy_in=10)).status == "lobby"
