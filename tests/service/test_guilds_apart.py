"""Nobody reaches another server's table: every table operation checks the caller's guild (both engines).

A click's custom id and ``/history table:`` come from the client, so a member
of server B can name server A's table. The service refuses every operation
whose guild isn't the table's (and a direct message, guild None) with the
stale-button text, before anything about the table shows or changes: no
wallet in A for B's member, no seat, no watcher row, no log row. Replays and
histories answer as for a table that doesn't exist. Ids of 2**63 and beyond
(or zero, or negative) are "no such table" in the service itself: SQLite
would raise ``OverflowError`` and asyncpg ``DataError`` in the query.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.service import ForeignTable, NoTable, NotAllowed, TableService
from tests.service.test_tables import CH, HOST, OUTSIDER, P1, P2, Env, G, env, play_hand, seated_table

__all__ = ["env"]  # the fixture, imported for pytest

OTHER = 2  # server B
STRANGER = 777  # a member of server B
#: What a refused operation must leave as it was (accounts: no wallet for the stranger in A).
WATCHED = ("tables", "table_players", "table_log", "table_watchers", "accounts", "transfers", "hands", "results")
#: Ids no row can have: beyond SQLite's INTEGER and PostgreSQL's BIGINT, and below 1.
BAD_IDS = (2**63, 2**64, 10**30, 0, -1)

Op = Callable[[Any], Awaitable[object]]


async def everything(env: Env) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables a refused operation could touch, read through a connection of the test's own."""
    out = {}
    for name in WATCHED:
        rows = await env.read(f"SELECT * FROM {name}")  # a fixed list of names
        out[name] = sorted(tuple(str(v) for v in r) for r in rows)
    return out


def lobby_ops(svc: TableService, table_id: int) -> dict[str, Op]:
    """Each lobby operation as the stranger (or a seated player, where only they could) would ask it, for a guild."""
    return {
        "join": lambda g: svc.join(table_id, STRANGER, name="mallory", guild_id=g),
        "leave": lambda g: svc.leave(table_id, P1, guild_id=g),
        "set_options": lambda g: svc.set_options(table_id, HOST, changes={}, guild_id=g),
        "start": lambda g: svc.start(table_id, HOST, guild_id=g),
        "cancel": lambda g: svc.cancel(table_id, STRANGER, is_admin=True, guild_id=g),
        "end": lambda g: svc.end(table_id, STRANGER, is_admin=True, guild_id=g),
        "add_computer": lambda g: svc.add_computer(table_id, HOST, guild_id=g),
        "remove_computer": lambda g: svc.remove_computer(table_id, HOST, guild_id=g),
        "watch": lambda g: svc.watch(table_id, STRANGER, guild_id=g),
        "watcher_first_hand": lambda g: svc.watcher_first_hand(table_id, STRANGER, guild_id=g),
        "get": lambda g: svc.get(table_id, guild_id=g),
        "hand_view": lambda g: svc.hand_view(table_id, HOST, guild_id=g),
    }


def play_ops(svc: TableService, table_id: int, seq: int, actor: int, action: str) -> dict[str, Op]:
    """Each operation of a table being played, asked for a guild."""
    return {
        "act": lambda g: svc.act(table_id, actor, action, seq=seq, guild_id=g),
        "ready": lambda g: svc.ready(table_id, HOST, guild_id=g),
        "back": lambda g: svc.back(table_id, HOST, guild_id=g),
        "end": lambda g: svc.end(table_id, STRANGER, is_admin=True, guild_id=g),
        "join": lambda g: svc.join(table_id, STRANGER, guild_id=g),
        "watch": lambda g: svc.watch(table_id, STRANGER, guild_id=g),
        "hand_view": lambda g: svc.hand_view(table_id, actor, guild_id=g),
        "get": lambda g: svc.get(table_id, guild_id=g),
    }


async def refused_everywhere(env: Env, ops: dict[str, Op]) -> None:
    """Each op, from server B and from a direct message: the stale-button refusal, and no row changed."""
    before = await everything(env)
    for name, op in ops.items():
        for guild in (OTHER, None):
            with pytest.raises(ForeignTable, match="That button is no longer valid") as err:
                await op(guild)
            assert type(err.value) is ForeignTable, (name, guild)
    assert await everything(env) == before


