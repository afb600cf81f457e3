"""A restart reads thousands of tables in a few queries (``lives_from_rows``): each must come out
exactly as the one-table read (``live_from_row``) makes it, on both engines."""

from __future__ import annotations

import random

from bot.service.live_load import live_from_row, lives_from_rows
from tests.service.test_tables import CH, HOST, P1, P2, P3, Env, G, env, play_hand, step

__all__ = ["env"]  # the fixture, imported for pytest


async def test_reading_many_tables_at_once_gives_what_reading_each_gives(env: Env) -> None:
    rng = random.Random(24)
    lobby = await env.svc.open_table(G, CH, HOST, "renfield")
    await env.svc.join(lobby.id, P1)
    playing = []
    for n, game_id in enumerate(("razz", "renfield", "kabu")):
        snap = await env.svc.open_table(G, CH + 1 + n, HOST, game_id, buy_in=20)
        for u in (P1, P2, P3)[: 2 if game_id == "razz" else 3]:
            await env.svc.join(snap.id, u)
        await env.svc.start(snap.id, HOST)
        if n:
            await play_hand(env, snap.id, rng)  # a finished hand behind it, its pot and stacks booked
        for _ in range(3):
            await step(env, snap.id, rng)
        playing.append(snap.id)
    rows = await env.db.fetchall("SELECT * FROM tables WHERE status IN ('lobby','playing') ORDER BY id")
    assert [r["id"] for r in rows] == [lobby.id, *playing]
    one_by_one = [await env.db.read_sync(live_from_row, r) for r in rows]
    together = await env.db.read_sync(lives_from_rows, list(rows), 2)  # two chunks
    assert together == one_by_one
    assert any(live.acted for live in together) and any(live.players for live in together)
    assert {live.hand_rowid for live in together if live.core.status == "playing"} != {0}
