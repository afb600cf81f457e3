"""Leaderboard seasons (issue 27), on both engines: a season's boards and ratings count only its
own hands, a monthly season turns at midnight UTC on the 1st even if nobody looked then, past
seasons stay readable, and a chip reset is recorded transfers that keep the audit balanced."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.service.errors import NotAllowed
from bot.service.seasonal import Seasons
from bot.service.seasons import ALL_TIME, next_month
from bot.service.seasons import _close as close_season
from tests.service.test_tables import CH, HOST, P1, P2, Env, G, env, play_hand, seated_table

__all__ = ["env"]

PEOPLE = (HOST, P1, P2)


def seasons_of(env: Env) -> Seasons:
    return Seasons(env.db, env.eco, clock=env.clock)


async def one_kabu_hand(env: Env, seed: int) -> None:
    snap = await seated_table(env, "kabu", players=PEOPLE, buy_in=50)
    await play_hand(env, snap.id, random.Random(seed))
    await env.svc.end(snap.id, HOST, is_admin=True, now=True)


def test_next_month_is_the_first_instant_of_the_following_month() -> None:
    assert next_month(datetime(2026, 11, 27, 13, tzinfo=UTC)) == datetime(2026, 12, 1, tzinfo=UTC)
    assert next_month(datetime(2026, 12, 31, 23, 59, tzinfo=UTC)) == datetime(2027, 1, 1, tzinfo=UTC)


async def test_a_season_counts_its_own_hands_and_past_ones_stay_readable(env: Env) -> None:
    s = seasons_of(env)
    await one_kabu_hand(env, 1)  # before any season: all time only
    env.clock.advance(60)
    first = await s.start(G, "manual", CH)
    assert first.number == 1 and first.current
    with pytest.raises(NotAllowed, match="Season 1 is running"):
        await s.start(G, "manual", CH)
    env.clock.advance(60)
    await one_kabu_hand(env, 2)
    await one_kabu_hand(env, 3)
    env.clock.advance(60)
    done = await s.end(G, then="manual")
    assert done.ended.number == 1 and not done.ended.current and done.following is not None
    env.clock.advance(60)
    await one_kabu_hand(env, 4)

    season1 = await s.span(G, 1)
    hands = {
        span.season: dict(await env.eco.leaderboard(G, "kabu", "hands", span=span))
        for span in (season1, await s.span(G, None), ALL_TIME)
    }
    assert hands[1] == {u: 2 for u in PEOPLE}
    assert hands[2] == {u: 1 for u in PEOPLE}, "the current season is the default"
    assert hands[None] == {u: 4 for u in PEOPLE}
    # The season's chips board ranks what was won in it, and sums to the hands' net (0 among people).
    won = dict(await env.eco.leaderboard(G, None, "chips", span=season1))
    assert sum(won.values()) == 0 and set(won) == set(PEOPLE)
    # Ratings: the season's start everyone afresh, two hands rated; all time has four.
    game, season_board = await env.eco.rating_board(G, "kabu", season=1)
    _game, all_board = await env.eco.rating_board(G, "kabu")
    assert game == "kabu"
    assert {r.rated for r in season_board} == {2}
    assert {r.rated for r in all_board} == {4}
    with pytest.raises(NotAllowed, match="no season 9"):
        await s.span(G, 9)
    assert (await s.span(G, 0)) == ALL_TIME
    final = await s.final_standings(done.ended)
    assert final.hands == 2 and final.rated_game == "kabu"
    assert [u for u, _w in final.chips] == [u for u, _w in await env.eco.leaderboard(G, None, "chips", span=season1)]


async def test_a_monthly_season_turns_at_the_planned_instant_even_when_nobody_looked(env: Env) -> None:
    s = seasons_of(env)
    first = await s.start(G, "monthly", CH)
    assert first.ends_at == "2026-12-01T00:00:00.000000+00:00"
    await one_kabu_hand(env, 5)
    env.clock.now = datetime(2027, 2, 3, 9, tzinfo=UTC)  # the bot was away for three month ends
    await one_kabu_hand(env, 6)
    listed = await s.every(G)
    assert [x.number for x in listed] == [4, 3, 2, 1]
    assert [x.started_at[:10] for x in listed] == ["2027-02-01", "2027-01-01", "2026-12-01", "2026-11-21"]
    assert listed[1].ended_at == listed[0].started_at, "seasons meet without a gap"
    assert dict(await env.eco.leaderboard(G, "kabu", "hands", span=await s.span(G, 1))) == {u: 1 for u in PEOPLE}
    assert await env.eco.leaderboard(G, "kabu", "hands", span=await s.span(G, 2)) == []
    assert dict(await env.eco.leaderboard(G, "kabu", "hands", span=await s.span(G, None))) == {u: 1 for u in PEOPLE}
    due = await s.due_announcements()
    assert [x.number for x in due] == [1, 2, 3]
    await s.announced(due[0])
    assert [x.number for x in await s.due_announcements()] == [2, 3]


async def test_a_chip_reset_is_recorded_and_the_books_balance(env: Env) -> None:
    s = seasons_of(env)
    await s.start(G, "manual", CH)
    await one_kabu_hand(env, 7)
    before = {u: await env.eco.balance(G, u) for u in PEOPLE}
    assert len(set(before.values())) > 1, "the hand moved chips"
    done = await s.end(G, then=None, reset_chips=1000)
    assert done.following is None
    assert {u: await env.eco.balance(G, u) for u in PEOPLE} == {u: 1000 for u in PEOPLE}
    assert done.wallets_reset == sum(1 for v in before.values() if v != 1000)
    moved = await env.db.scalar("SELECT COUNT(*) FROM transfers WHERE code='correction' AND idem_key LIKE 'season:%'")
    assert moved == done.wallets_reset
    report = await env.eco.audit(G)
    assert report.ok, report.problems
    with pytest.raises(NotAllowed, match="No season is running"):
        await s.end(G, then=None)


async def test_a_turn_another_process_made_first_stands(env: Env) -> None:
    """Two shards turning the same month: the second finds the season ended and writes nothing
    (on PostgreSQL its UPDATE waits for the first's commit and then matches no row)."""
    s = seasons_of(env)
    stale = await s.start(G, "monthly", CH)
    env.clock.now = datetime(2026, 12, 1, 0, 0, 1, tzinfo=UTC)
    assert [x.number for x in await s.due_announcements()] == [1]

    def second_turn(conn):  # the other process still holds season 1 as current
        return close_season(conn, stale, datetime(2026, 12, 1, tzinfo=UTC), "monthly")

    ended, current = await env.db.run(second_turn)
    assert ended.number == 1 and current is not None and current.number == 2
    assert [x.number for x in await s.every(G)] == [2, 1]
