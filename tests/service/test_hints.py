"""The 💡 Hint at the service: the table option, the checks, the count per hand, and no ratings.

Real databases (SQLite file and PostgreSQL, ``env``), real tables played through ``TableService``.
The advice itself is ``games.ai.advice`` (tests/engine/test_advice.py); here only what the table
stores and refuses.
"""

from __future__ import annotations

import random

import pytest

from bot.service import TableSnapshot
from bot.service.errors import BadPhase, NotAllowed, NotHost, NotSeated, StalePrompt
from tests.service.test_computers import computers_table
from tests.service.test_computers import play_hand as play_with_computers
from tests.service.test_tables import CH, HOST, P1, P2, Env, G, env, play_hand, seated_table

__all__ = ["env"]


async def test_hints_follow_the_computers_in_the_lobby_until_the_host_chooses(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "renfield", buy_in=50)
    assert snap.hints == "auto" and not snap.hints_on  # people only: off
    snap = await env.svc.add_computer(snap.id, HOST, "easy")
    assert snap.hints_on  # a computer player seated: on by default
    snap = await env.svc.remove_computer(snap.id, HOST)
    assert not snap.hints_on
    with pytest.raises(NotHost):
        await env.svc.set_hints(snap.id, P1, True)
    snap = await env.svc.set_hints(snap.id, HOST, True)
    assert snap.hints == "on" and snap.hints_on
    assert "💡 Hints are on at this table." in snap.recent
    await env.restart()  # the database is the source of truth
    assert (await env.svc.get(snap.id)).hints == "on"
    assert [tuple(r) for r in await env.read("SELECT hints FROM tables WHERE id=?", (snap.id,))] == [("on",)]


async def test_the_start_fixes_auto_so_the_roster_never_flips_it(env: Env) -> None:
    snap = await computers_table(env, buy_in=50)
    started = (await env.svc.start(snap.id, HOST)).snapshot
    assert started.hints == "on"
    with pytest.raises(BadPhase):  # lobby only
        await env.svc.set_hints(snap.id, HOST, False)
    people = await env.svc.open_table(G, CH + 1, P1, "kabu", buy_in=50)
    await env.svc.join(people.id, P2)
    assert (await env.svc.start(people.id, P1)).snapshot.hints == "off"


async def test_a_hint_is_refused_off_turn_stale_unseated_or_off_and_counted_once_given(env: Env) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2), buy_in=30)
    user = snap.to_act_users[0]
    with pytest.raises(NotAllowed, match="Hints are off"):  # three people, no computer: off
        await env.svc.hint_question(snap.id, user, snap.seq)
    lobby = await env.svc.open_table(G, CH + 1, HOST, "kabu", buy_in=30)
    await env.svc.join(lobby.id, P1)
    await env.svc.set_hints(lobby.id, HOST, True)
    table = (await env.svc.start(lobby.id, HOST)).snapshot
    user = table.to_act_users[0]
    other = HOST if user == P1 else P1
    with pytest.raises(NotAllowed, match="wait for your turn"):
        await env.svc.hint_question(table.id, other, table.seq)
    with pytest.raises(NotSeated):
        await env.svc.hint_question(table.id, P2, table.seq)
    with pytest.raises(StalePrompt):
        await env.svc.hint_question(table.id, user, table.seq - 1)
    got, seat = await env.svc.hint_question(table.id, user, table.seq)
    assert got.seq == table.seq and seat == table.seat_of(user)
    assert await env.db.scalar("SELECT COUNT(*) FROM hand_hints") == 0  # asking changes nothing
    assert await env.svc.count_hint(table.id, user, table.seq) == 1
    await env.restart()
    await env.svc.load_open_tables()
    assert await env.svc.count_hint(table.id, user, table.seq) == 2  # restart-safe
    assert (await env.svc.get(table.id)).seq == table.seq  # a hint is not an action: the panel stays valid
    result = await play_hand(env, table.id, random.Random(3))
    hand = result.snapshot.result
    assert hand is not None and hand.number == 1
    assert hand.hints == ((user, 2),)
    assert await env.db.scalar("SELECT used FROM hand_hints WHERE table_id=? AND hand_no=1", (table.id,)) == 2


async def two_people_and_a_computer(env: Env, *, hints: bool) -> TableSnapshot:
    """HOST and P1 with an easy computer at Renfield, hints as the host chose; one hand played."""
    snap = await env.svc.open_table(G, CH, HOST, "renfield", buy_in=50)
    await env.svc.join(snap.id, P1)
    await env.svc.add_computer(snap.id, HOST, "easy")
    await env.svc.set_hints(snap.id, HOST, hints)
    await env.svc.start(snap.id, HOST)
    await play_with_computers(env, snap.id, random.Random(6))
    return snap


@pytest.mark.parametrize("hints", [True, False])
async def test_with_hints_on_chips_and_results_count_but_ratings_do_not(env: Env, hints: bool) -> None:
    snap = await two_people_and_a_computer(env, hints=hints)
    assert await env.db.scalar("SELECT COUNT(*) FROM results WHERE table_id=?", (snap.id,)) == 3
    moved = await env.db.scalar(
        "SELECT COUNT(*) FROM results WHERE table_id=? AND payoff <> 0 AND user_id > 0", (snap.id,))
    assert moved >= 1  # chips moved for the people (the leaderboards read these)
    rated = [r[0] for r in await env.db.fetchall("SELECT user_id FROM ratings ORDER BY user_id")]
    assert rated == ([] if hints else [HOST, P1])
    _game, board = await env.eco.rating_board(G, "renfield")
    assert {r.user_id for r in board} == (set() if hints else {HOST, P1})
