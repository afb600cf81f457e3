"""A knockout played from sign-up to payout on real tables (issue 27), on both engines (``tenv``).

The runner (``tournament_run.KnockoutRunner``) opens the first draw's tables in the event's ledger
scope, the tables knock players out with the hand that empties their stack, players are moved to
balance and break tables, the level clock raises the stakes at each deal, and the last one in wins
the pool. Restarts in the middle of the start and of a move finish the step; the server's and the
scope's audits balance and nothing is paid twice.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.service.tournament_rows import Entry, Tournament
from bot.service.tournament_run import Floor, KnockoutRunner, Seat, balance_moves, first_tables
from data.accounts import scope_of
from tests.service.test_computers import play_hand
from tests.service.test_tables import CH, Clock, G
from tests.service.test_tournaments import TEnv

PEOPLE = tuple(range(201, 209))  # eight entrants: two tables of four


class Crash(Exception):
    """A kill in the middle of a step (the process dies; the rows stay as committed)."""


class REnv(TEnv):
    runner: KnockoutRunner
    channels: list[int]
    crash_at_channel: int | None = None

    async def open(self) -> REnv:
        await super().open()
        self.channels = getattr(self, "channels", [])
        self.runner = KnockoutRunner(self.svc, self.tour, self.channel_for)
        return self

    async def channel_for(self, t: Tournament, number: int) -> int:
        if self.crash_at_channel == number:
            raise Crash()
        channel = CH * 1000 + t.id * 10 + number
        self.channels.append(channel)
        return channel

    async def scope_tables(self, t: Tournament, *, open_only: bool = True) -> list[int]:
        where = " AND status IN ('lobby','playing')" if open_only else ""
        rows = await self.db.fetchall(f"SELECT id FROM tables WHERE ledger_guild=?{where} ORDER BY id", (t.scope,))
        return [int(r[0]) for r in rows]


@pytest.fixture
async def renv(store_target: str) -> AsyncIterator[REnv]:
    e = await REnv(store_target, Clock()).open()
    await e.eco.update_settings(G, starting_chips=500, hand_pause_seconds=0)
    yield e
    await e.close()


async def signed_up(env: REnv, players: tuple[int, ...] = PEOPLE, seats: int = 0, **kw: object) -> Tournament:
    t = await env.tour.create(
        G, CH, players[0], "razz", format="knockout", max_players=seats or len(players), buy_in=100, **kw  # type: ignore[arg-type]
    )
    for p in players:
        t = await env.tour.join(t.id, p)
    return t


async def audits(env: REnv, t: Tournament) -> None:
    await env.audit_ok()
    report = await env.eco.audit(scope_of(t.id))
    assert report.ok, report.problems


async def test_the_first_draw_seats_everyone_once_with_people_at_every_table() -> None:
    t = Tournament(
        id=1, guild_id=G, channel_id=CH, host_id=1, game_id="razz", preset=None, options=None,  # type: ignore[arg-type]
        format="knockout", max_players=16, buy_in=0, starting_stack=1000, table_size=6, level_minutes=10,
        deals_per_round=None, rounds=None, starts_at=None, late_registration_minutes=0, computers_fill=True,
        status="running", seed=7, locale="en", message_id=None, created_at="", started_at="", finished_at=None,
        entries=tuple(Entry(u, "", i) for i, u in enumerate(range(1, 5))),
    )
    draw = first_tables(t)
    assert sorted(u for people, _ in draw for u in people) == [1, 2, 3, 4]
    assert [len(people) + computers for people, computers in draw] == [6, 5, 5]  # 16 seats, balanced
    assert all(people for people, _ in draw)  # a table of computers only would close at once


async def test_full_knockout_starts_seats_tables_and_opens_them_in_the_scope(renv: REnv) -> None:
    t = await signed_up(renv)
    t = await renv.runner.step(t.id)  # full: begins and seats
    assert t.status == "running" and t.seated_at is not None
    tables = await renv.scope_tables(t)
    assert len(tables) == 2
    seated = []
    for tid in tables:
        snap = await renv.svc.get(tid)
        assert snap.status == "playing" and snap.ledger_guild == t.scope and snap.buy_in == t.starting_stack
        assert sorted(snap.stacks) == [1000] * 4
        seated += snap.lobby
    assert sorted(seated) == list(PEOPLE)
    # A second step changes nothing: no table opened twice, nobody bought in twice.
    await renv.runner.step(t.id)
    assert await renv.scope_tables(t) == tables
    buy_ins = await renv.db.scalar("SELECT COUNT(*) FROM transfers WHERE guild_id=? AND code='buy_in'", (t.scope,))
    assert buy_ins == 8
    await audits(renv, t)


async def test_a_kill_in_the_middle_of_the_start_is_finished_by_the_next_step(renv: REnv) -> None:
    t = await signed_up(renv)
    renv.crash_at_channel = 1  # the first table is opened and started, then the process dies
    with pytest.raises(Crash):
        await renv.runner.step(t.id)
    assert len(await renv.scope_tables(t)) == 1
    await renv.restart()
    renv.crash_at_channel = None
    t = await renv.runner.step(t.id)
    assert t.seated_at is not None
    tables = await renv.scope_tables(t)
    assert len(tables) == 2
    seated = [u for tid in tables for u in (await renv.svc.get(tid)).lobby]
    assert sorted(seated) == list(PEOPLE)
    assert await renv.db.scalar("SELECT COUNT(*) FROM transfers WHERE guild_id=? AND code='buy_in'", (t.scope,)) == 8
    await audits(renv, t)


async def movers(env: REnv, t: Tournament) -> list[int]:
    """Entrants who sat at more than one of the event's tables (an escrow at each)."""
    rows = await env.db.fetchall(
        "SELECT user_id FROM accounts WHERE kind='escrow' AND guild_id=? AND user_id > 0 GROUP BY user_id"
        " HAVING COUNT(*) > 1",
        (t.scope,),
    )
    return [int(r[0]) for r in rows]


