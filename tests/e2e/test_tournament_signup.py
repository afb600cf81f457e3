"""A tournament's sign-up as players see it, through SimCord and the real bot (issue 27).

/tournament create posts a public message with the entrants, the buy-in, the pool and the payout
table, and Join/Leave buttons; every click is committed first and the message edited after; bad
clicks (already in, not in, full, short of chips, a crafted or foreign id) get a private line and
change nothing; /tournament cancel refunds every buy-in. Chip figures are checked against the ledger.
"""

from __future__ import annotations

from typing import Any

import discord
import simcord

from data import ledger
from data.accounts import pool_user
from tests.e2e.conftest import World
from tests.e2e.test_crafted_ids import dump, post
from tests.e2e.test_economy_ux import drain
from tests.e2e.test_japanese import ja, locales, texts_of
from tests.e2e.test_play import refusal

__all__ = ["locales"]


START = 100


async def wallet(w: World, user_id: int) -> int:
    def read(conn: Any) -> int:
        return ledger.balance_of(conn, ledger.USER, w.guild.id, user_id=user_id)

    return int(await w.bot.db.read_sync(read))


def signup(w: World) -> Any:
    message = w.channel.last_message
    assert message is not None and message.embeds, "no sign-up message"
    return message


def tournament_id(message: Any) -> int:
    ids = [c.custom_id for row in message.components for c in row.children if (c.custom_id or "").startswith("cr:t:")]
    assert ids, "no tournament buttons"
    return int(ids[0].split(":")[2])


def fresh(w: World, message: Any) -> Any:
    return w.env.backend.get_message(w.channel.id, message.id)


async def test_sign_up_join_leave_and_the_payout_table(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "tournament create", game="razz", players=8, buy_in=40)
    assert not r.ephemeral
    message = signup(w)
    tid = tournament_id(message)
    text = texts_of(message)
    assert f"🏆 Tournament {tid}: Razz (Knockout)" in text
    assert "Sign-up is open: 0 of 8 players. It starts as soon as 8 players have joined." in text
    assert "40 chips" in text and "Nobody yet." in text

    for p in (w.bob, w.carol, w.dave, w.erin):
        r = await p.click(message, label="Join")
        assert r.followups and r.followups[-1].content == (
            f"You're in tournament {tid}: 40 chips went from your wallet to the prize pool."
        )
        assert await wallet(w, p.id) == START - 40
    assert await wallet(w, pool_user(tid)) == 160
    text = texts_of(fresh(w, message))
    assert "Sign-up is open: 4 of 8 players." in text
    assert f"<@{w.bob.id}>, <@{w.carol.id}>, <@{w.dave.id}>, <@{w.erin.id}>" in text
    assert "160 chips" in text  # the pool
    assert "#1: **104** chips\n#2: **56** chips" in text  # 650/350 per mille of 160

    r = await w.carol.click(message, label="Leave")
    assert r.followups[-1].content == f"You left tournament {tid}; your 40 chips are back in your wallet."
    assert await wallet(w, w.carol.id) == START
    text = texts_of(fresh(w, message))
    assert "Sign-up is open: 3 of 8 players." in text and "#1: **120** chips" in text and f"<@{w.carol.id}>" not in text.split("Hosted")[0]
    await w.alice.slash(w.channel, "tournament standings")  # the open one in this channel
    audit = await w.bot.economy.audit(w.guild.id)
    assert audit.ok, audit.problems


async def test_bad_clicks_are_answered_privately_and_change_nothing(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "tournament create", game="razz", players=2, buy_in=60)
    message = signup(w)
    tid = tournament_id(message)
    await w.bob.click(message, label="Join")
    before = dump(w.db_path)

    assert refusal(await w.bob.click(message, label="Join")) == "You're already signed up for this tournament."
    assert refusal(await w.carol.click(message, label="Leave")) == "You're not signed up for this tournament."
    await drain(w, w.dave, 10)
    before = dump(w.db_path)
    assert refusal(await w.dave.click(message, label="Join")) == (
        "The buy-in is 60 chips and you have 10. Claim free chips with /daily, then join again."
    )
    for cid in (f"cr:t:{tid + 1000}:join", f"cr:t:{2**63 - 1}:leave"):
        old = await post(w, discord.ui.Button(label="Old", custom_id=cid))
        assert refusal(await w.erin.click(old, custom_id=cid)) in (
            "That tournament doesn't exist on this server.", "That button is no longer valid."
        )
    for cid in (f"cr:t:{2**64}:join", f"cr:t:{tid}:start", f"cr:t:0{tid}:join"):
        old = await post(w, discord.ui.Button(label="Old", custom_id=cid))
        assert refusal(await w.erin.click(old, custom_id=cid)) == "That button is no longer valid."
    await w.carol.click(message, label="Join")
    await w.env.settle()  # full: the event starts (its message turns into the standings, without buttons)
    after_full = dump(w.db_path)
    old = await post(w, discord.ui.Button(label="Old", custom_id=f"cr:t:{tid}:join"))
    assert refusal(await w.erin.click(old, custom_id=f"cr:t:{tid}:join")) == "Sign-up for this tournament is closed."
    assert dump(w.db_path) == after_full != before


