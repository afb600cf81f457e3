"""``/table host`` and ``/table remove`` through SimCord (issue 26 part 2): the host hands the role on,
the new host removes a player between hands, whose chips go back to their wallet; every refusal is a
private line and changes nothing."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, refusal, snapshot
from tests.e2e.test_table_end import run_out_the_clock

__all__ = ["run_out_the_clock"]


async def test_the_host_hands_over_and_the_new_host_removes_a_player(world: World) -> None:
    w = world
    table = await open_table(w, "razz", [w.alice, w.bob, w.carol], buy_in=50, turn_seconds=60)
    table_id = table.table_id()
    seq = (await snapshot(w, table)).seq

    assert "host" in refusal(await w.bob.slash(w.channel, "table host", user=w.carol)).lower()
    assert "isn't at this table" in refusal(await w.alice.slash(w.channel, "table host", user=w.erin))
    assert "already the host" in refusal(await w.alice.slash(w.channel, "table host", user=w.alice))
    assert "between hands" in refusal(await w.alice.slash(w.channel, "table remove", user=w.bob))
    assert (await snapshot(w, table)).seq == seq  # nothing changed

    r = await w.alice.slash(w.channel, "table host", user=w.bob)
    assert r.ephemeral and "is the host of table" in r.response.content
    snap = await snapshot(w, table)
    assert snap.host_id == w.bob.id and snap.recent[-1] == f"<@{w.bob.id}> is the host now."
    assert "host" in refusal(await w.alice.slash(w.channel, "table remove", user=w.carol)).lower()

    for _ in range(40):  # the turn timer plays the hand out: the pause between hands
        if (await snapshot(w, table)).paused:
            break
        await w.env.advance_time(61)
    assert (await snapshot(w, table)).paused
    held = await w.bot.tables.db.scalar(
        "SELECT balance FROM accounts WHERE kind='escrow' AND table_id=? AND user_id=?", (table_id, w.carol.id)
    )
    wallet = await w.bot.economy.balance(w.guild.id, w.carol.id)
    r = await w.bob.slash(w.channel, "table remove", user=w.carol)
    assert r.ephemeral and "is removed from table" in r.response.content
    assert (await snapshot(w, table)).recent[-1] == f"<@{w.bob.id}> removed <@{w.carol.id}> from the table."
    pressed = await table.press_next_as(w.carol)
    assert pressed is not None and "dealt without you" in refusal(pressed)

    for p in (w.alice, w.bob):
        await table.press_next_as(p)
    snap = await snapshot(w, table)
    assert snap.hand_no == 2 and w.carol.id not in snap.lobby
    assert await w.bot.economy.balance(w.guild.id, w.carol.id) == wallet + held  # cashed out as a leaver
    assert "not seated" in refusal(await w.carol.slash(w.channel, "hand")).lower()
