"""The house's chips (issue 24): its net read from the ledger, and its daily loss limit.

On both engines (``env`` runs on a SQLite file and on a PostgreSQL cluster). The house pays
computer players' buy-ins; once today's net (paid in less what came back) would pass the
server's ``house_daily_loss_limit``, computers can't be bought in until the next UTC day, and
a limit of 0 keeps them off chip tables altogether.
"""

from __future__ import annotations

import random

import pytest

from bot.service.house import HouseLimit
from tests.service.test_computers import computers_table, play_hand
from tests.service.test_tables import CH, HOST, P1, P2, Env, G, env

__all__ = ["env"]

LIMIT_TEXT = (
    "The house has reached today's limit of chips it may lose to players (100), so computer players"
    " can't play for chips until 00:00 UTC."
)


async def ledger_net(env: Env, day: str | None = None) -> int:
    """The house's net straight from its transfers (every one but the issuer's float grants)."""
    house = await env.db.scalar("SELECT id FROM accounts WHERE kind='user' AND user_id=0 AND guild_id=?", (G,))
    if house is None:
        return 0
    sql = (
        "SELECT COALESCE(SUM(CASE WHEN debit_id=? THEN amount ELSE -amount END), 0) FROM transfers"
        " WHERE (debit_id=? OR credit_id=?) AND code <> 'grant'"
    )
    args: tuple[object, ...] = (house, house, house)
    if day is not None:
        sql += " AND created_at LIKE ?"
        args = (*args, day + "%")
    return int(await env.db.scalar(sql, args))


async def limit(env: Env, n: int) -> None:
    await env.eco.update_settings(G, house_daily_loss_limit=n)


async def test_the_default_limit_is_ten_default_buy_ins(env: Env) -> None:
    settings = await env.eco.settings(G)
    assert settings.house_daily_loss_limit == 1_000 == 10 * settings.default_buy_in


async def test_the_house_net_per_game_today_and_in_total_equals_the_ledger(env: Env) -> None:
    snap = await computers_table(env, buy_in=50)
    await env.svc.start(snap.id, HOST)
    await play_hand(env, snap.id, random.Random(3))
    report = await env.eco.house(G)
    assert report.today == report.total == {"renfield": 100}  # both buy-ins still at the table
    env.clock.advance(24 * 3600)  # the table ends the next day: the cash-outs come back then
    await env.svc.end(snap.id, HOST, is_admin=False)
    kabu = await computers_table(env, "kabu", strengths=("easy",), buy_in=30)
    await env.svc.start(kabu.id, HOST)
    report = await env.eco.house(G)
    day = env.clock.now.date().isoformat()
    assert report.day == day
    assert report.today_net == await ledger_net(env, day) and report.total_net == await ledger_net(env)
    assert report.today["kabu"] == 30 and report.total["kabu"] == 30
    back = 100 - report.total["renfield"]  # what the two computers cashed out
    assert report.today["renfield"] == -back
    cashed = await env.db.scalar(
        "SELECT SUM(amount) FROM transfers WHERE code IN ('cash_out', 'refund') AND table_id=? AND credit_id="
        "(SELECT id FROM accounts WHERE kind='user' AND user_id=0)",
        (snap.id,),
    )
    assert back == int(cashed or 0)
    assert report.circulation == -int(
        await env.db.scalar("SELECT balance FROM accounts WHERE kind='issuer' AND guild_id=?", (G,))
    )
    assert report.limit == 1_000
    await env.audit_ok()


