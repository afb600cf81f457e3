"""A running knockout's standings by chips, through SimCord and the real bot.

Players of a poker tournament follow it by chips: the standings message and /tournament standings
rank the players still in by the chips in front of them at their table (what the table's message
shows), each with a link to their table's thread, under "N of M players left · level L". The public
message says when its chips were read and is edited after hands, at most once a minute of the bot's
clock; /tournament standings reads them fresh. Computers filling seats are not entrants: they are
listed after the people, unranked, with their chips. In Japanese too.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
from typing import Any

from bot.service.knockout_standings import seat_stacks
from tests.e2e.conftest import World
from tests.e2e.test_japanese import (
    locales,  # noqa: F401  (a fixture)
    texts_of,
)
from tests.e2e.test_tournament_levels import next_hand, one_table

LINE = re.compile(r"^(\d+)\. <@(\d+)> · \*\*([\d,]+)\*\* ?(?:chips|チップ) · <#(\d+)>$", re.M)
ROBOT_LINE = re.compile(r"^🤖 [^·\n]+ · \*\*([\d,]+)\*\* ?(?:chips|チップ) · <#(\d+)>$", re.M)
AS_OF = re.compile(r"(?:Chips as of |チップは)<t:(\d+):R>")


def keeper_of(w: World) -> Any:
    return w.bot.get_cog("TournamentsCog").keeper  # type: ignore[union-attr]


async def standings_message(w: World, tid: int) -> Any:
    """The event's own message (the sign-up, edited into the standings), as it is now."""
    t = await keeper_of(w).tournaments.get(tid)
    return w.env.backend.get_message(w.channel.id, t.message_id)


async def stacks_now(w: World, tid: int) -> dict[int, int]:
    keeper = keeper_of(w)
    (table_id,) = (await keeper.runner.floor(await keeper.tournaments.get(tid))).status
    return seat_stacks(await w.bot.tables.get(table_id))


async def test_players_still_in_are_ranked_by_chips_with_their_table(world: World) -> None:
    w = world
    tid, thread = await one_table(w)
    rng = random.Random(11)
    for _ in range(12):  # a few hands, until alice and bob hold different stacks
        await next_hand(w, tid, rng)
        stacks = await stacks_now(w, tid)
        if stacks[w.alice.id] != stacks[w.bob.id]:
            break
    assert stacks[w.alice.id] != stacks[w.bob.id], stacks
    r = await w.carol.slash(w.channel, "tournament standings")
    text = texts_of(r.response)
    assert r.ephemeral and "2 of 2 players left · level 1" in text, text
    rows = LINE.findall(text)
    assert [int(rank) for rank, *_ in rows] == [1, 2]  # the people only: the computers aren't entrants
    assert {int(user) for _, user, _, _ in rows} == {w.alice.id, w.bob.id}
    assert all(int(channel) == thread.id for *_, channel in rows)  # a link to their table's thread
    chips = [int(c.replace(",", "")) for _, _, c, _ in rows]
    assert chips == sorted(chips, reverse=True) and chips == sorted((stacks[w.alice.id], stacks[w.bob.id]), reverse=True)
    assert "still in" not in text and "Chips as of" not in text  # read now: no "as of" in the reply
    computers = sorted((c for u, c in stacks.items() if u < 0), reverse=True)
    robots = ROBOT_LINE.findall(text)  # the computers seated, apart and unranked, after the people
    assert computers and [int(c.replace(",", "")) for c, _ in robots] == computers
    assert all(int(channel) == thread.id for _, channel in robots)
    lines = text.split("\n")
    assert min(i for i, x in enumerate(lines) if x.startswith("🤖")) > max(i for i, x in enumerate(lines) if LINE.match(x))


async def test_the_public_message_is_edited_after_hands_at_most_once_a_minute(world: World) -> None:
    w = world
    tid, _thread = await one_table(w)
    keeper = keeper_of(w)
    rng = random.Random(3)

    async def shown() -> int:
        text = texts_of(await standings_message(w, tid))
        found = AS_OF.search(text)
        assert found is not None, text
        return int(found[1])

    first = await shown()
    assert "2 of 2 players left · level 1" in texts_of(await standings_message(w, tid))
    assert first == int(keeper.runner.now().timestamp())  # the start drew it, on the bot's clock
    (table_id,) = (await keeper.runner.floor(await keeper.tournaments.get(tid))).status

    async def hand_ended() -> None:
        """What the table tells the keeper after each hand (its listener); the step it wakes is
        this test's task, not the bot's, so it is awaited here."""
        keeper.table_changed(await w.bot.tables.get(table_id), "hand")
        await asyncio.gather(*keeper._tasks)
        await w.env.settle()

    await hand_ended()
    assert await shown() == first  # a hand within the minute: the message keeps its chips
    await w.env.advance_time(30)
    await hand_ended()
    assert await shown() == first  # 30 s on the bot's clock: still within the minute
    await w.env.advance_time(31)
    await hand_ended()
    later = await shown()
    assert later == int(keeper.runner.now().timestamp()) and later - first >= 60  # a minute on: edited
    seen = [later]
    for _ in range(3):  # real hands over a few minutes: each edit a minute or more after the last
        await w.env.advance_time(20)
        await next_hand(w, tid, rng)
        seen.append(await shown())
    assert all(b == a or b - a >= 60 for a, b in itertools.pairwise(seen)), seen
    assert seen[-1] > later
    text = texts_of(await standings_message(w, tid))
    rows = LINE.findall(text)
    assert len(rows) == 2 and [int(c.replace(",", "")) for _, _, c, _ in rows] == sorted(
        (int(c.replace(",", "")) for _, _, c, _ in rows), reverse=True
    )


async def test_the_chip_standings_read_in_japanese(world: World, locales: dict[int, str]) -> None:  # noqa: F811
    w = world
    locales[w.alice.id] = "ja"  # /tournament standings answers in the asker's language
    await w.mod.slash(w.channel, "admin settings", language="ja")
    tid, thread = await one_table(w, "frankenstein")
    text = texts_of(await standings_message(w, tid))
    assert "2人中2人が勝ち残り · レベル1" in text and AS_OF.search(text), text
    rows = LINE.findall(text)
    assert len(rows) == 2 and all(int(c) == thread.id for *_, c in rows)
    assert "players left" not in text and "chips" not in text and "Chips" not in text
    r = await w.alice.slash(w.channel, "tournament standings")
    assert "2人中2人が勝ち残り" in texts_of(r.response)
