"""TableService + Economy on both real engines with the real registered games (Renfield, Scurro…).

No mocks of the database: every test runs twice, on a SQLite file in tmp_path and on a fresh
PostgreSQL database (``store_target``), and a restart is a new Database + TableService on the
same store.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service import (
    AlreadyClaimed,
    BadPhase,
    Economy,
    InsufficientChips,
    NotAllowed,
    NotHost,
    NotSeated,
    StalePrompt,
    TableAlreadyOpen,
    TableService,
    TableSnapshot,
)
from data.engines import open_database
from data.store import Database
from games import NotYourTurn

G, CH = 1, 500
HOST, P1, P2, P3, P4, OUTSIDER = 100, 101, 102, 103, 104, 999


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class Env:
    def __init__(self, target: str | Path, clock: Clock, owns_guild: Callable[[int], bool] | None = None) -> None:
        self.target = str(target)
        self.clock = clock
        self.owns_guild = owns_guild
        self.changes: list[tuple[int, int, str]] = []
        self.db: Database
        self.other: Database | None = None
        self.svc: TableService
        self.eco: Economy

    async def open(self) -> Env:
        self.db = await open_database(self.target)

        async def on_change(snap: TableSnapshot, reason: str) -> None:
            # The change must already be committed: a second connection sees it.
            if self.other is None:
                self.other = await open_database(self.target, migrate=False)
            assert await self.other.scalar("SELECT seq FROM tables WHERE id=?", (snap.id,)) == snap.seq
            self.changes.append((snap.id, snap.seq, reason))

        self.svc = TableService(self.db, clock=self.clock, on_change=on_change, seed_source=lambda: 20261121,
                                owns_guild=self.owns_guild)
        self.eco = Economy(self.db, clock=self.clock)
        return self

    async def restart(self) -> None:
        await self.db.close()
        await self.open()

    async def close(self) -> None:
        await self.db.close()
        if self.other is not None:
            await self.other.close()
            self.other = None

    async def tamper(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        """Writes behind the service's back (a broken snapshot…), through a connection of its own."""
        raw = await open_database(self.target, migrate=False)
        try:
            async with raw.transaction() as tx:
                for sql, params in statements:
                    await tx.execute(sql, params)
        finally:
            await raw.close()

    async def read(self, sql: str, params: tuple[object, ...] = ()) -> list[Any]:
        """Rows read through a connection of the test's own."""
        raw = await open_database(self.target, migrate=False)
        try:
            return await raw.fetchall(sql, params)
        finally:
            await raw.close()

    async def audit_ok(self) -> None:
        report = await self.eco.audit()
        assert report.ok, report.problems


@pytest.fixture
async def env(store_target: str) -> AsyncIterator[Env]:
    e = await Env(store_target, Clock()).open()
    yield e
    await e.close()


async def seated_table(env: Env, game_id: str = "renfield", players=(HOST, P1, P2, P3), **kw) -> TableSnapshot:
    snap = await env.svc.open_table(G, CH, HOST, game_id, **kw)
    for u in players[1:]:
        await env.svc.join(snap.id, u)
    started = await env.svc.start(snap.id, HOST)
    assert started.refused == ()
    return started.snapshot


async def step(env: Env, table_id: int, rng: random.Random, *, pick=None):
    """One legal action by a player to act (chosen at random, or by ``pick``)."""
    snap = await env.svc.get(table_id)
    if snap.paused:  # a deal's result is up (score-sheet games): everyone presses Next deal
        for info in snap.seats:
            snap = await env.svc.ready(table_id, info.user_id)
    user = snap.to_act_users[0]
    seat = snap.seat_of(user)
    assert seat is not None
    legal = snap.game.legal_actions(snap.state, seat)
    action = pick(snap, seat) if pick else rng.choice(legal)
    return await env.svc.act(table_id, user, action, seq=snap.seq)


async def play_to_the_end(env: Env, table_id: int, rng: random.Random, *, each=None, limit: int = 10_000):
    """A hand, or a score-sheet game's every deal (``step`` presses Next deal), played to its end;
    ``each()`` is awaited after every step that didn't end it."""
    for _ in range(limit):
        result = await step(env, table_id, rng)
        if result.hand_finished:
            return result
        if each is not None:
            await each()
    raise AssertionError("the hand never ended")


