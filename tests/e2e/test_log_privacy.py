"""Privacy of the logs: nothing a player holds in secret reaches a log line.

Plays Scurro's Draw variant (secret discards, the most private action there is)
through Discord with the bot's logging set up at its most verbose level
(``CARDROOM_LOG_LEVEL=DEBUG``), and checks each record against every seat's
hidden cards at the end of every turn. discord.py logs request bodies (private
panels included) at DEBUG, which is why ``setup_logging`` keeps it at INFO.
"""

from __future__ import annotations

import logging
import re

import pytest

from bot.logsetup import setup_logging
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, snapshot

TOKEN = re.compile(r"[A-Za-z0-9]+")


async def test_no_hidden_card_reaches_a_log_line(world: World, caplog: pytest.LogCaptureFixture) -> None:
    w = world
    root = logging.getLogger()
    saved = root.handlers[:], root.level, logging.getLogger("discord").level
    setup_logging(logging.DEBUG)
    root.addHandler(caplog.handler)
    try:
        assert logging.getLogger("discord.http").getEffectiveLevel() >= logging.INFO
        await _play_and_check(w, caplog)
    finally:
        root.handlers[:], level, discord_level = saved
        root.setLevel(level)
        logging.getLogger("discord").setLevel(discord_level)


def _leaks(records: list[logging.LogRecord], secrets: set[str]) -> list[str]:
    """Hidden cards shown by any record (card codes are short, so whole tokens only)."""
    found = []
    for record in records:
        shown = set(TOKEN.findall(record.getMessage())) & secrets
        if shown:
            found.append(f"{sorted(shown)} in {record.getMessage()!r}")
    return found


async def _play_and_check(w: World, caplog: pytest.LogCaptureFixture) -> None:
    table = await open_table(w, "scurro", w.players, preset="draw")
    checked = 0
    secrets: set[str] = set()
    for _ in range(120):
        snap = await snapshot(w, table)
        if snap.hand_no >= 2 or not snap.is_open:
            break
        secrets = set()
        if snap.state is not None:
            for seat in range(len(snap.seats)):
                secrets |= snap.game.private_cards(snap.state, seat)
        assert not _leaks(caplog.records, secrets)
        checked += len(caplog.records)
        caplog.clear()
        assert await table.play_turn() is not None
    assert checked > 0, "no log records: the check would be vacuous"
    # and the check does catch a hidden card in a log line
    card = sorted(secrets)[0]
    logging.getLogger("cardroom.selftest").info("seat 1 holds %s", card)
    assert _leaks(caplog.records, secrets)
