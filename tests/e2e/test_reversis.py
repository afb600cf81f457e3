"""A full hand of Reversis through SimCord: the exchange as a multi-select (and the keep button),
a Quinola payment as the cards fall, the pot on the table, the result against the ledger, and
nothing private in public.

The players click only what their panels offer. What they choose comes from a simple plan that
reads the engine's state (so the Quinola surely falls): the J♥ stays in play through the exchange,
its holder plays it at the first chance, and leaders lead hearts while it is out.
"""

from __future__ import annotations

import json
from typing import Any

from games.reversis.state import DONE, EXCHANGE, ReversisState
from tests.e2e.conftest import World
from tests.e2e.driver import Table
from tests.e2e.test_card_room import escrow, fields, ro
from tests.e2e.test_every_game_reads import check_chip_result
from tests.e2e.test_play import open_table
from tools.simtable import components_of, in_place

QUINOLA = "Jh"


def plan(game: Any, state: ReversisState, seat: int) -> str:
    """The action this player takes (one of the legal ones)."""
    legal = game.legal_actions(state, seat)
    hand = state.play.hands[seat]
    if state.phase == EXCHANGE:
        spare = next(c for c in hand if c != QUINOLA)
        if seat == state.dealer or state.face_down[seat] == QUINOLA:
            return f"discard:{spare}"
        if seat == (state.dealer + 1) % 4:
            return f"discard:{spare}"  # one player exchanges; the others keep their hands
        return "discard:"
    trick = state.play.trick
    if trick.plays and f"play:{QUINOLA}" in legal:
        return f"play:{QUINOLA}"
    out = state.quinola_seat < 0 and any(QUINOLA in h for s, h in enumerate(state.play.hands) if s != seat)
    hearts = [a for a in legal if a.endswith("h") and a != f"play:{QUINOLA}"]
    if not trick.plays and out and hearts:
        return hearts[-1]
    return legal[0]


async def act(table: Table, who: Any, panel: Any, action: str) -> Any:
    """Click the control of ``action``: a card pick in the discard select, or a button."""
    if action.startswith("discard:") and action != "discard:":
        (pick,) = [c for c in components_of(panel) if (c.get("custom_id") or "").startswith("cr:p:")]
        assert (pick["min_values"], pick["max_values"]) == (1, 1) and "Discard 1 card" in pick["placeholder"]
        return await table.select(who, panel, [action.split(":", 1)[1]], custom_id=pick["custom_id"])
    (button,) = [c for c in components_of(panel) if (c.get("custom_id") or "").endswith(f":{action}")]
    return await table.click(who, panel, custom_id=button["custom_id"])


async def test_a_hand_of_reversis_with_an_exchange_and_a_quinola_payment(world: World) -> None:
    w = world
    players = w.players[:4]
    by_id = {p.id: p for p in players}
    table = await open_table(w, "reversis", players)
    table_id = table.table_id()
    snap = await w.bot.tables.get(table_id)
    game = snap.game
    assert "the pot holds 25" in json.dumps(table.table_message().embeds[0].to_dict(), ensure_ascii=False)
    kept_note: dict[int, str] = {}
    for _ in range(80):
        snap = await w.bot.tables.get(table_id)
        if snap.paused or not snap.is_open:
            break
        await w.bot.publisher.idle()
        (who,) = table.to_act()
        seat = snap.seat_of(who.id)
        state: ReversisState = snap.state
        shown = await table.open_hand(who)
        panel = shown.response
        action = plan(game, state, seat)
        if state.phase == EXCHANGE and seat != state.dealer:
            assert any(c.get("label") == "Keep my hand (look at the face-down card)" for c in components_of(panel))
        result = await act(table, who, panel, action)
        assert in_place(result, panel), action
        if action == "discard:":
            text = json.dumps([e.to_dict() for e in result.response.embeds], ensure_ascii=False)
            assert "Your face-down card was" in text  # the keeper may look at it, privately
            kept_note[who.id] = text
        await table.check_privacy()
    snap = await w.bot.tables.get(table_id)
    assert snap.paused and snap.hand_no == 1 and snap.result is not None
    final: ReversisState = snap.state
    assert final.phase == DONE and final.quinola_seat >= 0
    # a Quinola payment was made as the cards fell, and the table said so with the players' names
    quinola = [t for t in table.public_texts if "Quinola" in t]
    assert quinola and any("<@" in t for t in quinola)
    assert not any("⟦seat" in t for t in table.public_texts)
    # the exchange happened: one player discarded and drew, two kept their hands
    assert sum(1 for c in final.discarded if c) == 2 and len(kept_note) == 2
    # nobody else read a kept hand's face-down card: only its keeper's panel says it
    for p in players:
        if p.id in kept_note:
            continue
        panel = (await table.open_hand(by_id[p.id])).response
        assert "Your face-down card was" not in json.dumps([e.to_dict() for e in panel.embeds], ensure_ascii=False)
    # the hand's result: each player's chips as the ledger moved them; the pot is still on the table
    check_chip_result(w, snap)
    result = fields(table.table_message())["Result of hand 1"]
    assert all(f"<@{p.id}>" in result for p in players)
    out = game.outcome(final)
    with ro(w) as conn:
        pot = conn.execute("SELECT balance FROM accounts WHERE kind='pot' AND table_id=?", (table_id,)).fetchone()[0]
    assert pot == out.carried_out == sum(final.pots.pots) > 0
    buy_ins = sum(escrow(w, table_id, p.id) - out.payoffs[snap.seat_of(p.id)] for p in players)
    assert buy_ins == 4 * 100  # the text's suggested 100 credits each, every chip accounted for
