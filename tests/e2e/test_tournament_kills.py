"""Kills mid-tournament through SimCord and the real bot: it resumes exactly, nothing paid twice (issue 27).

A Razz knockout on two tables in threads is played until one of the points the issue names, where
the process dies:

- between two hands: hand 3 (or later) of a table settled and committed, its pause over, the
  next hand being dealt (four people, computers filling twelve seats; the people click their
  moves, so the bot's turn timer runs as bot work on SimCord's clock);
- in a table merge: a mover cashed out of their table into their wallet, not yet seated at the
  next (eight people, no computers, so merges move people);
- in the payouts: the first prize written, the rest not (the payouts are one transaction, so
  the kill rolls the first back too).

The death is abrupt: from that instant every database call of the bot fails (the operation under
way is rolled back, as a killed process's transaction is), and SimCord drops the bot without
``close`` (its tasks cancelled). A NEW bot then starts on the same SQLite file; the event must
resume and finish with every place recorded once, the pool paid once and in full, the server's
and the event's audits balanced, nobody's chips lost at the kill, the standings message edited by
the new bot, and a move clicked on a table's message taken after the restart.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn

import pytest

from bot.client import CardroomBot
from bot.service import handflow
from bot.service.tournament_rows import Tournament
from data import db as sqlite_db
from data import ledger, prize_pool
from tests.e2e.conftest import World, make_bot
from tests.e2e.driver import Table, in_place
from tests.e2e.test_japanese import texts_of
from tests.e2e.test_tournament_knockout import move_people
from tests.e2e.test_tournament_signup import fresh, signup, tournament_id, wallet
from tests.e2e.tournament_moves import move, thread_of

BUY_IN = 40
PEOPLE = 4


class Killed(Exception):
    """The process died here: what it was doing is lost (rolled back), and it does nothing more."""


@dataclass
class Death:
    """Kills one bot at a chosen point: from then on every database call of that bot fails."""

    bot: CardroomBot
    happened: bool = False
    info: dict[str, Any] = field(default_factory=dict)

    def die(self) -> NoReturn:
        self.happened = True
        db: Any = self.bot.db
        original = db._call

        async def dead(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            if fn is sqlite_db._plain and args[1:] == ("ROLLBACK",):  # the OS drops a dead process's transaction
                return await original(fn, *args, **kwargs)
            raise Killed()

        db._call = dead
        raise Killed()


def keeper_of(w: World) -> Any:
    return w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]


#: These tests are about kills, not the pace: the stakes rise every 2 minutes (see ``quick_levels``).
pytestmark = pytest.mark.usefixtures("quick_levels")


async def started(w: World, *, pause: int = 0, people: int = PEOPLE) -> tuple[int, Any]:
    """A Razz knockout on two tables in threads: four people and computers filling twelve seats,
    started by its host; or ``people`` people and no computers, started when full."""
    await w.mod.slash(w.channel, "admin settings", hand_pause_seconds=pause)
    fill = people == PEOPLE
    await w.alice.slash(
        w.channel, "tournament create", game="razz", players=12 if fill else people, buy_in=BUY_IN, computers_fill=fill
    )
    message = signup(w)
    tid = tournament_id(message)
    for p in entrants(w, people):
        await p.click(message, label="Join")
    if fill:
        r = await w.alice.slash(w.channel, "tournament start")
        assert r.response.content == f"▶️ Tournament {tid} has started: 4 players, 2 tables."
    await w.env.settle()
    t = await keeper_of(w).tournaments.get(tid)
    assert t.status == "running" and len((await keeper_of(w).runner.floor(t)).status) == 2
    return tid, message


def entrants(w: World, people: int) -> list[Any]:
    """The world's four players, and more members of the server up to ``people``."""
    more = [w.guild.add_member(w.env.create_user(f"player{i}")) for i in range(len(w.players), people)]
    w.__dict__.setdefault("more", []).extend(more)
    return [*w.players, *more]


def actors(w: World) -> dict[int, Any]:
    return {p.id: p for p in [*w.players, *w.__dict__.get("more", [])]}


async def play(w: World, tid: int, rng: random.Random, *, death: Death | None = None,
               clicks: bool = False, limit: int = 20_000) -> Tournament | None:
    """People play random legal moves (the computers play on their own) until the event finishes,
    or ``death`` happens (then None: the dead bot can't be read).

    ``clicks``: the people play through their table's message, as a person does (slower): a
    move sent to the table service from the test's own task would arm the bot's turn timer
    outside SimCord's bot work, where its wait runs on the wall clock and a hand pause never ends."""
    for step in range(limit):
        await w.env.settle()
        try:
            t = await turn(w, tid, rng, step, clicks)
        except Killed:  # the bot died while the test read it
            assert death is not None and death.happened
            return None
        if death is not None and death.happened:
            return None
        if t is not None:
            return t
    raise AssertionError("the tournament didn't end")