async def test_cancel_refunds_everyone_and_closes_the_sign_up(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "tournament create", game="reversis", players=12, buy_in=25, rounds=2, deals=3)
    assert not r.ephemeral  # a score game plays in rounds
    rounds = signup(w)
    assert "Reversis (Rounds)" in texts_of(rounds)
    assert "Rounds: 2. Deals a round at each table: 3. Placings carry to the standings." in texts_of(rounds)
    await w.alice.slash(w.channel, "tournament cancel", tournament=tournament_id(rounds))
    await w.alice.slash(w.channel, "tournament create", game="frankenstein", players=12, buy_in=25, start_minutes=30)
    message = signup(w)
    tid = tournament_id(message)
    assert "Frankenstein (Knockout)" in texts_of(message) and "It starts <t:" in texts_of(message)
    for p in (w.bob, w.carol):
        await p.click(message, label="Join")
    r = await w.bob.slash(w.channel, "tournament cancel")
    assert r.ephemeral and "Only the tournament's host or an admin can do that." in r.response.content
    r = await w.alice.slash(w.channel, "tournament cancel", tournament=tid)
    assert not r.ephemeral
    assert r.response.content == f"🚫 Tournament {tid} was cancelled; every buy-in was refunded (2 players)."
    assert [await wallet(w, p.id) for p in (w.bob, w.carol)] == [START, START]
    closed = fresh(w, message)
    assert "This tournament was cancelled; every buy-in was refunded." in texts_of(closed)
    assert not closed.components
    stale = await post(w, discord.ui.Button(label="Join", custom_id=f"cr:t:{tid}:join"))  # an old copy of the button
    assert refusal(await w.dave.click(stale, custom_id=f"cr:t:{tid}:join")) == "Sign-up for this tournament is closed."
    assert await wallet(w, w.dave.id) == 0  # refused before anything: not even a wallet opened


async def test_only_the_host_role_creates_once_an_admin_sets_it(world: World) -> None:
    w = world
    hosts = w.guild.create_role("Hosts")
    r = await w.mod.slash(w.channel, "tournament hosts", role=hosts)
    assert r.ephemeral and "may create tournaments now" in r.response.content
    r = await w.bob.slash(w.channel, "tournament create", game="razz", players=4)
    assert r.ephemeral
    assert r.response.content == "Only members with this server's tournament host role can create tournaments."
    r = await w.bob.slash(w.channel, "tournament create", game="reversis", players=4, format="knockout")
    assert r.ephemeral
    r = await w.mod.slash(w.channel, "tournament create", game="razz", players=4)
    assert not r.ephemeral


async def test_a_japanese_server_reads_the_sign_up_in_japanese_and_each_reader_their_answer(
    simcord_env: simcord.Env, locales: dict[int, str]
) -> None:
    env = simcord_env
    guild = env.create_guild("カードルーム", preferred_locale="ja")
    channel = guild.create_text_channel("tables")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    locales[bob.id] = "ja"  # bob's Discord is in Japanese; alice's in English
    await alice.slash(channel, "tournament create", game="razz", players=6, buy_in=10)
    message = channel.last_message
    text = texts_of(message)
    assert ja("Buy-in") in text and ja("Prize pool") in text and ja("Payouts") in text
    assert ja("Sign-up is open: {n} of {most} players.").format(n=0, most=6) in text
    assert ja("Join") in [c.label for row in message.components for c in row.children]
    r = await bob.click(message, label=ja("Join"))
    tid = tournament_id(message)
    assert r.followups[-1].content == ja(
        "You're in tournament {n}: {chips} chips went from your wallet to the prize pool."
    ).format(n=tid, chips=10)
    r = await alice.click(message, label=ja("Leave"))
    assert refusal(r) == "You're not signed up for this tournament."  # alice reads English
    assert ja("Sign-up is open: {n} of {most} players.").format(n=1, most=6) in texts_of(
        env.backend.get_message(channel.id, message.id)
    )