async def play_hand(env: Env, table_id: int, rng: random.Random, *, pick=None):
    """Plays a hand to its end; then everyone presses Next hand, as players do after reading the result."""
    for _ in range(2000):
        result = await step(env, table_id, rng, pick=pick)
        if result.hand_finished:
            snap = result.snapshot
            if snap.paused:
                assert snap.result is not None and snap.result.number == snap.hand_no
                for info in snap.seats:
                    snap = await env.svc.ready(table_id, info.user_id)
                return dataclasses.replace(result, snapshot=snap)
            return result
    raise AssertionError("hand never ended")


async def chips(env: Env, user: int) -> int:
    return (await env.eco.stats(G, user))["balance"]


async def escrow_total(env: Env, table_id: int) -> int:
    return await env.db.scalar("SELECT COALESCE(SUM(balance),0) FROM accounts WHERE kind='escrow' AND table_id=?",
                               (table_id,))


# ---------------------------------------------------------------------- tests
@pytest.mark.parametrize("game_id", ["renfield", "scurro"])
async def test_full_lifecycle_with_settlement_results_and_stats(env: Env, game_id: str) -> None:
    lobby = await env.svc.open_table(G, CH, HOST, game_id, buy_in=60)
    assert lobby.status == "lobby" and lobby.lobby == (HOST,)
    with pytest.raises(TableAlreadyOpen):
        await env.svc.open_table(G, CH, P1, game_id)
    for u in (P1, P2, P3):
        await env.svc.join(lobby.id, u)
    with pytest.raises(NotHost):
        await env.svc.start(lobby.id, P1)
    started = (await env.svc.start(lobby.id, HOST)).snapshot
    assert started.status == "playing" and started.hand_no == 1
    assert started.stacks == (60, 60, 60, 60)
    assert [await chips(env, u) for u in (HOST, P1, P2, P3)] == [40, 40, 40, 40]
    assert started.deadline == env.clock.now + timedelta(seconds=started.turn_seconds)
    await env.audit_ok()

    rng = random.Random(7)
    result = await play_hand(env, started.id, rng)
    after = result.snapshot
    assert after.hand_no == 2 and after.status == "playing"  # the next hand is dealt at once
    assert after.outcome_summary
    hand = await env.db.fetchone("SELECT outcome_json, users_json FROM hands WHERE table_id=? AND hand_no=1",
                                 (started.id,))
    outcome = json.loads(hand["outcome_json"])
    users = json.loads(hand["users_json"])
    # Settlement: every seat's escrow moved by exactly its net; the pot holds the engine's carry.
    assert sum(after.stacks) + after.pot == 240
    assert after.pot == outcome["carried_out"]
    assert list(after.stacks) == [60 + n for n in outcome["nets"]]
    assert outcome["nets"] == outcome["payoffs"]  # nobody was short at 60 chips
    rows = await env.db.fetchall("SELECT user_id, results.placing, payoff FROM results WHERE table_id=? ORDER BY seat",
                                 (started.id,))
    assert [r["user_id"] for r in rows] == users
    assert [r["payoff"] for r in rows] == outcome["nets"]
    assert [r["placing"] for r in rows] == outcome["placings"]
    # Leaderboards and stats read those rows.
    by_hands = dict(await env.eco.leaderboard(G, game_id, "hands"))
    assert by_hands == {u: 1 for u in users}
    wins = dict(await env.eco.leaderboard(G, game_id, "wins"))
    assert wins == {u: int(p == 1) for u, p in zip(users, outcome["placings"], strict=True)}
    top = await env.eco.leaderboard(G, None, "chips", limit=1)
    assert top[0][1] == max(40 + s for s in after.stacks)
    stats = await env.eco.stats(G, users[0], game_id)
    assert stats["hands"] == 1 and stats["net"] == outcome["nets"][0] and stats["at_tables"] == after.stacks[0]
    await env.audit_ok()
    # The hand history (if the game writes one) is only for its players.
    if games.get_game(game_id).history_text(result.snapshot.state) is not None:
        assert await env.svc.history(started.id, users[0])
    assert (await env.svc.in_channel(CH)).id == started.id


