"""Nobody escapes a loss (issue 24): ``/table end`` during a hand closes the table when the hand is
over, settled as usual; only an admin's explicit ``now`` refunds the hand, and that is recorded.

On both engines (``env`` runs each test on a SQLite file and on a PostgreSQL database); a restart is a
new Database + TableService on the same store.
"""

from __future__ import annotations

import random

import pytest

from bot.service import BadPhase, NotAllowed, NotHost, TableSnapshot
from tests.service.test_tables import CH, HOST, OUTSIDER, P1, P2, Env, G, chips, env, escrow_total, step

__all__ = ["env"]  # the fixture, imported for pytest

BUY_IN = 50
#: Heads-up Razz with the suite's fixed seed: the host brings in, P1 completes, the host calls,
#: P1 bets — the host now faces a bet and is behind in what they put in.
TO_A_BET = ((HOST, "bring-in"), (P1, "complete"), (HOST, "call"), (P1, "bet"))


async def razz_facing_a_bet(env: Env) -> TableSnapshot:
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=BUY_IN)
    await env.svc.join(snap.id, P1)
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    for user, action in TO_A_BET:
        snap = await env.svc.get(snap.id)
        assert snap.to_act_users == (user,)
        await env.svc.act(snap.id, user, action, seq=snap.seq)
    return await env.svc.get(snap.id)


async def time_out(env: Env, table_id: int) -> TableSnapshot:
    """The turn timer runs out (the fake clock): the seat to act is played for, as always."""
    snap = await env.svc.get(table_id)
    env.clock.advance(snap.turn_seconds + 1)
    await env.svc.timeout_due()
    return await env.svc.get(table_id)


async def log_rows(env: Env, table_id: int, kind: str) -> list[tuple[str, int | None]]:
    rows = await env.db.fetchall(
        "SELECT payload, user_id FROM table_log WHERE table_id=? AND kind=? ORDER BY seq", (table_id, kind)
    )
    return [(r[0], r[1]) for r in rows]


async def nets(env: Env, table_id: int) -> dict[int, int]:
    rows = await env.db.fetchall("SELECT user_id, payoff FROM results WHERE table_id=? AND hand_no=1", (table_id,))
    return {int(r[0]): int(r[1]) for r in rows}


async def test_a_host_who_ends_a_losing_hand_still_loses_it(env: Env) -> None:
    snap = await razz_facing_a_bet(env)
    ended = await env.svc.end(snap.id, HOST, is_admin=False)
    # Pending: the table plays on, and says so; the row and the log keep the request.
    assert ended.status == "playing" and ended.closing_by == HOST and ended.to_act_users == (HOST,)
    assert "closes after this hand" in ended.recent[-1]
    assert await env.db.scalar("SELECT closing_by FROM tables WHERE id=?", (snap.id,)) == HOST
    assert await log_rows(env, snap.id, "system") == [
        ("open", HOST), ("join", P1), ("start", HOST), ("deal", None), ("close_after_hand", HOST)
    ]
    assert await env.db.scalar("SELECT status FROM hands WHERE table_id=? AND hand_no=1", (snap.id,)) == "playing"
    # Asking again, a newcomer, or an immediate end without being an admin: refused, nothing changes.
    with pytest.raises(NotAllowed, match="already closes"):
        await env.svc.end(snap.id, HOST, is_admin=False)
    with pytest.raises(NotAllowed, match="Only an admin"):
        await env.svc.end(snap.id, HOST, is_admin=False, now=True)
    with pytest.raises(BadPhase, match="closes after this hand"):
        await env.svc.join(snap.id, P2)
    with pytest.raises(NotHost):
        await env.svc.keep_open(snap.id, P1, is_admin=False)
    assert (await env.svc.get(snap.id)).seq == ended.seq
    # The host walks away: the timer folds for them, the hand is settled, then the table closes.
    done = await time_out(env, snap.id)
    assert done.status == "finished" and done.deadline is None
    assert await env.db.scalar("SELECT status FROM hands WHERE table_id=? AND hand_no=1", (snap.id,)) == "done"
    net = await nets(env, snap.id)
    assert net[HOST] < 0 and net[P1] == -net[HOST]
    # Chips went back to the wallets as at any end, with the hand's loss standing.
    assert await escrow_total(env, snap.id) == 0
    assert await chips(env, HOST) == 100 + net[HOST] < 100
    assert await chips(env, P1) == 100 - net[HOST]
    assert done.result is not None and {line.user_id: line.net for line in done.result.session}[HOST] == net[HOST]
    assert any("the table closes, as" in line for line in done.recent)
    assert await env.svc.in_channel(CH) is None
    assert env.changes[-1][2] == "end"
    await env.audit_ok()