async def turn(w: World, tid: int, rng: random.Random, step: int, clicks: bool) -> Tournament | None:
    """One round of ``play``: the event if it is over, else None after the people's moves."""
    tour = keeper_of(w)
    t: Tournament = await tour.tournaments.get(tid)
    if t.status == "finished":
        return t
    tables = list((await tour.runner.floor(t)).status)
    if clicks:
        acted = False
        for table_id in tables:
            acted = await move(w, table_id, actors(w), rng) or acted
    else:
        acted = await move_people(w, tables, rng)
    if not acted or step % 8 == 0:
        await w.env.advance_time(20)  # the level clock runs; hand pauses end; the keeper sweeps
    return None


def chips_in_scope(db_path: str, scope: int) -> dict[int, int]:
    """Each person's tournament chips (wallet and seats) as the file says, read by another connection."""
    conn = sqlite3.connect(db_path)
    try:
        rows = conn.execute(
            "SELECT user_id, SUM(balance) FROM accounts WHERE guild_id=? AND user_id > 0 AND kind IN ('user','escrow')"
            " GROUP BY user_id",
            (scope,),
        ).fetchall()
    finally:
        conn.close()
    return {int(u): int(n) for u, n in rows}


def escrows_at(db_path: str, table_id: int) -> dict[int, int]:
    """The chips each player holds at a table, as the file says."""
    conn = sqlite3.connect(db_path)
    try:
        rows = conn.execute("SELECT user_id, balance FROM accounts WHERE kind='escrow' AND table_id=?", (table_id,)).fetchall()
    finally:
        conn.close()
    return {int(u): int(n) for u, n in rows if n}


def edits_of(w: World, message: Any) -> int:
    path = f"/channels/{w.channel.id}/messages/{message.id}"
    return sum(1 for r in w.env.http_requests if r.method == "PATCH" and r.path == path)


async def restart(w: World) -> None:
    """A new bot process on the same file (SimCord drops the old one without ``close``)."""
    await w.env.restart_bot(make_bot(w.db_path))


async def a_click_works(w: World, tid: int, rng: random.Random) -> None:
    """After the restart, a person whose turn it is plays it from the table's message in its thread."""
    people_of = actors(w)
    for _ in range(2_000):
        await w.env.settle()
        tour = keeper_of(w)
        t = await tour.tournaments.get(tid)
        assert t.status == "running", "the event ended before anyone's turn came up"
        for table_id in (await tour.runner.floor(t)).status:
            snap = await w.bot.tables.get(table_id)
            people = [u for u in snap.to_act_users if u > 0]
            if snap.status != "playing" or not people:
                continue
            table = Table(w.env, thread_of(w, snap.channel_id), people_of, rng=rng)
            panel = await table.open_hand(people_of[people[0]])
            assert panel.ephemeral and panel.response.embeds, "My hand answered nothing after the restart"
            result = await table.act(people_of[people[0]], panel)
            assert in_place(result, panel.response), "the move wasn't taken after the restart"
            return
        await w.env.advance_time(20)
    raise AssertionError("nobody's turn came up")


async def finished_once(w: World, tid: int, message: Any, edits_before: int) -> Tournament:
    """The event as the new bot left it: each place once, the pool paid once and in full, audits."""
    tour = keeper_of(w)
    t: Tournament = await tour.tournaments.get(tid)
    assert t.status == "finished"
    people = len(t.entries)
    assert sorted(e.place or 0 for e in t.entries) == list(range(1, people + 1))
    assert sum(e.prize for e in t.entries) == people * BUY_IN and t.pool == 0
    paid = await w.bot.db.fetchall(
        "SELECT idem_key, amount FROM transfers WHERE idem_key LIKE ? AND code='payout'", (f"tournament:{tid}:prize:%",)
    )
    assert len(paid) == len({k for k, _ in paid}) == sum(1 for e in t.entries if e.prize)
    assert sum(int(a) for _, a in paid) == people * BUY_IN
    for e in t.entries:
        assert await wallet(w, e.user_id) == 100 - BUY_IN + e.prize
    assert not (await tour.runner.floor(t)).status  # every table closed
    for scope in (w.guild.id, t.scope):
        report = await w.bot.economy.audit(scope)
        assert report.ok, report.problems
    assert edits_of(w, message) > edits_before, "the new bot never edited the standings"
    standings = texts_of(fresh(w, message))
    assert "chips won" in standings and "still in" not in standings
    assert f"Tournament {tid} is over" in texts_of(w.channel.last_message)
    return t