async def test_stale_prompt_double_submit_out_of_turn_and_outsider(env: Env) -> None:
    snap = await seated_table(env)
    user = snap.to_act_users[0]
    seat = snap.seat_of(user)
    action = snap.game.legal_actions(snap.state, seat)[0]
    # A player who isn't to act; an outsider.
    idle = next(s.user_id for s in snap.seats if s.user_id not in snap.to_act_users)
    with pytest.raises(NotYourTurn):
        await env.svc.act(snap.id, idle, snap.game.legal_actions(snap.state, seat)[0], seq=snap.seq)
    with pytest.raises(NotSeated):
        await env.svc.act(snap.id, OUTSIDER, action, seq=snap.seq)
    with pytest.raises(NotSeated):
        await env.svc.hand_view(snap.id, OUTSIDER)
    assert (await env.svc.get(snap.id)).seq == snap.seq  # refusals change nothing
    # The same click twice at once: exactly one action applies.
    outcomes = await asyncio.gather(
        env.svc.act(snap.id, user, action, seq=snap.seq),
        env.svc.act(snap.id, user, action, seq=snap.seq),
        return_exceptions=True,
    )
    assert sum(isinstance(o, StalePrompt) for o in outcomes) == 1
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    now = await env.svc.get(snap.id)
    assert now.seq == snap.seq + 1
    assert await env.db.scalar("SELECT COUNT(*) FROM table_log WHERE table_id=? AND kind='action'",
                               (snap.id,)) == 1
    # A future seq, or the old seq again later, is stale too.
    with pytest.raises(StalePrompt):
        await env.svc.act(snap.id, user, action, seq=now.seq + 5)
    view, seq = await env.svc.hand_view(snap.id, now.to_act_users[0])
    assert seq == now.seq and view.seat == now.seat_of(now.to_act_users[0])
    await env.audit_ok()


async def test_leave_and_join_between_hands(env: Env) -> None:
    snap = await seated_table(env)
    await env.svc.join(snap.id, P4)  # waits for the next hand
    await env.svc.leave(snap.id, HOST)  # the host leaves too: the role passes on
    with pytest.raises(NotSeated):
        await env.svc.hand_view(snap.id, P4)
    left = await env.svc.leave(snap.id, P2)
    assert next(s for s in left.seats if s.user_id == P2).leaving
    wallet_p2 = await chips(env, P2)
    result = await play_hand(env, snap.id, random.Random(3))
    after = result.snapshot
    assert P2 not in after.lobby and after.seat_of(P2) is None
    assert HOST not in after.lobby and after.host_id == P1
    assert after.seat_of(P4) is not None and len(after.seats) == 3
    hand1 = json.loads((await env.db.fetchone("SELECT outcome_json FROM hands WHERE table_id=? AND hand_no=1",
                                               (snap.id,)))["outcome_json"])
    p2_seat = snap.seat_of(P2)
    assert await chips(env, P2) == wallet_p2 + 100 + hand1["nets"][p2_seat]  # cashed out exactly
    assert after.stacks[after.seat_of(P4)] == 100
    # The deal moved on to a player still at the table.
    dealer = await env.db.scalar("SELECT dealer FROM hands WHERE table_id=? AND hand_no=2", (snap.id,))
    assert 0 <= dealer < 4
    await env.audit_ok()


async def test_three_timeouts_remove_the_player_at_the_end_of_the_hand(env: Env) -> None:
    await env.eco.update_settings(G, away_players="remove")  # the server's choice (else the computer plays on)
    snap = await seated_table(env, players=(HOST, P1, P2, P3, P4))
    game = snap.game
    sleeper = P3
    timeouts_seen = 0
    acted_once = False
    for _ in range(500):
        snap = await env.svc.get(snap.id)
        if snap.hand_no > 1:
            break
        if snap.paused:  # nobody reads the result: the beat runs out (not a timeout of anyone's)
            env.clock.advance(snap.turn_seconds + 1)
            await env.svc.timeout_due()
            continue
        user = snap.to_act_users[0]
        seat = snap.seat_of(user)
        if user == sleeper:
            if timeouts_seen == 2 and not acted_once:
                # Acting resets the count.
                await env.svc.act(snap.id, user, game.timeout_action(snap.state, seat), seq=snap.seq)
                acted_once = True
                timeouts_seen = 0
                assert next(s for s in (await env.svc.get(snap.id)).seats if s.user_id == sleeper).timeouts == 0
                continue
            assert await env.svc.timeout_due(env.clock.now) == []  # not yet due
            env.clock.advance(snap.turn_seconds + 1)
            assert await env.svc.next_deadline() <= env.clock.now
            results = await env.svc.timeout_due()
            assert len(results) == 1
            timeouts_seen += 1
            log = await env.db.fetchone("SELECT kind, user_id FROM table_log WHERE table_id=? ORDER BY seq DESC"
                                        " LIMIT 1 OFFSET ?", (snap.id, 1 if results[0].hand_finished else 0))
            if not results[0].hand_finished:
                assert (log["kind"], log["user_id"]) == ("timeout", sleeper)
                info = next(s for s in results[0].snapshot.seats if s.user_id == sleeper)
                assert info.timeouts == timeouts_seen and info.leaving == (timeouts_seen >= 3)
        else:
            await env.svc.act(snap.id, user, game.timeout_action(snap.state, seat), seq=snap.seq)
    snap = await env.svc.get(snap.id)
    assert snap.hand_no == 2
    assert acted_once and timeouts_seen >= 3, "the sleeper must have had three turns in a row"
    assert sleeper not in snap.lobby and len(snap.seats) == 4
    assert await env.db.scalar("SELECT balance FROM accounts WHERE kind='escrow' AND user_id=?", (sleeper,)) == 0
    assert ("timeout" in {r for _t, _s, r in env.changes}) and snap.deadline > env.clock.now
    await env.audit_ok()