async def play_out(env: REnv, t: Tournament, rng: random.Random, *, restart_every: int = 0, limit: int = 3000) -> Tournament:
    """Plays every open table hand by hand (the clock running a minute a hand), stepping the
    runner after each; ``restart_every``: a restart after that many hands."""
    hands = 0
    while t.status == "running":
        hands += 1
        assert hands < limit, "the tournament didn't end"
        for tid in await env.scope_tables(t):
            snap = await env.svc.get(tid)
            if snap.status == "playing":
                await play_hand(env, tid, rng)
        env.clock.advance(60)
        if restart_every and hands % restart_every == 0:
            await env.restart()
        t = await env.runner.step(t.id)
    return t


async def test_a_knockout_plays_to_the_end_and_pays_the_pool_with_tables_merged(renv: REnv) -> None:
    t = await signed_up(renv)
    t = await renv.runner.step(t.id)
    t = await play_out(renv, t, random.Random(5), restart_every=7)
    assert t.status == "finished"
    places = sorted(e.place or 0 for e in t.entries)
    assert places == list(range(1, 9))
    assert sum(e.prize for e in t.entries) == 800 and t.pool == 0
    winner = next(e for e in t.entries if e.place == 1)
    assert winner.knocked_out_at is None
    assert all(e.knocked_out_at is not None for e in t.entries if e.place != 1)
    assert await renv.scope_tables(t) == []  # every table closed
    # Tables were merged: someone sat at two tables (a second buy-in of their own stack).
    assert await movers(renv, t)
    # The level clock raised the stakes: later hands were dealt at a higher ante.
    antes = [json.loads(r[0])["ante"] for r in await renv.db.fetchall(
        "SELECT h.options_json FROM hands h JOIN tables x ON x.id=h.table_id WHERE x.ledger_guild=? ORDER BY h.started_at",
        (t.scope,),
    )]
    assert antes[-1] > antes[0]
    # Knock-outs were recorded with their hand: each place's time is a hand's end at a table.
    await audits(renv, t)
    # Tournament chips stay off the server's chip boards; the hands count, and the board of events has the finish.
    assert await renv.eco.leaderboard(G, "razz", "chips") == []
    assert await renv.eco.leaderboard(G, "razz", "hands")
    board = await renv.tour.board(G)
    assert board[0] == (winner.user_id, 1, 1, winner.prize) and len(board) == 8
    # A step after the end pays nothing again.
    again = await renv.runner.step(t.id)
    assert again.pool == 0 and [e.prize for e in again.entries] == [e.prize for e in t.entries]


