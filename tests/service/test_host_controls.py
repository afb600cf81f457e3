"""The host's controls (issue 26 part 2): ``hand_host`` gives the host role to another person at the
table, ``remove`` takes a person off it between hands, their chips back in their wallet.

On both engines (``env``); a restart is a new Database + TableService on the same store.
"""

from __future__ import annotations

import pytest

from bot.service import BadPhase, NotAllowed, NotHost, NotSeated, TableSnapshot
from tests.service.test_tables import CH, HOST, OUTSIDER, P1, P2, Env, G, chips, env, escrow_total

__all__ = ["env"]  # the fixture, imported for pytest

BUY_IN = 50


async def time_out(env: Env, table_id: int) -> TableSnapshot:
    snap = await env.svc.get(table_id)
    env.clock.advance(snap.turn_seconds + 1)
    await env.svc.timeout_due()
    return await env.svc.get(table_id)




async def test_the_host_hands_the_role_on_and_refusals_change_nothing(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=BUY_IN)
    await env.svc.join(snap.id, P1)
    bot = (await env.svc.add_computer(snap.id, HOST)).computers[0][0]
    before = await env.svc.get(snap.id)
    with pytest.raises(NotHost):
        await env.svc.hand_host(snap.id, P1, P1, is_admin=False)
    with pytest.raises(NotAllowed, match="isn't at this table"):
        await env.svc.hand_host(snap.id, HOST, OUTSIDER, is_admin=False)
    with pytest.raises(NotAllowed, match="computer player"):
        await env.svc.hand_host(snap.id, HOST, bot, is_admin=False)
    with pytest.raises(NotAllowed, match="already the host"):
        await env.svc.hand_host(snap.id, HOST, HOST, is_admin=False)
    after = await env.svc.get(snap.id)
    assert (after.seq, after.host_id) == (before.seq, HOST)
    handed = await env.svc.hand_host(snap.id, HOST, P1, is_admin=False)
    assert handed.host_id == P1 and handed.recent[-1] == f"<@{P1}> is the host now."
    await env.restart()  # the host is the table's row: it survives a restart
    assert (await env.svc.get(snap.id)).host_id == P1
    with pytest.raises(NotHost):  # the old host has no say now
        await env.svc.hand_host(snap.id, HOST, HOST, is_admin=False)
    # An admin may hand it on too, during a hand as well.
    started = (await env.svc.start(snap.id, P1)).snapshot
    assert started.status == "playing"
    assert (await env.svc.hand_host(snap.id, OUTSIDER, HOST, is_admin=True)).host_id == HOST
    assert await env.db.scalar("SELECT host_id FROM tables WHERE id=?", (snap.id,)) == HOST


async def test_the_host_removes_a_player_from_the_lobby(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=BUY_IN)
    await env.svc.join(snap.id, P1)
    await env.svc.join(snap.id, P2)
    with pytest.raises(NotHost):
        await env.svc.remove(snap.id, P1, P2, is_admin=False)
    with pytest.raises(NotAllowed, match="isn't at this table"):
        await env.svc.remove(snap.id, HOST, OUTSIDER, is_admin=False)
    with pytest.raises(NotAllowed, match="host can't be removed"):
        await env.svc.remove(snap.id, OUTSIDER, HOST, is_admin=True)
    assert (await env.svc.get(snap.id)).lobby == (HOST, P1, P2)
    removed = await env.svc.remove(snap.id, HOST, P2, is_admin=False)
    assert removed.lobby == (HOST, P1)
    assert removed.recent[-1] == f"<@{HOST}> removed <@{P2}> from the table."
    # They may come back by joining again: a removal is not a ban.
    assert (await env.svc.join(snap.id, P2)).lobby == (HOST, P1, P2)


async def test_a_removal_waits_for_the_pause_and_cashes_out_like_a_leaver(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=BUY_IN)
    await env.svc.join(snap.id, P1)
    await env.svc.join(snap.id, P2)
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    with pytest.raises(BadPhase, match="between hands"):
        await env.svc.remove(snap.id, HOST, P1, is_admin=False)
    assert not any(s.leaving for s in (await env.svc.get(snap.id)).seats)
    await env.restart()
    snap = await paused_razz_from(env, snap.id)
    held = await env.db.scalar(
        "SELECT balance FROM accounts WHERE kind='escrow' AND table_id=? AND user_id=?", (snap.id, P1)
    )
    wallet = await chips(env, P1)
    removed = await env.svc.remove(snap.id, HOST, P1, is_admin=False)
    assert removed.recent[-1] == f"<@{HOST}> removed <@{P1}> from the table."
    assert removed.paused and P1 in removed.ready
    with pytest.raises(NotAllowed, match="already leaving"):
        await env.svc.remove(snap.id, HOST, P1, is_admin=False)
    with pytest.raises(NotAllowed, match="next hand is dealt without you"):
        await env.svc.ready(snap.id, P1)
    await env.restart()  # the removal is the player's `leaving` flag: it survives a restart
    await env.svc.ready(snap.id, HOST)
    dealt = await env.svc.ready(snap.id, P2)
    assert not dealt.paused and dealt.hand_no == 2
    assert P1 not in dealt.lobby and {s.user_id for s in dealt.seats} == {HOST, P2}
    assert await chips(env, P1) == wallet + held  # their stack went back, as for any leaver
    with pytest.raises(NotSeated):
        await env.svc.ready(snap.id, P1)
    assert await escrow_total(env, snap.id) > 0
    await env.audit_ok()


async def paused_razz_from(env: Env, table_id: int) -> TableSnapshot:
    for _ in range(50):
        snap = await time_out(env, table_id)
        if snap.paused:
            return snap
    raise AssertionError("the hand never ended")
