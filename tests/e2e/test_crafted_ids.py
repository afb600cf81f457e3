"""Hand-crafted component ids are refused privately, logged without a traceback, and change nothing.

A custom id comes back from the client, so anyone can send one we never
posted. The bot itself posts a message carrying each crafted id (as a
message from an older version, or a forged one, would), then a player clicks
it through SimCord and discord.py's real dispatch: ids beyond SQLite's 64-bit
integers used to raise ``OverflowError`` deep in a query ("Something went
wrong" and an ERROR traceback), and ids no template matched got no answer
at all.
"""

from __future__ import annotations

import logging
import sqlite3

import discord
import pytest

from cogs.ui import components
from tests.e2e.conftest import World
from tests.e2e.test_play import refusal

BIG = 2**63  # one past SQLite's largest integer
NO_LONGER_VALID = "no longer valid"


def crafted_buttons(table: int) -> list[str]:
    return [
        "cr:a:99999999999999999999999:1:pass",
        f"cr:a:{BIG}:1:pass",
        f"cr:a:{table}:{BIG}:pass",  # a real table, a seq no row can hold
        f"cr:a:{table}:1:pa ss",  # games' actions have no spaces
        "cr:h:18446744073709551616",
        "cr:h:0",
        "cr:h:007",  # not how we write numbers
        "cr:h:١٢",  # Arabic-Indic digits match ``\d``
        f"cr:m:{table}:{2**64}:bid",
        f"cr:m:{table}:1:bid amount",
        "cr:l:1:bogusverb",  # no template matches at all
        f"cr:l:{BIG}:join",
        f"cr:l:{table}:num",  # a page number is required
        "cr:zz:1",
    ]


def crafted_selects(table: int) -> list[str]:
    return [
        f"cr:s:{table}:{BIG}:0",
        f"cr:s:{table}:1:99",  # a message has at most five selects
        f"cr:p:{table}:1:0:{'k' * 61}",
        f"cr:o:{BIG}:preset",
        f"cr:o:{table}:f:bäd",  # ``\w`` matches non-ASCII letters
        f"cr:o:{table}:colour",
    ]


def dump(db_path: str) -> list[str]:
    """Every row of the database, committed (the bot's WAL is read through)."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


async def post(w: World, item: discord.ui.Item[discord.ui.View]) -> discord.Message:
    """The bot posts one plain (non-dynamic) component, as an old or forged message would carry."""
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    view.stop()  # not stored: the click must reach the dynamic items, as a real one would
    channel = w.bot.get_channel(w.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return await channel.send("an old message", view=view)


async def test_crafted_ids_are_refused_privately_without_a_traceback(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    table = next(
        int(comp.custom_id.split(":")[2])
        for row in lobby.components
        for comp in row.children
        if (comp.custom_id or "").startswith("cr:l:")
    )
    before = dump(w.db_path)
    caplog.set_level(logging.INFO)
    caplog.clear()

    answered = 0
    for cid in crafted_buttons(table):
        message = await post(w, discord.ui.Button(label="Old button", custom_id=cid))
        result = await w.erin.click(message, custom_id=cid)
        assert NO_LONGER_VALID in refusal(result), (cid, refusal(result))
        answered += 1
    for cid in crafted_selects(table):
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=cid, options=[discord.SelectOption(label="x", value="x")]
        )
        message = await post(w, select)
        result = await w.erin.select(message, ["x"], custom_id=cid)
        assert NO_LONGER_VALID in refusal(result), (cid, refusal(result))
        answered += 1

    assert answered == len(crafted_buttons(table)) + len(crafted_selects(table))
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]
    refused = [r for r in caplog.records if r.name == "cardroom.components"]
    assert len(refused) == answered  # one INFO line per refusal, and it never shows the id
    assert not any(cid in r.getMessage() for r in refused for cid in crafted_buttons(table))
    assert dump(w.db_path) == before
    # The real lobby's buttons still work afterwards (and the dump does see a change).
    await w.carol.click(lobby, label="Join")
    assert dump(w.db_path) != before


def test_every_valid_id_matches_exactly_one_item() -> None:
    """discord.py runs every dynamic item whose template matches: two would answer one click twice."""
    valid = [
        "cr:a:1:0:pass", "cr:a:12:34:play:AS", "cr:s:1:2:0", "cr:p:1:2:0:discard", "cr:m:1:2:bid",
        "cr:h:1", "cr:l:1:join", "cr:l:1:num0", "cr:o:1:preset", "cr:o:1:bool", "cr:o:1:f:max_bid",
        f"cr:h:{BIG - 1}", "cr:r:1:1:0:next", "cr:r:12:3:45:last", "cr:t:1:join", "cr:t:12:leave",
    ]
    for cid in [*valid, *crafted_buttons(5), *crafted_selects(5)]:
        matching = [i for i in components.DYNAMIC_ITEMS if i.__discord_ui_compiled_template__.fullmatch(cid)]
        assert len(matching) == 1, (cid, matching)
    for cid in valid:
        matching = [i for i in components.DYNAMIC_ITEMS if i.__discord_ui_compiled_template__.fullmatch(cid)]
        assert matching[0] is not components.UnknownItem, cid
    assert components.UnknownItem.__discord_ui_compiled_template__.fullmatch("cr:l:1:bogusverb")
    assert not components.UnknownItem.__discord_ui_compiled_template__.fullmatch("other:1")
