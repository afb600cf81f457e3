"""Watchers (``table_watchers``) and the table's thread, on a real SQLite file."""

from __future__ import annotations

import random

import pytest

from bot.service import BadPhase, NotAllowed
from tests.service.test_tables import CH, HOST, OUTSIDER, P1, P2, P3, Env, G, env, play_hand, step

__all__ = ["env"]  # the fixture, imported for pytest

W2, W3, W4 = 201, 202, 203


async def rows(env: Env, table_id: int) -> list[tuple[int, int]]:
    found = await env.db.fetchall(
        "SELECT user_id, first_hand FROM table_watchers WHERE table_id=? ORDER BY user_id", (table_id,)
    )
    return [(r["user_id"], r["first_hand"]) for r in found]


async def test_watchers_are_recorded_once_from_the_hand_they_first_saw(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    _snap, first = await env.svc.watch(lobby.id, OUTSIDER)
    assert first == 1  # a lobby's first hand is the next to be dealt
    for u in (P1, P2, P3):
        await env.svc.join(lobby.id, u)
    await env.svc.start(lobby.id, HOST)
    seq_before = (await env.svc.get(lobby.id)).seq
    _snap, again = await env.svc.watch(lobby.id, OUTSIDER)
    assert again == 1  # pressing again keeps the first record
    _snap, w2 = await env.svc.watch(lobby.id, W2)
    assert w2 == 1  # hand 1 is being played
    assert (await env.svc.get(lobby.id)).seq == seq_before  # watching is not a table action
    rng = random.Random(3)
    for _ in range(2000):
        result = await step(env, lobby.id, rng)
        if result.hand_finished:
            break
    paused = await env.svc.get(lobby.id)
    assert paused.paused and paused.hand_no == 1
    _snap, w3 = await env.svc.watch(lobby.id, W3)
    assert w3 == 2  # the result of hand 1 is up: the next hand to be dealt is 2
    for info in paused.seats:
        await env.svc.ready(lobby.id, info.user_id)
    dealt = await env.svc.get(lobby.id)
    assert dealt.hand_no == 2 and not dealt.paused
    _snap, w4 = await env.svc.watch(lobby.id, W4)
    assert w4 == 2
    assert await rows(env, lobby.id) == [(W2, 1), (W3, 2), (W4, 2), (OUTSIDER, 1)]
    assert await env.svc.watcher_first_hand(lobby.id, W3) == 2
    assert await env.svc.watcher_first_hand(lobby.id, P1) is None
    assert await env.svc.watcher_count(lobby.id) == 4
    # A restart forgets nothing.
    await env.restart()
    assert await env.svc.watcher_first_hand(lobby.id, OUTSIDER) == 1


async def test_players_are_told_to_use_their_own_panel_and_closed_tables_refuse(env: Env) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    with pytest.raises(NotAllowed, match="at this table already"):
        await env.svc.watch(lobby.id, HOST)
    for u in (P1, P2, P3):
        await env.svc.join(lobby.id, u)
    await env.svc.start(lobby.id, HOST)
    with pytest.raises(NotAllowed, match="My hand"):
        await env.svc.watch(lobby.id, P2)
    assert await rows(env, lobby.id) == []
    await play_hand(env, lobby.id, random.Random(5))
    await env.svc.end(lobby.id, HOST, is_admin=True, now=True)
    with pytest.raises(BadPhase):
        await env.svc.watch(lobby.id, OUTSIDER)
    assert await rows(env, lobby.id) == []
    await env.audit_ok()


async def test_the_thread_of_a_table_is_kept(env: Env) -> None:
    snap = await env.svc.open_table(G, 7001, HOST, "renfield")
    assert await env.svc.thread_of(snap.id) is None
    await env.svc.attach_thread(snap.id, 7001)
    await env.restart()
    assert await env.svc.thread_of(snap.id) == 7001
    assert (await env.svc.in_channel(7001)).id == snap.id


async def test_table_threads_is_a_server_setting_off_by_default(env: Env) -> None:
    assert (await env.eco.settings(G)).table_threads is False
    assert (await env.eco.update_settings(G, table_threads=True)).table_threads is True
    assert (await env.eco.settings(G + 1)).table_threads is False