async def test_computers_fill_and_a_restart_between_each_cash_out_and_reseat_loses_nothing(renv: REnv) -> None:
    # Six people for twelve seats: computers fill; a restart after every round of hands, so each
    # move is killed between the mover's cash-out (end of hand at table A) and their seat at table B.
    t = await signed_up(renv, PEOPLE[:6], 12, computers_fill=True)
    t = await renv.tour.begin(t.id)  # the host's "Start now" before the field is full
    t = await renv.runner.step(t.id)
    tables = await renv.scope_tables(t)
    assert len(tables) == 2
    lobbies = [(await renv.svc.get(tid)).lobby for tid in tables]
    assert [len(lobby) for lobby in lobbies] == [6, 6] and all(sum(u > 0 for u in lobby) == 3 for lobby in lobbies)
    t = await play_out(renv, t, random.Random(11), restart_every=1)
    assert t.status == "finished"
    assert sorted(e.place or 0 for e in t.entries) == list(range(1, 7))
    assert sum(e.prize for e in t.entries) == 600 and t.pool == 0
    # Computers take no place; they bought in once each (never again: no rebuys at a tournament table).
    computer_buy_ins = await renv.db.scalar(
        "SELECT COUNT(*) FROM accounts WHERE kind='escrow' AND guild_id=? AND user_id < 0", (t.scope,)
    )
    assert computer_buy_ins == 6
    assert await movers(renv, t)  # at least one move went through a restart
    await audits(renv, t)


async def test_a_knock_out_commits_with_the_hand_that_emptied_the_stack(renv: REnv) -> None:
    t = await signed_up(renv, PEOPLE[:2])
    t = await renv.runner.step(t.id)
    (table,) = await renv.scope_tables(t)
    rng = random.Random(2)
    for _ in range(500):
        assert (await renv.svc.get(table)).status == "playing"
        await play_hand(renv, table, rng)
        renv.clock.advance(300)  # the levels rise fast: someone busts soon
        await renv.restart()  # no runner step: the table's own transaction must have recorded it
        t = await renv.tour.get(t.id)
        out = [e for e in t.entries if e.knocked_out_at is not None]
        if out:
            break
    (loser,) = out
    assert loser.place == 2
    ended = await renv.db.fetchall(
        "SELECT ended_at FROM hands WHERE table_id=? AND status='done' ORDER BY hand_no DESC LIMIT 1", (table,)
    )
    assert loser.knocked_out_at == ended[0][0]
    snap = await renv.svc.get(table)
    assert loser.user_id not in snap.busted  # no "Buy back in" at a tournament table
    t = await renv.runner.step(t.id)
    assert t.status == "finished" and [e.prize for e in t.entries if e.place == 1] == [200]
    await audits(renv, t)


