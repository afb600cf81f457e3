"""A write the SQLite file refuses (another process holds its lock, the disk is full) through SimCord.

The player who clicked reads one clear private line, "couldn't save, nothing changed"; nothing of
the click is saved (the table's version, the chip ledger, every row); the log gets ONE warning for
the whole episode, however many clicks it refused, and never a traceback; and once the lock is
released or space is back, the next click simply works (nobody restarts anything).
"""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
import simcord

from bot.service.errors import SaveFailed
from tests.e2e.conftest import World
from tests.e2e.driver import Table
from tests.e2e.test_crafted_ids import dump
from tests.e2e.test_play import open_table, refusal

#: A second process that takes the file's write lock, says so, and keeps it until told to stop.
HOLDER = (
    "import sqlite3, sys\n"
    "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "conn.execute('BEGIN IMMEDIATE')\n"
    "print('held', flush=True)\n"
    "sys.stdin.readline()\n"
    "conn.execute('ROLLBACK')\n"
)
CLICKS = 3
#: Clicks a table may make in its file's free room before one needs a new page.
FILL_LIMIT = 200


@contextmanager
def write_lock_held(db_path: str) -> Iterator[None]:
    """Another process holds ``BEGIN IMMEDIATE`` on the bot's file for the block's duration."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, db_path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        assert proc.stdout.readline().strip() == "held"
        yield
    finally:
        proc.stdin.write("\n")
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def _pragma(conn: sqlite3.Connection, sql: str) -> int:
    cur = conn.execute(sql)
    try:
        row = cur.fetchone()
        return int(row[0]) if row else 0
    finally:
        cur.close()


async def pragma(w: World, sql: str) -> int:
    """A PRAGMA on the bot's own connection (its busy timeout, its page cap)."""
    return await w.bot.db.read_sync(_pragma, sql)  # type: ignore[attr-defined]


def storage_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "cardroom.storage" and r.levelno >= logging.WARNING]


def assert_no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, bad


#: One click a player can make again and again (each time, the same write is tried).
Click = Callable[[], Awaitable[simcord.InteractionResult]]


async def no_click() -> simcord.InteractionResult:
    raise AssertionError("no click chosen yet")


@dataclass
class Scene:
    """A renfield table in play and the next click of its game."""

    table: Table
    table_id: int
    click: Click
    pressed: set[int] = field(default_factory=set)  # who pressed Next since the last hand ended


async def scene(w: World, s: Scene | None = None) -> Scene:
    """A new table (or ``s``'s, further on) and its next click: the player to act acts on their
    panel; between hands, the next player who hasn't yet presses Next."""
    if s is None:
        table = await open_table(w, "renfield", w.players[:4])
        await pragma(w, "PRAGMA busy_timeout = 50")  # a fast test: the lock is given up on sooner
        s = Scene(table, table.table_id(), click=no_click)
    table = s.table
    if table.to_act():
        (who,) = table.to_act()
        panel = (await table.open_hand(who)).response
        await w.bot.publisher.idle()
        s.pressed.clear()
        s.click = lambda: table.act(who, panel)
        return s
    waiting = next((p for p in table.players.values() if p.id not in s.pressed), None)
    assert waiting is not None, "everyone pressed Next and no hand began"
    s.pressed.add(waiting.id)

    async def press() -> simcord.InteractionResult:
        result = await table.press_next_as(waiting)
        assert result is not None, "no Next hand button between hands"
        return result

    s.click = press
    return s


def refused(result: simcord.InteractionResult) -> bool:
    """Whether the click was answered with SaveFailed's line (and nothing else)."""
    message = result.response if result.response is not None else (result.followups or [None])[-1]
    return result.ephemeral and message is not None and message.content == str(SaveFailed())


async def assert_refused(
    w: World, s: Scene, caplog: pytest.LogCaptureFixture, kind: str, *, before: list[str], clicks: int = CLICKS
) -> None:
    """``clicks`` more clicks are refused with the clear line; nothing changed since ``before``
    (every row, so the table and the chip ledger); one warning in all, no traceback."""
    seq = (await w.bot.tables.get(s.table_id)).seq
    for _ in range(clicks):
        result = await s.click()
        assert refused(result), refusal(result)
    await w.bot.publisher.idle()
    assert (await w.bot.tables.get(s.table_id)).seq == seq  # the table in memory did not move
    assert dump(w.db_path) == before  # no row changed: not the table, not the chip ledger
    warnings = storage_warnings(caplog)
    assert len(warnings) == 1 and kind in warnings[0], warnings
    assert_no_tracebacks(caplog)


async def assert_recovers(w: World, s: Scene, caplog: pytest.LogCaptureFixture, *, before: list[str]) -> None:
    """The fault is gone: the same click is saved now, and the log says writes work again."""
    assert not refused(await s.click())
    await w.bot.publisher.idle()
    assert dump(w.db_path) != before
    assert any("accepts writes again" in r.getMessage() for r in caplog.records if r.name == "cardroom.storage")
    assert len(storage_warnings(caplog)) == 1
    assert_no_tracebacks(caplog)


async def test_a_write_lock_held_by_another_process(world: World, caplog: pytest.LogCaptureFixture) -> None:
    w = world
    s = await scene(w)
    caplog.set_level(logging.INFO)
    caplog.clear()
    before = dump(w.db_path)
    with write_lock_held(w.db_path):
        await assert_refused(w, s, caplog, "locked", before=before)
        # A slash command that writes (through the command tree's error handler) reads the same.
        assert refused(await w.erin.slash(w.channel, "daily"))
        assert dump(w.db_path) == before
    await assert_recovers(w, s, caplog, before=before)


async def test_a_full_disk(world: World, caplog: pytest.LogCaptureFixture) -> None:
    """The file may not grow by one page (``max_page_count``): play goes on in the pages' free
    room until a click needs a new page, as on a disk that filled up during the game."""
    w = world
    s = await scene(w)
    pages = await pragma(w, "PRAGMA page_count")
    assert await pragma(w, f"PRAGMA max_page_count = {pages}") == pages
    caplog.set_level(logging.INFO)
    caplog.clear()
    for _ in range(FILL_LIMIT):
        before = dump(w.db_path)
        if refused(await s.click()):
            break
        await w.bot.publisher.idle()
        s = await scene(w, s)
    else:
        raise AssertionError(f"{FILL_LIMIT} clicks fitted in {pages} pages")
    await assert_refused(w, s, caplog, "full", before=before, clicks=CLICKS - 1)
    await pragma(w, "PRAGMA max_page_count = 1073741823")  # space is back
    await assert_recovers(w, s, caplog, before=before)