async def test_end_refunds_the_interrupted_hand_exactly(env: Env) -> None:
    snap = await seated_table(env)
    rng = random.Random(11)
    await play_hand(env, snap.id, rng)
    mid = await env.svc.get(snap.id)
    owned = {u: await chips(env, u) + mid.stacks[mid.seat_of(u)] for u in mid.lobby}
    pot = mid.pot
    for _ in range(5):  # part of hand 2: bids and payments happen in the engine only
        await step(env, snap.id, rng)
    with pytest.raises(NotHost):
        await env.svc.end(snap.id, P1, is_admin=False)
    ended = await env.svc.end(snap.id, P1, is_admin=True, now=True)  # an admin's immediate end
    assert ended.status == "finished" and ended.deadline is None
    after = {u: await chips(env, u) for u in mid.lobby}
    assert sum(after.values()) == sum(owned.values()) + pot
    shares = {u: after[u] - owned[u] for u in mid.lobby}
    assert all(s >= 0 for s in shares.values()) and max(shares.values()) - min(shares.values()) <= 1
    assert await escrow_total(env, snap.id) == 0
    assert await env.db.scalar("SELECT status FROM hands WHERE table_id=? AND hand_no=2", (snap.id,)) == "void"
    assert await env.svc.in_channel(CH) is None
    assert env.changes[-1][2] == "end"
    with pytest.raises(BadPhase):
        await env.svc.act(snap.id, HOST, "pass", seq=None)
    await env.audit_ok()


async def test_restart_mid_hand_then_finish(env: Env) -> None:
    snap = await seated_table(env, "scurro")
    rng = random.Random(5)
    for _ in range(6):
        await step(env, snap.id, rng)
    before = await env.svc.get(snap.id)
    await env.restart()
    loaded = await env.svc.load_open_tables()
    assert [t.id for t in loaded] == [snap.id]
    again = loaded[0]
    assert again.seq == before.seq and again.deadline == before.deadline and again.hand_no == before.hand_no
    assert again.game.dump(again.state) == before.game.dump(before.state)
    assert again.seats == before.seats and again.stacks == before.stacks
    # The prompt rendered before the restart is still valid for the player to act.
    user = again.to_act_users[0]
    legal = again.game.legal_actions(again.state, again.seat_of(user))
    await env.svc.act(snap.id, user, legal[0], seq=before.seq)
    result = await play_hand(env, snap.id, rng)
    assert result.snapshot.hand_no == 2
    await env.audit_ok()


async def test_restart_rebuilds_a_broken_snapshot_by_replay(env: Env) -> None:
    snap = await seated_table(env)
    rng = random.Random(9)
    for _ in range(7):
        await step(env, snap.id, rng)
    before = await env.svc.get(snap.id)
    await env.db.close()
    await env.tamper(("UPDATE tables SET state_json = '{\"garbage\": true}' WHERE id=?", (snap.id,)))
    await env.open()
    loaded = await env.svc.get(snap.id)
    assert loaded.status == "playing"
    assert loaded.game.dump(loaded.state) == before.game.dump(before.state)


async def test_restart_voids_and_refunds_a_table_that_cannot_be_rebuilt(env: Env) -> None:
    snap = await seated_table(env)
    rng = random.Random(13)
    await play_hand(env, snap.id, rng)
    mid = await env.svc.get(snap.id)
    owned = sum([await chips(env, u) + mid.stacks[mid.seat_of(u)] for u in mid.lobby]) + mid.pot
    for _ in range(3):
        await step(env, snap.id, rng)
    await env.db.close()
    seq = (await env.read("SELECT seq FROM tables WHERE id=?", (snap.id,)))[0][0]
    await env.tamper(
        ("UPDATE tables SET state_json = 'nope' WHERE id=?", (snap.id,)),
        ("INSERT INTO table_log VALUES (?, ?, 2, 0, ?, 'action', 'no-such-action', 'x')", (snap.id, seq + 1, HOST)),
    )
    await env.open()
    assert await env.svc.load_open_tables() == []
    closed = await env.svc.get(snap.id)
    assert closed.status == "void"
    assert env.changes[-1][0] == snap.id and env.changes[-1][2] == "end"  # the cogs can say so
    assert sum([await chips(env, u) for u in mid.lobby]) == owned  # everything back in the wallets
    assert await escrow_total(env, snap.id) == 0
    await env.audit_ok()