async def test_a_lobby_refuses_every_operation_from_another_server(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    await env.svc.join(lobby.id, P1, guild_id=G)
    await env.svc.add_computer(lobby.id, HOST, guild_id=G)
    changes = len(env.changes)
    await refused_everywhere(env, lobby_ops(env.svc, lobby.id))
    assert len(env.changes) == changes  # nothing was published either
    assert not await env.read("SELECT 1 FROM accounts WHERE user_id=?", (STRANGER,))
    # The table's own server still can: the refusal was the guild, not the operation.
    joined = await env.svc.join(lobby.id, P2, guild_id=G)
    assert P2 in joined.lobby
    assert await env.svc.in_channel(CH, guild_id=G) is not None
    assert await env.svc.in_channel(CH, guild_id=OTHER) is None
    assert await env.svc.in_channel(CH, guild_id=None) is None
    assert await env.svc.latest_table(CH, guild_id=G) == lobby.id
    assert await env.svc.latest_table(CH, guild_id=OTHER) is None
    assert await env.svc.latest_table(CH, guild_id=None) is None
    await env.audit_ok()


async def test_a_table_in_play_refuses_every_operation_from_another_server(env: Env) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2))
    actor = snap.to_act_users[0]
    seat = snap.seat_of(actor)
    assert seat is not None
    action = snap.game.legal_actions(snap.state, seat)[0]
    await refused_everywhere(env, play_ops(env.svc, snap.id, snap.seq, actor, action))
    # From its own server the same action is taken.
    done = await env.svc.act(snap.id, actor, action, seq=snap.seq, guild_id=G)
    assert done.snapshot.seq > snap.seq
    await env.audit_ok()


async def test_a_finished_tables_hands_read_as_no_table_from_another_server(env: Env) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2))
    await play_hand(env, snap.id, random.Random(7))
    await env.svc.watch(snap.id, OUTSIDER, guild_id=G)
    await env.svc.end(snap.id, HOST, is_admin=False, guild_id=G)
    assert await env.svc.history(snap.id, HOST, guild_id=G)  # its own server reads them
    before = await everything(env)
    for guild in (OTHER, None):
        # Even someone who played the hand, asking from elsewhere, gets what a missing table gets.
        for user in (HOST, STRANGER):
            with pytest.raises(NoTable, match=rf"There's no table #{snap.id}\.") as err:
                await env.svc.history(snap.id, user, guild_id=guild)
            assert type(err.value) is NoTable
            with pytest.raises(NoTable, match=rf"There's no table #{snap.id}\."):
                await env.svc.finished_hand(snap.id, user, guild_id=guild)
            with pytest.raises(NoTable, match=rf"There's no table #{snap.id}\."):
                await env.svc.replay(snap.id, 1, user, 0, guild_id=guild)
        # A closed table's state isn't told either: the stale-button refusal, not "This table is closed."
        for op in (lambda g: env.svc.watch(snap.id, STRANGER, guild_id=g),
                   lambda g: env.svc.join(snap.id, STRANGER, guild_id=g),
                   lambda g: env.svc.get(snap.id, guild_id=g)):
            with pytest.raises(ForeignTable):
                await op(guild)
    assert await everything(env) == before


@pytest.mark.parametrize("bad", BAD_IDS)
async def test_ids_no_row_can_have_are_no_table(env: Env, bad: int) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2))
    before = await everything(env)
    # The runtime's own calls (no guild to check): 2**63 used to raise OverflowError / DataError here.
    for call in (env.svc.get(bad), env.svc.join(bad, P1), env.svc.act(bad, HOST, "pass", seq=None),
                 env.svc.watcher_first_hand(bad, P1)):
        with pytest.raises(NoTable):
            await call
    for reader in (env.svc.history, env.svc.finished_hand):
        with pytest.raises(NoTable, match=rf"There's no table #{bad}\."):
            await reader(bad, HOST)
    # A hand number no row can have: not a finished hand (and no driver error).
    if bad > 0:
        with pytest.raises(NotAllowed, match="isn't a finished hand"):
            await env.svc.history(snap.id, HOST, bad)
        with pytest.raises(NotAllowed, match="isn't a finished hand"):
            await env.svc.replay(snap.id, bad, HOST, 0)
    # Every operation a player can ask for, from the table's own server or another.
    ops = {**lobby_ops(env.svc, bad), **play_ops(env.svc, bad, 1, HOST, "pass")}
    for name, op in ops.items():
        for guild in (G, OTHER):
            with pytest.raises(NoTable) as err:
                await op(guild)
            assert type(err.value) is NoTable, name
    with pytest.raises(NoTable, match="There's no table"):
        await env.svc.replay(bad, 1, HOST, 0, guild_id=G)
    assert await everything(env) == before