async def test_the_hand_that_decides_a_knockout_closes_its_table_before_any_step(renv: REnv) -> None:
    # Two people and two computers: once one person is out, the other has won. The table closes with
    # that hand, in its own transaction: the winner doesn't play on against the computers (and maybe
    # lose their stack to them) until the keeper's next step pays the event out.
    t = await signed_up(renv, PEOPLE[:2], 4, computers_fill=True)
    t = await renv.tour.begin(t.id)
    t = await renv.runner.step(t.id)
    (table,) = await renv.scope_tables(t)
    assert sum(u < 0 for u in (await renv.svc.get(table)).lobby) == 2
    rng = random.Random(4)
    for _ in range(500):
        await play_hand(renv, table, rng)
        renv.clock.advance(300)  # the levels rise fast: someone busts soon
        t = await renv.tour.get(t.id)  # no runner step in this loop
        if any(e.knocked_out_at is not None for e in t.entries):
            break
        assert (await renv.svc.get(table)).status == "playing"
    snap = await renv.svc.get(table)
    assert snap.status == "finished"
    assert snap.recent[-1] == "The tournament is over: this table closes."
    last = await renv.db.scalar("SELECT MAX(hand_no) FROM hands WHERE table_id=?", (table,))
    assert last == snap.hand_no  # no hand dealt after the deciding one
    t = await renv.runner.step(t.id)
    assert t.status == "finished" and sorted(e.place or 0 for e in t.entries) == [1, 2]
    assert [e.prize for e in t.entries if e.place == 1] == [200]
    await audits(renv, t)


async def test_due_lists_timed_full_and_running_knockouts_of_this_process_only(renv: REnv) -> None:
    timed = await renv.tour.create(G, CH, PEOPLE[0], "razz", format="knockout", max_players=8, starts_in_minutes=5)
    full = await signed_up(renv, PEOPLE[:2])
    waiting = await renv.tour.create(G, CH, PEOPLE[0], "razz", format="knockout", max_players=8)
    assert await renv.runner.due() == [full.id]
    assert await renv.runner.next_start() == renv.clock() + timedelta(minutes=5)
    renv.clock.advance(5 * 60)
    assert await renv.runner.due() == [timed.id, full.id]
    assert waiting.id not in await renv.runner.due()
    renv.svc.owns_guild = lambda guild: guild != G  # another process runs this server's tables
    assert await renv.runner.due() == []
    # A timed event nobody joined is called off at its start (nothing to refund).
    renv.svc.owns_guild = lambda guild: True
    assert (await renv.runner.step(timed.id)).status == "cancelled"


async def until_first_knockout(env: REnv, rng: random.Random) -> Tournament:
    """Two people and six computers at two tables play hands, table by table, until the first
    knock-out; at two people that decides the event, and the busted person's table closes with it."""
    t = await signed_up(env, PEOPLE[:2], 8, computers_fill=True)
    t = await env.tour.begin(t.id)
    t = await env.runner.step(t.id)
    tables = await env.scope_tables(t)
    assert len(tables) == 2
    while not any(e.knocked_out_at is not None for e in t.entries):
        for table in tables:
            assert (await env.svc.get(table)).status == "playing"
            await play_hand(env, table, rng)
            t = await env.tour.get(t.id)
            if any(e.knocked_out_at is not None for e in t.entries):
                break
        env.clock.advance(300)
    return t


async def test_a_kill_between_the_payouts_and_closing_the_tables_pays_once_and_closes_them(renv: REnv) -> None:
    # The hand that knocks one person out closes their table (it decides the event); the winner's
    # table is still open, in its next hand, when the event pays out.
    t = await until_first_knockout(renv, random.Random(4))
    (table,) = await renv.scope_tables(t)  # the winner's

    async def killed(*_a: object, **_k: object) -> None:
        raise Crash()

    renv.svc.end = killed  # type: ignore[method-assign]
    with pytest.raises(Crash):
        await renv.runner.step(t.id)  # paid out, then the process dies before closing the table
    await renv.restart()
    t = await renv.tour.get(t.id)
    assert t.status == "finished" and await renv.scope_tables(t) == [table]
    assert await renv.runner.due() == [t.id]
    await renv.runner.step(t.id)
    assert await renv.scope_tables(t) == [] and await renv.runner.due() == []
    assert "The tournament is over: this table closes." in (await renv.svc.get(table)).recent
    paid = await renv.db.fetchall(
        "SELECT amount FROM transfers WHERE idem_key LIKE ? AND code='payout'", (f"tournament:{t.id}:prize:%",)
    )
    assert sum(int(r[0]) for r in paid) == 200
    await audits(renv, t)