async def test_lobby_rules_and_refused_buy_in(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "renfield", preset="standard", turn_seconds=30)
    with pytest.raises(NotAllowed):
        await env.svc.join(snap.id, HOST)
    await env.svc.join(snap.id, P1)
    with pytest.raises(BadPhase):
        await env.svc.start(snap.id, HOST)  # two players: Renfield needs three
    with pytest.raises(NotHost):
        await env.svc.set_options(snap.id, P1, preset="draw")
    with pytest.raises(NotAllowed):
        await env.svc.set_options(snap.id, HOST, preset="no-such-variant")
    with pytest.raises(NotAllowed):
        await env.svc.set_options(snap.id, HOST, changes={"max_bid": "lots"})
    changed = await env.svc.set_options(snap.id, HOST, preset="draw")
    assert changed.preset == "draw" and changed.options == changed.game.presets["draw"]
    for u in (P2, P3):
        await env.svc.join(snap.id, u)
    await env.eco.grant(G, P3, -60, by=HOST)  # P3 keeps 40 of the 100-chip buy-in
    with pytest.raises(InsufficientChips):
        await env.eco.grant(G, P3, -1000, by=HOST)
    started = await env.svc.start(snap.id, HOST)
    assert [u for u, _why in started.refused] == [P3]
    assert P3 not in started.snapshot.lobby and len(started.snapshot.seats) == 3
    assert await chips(env, P3) == 40
    await env.audit_ok()
    with pytest.raises(InsufficientChips):  # the host must be able to pay their own buy-in
        await env.svc.open_table(G, CH + 2, P3, "renfield", buy_in=500)
    cancelled = await env.svc.open_table(G, CH + 1, P4, "scurro")
    with pytest.raises(NotHost):
        await env.svc.cancel(cancelled.id, HOST, is_admin=False)
    assert (await env.svc.cancel(cancelled.id, P4, is_admin=False)).status == "void"


async def test_economy_daily_grant_and_settings(env: Env) -> None:
    assert await env.eco.balance(G, P1) == 100
    assert await env.eco.daily(G, P1) == (50, 150)
    with pytest.raises(AlreadyClaimed, match="00:00 UTC"):
        await env.eco.daily(G, P1)
    env.clock.advance(24 * 3600)
    assert await env.eco.daily(G, P1) == (50, 200)
    assert await env.eco.grant(G, P1, 25, by=HOST) == 225
    with pytest.raises(InsufficientChips):
        await env.eco.grant(G, P1, -1000, by=HOST)
    assert await env.eco.balance(G, P1) == 225
    with pytest.raises(NotAllowed):
        await env.eco.update_settings(G, starting_chips=-5)
    with pytest.raises(NotAllowed):
        await env.eco.update_settings(G, colour="blue")
    settings = await env.eco.update_settings(G, starting_chips=300, daily_amount=10)
    assert settings.starting_chips == 300 and (await env.eco.settings(G)).daily_amount == 10
    assert await env.eco.balance(G, P2) == 300
    assert await env.eco.balance(G + 1, P2) == 100  # per server
    issued = await env.db.scalar("SELECT -balance FROM accounts WHERE kind='issuer' AND guild_id=?", (G,))
    assert issued == 225 + 300
    await env.audit_ok()


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_every_registered_game_plays_a_hand_through_the_service(env: Env, game_id: str) -> None:
    """Chip games settle through the ledger (stack games get their escrow as stacks); sheet games
    write placings only and finish when their one state ends."""
    game = games.get_game(game_id)
    low = game.seat_limits(game.Options())[0]
    players = (HOST, P1, P2, P3, P4)[: max(low, 2)]
    snap = await seated_table(env, game_id, players=players)
    assert len(snap.seats) == len(players)
    # a whole game of a sheet game: Samba's random deals are ~330 actions, 20 of them
    result = await play_to_the_end(env, snap.id, random.Random(17))
    assert result.hand_finished
    rows = await env.db.fetchall("SELECT user_id, results.placing, payoff FROM results WHERE table_id=? AND hand_no=1",
                                 (snap.id,))
    outcome = json.loads(await env.db.scalar("SELECT outcome_json FROM hands WHERE table_id=? AND hand_no=1",
                                             (snap.id,)))
    assert sorted(r["user_id"] for r in rows) == sorted(players)
    assert sorted(r["placing"] for r in rows) == sorted(outcome["placings"])
    accounts = await env.db.scalar("SELECT COUNT(*) FROM accounts WHERE table_id=?", (snap.id,))
    if snap.chips:
        assert accounts == len(players) + 1  # an escrow per player and the pot
        assert sum(r["payoff"] for r in rows) == outcome["carried_in"] - outcome["carried_out"]
        stacks = json.loads(await env.db.scalar("SELECT stacks_json FROM hands WHERE table_id=? AND hand_no=1",
                                                (snap.id,)))
        # the buy-in the game suggests for this many players (Kabu), else the server's default
        assert stacks == [game.suggested_buy_in(game.Options(), len(players)) or 100] * len(players)
    else:
        assert accounts == 0 and all(r["payoff"] == 0 for r in rows)
        assert result.snapshot.status == "finished"
        assert await env.svc.in_channel(CH) is None
    if game.hand_by_hand:
        assert result.snapshot.status in ("playing", "finished")
    await env.audit_ok()


