"""What the runtime does for every game alike: a table that ends by itself, a stake the host sets.

A game played hand by hand over an agreed length says so on its last hand's
outcome (``Outcome.table_over``): the table then ends after settling that hand,
with the session's standings beside the hand's result. A game whose stake is
a host option (``Game.plays_for_chips``) plays without chips until the host
sets one; the buy-in follows. Tested on a toy game, so no real game's rules
are involved.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from bot.service import TableSnapshot
from games import registry
from tests.service.test_tables import CH, HOST, P1, P2, Clock, Env, G


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "toy", "tests.support.toy:Toy")
    monkeypatch.setitem(registry._GAMES, "toy_norebuy", "tests.support.toy:ToyNoRebuys")
    yield
    registry._loaded.pop("toy", None)
    registry._loaded.pop("toy_norebuy", None)


@pytest.fixture
async def env(store_target: str) -> AsyncIterator[Env]:
    e = await Env(store_target, Clock()).open()
    yield e
    await e.close()


async def play_until_closed(env: Env, table_id: int, limit: int = 20) -> tuple[TableSnapshot, int]:
    """Everyone presses Next between hands; the player to act clicks "win". Returns the end and hands dealt."""
    for _ in range(limit):
        snap = await env.svc.get(table_id)
        if not snap.is_open:
            return snap, snap.hand_no
        if snap.paused:
            for info in snap.seats:
                await env.svc.ready(table_id, info.user_id)
            continue
        await env.svc.act(table_id, snap.to_act_users[0], "win", seq=snap.seq)
    raise AssertionError("the table never ended")


async def test_a_table_ends_after_the_agreed_number_of_hands_with_final_standings(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "toy")
    await env.svc.set_options(snap.id, HOST, changes={"hands": 3})
    for u in (P1, P2):
        await env.svc.join(snap.id, u)
    assert not (await env.svc.start(snap.id, HOST)).snapshot.chips
    end, hands = await play_until_closed(env, snap.id)
    assert hands == 3 and end.status == "finished"
    assert await env.svc.in_channel(CH) is None
    result = end.result
    assert result is not None and result.kind == "hand" and result.number == 3  # the last hand's own result…
    assert result.pot == 0
    wins = {line.user_id: line.detail for line in result.session}  # …and where everyone ends up
    assert set(wins) == {HOST, P1, P2}
    rows = await env.db.fetchall("SELECT user_id, SUM(CASE WHEN results.placing = 1 THEN 1 ELSE 0 END) AS w FROM results WHERE table_id=? GROUP BY user_id",
                                 (snap.id,))
    assert sum(r["w"] for r in rows) == 3
    for r in rows:
        assert wins[r["user_id"]] == f"won {r['w']} of 3"
    assert await env.db.scalar("SELECT COUNT(*) FROM accounts WHERE table_id=?", (snap.id,)) == 0
    await env.audit_ok()


async def test_a_stake_set_in_the_lobby_turns_chips_on_and_the_session_nets_are_the_ledgers(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "toy")
    assert snap.buy_in == 0 and not snap.chips
    on = await env.svc.set_options(snap.id, HOST, changes={"stake": 5})
    assert on.chips and on.buy_in > 0  # the server's default buy-in
    off = await env.svc.set_options(snap.id, HOST, changes={"stake": 0})
    assert not off.chips
    await env.svc.set_options(snap.id, HOST, changes={"stake": 5, "hands": 2})
    wallets = {}
    for u in (HOST, P1, P2):
        if u != HOST:
            await env.svc.join(snap.id, u)
    started = await env.svc.start(snap.id, HOST)
    assert started.snapshot.chips and started.refused == ()
    for u in (HOST, P1, P2):
        wallets[u] = await env.eco.balance(G, u)
    end, hands = await play_until_closed(env, snap.id)
    assert hands == 2 and end.status == "finished"
    assert end.result is not None
    nets = {line.user_id: line.net for line in end.result.session}
    assert sum(n or 0 for n in nets.values()) == 0 and any(nets.values())
    for u in (HOST, P1, P2):
        # everything at the table went back to the wallet; the standings say what the session moved
        assert await env.eco.balance(G, u) == wallets[u] + end.buy_in + (nets[u] or 0)
    await env.audit_ok()


async def test_a_table_opened_without_a_buy_in_takes_the_one_the_rules_suggest_for_its_players(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "toy")
    assert snap.buy_in_auto and not snap.chips  # no stake yet: no chips
    snap = await env.svc.set_options(snap.id, HOST, changes={"stake": 2})
    assert snap.buy_in == 10 + 15 * 2  # the game's smallest table
    await env.svc.join(snap.id, P1)
    snap = await env.svc.join(snap.id, P2)
    assert snap.buy_in == 10 + 15 * 3
    snap = await env.svc.leave(snap.id, P2)
    assert snap.buy_in == 10 + 15 * 2
    await env.svc.join(snap.id, P2)
    await env.restart()  # the choice survives a restart
    started = await env.svc.start(snap.id, HOST)
    assert started.snapshot.buy_in == 55 and started.refused == ()
    escrows = await env.db.fetchall("SELECT balance FROM accounts WHERE kind='escrow' AND table_id=?", (snap.id,))
    assert sorted(r["balance"] for r in escrows) == [55, 55, 55]


async def test_a_buy_in_the_host_chose_is_kept(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "toy", buy_in=30)
    assert not snap.buy_in_auto
    snap = await env.svc.set_options(snap.id, HOST, changes={"stake": 2})
    await env.svc.join(snap.id, P1)
    snap = await env.svc.join(snap.id, P2)
    assert snap.buy_in == 30


@pytest.mark.parametrize(("game_id", "rebuys"), [("toy", True), ("toy_norebuy", False)])
async def test_a_player_at_zero_buys_in_again_only_where_the_game_allows(env: Env, game_id: str, rebuys: bool) -> None:
    snap = await env.svc.open_table(G, CH, HOST, game_id, buy_in=5)
    await env.svc.set_options(snap.id, HOST, changes={"stake": 5, "hands": 3})
    await env.svc.join(snap.id, P1)
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    loser = next(u for u in (HOST, P1) if u not in snap.to_act_users)  # the one to act wins the toy hand
    await env.svc.act(snap.id, snap.to_act_users[0], "win", seq=snap.seq)
    snap = await env.svc.get(snap.id)
    for info in snap.seats:
        snap = await env.svc.ready(snap.id, info.user_id)
    assert snap.hand_no == 2 and loser in [i.user_id for i in snap.seats]  # still seated either way
    held = await env.db.scalar(
        "SELECT balance FROM accounts WHERE kind='escrow' AND table_id=? AND user_id=?", (snap.id, loser)
    )
    assert held == (5 if rebuys else 0)
    await env.audit_ok()
