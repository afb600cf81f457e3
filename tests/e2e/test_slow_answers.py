"""A click whose work takes longer than Discord's patience is acknowledged first, then answered.

Discord drops an interaction that gets no answer within 3 seconds. When the
table's work is slow (a busy lock, a slow disk), the bot defers after
``flows.DEFER_AFTER`` and then shows the result in the same panel; a fast click
is answered directly, without a deferral.
"""

from __future__ import annotations

import asyncio
from typing import Any

from discord.interactions import InteractionResponse

from bot.service import TableService
from cogs.ui import flows
from tests.e2e.conftest import World
from tests.e2e.driver import action_controls
from tests.e2e.test_play import open_table


async def test_a_slow_action_is_deferred_then_answered_in_place(world: World, monkeypatch: Any) -> None:
    w = world
    players = w.players[:4]
    table = await open_table(w, "renfield", players)
    (who,) = table.to_act()
    shown = await table.open_hand(who)
    panel = shown.response
    assert action_controls(panel)

    deferred: list[int] = []
    defer = InteractionResponse.defer

    async def counting(self: InteractionResponse, *a: Any, **k: Any) -> Any:
        deferred.append(self._parent.id)
        return await defer(self, *a, **k)

    monkeypatch.setattr(InteractionResponse, "defer", counting)
    seq_before = (await w.bot.tables.get(table.table_id())).seq

    # A fast action: answered directly.
    await table.act(who, panel)
    assert deferred == []
    assert (await w.bot.tables.get(table.table_id())).seq > seq_before

    # A slow one: deferred first, and the result still lands.
    monkeypatch.setattr(flows, "DEFER_AFTER", 0.01)
    act = TableService.act

    async def slow(self: TableService, *a: Any, **k: Any) -> Any:
        await asyncio.sleep(0.1)
        return await act(self, *a, **k)

    monkeypatch.setattr(TableService, "act", slow)
    (who,) = table.to_act()
    kept = table.panels.get(who.id) or (await table.open_hand(who)).response
    seq_before = (await w.bot.tables.get(table.table_id())).seq
    await table.act(who, kept)
    assert len(deferred) == 1
    assert (await w.bot.tables.get(table.table_id())).seq > seq_before