async def test_dealer_rotates_and_table_closes_when_too_few_remain(env: Env) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2))
    rng = random.Random(21)
    env.clock.advance(5)
    first = await step(env, snap.id, rng)
    assert first.snapshot.deadline == env.clock.now + timedelta(seconds=snap.turn_seconds)
    await play_hand(env, snap.id, rng)
    dealers = [r[0] for r in await env.db.fetchall(
        "SELECT dealer FROM hands WHERE table_id=? ORDER BY hand_no", (snap.id,))]
    assert dealers[1] == (dealers[0] + 1) % 3  # same players: the deal moves one seat on
    pot = await env.db.scalar("SELECT balance FROM accounts WHERE kind='pot' AND table_id=?", (snap.id,))
    owned = sum([await chips(env, u) for u in (HOST, P1, P2)]) + await escrow_total(env, snap.id) + pot
    await env.svc.leave(snap.id, P1)  # two would remain: Renfield needs three
    result = await play_hand(env, snap.id, rng)
    assert result.snapshot.status == "finished" and env.changes[-1][2] == "end"
    assert await escrow_total(env, snap.id) == 0
    assert await env.db.scalar("SELECT balance FROM accounts WHERE kind='pot' AND table_id=?", (snap.id,)) == 0
    assert sum([await chips(env, u) for u in (HOST, P1, P2)]) == owned  # nothing lost, nothing created
    assert await env.svc.in_channel(CH) is None
    await env.audit_ok()


