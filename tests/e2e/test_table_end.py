"""``/table end`` in the middle of a hand, through SimCord (issue 24: nobody escapes a loss).

The host's end waits for the hand: the reply and the table's message say "The table will close
after this hand.", the hand plays out (here by the turn timer, across a restart of the bot) and is
settled, then the table closes and the host's loss stands. In Japanese on a Japanese table.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World, make_bot
from tests.e2e.test_japanese import ja, locales
from tests.e2e.test_play import open_table, refusal, snapshot
from tools.simtable import components_of

__all__ = ["locales"]  # the fixture, imported for pytest

PENDING = "The table will close after this hand."


async def hand_one_nets(w: World, table_id: int) -> dict[int, int]:
    rows = await w.bot.tables.db.fetchall(
        "SELECT user_id, payoff FROM results WHERE table_id=? AND hand_no=1", (table_id,)
    )
    return {int(r[0]): int(r[1]) for r in rows}


async def run_out_the_clock(w: World, table_id: int, seconds: int) -> None:
    """Nobody acts: the turn timer plays for everyone until the table closes."""
    for _ in range(40):
        if not (await w.bot.tables.get(table_id)).is_open:
            return
        await w.env.advance_time(seconds + 1)
    raise AssertionError("the hand never ended")


async def test_the_hosts_end_waits_for_the_hand_and_the_loss_stands(world: World) -> None:
    w = world
    before = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in (w.alice, w.bob)}
    table = await open_table(w, "razz", [w.alice, w.bob], buy_in=50, turn_seconds=60)
    assert await table.play_turn() is not None  # the bring-in: the hand is under way
    table_id = table.table_id()
    assert (await snapshot(w, table)).to_act_users

    r = await w.bob.slash(w.channel, "table end")
    assert "host" in refusal(r).lower()
    r = await w.alice.slash(w.channel, "table end", now=True)
    assert "admin" in refusal(r).lower()
    r = await w.alice.slash(w.channel, "table end")
    assert not r.ephemeral and PENDING in r.response.content and f"<@{w.alice.id}>" in r.response.content
    assert PENDING in table.public_text(table.table_message())  # the table says so as the hand goes on
    assert "Join next hand" not in table.public_text(table.table_message())  # there is no next hand
    assert table.is_open() and (await snapshot(w, table)).closing_by == w.alice.id
    r = await w.alice.slash(w.channel, "table end")
    assert "already closes" in refusal(r)

    await w.env.restart_bot(make_bot(w.db_path))  # the pending close is in the database
    assert (await w.bot.tables.get(table_id)).closing_by == w.alice.id
    await run_out_the_clock(w, table_id, 60)

    assert await w.bot.tables.in_channel(w.channel.id) is None
    nets = await hand_one_nets(w, table_id)
    assert sorted(nets) == sorted(before) and sum(nets.values()) == 0 and any(nets.values())
    for user, start in before.items():  # the hand was settled: wallets moved by exactly its result
        assert await w.bot.economy.balance(w.guild.id, user) == start + nets[user]
    finished = [m for m in table.bot_messages() if m.embeds and "table finished" in (m.embeds[0].title or "")]
    assert len(finished) == 1  # the table's message, edited: its one button left is Play again
    assert [c.get("custom_id") for c in components_of(finished[0])] == [f"cr:g:{table_id}"]
    assert f"The hand is over: the table closes, as <@{w.alice.id}> asked." in table.public_text(finished[0])


async def test_the_host_takes_the_end_back(world: World) -> None:
    w = world
    table = await open_table(w, "razz", [w.alice, w.bob], buy_in=50)
    await table.play_turn()
    await w.alice.slash(w.channel, "table end")
    r = await w.bob.slash(w.channel, "table keep")
    assert "host" in refusal(r).lower()
    r = await w.alice.slash(w.channel, "table keep")
    assert not r.ephemeral and "keeps table" in r.response.content
    assert PENDING not in table.public_text(table.table_message())
    assert "Join next hand" in table.public_text(table.table_message())
    assert (await snapshot(w, table)).closing_by is None


async def test_a_japanese_table_says_it_will_close(world: World, locales: dict[int, str]) -> None:
    w = world
    locales[w.alice.id] = "ja"
    await w.mod.slash(w.channel, "admin settings", language="ja")
    table = await open_table_ja(w)
    r = await w.alice.slash(w.channel, "table end")
    said = ja("<@{user}> asked to end table #{id}. The table will close after this hand.")
    assert r.response.content == said.format(user=w.alice.id, id=table.table_id())
    assert ja(PENDING) in table.public_text(table.table_message())


async def open_table_ja(w: World) -> Any:
    """A heads-up Razz table opened, joined and started by clicks (the lobby speaks Japanese)."""
    from tools.simtable import Table, components_of

    await w.alice.slash(w.channel, "play", game="razz", buy_in=50)
    lobby = w.channel.last_message
    ids = [c["custom_id"] for c in components_of(lobby) if (c.get("custom_id") or "").startswith("cr:l:")]
    await w.bob.click(lobby, custom_id=next(i for i in ids if i.endswith(":join")))
    await w.alice.click(lobby, custom_id=next(i for i in ids if i.endswith(":start")))
    table = Table(w.env, w.channel, {p.id: p for p in (w.alice, w.bob)})
    await table.play_turn()
    return table
