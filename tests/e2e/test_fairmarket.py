"""Fairmarket end to end through SimCord: three players set their hands at the same time.

Every player is to act at once (the table message names all three); each opens
**My hand**, places one card by its button (the order so far shows on their own panel
only), then sets the rest as shown. Nobody sees another's cards before the reveal; the
hand result tells each station by name (who took low and high), never a seat number.
"""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.test_play import open_table


def embed_text(message: Any) -> str:
    return json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


async def test_fairmarket_hands_are_set_secretly_and_at_once(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    table = await open_table(w, "fairmarket", players)
    table_id = table.table_id()
    await w.bot.publisher.idle()
    assert {p.id for p in table.to_act()} == {p.id for p in players}  # all three at once
    for who in players:
        panel = await table.open_hand(who)
        assert panel.ephemeral
        placed = await table.act(who, panel, pick="place:")
        assert "Your order so far" in embed_text(placed.response)
        await table.check_privacy()
        await table.act(who, placed.response, pick="asis")
    await w.bot.publisher.idle()
    snap = await w.bot.tables.get(table_id)
    assert snap.paused and snap.result is not None
    text = json.dumps([m.content for m in w.channel.history()] + [embed_text(m) for m in w.channel.history()])
    for k in range(1, 6):
        assert f"Station {k} (table card" in text
    assert "has the low card" in text or "tie for low" in text or "The table card is low" in text
    assert "⟦" not in text and "Seat " not in text
    names = [f"<@{p.id}>" for p in players]
    assert any(name in text for name in names)
    # the first hand carries nothing in: the players' nets are minus what the stations carry out
    assert sum(line.net or 0 for line in snap.result.lines) <= 0
