"""A rounds tournament played from sign-up to payout on real tables (issue 27), on both engines.

The runner (``rounds_run.RoundsRunner``) seats each round at ordinary tables of the event's scope,
each table ends by itself after the round's deals (``round_tables``, in the transaction that scores
the last one), the placings carry to the standings, the next round is paired from them, and the
standings after the last round are the places the pool is paid by. Kills in the middle of a
round's start and between rounds are finished by the next step; audits balance; nothing is paid twice.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from fractions import Fraction
from typing import Any

import pytest

from bot.service.errors import NotAllowed
from bot.service.events import pairing
from bot.service.events.standings import standings
from bot.service.rounds_run import RoundsRunner, draw, split
from bot.service.tournament_rows import Tournament
from data import ledger
from tests.service.test_computers import play_hand
from tests.service.test_tables import CH, Clock, G
from tests.service.test_tournament_run import Crash, REnv, audits

PEOPLE = tuple(range(301, 313))  # twelve entrants: three tables of four at Reversis


class RoundsEnv(REnv):
    runner: RoundsRunner

    async def open(self) -> RoundsEnv:
        await super().open()
        self.runner = RoundsRunner(self.svc, self.tour, self.channel_for)
        return self


@pytest.fixture
async def renv(store_target: str) -> AsyncIterator[RoundsEnv]:
    e = await RoundsEnv(store_target, Clock()).open()
    await e.eco.update_settings(G, starting_chips=500, hand_pause_seconds=0)
    yield e
    await e.close()


async def signed_up(
    env: RoundsEnv, players: tuple[int, ...] = PEOPLE, *, game: str = "reversis", seats: int = 0, **kw: object
) -> Tournament:
    args: dict[str, object] = {"rounds": 2, "deals_per_round": 2, **kw}
    t = await env.tour.create(
        G, CH, players[0], game, format="rounds", max_players=seats or len(players), buy_in=100, **args  # type: ignore[arg-type]
    )
    for p in players:
        t = await env.tour.join(t.id, p)
    return t


async def round_tables(env: RoundsEnv, t: Tournament, number: int) -> list[int]:
    rows = await env.db.fetchall(
        "SELECT table_id FROM tournament_tables WHERE tournament_id=? AND round=? ORDER BY table_no", (t.id, number)
    )
    return [int(r[0]) for r in rows]


async def everyone_at(env: RoundsEnv, tables: list[int]) -> list[int]:
    return sorted([u for tid in tables for u in (await env.svc.get(tid)).lobby])


async def play_round(env: RoundsEnv, t: Tournament, rng: random.Random) -> None:
    """Plays every open table of the event hand by hand until each has closed."""
    for _ in range(40):
        open_now = await env.scope_tables(t)
        if not open_now:
            return
        for tid in open_now:
            if (await env.svc.get(tid)).status == "playing":
                await play_hand(env, tid, rng)
    raise AssertionError("the round's tables didn't close")


async def test_a_field_splits_into_whole_tables_with_computers_only_where_allowed(renv: RoundsEnv) -> None:
    t = await signed_up(renv)
    assert split(t, 12) == ([4, 4, 4], [0, 0, 0])
    assert split(t, 10) is None  # two seats short and no computers allowed
    filled = await signed_up(renv, PEOPLE[:10], seats=12, computers_fill=True)
    assert split(filled, 10) == ([4, 4, 4], [0, 1, 1])  # a computer a table, from the last up
    short = await signed_up(renv, PEOPLE[:10], seats=12)
    with pytest.raises(NotAllowed):  # "Start now" says why it can't, and nothing starts
        await renv.runner.start_now(short.id, PEOPLE[0], is_admin=True)
    assert (await renv.tour.get(short.id)).status == "signup"


async def test_rounds_end_their_tables_carry_placings_and_pay_the_pool(renv: RoundsEnv) -> None:
    t = await signed_up(renv)
    t = await renv.runner.step(t.id)  # full: begins and seats round 1
    assert t.status == "running"
    first = await round_tables(renv, t, 1)
    assert len(first) == 3 and await renv.scope_tables(t) == first
    assert await everyone_at(renv, first) == list(PEOPLE)
    assert [tuple((await renv.svc.get(tid)).lobby) for tid in first] == [p for p, _c in draw(t, await renv.runner.played(t), 1)]
    # A second step opens nothing more.
    assert await renv.runner.step(t.id) == t and await round_tables(renv, t, 1) == first

    await play_round(renv, t, random.Random(3))
    for tid in first:  # each table played exactly the round's two deals and said why it ended
        snap = await renv.svc.get(tid)
        assert snap.status == "finished" and snap.hand_no == 2
        assert "Round 1 is over at this table: 2 of 2 deals played." in snap.recent
    played = await renv.runner.played(t)
    board = await renv.runner.board(t)
    assert board.round == 1 and (board.tables_done, board.tables) == (3, 3)
    assert sum(ln.points for ln in board.lines) == 3 * 6  # 3+2+1+0 points at each table of four
    assert all(ln.tables == 1 and len(ln.placings) == 1 for ln in board.lines)

    t = await renv.runner.step(t.id)  # round 2, paired from the standings
    second = await round_tables(renv, t, 2)
    assert len(second) == 3
    ranked = [ln.player for ln in board.lines]
    met = pairing.meetings([[[u for u in s.scores if u > 0]] for s in played.results()])
    expected = pairing.next_round(ranked, [4, 4, 4], met)
    assert [tuple((await renv.svc.get(tid)).lobby) for tid in second] == list(expected)
    assert (await renv.svc.get(second[0])).lobby[0] == ranked[0]  # the leader opens the top table

    await play_round(renv, t, random.Random(4))
    t = await renv.runner.step(t.id)
    assert t.status == "finished" and t.pool == 0
    final = await renv.runner.board(t)
    assert [e.user_id for e in sorted(t.entries, key=lambda e: e.place or 0)] == [ln.player for ln in final.lines]
    assert all(ln.tables == 2 for ln in final.lines)
    assert sum(e.prize for e in t.entries) == 1200  # 12 × 100, by the payout table
    assert sum(ln.points for ln in final.lines) == Fraction(36)
    await audits(renv, t)
    # Results feed ratings and the tournament board; tournament chips stay off the chip boards.
    assert await renv.db.scalar("SELECT COUNT(*) FROM ratings WHERE game_id='reversis' AND user_id > 0") == 12
    winner = next(e for e in t.entries if e.place == 1)
    assert (await renv.tour.board(G))[0] == (winner.user_id, 1, 1, winner.prize)
    assert await renv.eco.leaderboard(G, "reversis", "chips") == []
    # Another step, and pay_out called again, pay nothing.
    again = await renv.runner.step(t.id)
    assert [e.prize for e in again.entries] == [e.prize for e in t.entries]
    again = await renv.tour.pay_out(t.id, list(reversed(t.entrants)))
    assert [e.prize for e in again.entries] == [e.prize for e in t.entries] and again.pool == 0
    await audits(renv, t)


async def test_kills_mid_start_and_between_rounds_are_finished_by_the_next_step(renv: RoundsEnv) -> None:
    t = await signed_up(renv, rounds=2, deals_per_round=1)
    renv.crash_at_channel = 2  # two tables of round 1 opened and started, then the process dies
    with pytest.raises(Crash):
        await renv.runner.step(t.id)
    assert len(await round_tables(renv, t, 1)) == 2
    await renv.restart()
    renv.crash_at_channel = None
    t = await renv.runner.step(t.id)
    first = await round_tables(renv, t, 1)
    assert len(first) == 3
    assert await everyone_at(renv, first) == list(PEOPLE)
    await play_round(renv, t, random.Random(8))
    await renv.restart()  # between rounds
    broke = PEOPLE[5]  # lost every tournament chip in round 1 (taken back here): restacked for round 2

    def empty(conn: Any) -> None:
        have = ledger.balance_of(conn, ledger.USER, t.scope, user_id=broke)
        ledger.grant(conn, t.scope, broke, -have, "test:empty", at="2026-11-21T12:00:00+00:00")

    await renv.db.run(empty)
    renv.crash_at_channel = 1
    with pytest.raises(Crash):
        await renv.runner.step(t.id)
    await renv.restart()
    renv.crash_at_channel = None
    t = await renv.runner.step(t.id)
    second = await round_tables(renv, t, 2)
    assert len(second) == 3 and len(set(second) & set(first)) == 0
    assert await everyone_at(renv, second) == list(PEOPLE)
    escrow = await renv.db.scalar(
        "SELECT SUM(balance) FROM accounts WHERE kind='escrow' AND guild_id=? AND user_id=? AND table_id IN (?,?,?)",
        (t.scope, broke, *second),
    )
    assert escrow == 1000  # the starting stack again, at their round-2 table
    assert await renv.db.scalar("SELECT COUNT(*) FROM tables WHERE ledger_guild=?", (t.scope,)) == 6
    await play_round(renv, t, random.Random(9))
    t = await renv.runner.step(t.id)
    assert t.status == "finished" and sum(e.prize for e in t.entries) == 1200
    await audits(renv, t)


async def test_a_sheet_game_table_ends_after_the_rounds_deals_with_placings_by_its_totals(renv: RoundsEnv) -> None:
    people = PEOPLE[:4]
    t = await signed_up(renv, people, game="rage", rounds=1, deals_per_round=2)
    t = await renv.runner.step(t.id)
    (tid,) = await round_tables(renv, t, 1)
    rng = random.Random(1)
    for _ in range(5000):
        snap = await renv.svc.get(tid)
        if not snap.is_open:
            break
        user = snap.to_act_users[0]
        seat = next(i for i in snap.seats if i.user_id == user)
        await renv.svc.act(tid, user, rng.choice(snap.game.legal_actions(snap.state, seat.seat)), seq=snap.seq,
                           by_computer=seat.by_computer)
    snap = await renv.svc.get(tid)
    assert snap.status == "finished"
    assert snap.result is not None
    sheet = snap.result.sheet
    assert sheet is not None and len(sheet.rows) == 2  # no third deal was played
    assert "Round 1 is over at this table: 2 of 2 deals played." in snap.recent
    rows = await renv.db.fetchall("SELECT user_id, score FROM results WHERE table_id=? ORDER BY seat", (tid,))
    assert [int(r[1]) for r in rows] == list(sheet.totals)
    t = await renv.runner.step(t.id)
    assert t.status == "finished"
    best = max(range(4), key=lambda s: (sheet.totals[s], -s))
    lines = standings(people, [])  # every entrant has a line even before a result
    assert len(lines) == 4
    assert next(e for e in t.entries if e.place == 1).user_id in {
        int(rows[s][0]) for s in range(4) if sheet.totals[s] == sheet.totals[best]
    }
    await audits(renv, t)


async def test_a_timed_event_that_does_not_split_is_called_off_and_late_registration_is_refused(renv: RoundsEnv) -> None:
    with pytest.raises(NotAllowed):
        await renv.tour.create(G, CH, PEOPLE[0], "reversis", format="rounds", max_players=12, late_registration_minutes=30)
    t = await signed_up(renv, PEOPLE[:10], seats=12, starts_in_minutes=5)
    renv.clock.advance(6 * 60)
    t = await renv.runner.step(t.id)
    assert t.status == "cancelled" and t.pool == 0
    assert await renv.scope_tables(t, open_only=False) == []
    assert [await renv.wallet(p) for p in PEOPLE[:10]] == [500] * 10  # every buy-in back
    await renv.audit_ok()



async def test_a_player_out_of_chips_in_a_round_sits_it_out_and_stays_in_the_tournament(renv: RoundsEnv) -> None:
    """At a rounds table running out of tournament chips is not a knock-out: the table says the
    player sits out the round and stays in the event (no "knocked out" line, no place)."""
    people = PEOPLE[:4]
    t = await signed_up(renv, people, game="putandtake", rounds=2, deals_per_round=6)
    t = await renv.runner.step(t.id)
    await play_round(renv, t, random.Random(3))
    poor = people[1]

    def one_chip_left(conn: Any) -> None:  # the player brings a single chip to round 2
        have = ledger.balance_of(conn, ledger.USER, t.scope, user_id=poor)
        ledger.grant(conn, t.scope, poor, 1 - have, "test:drain", at="2026-11-21T12:00:00+00:00")

    await renv.db.run(one_chip_left)
    t = await renv.runner.step(t.id)
    (tid,) = await round_tables(renv, t, 2)
    rng = random.Random(4)
    lines: list[str] = []
    for _ in range(40):
        snap = await renv.svc.get(tid)
        lines += [x for x in snap.recent if x not in lines]
        if not snap.is_open or poor not in snap.lobby:
            break
        await play_hand(renv, tid, rng)
    said = [x for x in lines if str(poor) in x]
    assert any("sits out the rest of this round" in x for x in said), said
    assert not any("knocked out" in x for x in lines)
    t = await renv.tour.get(t.id)
    assert next(e for e in t.entries if e.user_id == poor).knocked_out_at is None
    await play_round(renv, t, random.Random(5))
    t = await renv.runner.step(t.id)
    assert t.status == "finished" and sum(e.prize for e in t.entries) == 400
    await audits(renv, t)
