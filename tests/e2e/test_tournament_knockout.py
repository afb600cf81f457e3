"""A 16-player knockout Razz through SimCord and the real bot, from sign-up to payout (issue 27).

Four people sign up for sixteen seats with computers filling; the host starts it with
/tournament start: the tables open in threads of the channel, each with its message and the level
line; the computers play at once (computer_pause 0), the people's moves are random legal ones sent to the table service. The keeper steps the event on the clock and after each
hand: players are knocked out, moved, tables break down to the final table, the levels rise, and
the pool is paid out by the payout table. The standings message is edited as it goes.
"""

from __future__ import annotations

import contextlib
import random

from bot.service.errors import ServiceError
from tests.e2e.conftest import World
from tests.e2e.test_japanese import texts_of
from tests.e2e.test_tournament_signup import fresh, signup, tournament_id, wallet


async def move_people(w: World, table_ids: list[int], rng: random.Random) -> bool:
    """At each table, the first person to act makes a random legal move through the table service
    (the computers play on their own); True if anyone was to act."""
    acted = False
    for table_id in table_ids:
        snap = await w.bot.tables.get(table_id)
        people = [u for u in snap.to_act_users if u > 0]
        if snap.status == "playing" and people:
            seat = next(i.seat for i in snap.seats if i.user_id == people[0])
            action = rng.choice(snap.game.legal_actions(snap.state, seat))
            with contextlib.suppress(ServiceError):
                await w.bot.tables.act(table_id, people[0], action, seq=snap.seq)
            acted = True
    return acted


async def test_a_16_player_knockout_razz_plays_to_its_payouts(world: World) -> None:
    w = world
    await w.mod.slash(w.channel, "admin settings", hand_pause_seconds=0)
    await w.alice.slash(w.channel, "tournament create", game="razz", players=16, buy_in=40, computers_fill=True)
    message = signup(w)
    tid = tournament_id(message)
    for p in (w.bob, w.carol, w.dave):
        await p.click(message, label="Join")
    await w.alice.click(message, label="Join")
    r = await w.alice.slash(w.channel, "tournament start")
    assert r.response.content == f"▶️ Tournament {tid} has started: 4 players, 3 tables."
    tour = w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]
    t = await tour.tournaments.get(tid)
    floor = await tour.runner.floor(t)
    assert len(floor.status) == 3 and len(floor.seats) == 16
    first = {tid_: (await w.bot.tables.get(tid_)) for tid_ in floor.status}
    for snap in first.values():
        assert snap.channel_id != w.channel.id and snap.message_id is not None  # a thread each, its message posted
        assert any(line.startswith("Level 1 · ") and "next level <t:" in line for line in snap.recent)
    standings = texts_of(fresh(w, message))  # the sign-up message became the standings, by chips
    assert "4 of 4 players left · level 1" in standings and "Chips as of <t:" in standings, standings

    rng = random.Random(27)
    fewest = 3
    for step in range(20_000):
        await w.env.settle()  # the computers have played, the keeper has stepped
        t = await tour.tournaments.get(tid)
        if t.status == "finished":
            break
        floor = await tour.runner.floor(t)
        fewest = min(fewest, len(floor.status))
        acted = await move_people(w, list(floor.status), rng)
        if not acted or step % 8 == 0:
            await w.env.advance_time(20)  # the level clock runs; the keeper's sweep
    assert t.status == "finished", "the tournament didn't end"
    assert fewest < 3  # tables broke down as players went out
    assert sorted(e.place or 0 for e in t.entries) == [1, 2, 3, 4]
    assert sum(e.prize for e in t.entries) == 160 and t.pool == 0
    for e in t.entries:  # each wallet: 100 to start, 40 in, the prize back
        assert await wallet(w, e.user_id) == 100 - 40 + e.prize
    rows = await w.bot.db.fetchall(
        "SELECT DISTINCT h.options_json FROM hands h JOIN tables x ON x.id=h.table_id WHERE x.ledger_guild=?", (t.scope,)
    )
    assert len(rows) > 1  # the levels rose
    assert not (await tour.runner.floor(t)).status  # every table closed
    endings = []
    for (table_id,) in await w.bot.db.fetchall("SELECT id FROM tables WHERE ledger_guild=?", (t.scope,)):
        recent = (await w.bot.tables.get(table_id)).recent
        assert not any("ended the table" in line for line in recent)  # the bot closed them, saying why
        endings.append(recent[-1])
    # The final table, computers still at it, closes with the hand that decided the event (the winner
    # doesn't play on against the computers until the keeper's next step).
    over = "The tournament is over: this table closes."
    alone = "Nobody is left at the table but the computer: the table closes."
    assert set(endings) <= {over, alone, "Not enough players for another hand: the table closes."}, endings
    assert over in endings, endings
    text = texts_of(w.channel.last_message)
    assert f"Tournament {tid} is over" in text and "chips won" in text
    r = await w.bob.slash(w.channel, "tournament board")
    winner = next(e for e in t.entries if e.place == 1)
    assert r.ephemeral and f"#1 <@{winner.user_id}>: **{winner.prize:,}** chips won, 1 of 1 tournaments won" in texts_of(r.response)
    # Right after the end, /tournament standings in the channel shows the event just finished.
    r = await w.carol.slash(w.channel, "tournament standings")
    assert r.ephemeral and f"#1 <@{winner.user_id}>: **{winner.prize:,}** chips won" in texts_of(r.response)
    report = await w.bot.economy.audit(t.scope)
    assert report.ok, report.problems


async def test_a_timed_knockout_starts_on_the_clock(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "tournament create", game="razz", players=8, start_minutes=2)
    message = signup(w)
    tid = tournament_id(message)
    for p in (w.alice, w.bob):
        await p.click(message, label="Join")
    await w.env.advance_time(60)
    keeper = w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]
    assert (await keeper.tournaments.get(tid)).status == "signup"
    await w.env.advance_time(62)  # the keeper woke for the start time
    t = await keeper.tournaments.get(tid)
    assert t.status == "running" and t.seated_at is not None
    assert len((await keeper.runner.floor(t)).status) == 1
    assert "2 of 2 players left · level 1" in texts_of(fresh(w, message))
