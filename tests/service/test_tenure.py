"""A game that counts how long each player has sat at the table is told so with every deal.

Fairmarket's newcomer pays the pots and its newest players get no vote on the last
hand; the runtime hands the engine ``carry["seating"]`` (stored with the hand's
inputs, so a restore deals the same hand). Tested on a toy game.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from games import registry
from tests.service.test_tables import CH, HOST, P1, P2, P3, Clock, Env, G


@pytest.fixture(autouse=True)
def toys_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "toy_tenure", "tests.support.toy:ToyTenure")
    monkeypatch.setitem(registry._GAMES, "toy", "tests.support.toy:Toy")
    yield
    registry._loaded.pop("toy_tenure", None)
    registry._loaded.pop("toy", None)


@pytest.fixture
async def env(store_target: str) -> AsyncIterator[Env]:
    e = await Env(store_target, Clock()).open()
    yield e
    await e.close()


async def carry_of(env: Env, table_id: int, hand_no: int) -> tuple[list[int], dict[str, Any] | None]:
    row = await env.db.fetchone("SELECT users_json, carry_json FROM hands WHERE table_id=? AND hand_no=?",
                                (table_id, hand_no))
    assert row is not None
    return json.loads(row["users_json"]), None if row["carry_json"] is None else json.loads(row["carry_json"])


async def finish_hand(env: Env, table_id: int) -> None:
    snap = await env.svc.get(table_id)
    await env.svc.act(table_id, snap.to_act_users[0], "win", seq=snap.seq)
    snap = await env.svc.get(table_id)
    for info in snap.seats:
        await env.svc.ready(table_id, info.user_id)


async def test_each_deal_says_how_many_hands_in_a_row_each_seat_has_played_here(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "toy_tenure")
    await env.svc.set_options(snap.id, HOST, changes={"hands": 5})
    await env.svc.join(snap.id, P1)
    await env.svc.start(snap.id, HOST)
    users, carry = await carry_of(env, snap.id, 1)
    assert carry == {"seating": {"hand": 1, "tenure": [0, 0]}}
    await env.svc.join(snap.id, P2)  # waits for the next hand
    await finish_hand(env, snap.id)
    users, carry = await carry_of(env, snap.id, 2)
    assert carry is not None and carry["played"] == 1  # the game's own carry is kept beside it
    tenure = dict(zip(users, carry["seating"]["tenure"], strict=True))
    assert carry["seating"]["hand"] == 2 and tenure == {HOST: 1, P1: 1, P2: 0}
    await env.svc.leave(snap.id, P1)  # leaves at the end of this hand…
    await finish_hand(env, snap.id)
    await env.svc.join(snap.id, P1)  # …and comes back: a newcomer again
    await env.svc.join(snap.id, P3)
    await finish_hand(env, snap.id)
    users, carry = await carry_of(env, snap.id, 4)
    assert carry is not None
    tenure = dict(zip(users, carry["seating"]["tenure"], strict=True))
    assert tenure == {HOST: 3, P2: 2, P1: 0, P3: 0}
    await env.restart()  # a restore deals the same inputs
    assert (await carry_of(env, snap.id, 4))[1] == carry


async def test_a_game_that_does_not_count_tenure_is_never_told(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "toy")
    await env.svc.join(snap.id, P1)
    await env.svc.start(snap.id, HOST)
    assert (await carry_of(env, snap.id, 1))[1] is None