async def test_the_winners_table_closes_with_its_own_next_hand(renv: REnv) -> None:
    # The deciding knock-out happens at the other table: the winner's table learns the event is over
    # from the count of entrants still in, read with its own next hand (nobody busts there), and
    # closes then, without waiting for the keeper's step.
    rng = random.Random(4)
    t = await until_first_knockout(renv, rng)
    (table,) = await renv.scope_tables(t)  # the winner's, playing on
    before = await renv.svc.get(table)
    assert before.status == "playing" and "The tournament is over: this table closes." not in before.recent
    await play_hand(renv, table, rng)
    snap = await renv.svc.get(table)
    assert snap.status == "finished" and snap.hand_no == before.hand_no
    assert snap.recent[-1] == "The tournament is over: this table closes."
    t = await renv.runner.step(t.id)
    assert t.status == "finished" and [e.prize for e in t.entries if e.place == 1] == [200]
    await audits(renv, t)


async def test_a_late_entrant_is_seated_at_the_smallest_table_with_the_starting_stack(renv: REnv) -> None:
    t = await signed_up(renv, PEOPLE[:7], 8, late_registration_minutes=30)
    t = await renv.tour.begin(t.id)
    t = await renv.runner.step(t.id)
    tables = await renv.scope_tables(t)
    sizes = {tid: len((await renv.svc.get(tid)).lobby) for tid in tables}
    smallest = min(sizes, key=lambda tid: (sizes[tid], tid))
    await renv.tour.join(t.id, PEOPLE[7])
    await renv.runner.step(t.id)
    snap = await renv.svc.get(smallest)
    assert PEOPLE[7] in snap.lobby and snap.seat_of(PEOPLE[7]) is None  # seated from the next hand
    await play_hand(renv, smallest, random.Random(1))
    snap = await renv.svc.get(smallest)
    assert snap.stacks[snap.seat_of(PEOPLE[7])] == 1000  # the whole starting stack, bought in at the deal
    await audits(renv, t)


def test_a_table_nobody_stays_at_is_neither_broken_nor_sent_players() -> None:
    # Table 1's only person is moving away (an earlier balance): its computers don't make it a table
    # to break table 2 towards, or both would close under the three people still in (seen in the benchmark).
    seats = (Seat(1, 11, False, True), *(Seat(1, -k, True, False) for k in (1, 2, 3)), Seat(2, 12, False, False),
             Seat(2, 13, False, False))
    floor = Floor({1: "playing", 2: "playing"}, seats)
    assert balance_moves(floor, 6) == ()
    staying = Floor({1: "playing", 2: "playing"}, (*seats[1:], Seat(1, 11, False, False)))
    assert [m.player for m in balance_moves(staying, 6)] == [12, 13]  # (with a person staying, table 2 breaks)


async def test_players_still_in_whose_tables_all_closed_play_on_at_a_new_table(renv: REnv) -> None:
    t = await signed_up(renv, PEOPLE[:6], 12, computers_fill=True)
    t = await renv.tour.begin(t.id)
    t = await renv.runner.step(t.id)
    first = await renv.scope_tables(t)
    for tid in first:  # every table ends under its players (as two crossing breaks did)
        await renv.svc.end(tid, t.host_id, is_admin=True, now=True)
    assert await renv.scope_tables(t) == []
    t = await renv.runner.step(t.id)
    (table,) = await renv.scope_tables(t)
    snap = await renv.svc.get(table)
    assert table not in first and snap.status == "playing" and sorted(snap.lobby) == sorted(PEOPLE[:6])
    assert len(renv.channels) == 3  # a thread of its own
    t = await play_out(renv, t, random.Random(3))
    assert t.status == "finished" and sum(e.prize for e in t.entries) == 600 and t.pool == 0
    await audits(renv, t)