async def test_a_failing_settlement_undoes_the_final_action(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Log row, snapshot, settlement and results are one transaction: if the ledger refuses, none stick."""
    from data import ledger

    snap = await seated_table(env)
    rng = random.Random(31)
    real = ledger.settle_hand

    def refuse(*args, **kwargs):
        raise ledger.LedgerError("books don't balance")

    monkeypatch.setattr(ledger, "settle_hand", refuse)
    for _ in range(2000):
        before = await env.svc.get(snap.id)
        user = before.to_act_users[0]
        seat = before.seat_of(user)
        action = rng.choice(before.game.legal_actions(before.state, seat))
        after_state, _events = before.game.apply(before.state, seat, action)
        if before.game.outcome(after_state) is None:
            await env.svc.act(snap.id, user, action, seq=before.seq)
            continue
        logged = await env.db.scalar("SELECT COUNT(*) FROM table_log WHERE table_id=?", (snap.id,))
        with pytest.raises(ledger.LedgerError):
            await env.svc.act(snap.id, user, action, seq=before.seq)
        now = await env.svc.get(snap.id)
        assert now.seq == before.seq and now.hand_no == 1
        assert await env.db.scalar("SELECT COUNT(*) FROM table_log WHERE table_id=?", (snap.id,)) == logged
        assert await env.db.scalar("SELECT seq FROM tables WHERE id=?", (snap.id,)) == before.seq
        assert await env.db.scalar("SELECT COUNT(*) FROM results WHERE table_id=?", (snap.id,)) == 0
        monkeypatch.setattr(ledger, "settle_hand", real)
        done = await env.svc.act(snap.id, user, action, seq=before.seq)
        assert done.hand_finished and done.snapshot.paused and done.snapshot.result is not None
        for info in done.snapshot.seats:
            last = await env.svc.ready(snap.id, info.user_id)
        assert last.hand_no == 2
        break
    else:
        raise AssertionError("hand never ended")
    await env.audit_ok()


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_random_table_life_keeps_the_books(env: Env, seed: int) -> None:
    """Random joins, leaves, actions (some stale, some by the wrong user), timeouts and restarts:
    after every step the ledger audits clean, no chip appears or vanishes, and the cache matches SQLite."""
    rng = random.Random(seed)
    users = [HOST, P1, P2, P3, P4, OUTSIDER]
    snap = await seated_table(env, players=(HOST, P1, P2, P3))
    issued = await env.db.scalar("SELECT -SUM(balance) FROM accounts WHERE kind='issuer'")
    for _ in range(150):
        snap = await env.svc.get(snap.id)
        if snap.status != "playing":
            break
        roll = rng.random()
        try:
            if snap.paused and roll < 0.6:
                await env.svc.ready(snap.id, rng.choice(users))
            elif roll < 0.6:
                user = snap.to_act_users[0]
                seat = snap.seat_of(user)
                legal = snap.game.legal_actions(snap.state, seat)
                await env.svc.act(snap.id, user, rng.choice(legal), seq=snap.seq - (rng.random() < 0.1))
            elif roll < 0.7:
                await env.svc.act(snap.id, rng.choice(users), "pass", seq=snap.seq)
            elif roll < 0.78:
                await env.svc.join(snap.id, rng.choice(users))
            elif roll < 0.83:
                await env.svc.leave(snap.id, rng.choice(users))
            elif roll < 0.95:
                env.clock.advance(snap.turn_seconds + 1)
                await env.svc.timeout_due()
            else:
                await env.restart()
                await env.svc.load_open_tables()
        except games.GameError:
            pass  # refusals are part of the game; they must change nothing (checked below)
        await env.audit_ok()
        now = await env.svc.get(snap.id)
        assert await env.db.scalar("SELECT seq FROM tables WHERE id=?", (snap.id,)) == now.seq
        assert len({s.seat for s in now.seats}) == len(now.seats)
        assert await env.db.scalar("SELECT -SUM(balance) FROM accounts WHERE kind='issuer'") >= issued
        issued = await env.db.scalar("SELECT -SUM(balance) FROM accounts WHERE kind='issuer'")
        owned = await env.db.scalar("SELECT SUM(balance) FROM accounts WHERE kind <> 'issuer'")
        assert owned == issued  # every chip is somewhere: a wallet, an escrow or the pot
        if now.status == "playing":
            assert now.pot == await env.db.scalar(
                "SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE kind='pot' AND table_id=?", (snap.id,))
            assert list(now.stacks) == [
                await env.db.scalar("SELECT balance FROM accounts WHERE kind='escrow' AND table_id=? AND user_id=?",
                                    (snap.id, s.user_id)) for s in now.seats]
    snap = await env.svc.get(snap.id)
    assert await env.db.scalar("SELECT COUNT(*) FROM hands WHERE table_id=? AND status='done'", (snap.id,)) >= 2
    assert await env.db.scalar("SELECT COUNT(*) FROM table_log WHERE table_id=? AND kind='timeout'",
                               (snap.id,)) >= 1
    if snap.status == "playing":
        await env.svc.end(snap.id, snap.host_id, is_admin=True, now=True)
    assert await escrow_total(env, snap.id) == 0
    await env.audit_ok()


def test_service_and_storage_never_import_discord() -> None:
    import subprocess
    import sys

    code = "import sys, data.db, data.ledger, data.migrate, bot.service\nprint('discord' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------- one path, one outcome, one panel
@pytest.mark.parametrize("game_id", ["renfield", "razz"])
async def test_the_outcome_is_computed_once_per_action(
    env: Env, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action's checks, the turn deadline and the snapshot share one ``game.outcome`` per new state."""
    snap = await seated_table(env, game_id)
    game = snap.game
    real = game.outcome
    calls: list[object] = []

    def counted(state: object) -> object:
        calls.append(state)
        return real(state)

    monkeypatch.setattr(game, "outcome", counted)
    rng = random.Random(41)
    for _ in range(2000):
        calls.clear()
        result = await step(env, snap.id, rng)
        assert len(calls) == 1, f"{len(calls)} outcome calls for one action"
        assert calls[0] is result.snapshot.state
        if result.hand_finished:
            break
    else:
        raise AssertionError("hand never ended")
    assert result.snapshot.paused  # the final state's outcome served the settlement and the result
    calls.clear()
    for info in result.snapshot.seats:
        last = await env.svc.ready(snap.id, info.user_id)
    assert last.hand_no == 2 and len(calls) == 1 and calls[0] is last.state  # the new hand's state


async def test_a_broken_razz_snapshot_replays_through_the_single_path(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stack game is restored like any other: its stored stacks go into a ``HandRecord`` and
    ``replay`` deals it with ``Game.start``; no service code branches on ``uses_stacks``."""
    snap = await seated_table(env, "razz", players=(HOST, P1, P2))
    rng = random.Random(5)

    def no_fold(s: TableSnapshot, seat: int) -> str:
        legal = s.game.legal_actions(s.state, seat)
        return rng.choice([a for a in legal if a != "fold"] or list(legal))

    await play_hand(env, snap.id, rng, pick=no_fold)
    for _ in range(4):  # part of hand 2, dealt with the stacks hand 1 left
        await step(env, snap.id, rng, pick=no_fold)
    before = await env.svc.get(snap.id)
    assert before.hand_no == 2 and not before.paused and len(set(before.stacks)) > 1
    await env.db.close()
    await env.tamper(("UPDATE tables SET state_json = '{\"garbage\": true}' WHERE id=?", (snap.id,)))
    razz = games.get_game("razz")
    real = razz.start
    started: list[object] = []

    def spy(*args: object, **kwargs: object) -> object:
        started.append(kwargs.get("stacks"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(razz, "start", spy)
    await env.open()
    loaded = await env.svc.get(snap.id)
    assert loaded.status == "playing"
    assert razz.dump(loaded.state) == razz.dump(before.state)
    assert started == [tuple(before.stacks)]
    # The table goes on from the rebuilt state.
    user = loaded.to_act_users[0]
    await env.svc.act(snap.id, user, no_fold(loaded, loaded.seat_of(user)), seq=loaded.seq)
    await env.audit_ok()


def test_no_service_code_branches_on_stack_games() -> None:
    service = Path(__file__).resolve().parents[2] / "bot" / "service"
    assert not [p.name for p in service.glob("*.py") if "uses_stacks" in p.read_text()]


async def test_an_action_result_is_enough_to_draw_the_panel(env: Env) -> None:
    """``ActResult.seat`` is the acting seat and ``snapshot.hand_view`` answers as ``TableService.hand_view``."""
    snap = await seated_table(env)
    rng = random.Random(2)
    for _ in range(6):
        before = await env.svc.get(snap.id)
        user = before.to_act_users[0]
        result = await step(env, snap.id, rng)
        assert result.seat == before.seat_of(user)
        assert result.snapshot.hand_view(user) == await env.svc.hand_view(snap.id, user)
        assert result.snapshot.hand_view(user)[1] == result.snapshot.seq
    with pytest.raises(NotSeated):
        result.snapshot.hand_view(OUTSIDER)
    ended = await env.svc.end(snap.id, HOST, is_admin=True, now=True)
    with pytest.raises(BadPhase):
        ended.hand_view(HOST)


@pytest.mark.parametrize("algo", [1, 2])
async def test_a_table_deals_with_its_own_generator_version(env: Env, algo: int) -> None:
    """A table keeps the generator it was opened with (``tables.rng_algo``), so a hand dealt
    before the default changed still deals, and replays, card for card as it did."""
    from games.core.rng import RNG_ALGO

    snap = await env.svc.open_table(G, CH, HOST, "razz")
    assert await env.db.scalar("SELECT rng_algo FROM tables WHERE id=?", (snap.id,)) == RNG_ALGO == 2
    for u in (P1, P2):
        await env.svc.join(snap.id, u)
    if algo == 1:  # a table opened before version 2: only its row says so
        await env.db.run(lambda c: c.execute("UPDATE tables SET rng_algo=1 WHERE id=?", (snap.id,)))
        await env.restart()
    started = (await env.svc.start(snap.id, HOST)).snapshot
    seed, dealer, stacks = (await env.read(
        "SELECT seed, dealer, stacks_json FROM hands WHERE table_id=? AND hand_no=1", (snap.id,)
    ))[0]
    game = started.game
    expected = game.new_state(game.Options(), 3, seed, dealer=dealer, stacks=tuple(json.loads(stacks)), rng_algo=algo)
    other = game.new_state(game.Options(), 3, seed, dealer=dealer, stacks=tuple(json.loads(stacks)), rng_algo=3 - algo)
    assert game.dump(started.state) == game.dump(expected) != game.dump(other)
    # a broken snapshot is rebuilt from the log under the same version
    await env.db.run(lambda c: c.execute("UPDATE tables SET state_json='{}' WHERE id=?", (snap.id,)))
    await env.restart()
    again = await env.svc.get(snap.id)
    assert game.dump(again.state) == game.dump(expected)
