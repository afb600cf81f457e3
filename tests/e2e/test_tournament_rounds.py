"""A 12-player Reversis rounds event through SimCord and the real bot, sign-up to payout (issue 27).

Twelve people sign up; the event starts when full: round 1 seats three tables of four in threads
of the channel, each plays the round's two deals and ends by itself saying why; the sign-up
message turns into the standings (the round, each entrant's points and placings), edited as the
tables finish; round 2 is paired from the standings; after it the pool is paid by the payout
table and the final standings are posted. People's moves are random legal ones sent through the
table service, as in test_tournament_knockout.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import discord

from bot.service.errors import ServiceError
from tests.e2e.conftest import World
from tests.e2e.test_japanese import ja, locales, texts_of
from tests.e2e.test_tournament_signup import fresh, signup, tournament_id, wallet

__all__ = ["locales"]  # a fixture


async def play_event(w: World, keeper: Any, tid: int, message: Any, rng: random.Random) -> tuple[Any, list[str]]:
    """Plays the event's open tables (people's moves random legal ones) until it is over and its
    final message is posted; returns the event and each text its standings message showed."""
    seen: list[str] = []
    for step in range(20_000):
        await w.env.settle()
        t = await keeper.tournaments.get(tid)
        text = texts_of(fresh(w, message))
        if not seen or seen[-1] != text:
            seen.append(text)
        if t.status == "finished":
            break
        acted = False
        for table_id in (await keeper.runner.floor(t)).status:
            snap = await w.bot.tables.get(table_id)
            if snap.status == "playing" and snap.to_act_users:
                user = snap.to_act_users[0]
                seat = next(i.seat for i in snap.seats if i.user_id == user)
                with contextlib.suppress(ServiceError):
                    await w.bot.tables.act(table_id, user, rng.choice(snap.game.legal_actions(snap.state, seat)), seq=snap.seq)
                acted = True
        if not acted and step % 50 == 49:
            await w.env.advance_time(20)  # the keeper's sweep, should a wake be lost
    assert t.status == "finished", "the tournament didn't end"
    for _ in range(500):  # the keeper's step committed the payouts; its messages follow
        if "🏆" in texts_of(w.channel.last_message) and w.channel.last_message.id != message.id:
            break
        await asyncio.sleep(0.01)
        await w.env.settle()
    seen.append(texts_of(fresh(w, message)))
    return t, seen


async def test_a_12_player_reversis_rounds_event_plays_to_its_payouts(world: World) -> None:
    w = world
    people = [w.alice, w.bob, w.carol, w.dave, w.erin]
    people += [w.guild.add_member(w.env.create_user(f"player{i}")) for i in range(6, 13)]
    await w.mod.slash(w.channel, "admin settings", hand_pause_seconds=0)
    await w.alice.slash(w.channel, "tournament create", game="reversis", players=12, buy_in=30, rounds=2, deals=2)
    message = signup(w)
    tid = tournament_id(message)
    assert "Rounds: 2. Deals a round at each table: 2. Placings carry to the standings." in texts_of(message)
    for p in people:
        await p.click(message, label="Join")
    await w.env.settle()  # full: the keeper starts it and seats round 1
    keeper = w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]
    t = await keeper.tournaments.get(tid)
    assert t.status == "running"
    floor = await keeper.runner.floor(t)
    assert len(floor.status) == 3 and sorted(s.user_id for s in floor.seats) == sorted(p.id for p in people)
    for table_id in floor.status:
        snap = await w.bot.tables.get(table_id)
        assert snap.channel_id != w.channel.id and snap.message_id is not None  # a thread each, its message posted
    assert "Round 1 of 2: 0 of 3 tables have finished." in texts_of(fresh(w, message))

    t, seen = await play_event(w, keeper, tid, message, random.Random(27))

    # The standings message as the event went: a table finishing, round 2 seated from round 1's standings.
    assert any("Round 1 of 2: " in s and "tables have finished." in s for s in seen)
    after_one = next(s for s in seen if "Round 2 of 2: 0 of 3 tables have finished." in s)
    assert after_one.count("placings #") == 12 and "· points **3** · placings #1" in after_one
    print("\n--- standings after round 1 ---\n" + after_one)
    final = texts_of(fresh(w, message))
    print("--- final standings ---\n" + final)
    assert "Final standings: the last round is over." in final and final.count("placings #") == 12
    assert "#1 <@" in final and "chips won" in final

    # Every table played its two deals and said why it ended; nothing is left open.
    rows = await w.bot.db.fetchall("SELECT table_id FROM tournament_tables WHERE tournament_id=? ORDER BY round", (tid,))
    assert len(rows) == 6
    for (table_id,) in rows:
        snap = await w.bot.tables.get(table_id)
        assert snap.status == "finished" and snap.hand_no == 2
        assert any(line.startswith("Round ") and "is over at this table: 2 of 2 deals played." in line for line in snap.recent)
    # The pool paid by the payout table (12 entrants: 50/30/20 %), each wallet 100 − 30 + prize.
    prizes = sorted((e.prize for e in t.entries), reverse=True)
    assert prizes[:3] == [180, 108, 72] and sum(prizes) == 360 and t.pool == 0
    for e in t.entries:
        assert await wallet(w, e.user_id) == 100 - 30 + e.prize
    announced = texts_of(w.channel.last_message)
    winner = next(e for e in t.entries if e.place == 1)
    assert f"Tournament {tid} is over: <@{winner.user_id}> wins." in announced and "Final standings" in announced
    r = await w.bob.slash(w.channel, "tournament standings", tournament=tid)
    assert r.ephemeral and "Final standings: the last round is over." in texts_of(r.response)
    r = await w.bob.slash(w.channel, "tournament board")
    assert f"#1 <@{winner.user_id}>: **{winner.prize:,}** chips won, 1 of 1 tournaments won" in texts_of(r.response)
    report = await w.bot.economy.audit(t.scope)
    assert report.ok, report.problems


async def test_a_japanese_server_reads_the_rounds_and_standings_in_japanese(
    simcord_env: Any, db_path: str, locales: dict[int, str]
) -> None:
    env = simcord_env
    guild = env.create_guild("カードルーム", preferred_locale="ja")
    channel = guild.create_text_channel("tables")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    people = [guild.add_member(env.create_user(n)) for n in ("aki", "ben", "chie", "dai")]
    for p in people:
        locales[p.id] = "ja"
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    w = World(env, guild, channel, *people, people[0], mod=mod, db_path=db_path)
    await mod.slash(channel, "admin settings", hand_pause_seconds=0)
    await people[0].slash(channel, "tournament create", game="reversis", players=4, rounds=1, deals=1)
    message = signup(w)
    tid = tournament_id(message)
    assert ja("Rounds: {rounds}. Deals a round at each table: {deals}. Placings carry to the standings.").format(
        rounds=1, deals=1
    ) in texts_of(message)
    for p in people:
        await p.click(message, label=ja("Join"))
    await env.settle()
    keeper = w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]
    t, _seen = await play_event(w, keeper, tid, message, random.Random(5))
    assert t.status == "finished" and t.pool == 0
    final = texts_of(fresh(w, message))
    print("\n--- 最終順位 ---\n" + final)
    assert ja("Final standings: the last round is over.") in final and final.count(" · 順位 ") == 4
    (table_id,) = [int(r[0]) for r in await w.bot.db.fetchall(
        "SELECT table_id FROM tournament_tables WHERE tournament_id=?", (tid,)
    )]
    recent = (await w.bot.tables.get(table_id)).recent
    print("\n".join(recent))
    assert ja("Round {n} is over at this table: {k} of {k} deals played.").format(n=1, k=1) in recent
