"""Nobody is dropped without a word (issue 26): a player who runs out of chips and can't buy in
again leaves with a line everyone reads, and their next click on the table says why and how to
come back (free chips with /daily, then Join), instead of "You're not seated at this table."

On both engines (``env``: a SQLite file and a PostgreSQL cluster).
"""

from __future__ import annotations

import random

import pytest

from bot.service.errors import NotSeated
from tests.service.test_computers import play_hand
from tests.service.test_tables import CH, HOST, P1, P2, Env, G, env

__all__ = ["env"]

OUT = "is out of chips and leaves the table."


async def test_a_busted_player_is_told_how_to_come_back_and_can(env: Env) -> None:
    await env.eco.update_settings(G, starting_chips=20)  # the buy-in takes the whole wallet: no rebuy
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=20)
    for who in (P1, P2):
        snap = await env.svc.join(snap.id, who)
    await env.svc.start(snap.id, HOST)
    rng = random.Random(5)
    gone: int | None = None
    for _hand in range(200):
        await play_hand(env, snap.id, rng)
        snap = await env.svc.get(snap.id)
        if not snap.is_open:
            break
        if snap.paused:
            for info in snap.seats:
                if info.user_id not in snap.ready:
                    snap = await env.svc.ready(snap.id, info.user_id)
        out = [line for line in snap.recent if OUT in line]
        if out:
            gone = next(u for u in (HOST, P1, P2) if f"<@{u}> {OUT}" in out[-1])
            break
    assert gone is not None, (snap.status, snap.hand_no, snap.recent[-6:])
    assert snap.seat_of(gone) is None
    with pytest.raises(NotSeated) as told:
        await env.svc.ready(snap.id, gone)
    assert str(told.value) == (
        "You ran out of chips, so you left this table. Press My hand on it to buy back in (the buy-in"
        " here is 20); short of chips, claim free chips with /daily first."
    )
    await env.restart()  # who ran out of chips is read back from the table's log: the same answer after it
    with pytest.raises(NotSeated) as told:
        await env.svc.ready(snap.id, gone)
    assert "You ran out of chips" in str(told.value)
    assert gone in (await env.svc.get(snap.id)).busted
    await env.eco.daily(G, gone)
    back = await env.svc.join(snap.id, gone)
    assert f"<@{gone}> joins from the next hand." in back.recent[-1]
    await env.audit_ok()