async def test_the_pending_close_survives_a_restart(env: Env) -> None:
    snap = await razz_facing_a_bet(env)
    await env.svc.end(snap.id, HOST, is_admin=False)
    await env.restart()
    back = await env.svc.get(snap.id)
    assert back.status == "playing" and back.closing_by == HOST and back.to_act_users == (HOST,)
    await env.svc.act(snap.id, HOST, "fold", seq=back.seq)  # the host gives up: the same loss
    done = await env.svc.get(snap.id)
    assert done.status == "finished"
    net = await nets(env, snap.id)
    assert net[HOST] < 0 and await chips(env, HOST) == 100 + net[HOST]
    await env.audit_ok()


async def test_the_host_can_take_the_end_back(env: Env) -> None:
    snap = await razz_facing_a_bet(env)
    await env.svc.end(snap.id, HOST, is_admin=False)
    kept = await env.svc.keep_open(snap.id, HOST, is_admin=False)
    assert kept.closing_by is None and "keeps the table open" in kept.recent[-1]
    assert await env.db.scalar("SELECT closing_by FROM tables WHERE id=?", (snap.id,)) is None
    assert [p for p, _u in await log_rows(env, snap.id, "system")][-2:] == ["close_after_hand", "keep_open"]
    with pytest.raises(NotAllowed, match="isn't closing"):
        await env.svc.keep_open(snap.id, HOST, is_admin=False)
    after = await time_out(env, snap.id)  # the hand ends as before; the table goes on
    assert after.status == "playing" and after.paused


async def test_between_hands_the_end_is_immediate(env: Env) -> None:
    snap = await razz_facing_a_bet(env)
    paused = await time_out(env, snap.id)  # the host folds: hand 1 is over, its result is up
    assert paused.paused and paused.status == "playing"
    ended = await env.svc.end(snap.id, HOST, is_admin=False)
    assert ended.status == "finished" and ended.closing_by is None
    net = await nets(env, snap.id)
    assert await chips(env, HOST) == 100 + net[HOST] < 100
    await env.audit_ok()


async def test_an_admins_immediate_end_refunds_the_hand_and_says_so(env: Env) -> None:
    snap = await razz_facing_a_bet(env)
    ended = await env.svc.end(snap.id, OUTSIDER, is_admin=True, now=True)
    assert ended.status == "finished"
    said = "An admin ended the table mid-hand; this hand's chips were returned."
    assert said in ended.recent
    assert ended.result is not None and said in ended.result.story  # the finished message shows the result
    assert await log_rows(env, snap.id, "system") == [
        ("open", HOST), ("join", P1), ("start", HOST), ("deal", None), ("end_now", OUTSIDER)
    ]
    assert await env.db.scalar("SELECT status FROM hands WHERE table_id=? AND hand_no=1", (snap.id,)) == "void"
    assert await nets(env, snap.id) == {}
    assert await chips(env, HOST) == 100 and await chips(env, P1) == 100
    await env.audit_ok()


async def test_a_whole_game_ends_at_once_as_before(env: Env) -> None:
    """A game that isn't played hand by hand (a scored game, no chips) keeps its immediate end."""
    snap = await env.svc.open_table(G, CH, HOST, "rage")
    for u in (P1, P2):
        await env.svc.join(snap.id, u)
    await env.svc.start(snap.id, HOST)
    rng = random.Random(4)
    for _ in range(3):
        await step(env, snap.id, rng)
    ended = await env.svc.end(snap.id, HOST, is_admin=False)
    assert ended.status == "finished" and ended.closing_by is None


async def test_an_admins_plain_end_also_waits_for_the_hand(env: Env) -> None:
    snap = await razz_facing_a_bet(env)
    pending = await env.svc.end(snap.id, OUTSIDER, is_admin=True)
    assert pending.status == "playing" and pending.closing_by == OUTSIDER
    await env.svc.act(snap.id, HOST, "fold", seq=pending.seq)
    assert (await env.svc.get(snap.id)).status == "finished"
    assert (await nets(env, snap.id))[HOST] < 0
    await env.audit_ok()