async def test_the_house_loses_up_to_its_limit_then_computers_are_refused_until_the_next_day(env: Env) -> None:
    await limit(env, 100)
    snap = await computers_table(env, buy_in=50)  # two buy-ins promised: exactly the limit
    with pytest.raises(HouseLimit) as refused:
        await env.svc.add_computer(snap.id, HOST, "easy")  # a third would pass it
    assert str(refused.value) == LIMIT_TEXT
    started = await env.svc.start(snap.id, HOST)
    assert started.refused == () and await ledger_net(env) == 100
    other = await env.svc.open_table(G, CH + 1, P1, "kabu", buy_in=50)
    with pytest.raises(HouseLimit):
        await env.svc.add_computer(other.id, P1, "easy")
    assert (await env.svc.get(other.id)).computers == ()  # the refusal changed nothing
    env.clock.advance(12 * 3600)  # 00:00 UTC: a new day, a new allowance
    other = await env.svc.add_computer(other.id, P1, "easy")
    assert other.computers == ((-1, "easy"),)
    await env.audit_ok()


async def test_a_computer_promised_in_a_lobby_is_turned_away_at_the_start_once_the_limit_is_spent(env: Env) -> None:
    await limit(env, 100)
    first = await computers_table(env, buy_in=50)
    second = await env.svc.open_table(G, CH + 1, P1, "kabu", buy_in=50)
    await env.svc.join(second.id, P2)
    await env.svc.add_computer(second.id, P1, "easy")  # allowed: nothing is paid yet
    await env.svc.start(first.id, HOST)  # the house pays 100: the day's limit
    started = await env.svc.start(second.id, P1)
    assert started.refused == ((-1, LIMIT_TEXT),)
    assert [i.user_id for i in started.snapshot.seats] == [P1, P2]
    assert "🤖 Ada can't play for chips today and left." in started.snapshot.recent
    assert await ledger_net(env) == 100
    await env.audit_ok()


async def test_a_busted_computer_leaves_instead_of_rebuying_past_the_limit(env: Env) -> None:
    await limit(env, 2)
    snap = await computers_table(env, buy_in=1)  # the two buy-ins spend the day's limit
    await env.svc.start(snap.id, HOST)
    rng = random.Random(11)
    for _hand in range(30):
        await play_hand(env, snap.id, rng)
        snap = await env.svc.get(snap.id)
        left = [line for line in snap.recent if "the house can't buy it in again today" in line]
        if left or not snap.is_open:
            break
        if snap.paused:
            await env.svc.ready(snap.id, HOST)
    assert left, snap.recent
    assert not any("buys in again" in line for line in snap.recent)
    assert await ledger_net(env) <= 2  # no rebuy: the house never paid past its limit
    await env.audit_ok()


async def test_a_limit_of_zero_keeps_computers_off_chip_tables_but_not_off_tables_without_chips(env: Env) -> None:
    await limit(env, 0)
    chips = await env.svc.open_table(G, CH, HOST, "kabu", buy_in=50)
    with pytest.raises(HouseLimit) as refused:
        await env.svc.add_computer(chips.id, HOST, "easy")
    assert str(refused.value) == (
        "Computer players don't play for chips on this server; they can join tables that play for no chips."
    )
    free = await env.svc.open_table(G, CH + 1, HOST, "ecarte")  # no stake: played for the score only
    assert not free.chips
    free = await env.svc.add_computer(free.id, HOST, "easy")
    await env.svc.start(free.id, HOST)
    assert await ledger_net(env) == 0 and (await env.eco.house(G)).total == {}
    await env.audit_ok()


async def test_a_start_short_of_players_because_the_house_cant_pay_says_so_and_changes_nothing(env: Env) -> None:
    await limit(env, 100)
    first = await computers_table(env, buy_in=50)
    second = await env.svc.open_table(G, CH + 1, P1, "renfield", buy_in=50)  # needs 3 players
    for _ in range(2):
        second = await env.svc.add_computer(second.id, P1, "easy")
    await env.svc.start(first.id, HOST)
    with pytest.raises(HouseLimit) as refused:
        await env.svc.start(second.id, P1)
    assert str(refused.value) == LIMIT_TEXT
    second = await env.svc.get(second.id)
    assert second.status == "lobby" and len(second.computers) == 2 and await ledger_net(env) == 100
