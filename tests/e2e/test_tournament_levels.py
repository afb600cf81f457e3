"""The level on every tournament table's message, through SimCord (issue 27: "a level clock shown at
every table").

The level line used to be only among the table's recent lines, which scroll away after a few
moves; the table's message now starts with it, in a fixed place (the head of the embed's
description), while the hand plays and in the pause after it, and it follows the clock: at level 1
first, at level 2 once the clock has passed ten minutes and the next hand is dealt, and after a
restart (worked out again from the hand's deal). In Japanese too. Nothing in it is Razz's:
``knockouts.level_text`` reads the level and the stakes the game's options have.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

from tests.e2e.conftest import World, make_bot
from tests.e2e.driver import components_of
from tests.e2e.test_tournament_signup import signup, tournament_id
from tests.e2e.tournament_moves import move

LEVEL = re.compile(r"(?:Level |レベル)(\d+) · (.+?) · (?:next level |次のレベルは)<t:(\d+):R>")


async def one_table(w: World, game: str = "razz") -> tuple[int, Any]:
    """A knockout of alice and bob with two computers: one table, in a thread."""
    await w.mod.slash(w.channel, "admin settings", hand_pause_seconds=0)
    await w.alice.slash(w.channel, "tournament create", game=game, players=4, computers_fill=True)
    message = signup(w)
    tid = tournament_id(message)
    for p in (w.alice, w.bob):
        await p.click(message, custom_id=f"cr:t:{tid}:join")
    await w.alice.slash(w.channel, "tournament start")
    await w.env.settle()
    [thread] = w.channel.threads
    return tid, thread


def table_message(thread: Any) -> Any:
    """The table's message: the newest with a My hand button (the turn pings and the last result have none)."""
    for m in reversed(thread.history()):
        if any((c.get("custom_id") or "").startswith("cr:h:") for c in components_of(m)):
            return m
    raise AssertionError([(m.content, len(m.embeds)) for m in thread.history()][-5:])


async def shown_table_message(w: World, thread: Any) -> Any:
    """The table's message once the bot has posted it again.

    After a hand the bot moves the table's message below the result (deletes it and posts it anew);
    the new post may still wait on a Discord rate limit's timer when the bot settles, so the clock is
    let run a second at a time until it's there (a test on a busy machine hit that gap)."""
    for _ in range(30):
        with contextlib.suppress(AssertionError):
            return table_message(thread)
        await w.env.advance_time(1)
    return table_message(thread)


async def level_shown(w: World, thread: Any) -> tuple[int, str, int]:
    """The level at the head of the table message's embed: (number, stakes, next level's Unix time)."""
    head = ((await shown_table_message(w, thread)).embeds[0].description or "").split("\n")[0]
    found = LEVEL.search(head)
    assert found is not None, f"no level at the head of the table's message: {head!r}"
    return int(found[1]), found[2], int(found[3])


#: The people's moves these tests never make: an event whose table closes when one of its two people
#: busts must last the ten minutes of clock a level takes (a loaded run saw a random raiser bust first).
AGGRESSIVE = ("bet", "raise", "complete")


async def next_hand(w: World, tid: int, rng: random.Random) -> None:
    """Plays the people's turns (random clicks, never betting or raising) until the table deals a new hand."""
    keeper = w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]
    t = await keeper.tournaments.get(tid)
    (table_id,) = (await keeper.runner.floor(t)).status
    start = (await w.bot.tables.get(table_id)).hand_no
    people = {p.id: p for p in (w.alice, w.bob)}
    for _ in range(500):
        await w.env.settle()
        snap = await w.bot.tables.get(table_id)
        if snap.hand_no > start or snap.status != "playing":
            return
        if not await move(w, table_id, people, rng, avoid=AGGRESSIVE):  # no raising war busts anyone
            await w.env.advance_time(5)
    raise AssertionError("no new hand was dealt")


async def test_the_table_message_shows_the_level_and_follows_the_clock(world: World) -> None:
    w = world
    tid, thread = await one_table(w)
    number, stakes, ends = await level_shown(w, thread)
    assert number == 1 and stakes.startswith("ante ") and "bring-in " in stakes
    rng = random.Random(5)
    await next_hand(w, tid, rng)
    assert (await level_shown(w, thread))[:2] == (1, stakes)  # still level 1: the line stays, though the recent lines moved on
    for _ in range(60):  # hands go on while the clock runs past ten minutes (80 s a hand: under a turn's 90)
        await w.env.advance_time(80)
        await next_hand(w, tid, rng)
        if (await level_shown(w, thread))[0] > 1:
            break
    number, raised, later = await level_shown(w, thread)
    # Usually level 2; on a busy machine the computers' answers can take long enough for the clock
    # to pass another ten minutes within one hand: whatever the level, its stakes and end follow it.
    assert number >= 2 and raised != stakes and later == ends + 600 * (number - 1)
    # A restart works the level out again from the hand's deal (it isn't a column).
    keeper = w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]
    (table_id,) = (await keeper.runner.floor(await keeper.tournaments.get(tid))).status
    before = await w.bot.tables.get(table_id)
    await w.env.restart_bot(make_bot(w.db_path))
    after = await w.bot.tables.get(table_id)
    assert after.hand_no == before.hand_no and after.level == before.level == (number, later)


async def test_the_level_reads_in_japanese_at_a_japanese_table(world: World) -> None:
    w = world
    await w.mod.slash(w.channel, "admin settings", language="ja")
    _tid, thread = await one_table(w, "frankenstein")
    head = ((await shown_table_message(w, thread)).embeds[0].description or "").split("\n")[0]
    found = LEVEL.search(head)
    assert found is not None and head.startswith("レベル1 · ") and "次のレベルは<t:" in head, head
    assert "ante" not in head and "Level" not in head