@pytest.mark.long
async def test_a_kill_between_two_hands_deals_the_next_one_with_the_stacks_left(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = world
    tid, message = await started(w, pause=30)
    rng = random.Random(31)
    death = Death(w.bot)
    deal = handflow.deal

    def trapped(conn: Any, live: Any, now: str, **kwargs: Any) -> None:
        # Hand 3 or later was settled and committed, its pause is over: the process dies as the next one is dealt.
        if not death.happened and live.core.hand_no >= 3 and any(p.user_id > 0 for p in live.seated()):
            death.info.update(table=live.core.id, hand=live.core.hand_no)
            death.die()
        deal(conn, live, now, **kwargs)

    monkeypatch.setattr(handflow, "deal", trapped)
    assert await play(w, tid, rng, death=death, clicks=True) is None, "the event ended before hand 4"
    monkeypatch.setattr(handflow, "deal", deal)
    table_id, hand = death.info["table"], death.info["hand"]
    escrows = escrows_at(w.db_path, table_id)
    conn = sqlite3.connect(w.db_path)
    try:  # what the dead process left: hand ``hand`` over, the next one not dealt
        dealt = conn.execute("SELECT MAX(hand_no) FROM hands WHERE table_id=?", (table_id,)).fetchone()[0]
    finally:
        conn.close()
    assert dealt == hand and escrows
    edits = edits_of(w, message)
    await restart(w)

    await a_click_works(w, tid, rng)
    assert await play(w, tid, rng, clicks=True) is not None
    rows = await w.bot.db.fetchall("SELECT hand_no FROM hands WHERE table_id=? ORDER BY hand_no", (table_id,))
    numbers = [int(r[0]) for r in rows]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > hand  # dealt on, no hand twice
    # The next hand was dealt with the stacks the last one left: nothing lost or made over the kill.
    row = await w.bot.db.fetchone("SELECT users_json, stacks_json FROM hands WHERE table_id=? AND hand_no=?", (table_id, hand + 1))
    assert row is not None
    stacks = dict(zip(json.loads(row[0]), json.loads(row[1]), strict=True))
    assert all(stacks[u] == n for u, n in escrows.items() if u in stacks) and set(stacks) & set(escrows)
    await finished_once(w, tid, message, edits)


@pytest.mark.long
async def test_a_kill_between_a_movers_cash_out_and_their_new_seat_loses_nothing(world: World) -> None:
    w = world
    tid, message = await started(w, people=8)  # people only: when the tables merge, people move
    rng = random.Random(32)
    scope = -tid
    death = Death(w.bot)
    tables: Any = w.bot.tables

    async def trapped_join(table_id: int, user_id: int, *args: Any, **kwargs: Any) -> Any:
        def read(conn: Any) -> int:
            return ledger.balance_of(conn, ledger.USER, scope, user_id=user_id)

        death.info.update(mover=user_id, target=table_id, chips=await w.bot.db.read_sync(read))
        death.die()

    tables.join = trapped_join  # the keeper seats a cashed-out mover: the process dies first
    assert await play(w, tid, rng, death=death) is None, "the event ended without a move"
    mover, chips = death.info["mover"], death.info["chips"]
    assert chips > 0
    edits = edits_of(w, message)
    await restart(w)

    assert chips_in_scope(w.db_path, scope).get(mover) == chips  # the mover's stack waits in their wallet
    await a_click_works(w, tid, rng)
    assert await play(w, tid, rng) is not None
    await finished_once(w, tid, message, edits)
    # The mover was seated at the next table with their whole stack (no chip lost or made in between).
    rows = await w.bot.db.fetchall(
        "SELECT h.table_id, h.users_json, h.stacks_json FROM hands h JOIN tables x ON x.id=h.table_id"
        " WHERE x.ledger_guild=? ORDER BY h.started_at, h.rowid",
        (scope,),
    )
    theirs = [(int(t), json.loads(s)[json.loads(u).index(mover)]) for t, u, s in rows if mover in json.loads(u)]
    moved = next(i for i in range(1, len(theirs)) if theirs[i][0] != theirs[i - 1][0])
    assert theirs[moved][1] == chips


@pytest.mark.long
async def test_a_kill_in_the_payouts_pays_each_prize_once_after_the_restart(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    w = world
    tid, message = await started(w)
    rng = random.Random(33)
    death = Death(w.bot)
    pay_out = prize_pool.pay_out

    def trapped(*args: Any, **kwargs: Any) -> Any:
        done = pay_out(*args, **kwargs)
        key = str(args[5] if len(args) > 5 else kwargs.get("key", ""))
        if ":prize:" in key and not death.happened:
            death.info["first"] = key  # the first prize is written; the process dies before the rest
            death.die()
        return done

    monkeypatch.setattr(prize_pool, "pay_out", trapped)
    assert await play(w, tid, rng, death=death) is None, "the payouts never ran"
    monkeypatch.setattr(prize_pool, "pay_out", pay_out)
    conn = sqlite3.connect(w.db_path)  # what the dead process left: the payouts are one transaction
    try:
        status = conn.execute("SELECT status FROM tournaments WHERE id=?", (tid,)).fetchone()[0]
        prizes = conn.execute("SELECT COUNT(*) FROM transfers WHERE idem_key LIKE ?", (f"tournament:{tid}:prize:%",)).fetchone()[0]
    finally:
        conn.close()
    assert (status, prizes) == ("running", 0)
    edits = edits_of(w, message)
    await restart(w)
    for _ in range(50):  # the new bot's keeper sweeps at once and pays out
        await w.env.settle()
        if (await keeper_of(w).tournaments.get(tid)).status == "finished":
            break
        await w.env.advance_time(20)
    await finished_once(w, tid, message, edits)
