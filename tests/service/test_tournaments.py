"""Tournaments in the database and the service (issue 27), on both engines (``env``).

The buy-in is server chips: wallet → the event's pool (a reserved account of the server), back on
leaving or cancelling, out to the winners by the payout table; every step one transaction with
keyed transfers, so repeating one (or restarting in between) pays nothing twice, and the server's
audit balances throughout. Tournament chips are granted in the event's own scope when it begins.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import InsufficientChips, NotAllowed
from bot.service import tournament_books as books
from bot.service.errors import BadPhase
from bot.service.events.payouts import prizes
from bot.service.tournament_books import (
    AlreadyEntered,
    NotEntered,
    NoTournament,
    SignupClosed,
    TournamentFull,
)
from bot.service.tournaments import Tournaments
from data import prize_pool
from data.accounts import POOL_BASE, pool_user, scope_of
from tests.service.test_tables import CH, HOST, P1, P2, P3, Clock, Env, G

PLAYERS = (P1, P2, P3)


class TEnv(Env):
    tour: Tournaments

    async def open(self) -> TEnv:
        await super().open()
        self.tour = Tournaments(self.db, clock=self.clock, seed_source=lambda: 2026)
        return self

    async def wallet(self, user: int, guild: int = G) -> int:
        return int(await self.db.scalar(
            "SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE kind='user' AND guild_id=? AND user_id=?", (guild, user)
        ))

    async def codes(self, tournament_id: int) -> list[tuple[str, int]]:
        rows = await self.db.fetchall(
            "SELECT code, amount FROM transfers WHERE idem_key LIKE ? ORDER BY created_at, idem_key", (f"tournament:{tournament_id}:%",)
        )
        return [(str(r[0]), int(r[1])) for r in rows]


@pytest.fixture
async def tenv(store_target: str) -> AsyncIterator[TEnv]:
    e = await TEnv(store_target, Clock()).open()
    await e.eco.update_settings(G, starting_chips=500)
    yield e
    await e.close()


async def razz(env: TEnv, **kw: object) -> int:
    args: dict[str, object] = {"format": "knockout", "max_players": 3, "buy_in": 100, **kw}
    t = await env.tour.create(G, CH, HOST, "razz", **args)  # type: ignore[arg-type]
    return t.id


async def test_buy_ins_go_to_the_pool_and_leaving_gives_them_back(tenv: TEnv) -> None:
    tid = await razz(tenv)
    t = await tenv.tour.join(tid, P1, guild_id=G)
    t = await tenv.tour.join(tid, P2, guild_id=G)
    assert t.entrants == (P1, P2) and t.pool == 200 == t.prize_pool
    assert await tenv.wallet(P1) == 400
    assert await tenv.wallet(pool_user(tid)) == 200
    tenv.clock.advance(5)
    t = await tenv.tour.leave(tid, P1, guild_id=G)
    assert t.entrants == (P2,) and t.pool == 100 and await tenv.wallet(P1) == 500
    tenv.clock.advance(5)
    t = await tenv.tour.join(tid, P1, guild_id=G)  # a second entry is a second buy-in, keyed apart
    assert t.entrants == (P2, P1) and t.pool == 200 and await tenv.wallet(P1) == 400
    assert await tenv.codes(tid) == [("buy_in", 100), ("buy_in", 100), ("refund", 100), ("buy_in", 100)]
    await tenv.audit_ok()


async def test_bad_sign_ups_are_refused_and_change_nothing(tenv: TEnv) -> None:
    tid = await razz(tenv, max_players=2)
    await tenv.tour.join(tid, P1, guild_id=G)
    with pytest.raises(AlreadyEntered):
        await tenv.tour.join(tid, P1, guild_id=G)
    with pytest.raises(NotEntered):
        await tenv.tour.leave(tid, P2, guild_id=G)
    with pytest.raises(NoTournament):
        await tenv.tour.join(tid, P2, guild_id=G + 1)  # another server's button
    with pytest.raises(NoTournament):
        await tenv.tour.join(10**30, P2, guild_id=G)  # a crafted id
    await tenv.eco.update_settings(G, starting_chips=40)
    with pytest.raises(InsufficientChips) as short:
        await tenv.tour.join(tid, P2, guild_id=G)
    assert str(short.value) == "The buy-in is 100 chips and you have 40. Claim free chips with /daily, then join again."
    assert await tenv.wallet(P2) == 0  # the wallet opening rolled back with the refusal
    await tenv.eco.update_settings(G, starting_chips=500)
    await tenv.tour.join(tid, P2, guild_id=G)
    with pytest.raises(TournamentFull):
        await tenv.tour.join(tid, P3, guild_id=G)
    t = await tenv.tour.get(tid, guild_id=G)
    assert t.entrants == (P1, P2) and t.pool == 200
    await tenv.audit_ok()


async def test_create_checks_the_format_the_host_role_and_the_numbers(tenv: TEnv) -> None:
    with pytest.raises(NotAllowed, match="can't be played as a knockout"):
        await tenv.tour.create(G, CH, HOST, "reversis", format="knockout", max_players=8)
    with pytest.raises(NotAllowed, match="played as a knockout, not in rounds"):
        await tenv.tour.create(G, CH, HOST, "razz", format="rounds", max_players=8)
    with pytest.raises(NotAllowed, match="between 2 and 64"):
        await tenv.tour.create(G, CH, HOST, "razz", format="knockout", max_players=65)
    with pytest.raises(NotAllowed, match="between 1 minute and a week"):
        await tenv.tour.create(G, CH, HOST, "razz", format="knockout", max_players=8, starts_in_minutes=0)
    await tenv.eco.update_settings(G, tournament_host_role=77)
    with pytest.raises(NotAllowed, match="tournament host role"):
        await tenv.tour.create(G, CH, HOST, "razz", format="knockout", max_players=8, host_roles=(5,))
    by_role = await tenv.tour.create(G, CH, HOST, "razz", format="knockout", max_players=8, host_roles=(77,))
    by_admin = await tenv.tour.create(G, CH, HOST, "reversis", format="rounds", max_players=12, is_admin=True,
                                      starts_in_minutes=30)
    assert (by_role.status, by_role.table_size, by_role.starting_stack, by_role.starts_at) == ("signup", 6, 1000, None)
    assert (by_admin.table_size, by_admin.deals_per_round, by_admin.rounds) == (4, 1, 3)
    assert by_admin.starts_at == "2026-11-21T12:30:00+00:00"
    assert await tenv.db.scalar("SELECT COUNT(*) FROM tournaments") == 2


async def test_cancel_refunds_everyone_once(tenv: TEnv) -> None:
    tid = await razz(tenv)
    for p in PLAYERS:
        await tenv.tour.join(tid, p, guild_id=G)
    with pytest.raises(NotAllowed, match="host or an admin"):
        await tenv.tour.cancel(tid, P1, is_admin=False, guild_id=G)
    t = await tenv.tour.cancel(tid, HOST, is_admin=False, guild_id=G)
    assert t.status == "cancelled" and t.pool == 0
    await tenv.restart()
    tenv.tour = Tournaments(tenv.db, clock=tenv.clock)
    again = await tenv.tour.cancel(tid, P2, is_admin=True, guild_id=G)  # repeated: nothing more moves
    assert again.status == "cancelled"
    assert [await tenv.wallet(p) for p in PLAYERS] == [500, 500, 500]
    assert [c for c, _ in await tenv.codes(tid)].count("refund") == 3
    with pytest.raises(SignupClosed):
        await tenv.tour.join(tid, HOST, guild_id=G)
    await tenv.audit_ok()


async def test_begin_grants_the_stacks_in_the_events_scope_and_payouts_sum_to_the_pool(tenv: TEnv) -> None:
    tid = await razz(tenv, late_registration_minutes=10)
    for p in (P1, P2):
        await tenv.tour.join(tid, p, guild_id=G)
    t = await tenv.tour.begin(tid)
    assert t.status == "running" and sorted(e.seat_order for e in t.entries) == [0, 1]  # type: ignore[type-var]
    with pytest.raises(BadPhase):
        await tenv.tour.leave(tid, P1, guild_id=G)
    tenv.clock.advance(60)
    t = await tenv.tour.join(tid, P3, guild_id=G)  # late registration: buy-in and stack at once
    assert t.pool == 300
    scope = scope_of(tid)
    assert [await tenv.wallet(p, scope) for p in PLAYERS] == [1000, 1000, 1000]
    report = await tenv.eco.audit(scope)
    assert report.ok, report.problems
    tenv.clock.advance(600)
    with pytest.raises(SignupClosed):
        await tenv.tour.join(tid, HOST, guild_id=G)  # late registration is over

    done = await tenv.tour.pay_out(tid, [P3, P1, P2])
    assert [p.chips for p in prizes(300, 3)] == [300]  # three entrants: the winner takes all
    assert [(e.user_id, e.place, e.prize) for e in sorted(done.entries, key=lambda e: e.place or 0)] == [
        (P3, 1, 300), (P1, 2, 0), (P2, 3, 0)
    ]
    assert sum(e.prize for e in done.entries) == 300 and done.pool == 0 and done.status == "finished"
    await tenv.restart()
    tenv.tour = Tournaments(tenv.db, clock=tenv.clock)
    again = await tenv.tour.pay_out(tid, [P1, P2, P3])  # a retry after a restart pays nothing again
    assert again.status == "finished" and [c for c, _ in await tenv.codes(tid)].count("payout") == 1
    assert await tenv.wallet(P3) == 400 + 300
    await tenv.audit_ok()


async def test_the_pool_is_nobody_on_the_leaderboard(tenv: TEnv) -> None:
    tid = await razz(tenv)
    await tenv.tour.join(tid, P1, guild_id=G)
    await tenv.tour.join(tid, P2, guild_id=G)
    board = await tenv.eco.leaderboard(G, by="chips")
    assert pool_user(tid) < POOL_BASE < -1000
    assert {u for u, _ in board} == {P1, P2}


class Crash(RuntimeError):
    """The process dying in the middle of a step: its transaction never commits."""


async def test_a_crash_in_the_middle_of_begin_or_the_payouts_leaves_nothing_half_done(
    tenv: TEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = await razz(tenv, max_players=8)
    field = (HOST, P1, P2, P3, 104, 105, 106)
    for p in field:
        await tenv.tour.join(tid, p, guild_id=G)
    real_grant, real_pay = books.grant_stack, prize_pool.pay_out
    calls = {"n": 0}

    def dies_on_the_third(real):  # type: ignore[no-untyped-def]
        def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls["n"] += 1
            if calls["n"] == 3:
                raise Crash()
            return real(*args, **kwargs)
        return wrapped

    monkeypatch.setattr(books, "grant_stack", dies_on_the_third(real_grant))
    with pytest.raises(Crash):
        await tenv.tour.begin(tid)
    assert (await tenv.tour.get(tid)).status == "signup"
    assert await tenv.db.scalar("SELECT COUNT(*) FROM transfers WHERE guild_id=?", (scope_of(tid),)) == 0
    monkeypatch.setattr(books, "grant_stack", real_grant)
    await tenv.restart()
    tenv.tour = Tournaments(tenv.db, clock=tenv.clock)
    assert (await tenv.tour.begin(tid)).status == "running"
    assert [await tenv.wallet(p, scope_of(tid)) for p in field] == [1000] * len(field)

    calls["n"] = 0
    monkeypatch.setattr(prize_pool, "pay_out", dies_on_the_third(real_pay))
    with pytest.raises(Crash):
        await tenv.tour.pay_out(tid, list(field))
    t = await tenv.tour.get(tid)
    assert t.status == "running" and t.pool == 700 and all(e.prize == 0 for e in t.entries)
    monkeypatch.setattr(prize_pool, "pay_out", real_pay)
    await tenv.restart()
    tenv.tour = Tournaments(tenv.db, clock=tenv.clock)
    done = await tenv.tour.pay_out(tid, list(field))
    paid = [p.chips for p in prizes(700, 7)]
    assert [e.prize for e in sorted(done.entries, key=lambda e: e.place or 0)][: len(paid)] == paid
    assert done.pool == 0 and sum(e.prize for e in done.entries) == 700
    assert [c for c, _ in await tenv.codes(tid)].count("payout") == len(paid)
    await tenv.audit_ok()
