"""Players knocked out can watch (issue 27), and the standings message follows every knock-out.

A knock-out is recorded by the hand that empties the stack, in the table's own transaction, so
the keeper's step after that hand found the entries already changed and never edited the
standings until the end. Now the keeper compares with what the message shows. Each knock-out also
gets one line in the event's channel: the place, and the threads of the tables still playing,
where the player can watch the rest; the player's own panel at their old table says the same.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from cogs.ui.comeback import off_table_panel
from tests.e2e.conftest import World
from tests.e2e.test_japanese import texts_of
from tests.e2e.test_tournament_kills import actors, keeper_of, started
from tests.e2e.test_tournament_levels import one_table
from tests.e2e.test_tournament_signup import fresh
from tests.e2e.tournament_moves import move

OUT_LINE = re.compile(
    r"<@(\d+)> is knocked out of the tournament, finishing #(\d+)\. You can watch the tables still playing: (.+)"
)


@pytest.mark.long
@pytest.mark.usefixtures("quick_levels")  # someone busts in fewer hands
async def test_the_first_knock_out_shows_in_the_standings_and_points_to_the_tables(world: World) -> None:
    w = world
    tid, message = await started(w)
    rng = random.Random(27)
    keeper = keeper_of(w)
    for step in range(20_000):
        await w.env.settle()
        t = await keeper.tournaments.get(tid)
        out = [e for e in t.entries if e.knocked_out_at is not None]
        if out:
            break
        acted = False
        for table_id in (await keeper.runner.floor(t)).status:  # people click their moves: the bot's own work
            acted = await move(w, table_id, actors(w), rng) or acted
        if not acted or step % 8 == 0:
            await w.env.advance_time(20)
    assert out and t.status == "running", "nobody was knocked out while the event ran"
    await w.env.settle()
    first = out[0]
    standings = texts_of(fresh(w, message))
    assert f"#{first.place} <@{first.user_id}>" in standings  # edited at the knock-out, not at the end
    # the players still in are ranked by chips ("1. <@…> · **297** chips · <#…>"), the others by place
    assert len(re.findall(r"^\d+\. <@\d+> · ", standings, re.M)) == len(t.entries) - len(out)
    lines = [m.content for m in w.channel.history() if m.author.bot and OUT_LINE.search(m.content or "")]
    assert lines, "no line told the knocked-out player where to watch"
    found = OUT_LINE.search(lines[-1])
    assert found is not None and int(found[1]) == first.user_id and int(found[2]) == first.place
    playing = [
        (await w.bot.tables.get(table_id)).channel_id
        for table_id, status in (await keeper.runner.floor(t)).status.items() if status == "playing"
    ]
    assert playing and found[3] == ", ".join(f"<#{c}>" for c in playing)
    assert all(c in {thread.id for thread in w.channel.threads} for c in playing)


async def test_a_panel_left_at_a_tournament_table_says_the_player_can_watch(world: World) -> None:
    w = world
    tid, _thread = await one_table(w)
    keeper = keeper_of(w)
    (table_id,) = (await keeper.runner.floor(await keeper.tournaments.get(tid))).status
    snap = await w.bot.tables.get(table_id)
    embed, _view = off_table_panel(snap, w.erin.id)  # what the panel keeper draws for someone no longer seated
    assert "tournament table" in (embed.description or "") and "watch it here" in (embed.description or "")
    ordinary = replace(snap, ledger_scope=None)
    embed, _view = off_table_panel(ordinary, w.erin.id)
    assert "tournament" not in (embed.description or "")
