"""A Burraco hand through SimCord: a pozzetto taken mid-turn, another taken by discarding the
last card (kept face down), and a close, read as the players see it.

The deal is stacked (the table's engine is given the hands and stock below for its first deal);
the players click only what their panels offer, following a fixed script.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.burraco import Burraco, BurracoOptions
from tests.e2e.conftest import World
from tests.e2e.driver import Table
from tests.e2e.rummy_panel import act_on_panel
from tests.e2e.test_play import open_table
from tests.engine.test_burraco_support import stacked_deal
from tools.simtable import components_of, in_place

A_HAND = ["3S.1", "4S.1", "5S.1", "6H.1", "7H.1", "8H.1", "7D.1", "8D.1", "9D.1", "3C.1", "4C.1"]
B_HAND = ["3H.2", "4H.2", "5H.2", "6S.2", "7S.2", "8S.2", "9S.2", "TH.1", "JH.1", "QH.1", "KH.2"]
POZ1 = ["6S.1", "7S.1", "8S.1", "9S.1", "KH.1", "KD.1", "KC.1", "JC.1", "4D.1", "5D.1", "6D.1"]
TOP = ["5C.1", "9C.1", "QC.2", "QD.2", "TS.1"]  # the draws: A, B, C, D, then A again


def deal() -> tuple[list[list[str]], list[str]]:
    """Seat order from the dealer's left: A (plays first), B, C (A's partner), D."""
    return stacked_deal([A_HAND, B_HAND], poz1=POZ1, top=TOP, up="KS.2")


def script() -> list[tuple[int, str]]:
    """(seat from the dealer's left: 0 = A … 3 = D, action)."""
    return [
        (0, "draw"),
        (0, "pick:3S.1,4S.1,5S.1"), (0, "meld:new"),
        (0, "pick:6H.1,7H.1,8H.1"), (0, "meld:new"),
        (0, "pick:7D.1,8D.1,9D.1"), (0, "meld:new"),
        (0, "pick:3C.1,4C.1,5C.1"), (0, "meld:new"),  # out of cards: pozzetto 1, and play on
        (0, "discard:4D.1"),
        (1, "draw"),
        (1, "pick:3H.2,4H.2,5H.2"), (1, "meld:new"),
        (1, "pick:6S.2,7S.2,8S.2,9S.2"), (1, "meld:new"),
        (1, "pick:TH.1,JH.1,QH.1,KH.2"), (1, "meld:new"),
        (1, "discard:9C.1"),  # the last card: pozzetto 2, face down
        (2, "draw"), (2, "discard:QC.2"),
        (3, "draw"), (3, "discard:QD.2"),
        (0, "draw"),
        (0, "pick:6S.1,7S.1,8S.1,9S.1,TS.1"), (0, "meld:0"),  # 3♠ to 10♠: a clean burraco
        (0, "pick:KH.1,KD.1,KC.1"), (0, "meld:new"),
        (0, "pick:5D.1,6D.1"), (0, "meld:2"),
        (0, "discard:JC.1"),  # closes
    ]


def pure_run(dealer: int) -> Any:
    game = Burraco()
    hands, stock = deal()
    rotated = [hands[(i - dealer - 1) % 4] for i in range(4)]
    state = game.new_state(BurracoOptions(max_deals=1), 4, 1, hands=rotated, stock=stock, dealer=dealer)
    for rel, action in script():
        state, _ = game.apply(state, (dealer + 1 + rel) % 4, action)
    return state


@pytest.mark.parametrize("dealer", [0, 3])
def test_the_script_is_a_legal_hand(dealer: int) -> None:
    final = pure_run(dealer)
    assert final.phase == "over" and final.closed_by == (dealer + 1) % 4
    b = (dealer + 2) % 4
    assert len(final.face_down[b]) == 11  # B never got to look at it


async def act(table: Table, who: Any, panel: Any, action: str) -> Any:
    """Click the control of ``action``; a discard is one choice in the panel's discard menu."""
    if action.startswith("discard:"):
        (menu,) = [c for c in components_of(panel) if (c.get("custom_id") or "").endswith(":discard")]
        assert (menu["min_values"], menu["max_values"]) == (1, 1)
    return await act_on_panel(table, who, panel, action)


async def test_a_burraco_hand_with_both_pozzetti_and_a_close(world: World, monkeypatch: Any) -> None:
    w = world
    original = Burraco.new_state

    def stacked(self: Burraco, options: Any, seats: int, seed: int, **kw: Any) -> Any:
        if kw.get("carry") is None and kw.get("hands") is None:
            dealer = kw.get("dealer", 0)
            hands, stock = deal()
            kw["hands"] = [hands[(i - dealer - 1) % 4] for i in range(4)]
            kw["stock"] = stock
        return original(self, options, seats, seed, **kw)

    monkeypatch.setattr(Burraco, "new_state", stacked)
    players = w.players[:4]
    table = await open_table(w, "burraco", players)
    table_id = table.table_id()
    snap = await w.bot.tables.get(table_id)
    dealer = snap.state.dealer
    by_seat = {snap.seat_of(p.id): p for p in players}
    seen_panels: dict[int, str] = {}
    for rel, action in script():
        seat = (dealer + 1 + rel) % 4
        who = by_seat[seat]
        assert [p.id for p in table.to_act()] == [who.id]
        panel = (await table.open_hand(who)).response
        seen_panels[seat] = json.dumps([e.to_dict() for e in panel.embeds], ensure_ascii=False)
        result = await act(table, who, panel, action)
        assert in_place(result, panel), (action, result.response and result.response.content)
        await table.check_privacy()
        state = (await w.bot.tables.get(table_id)).state
        public = table.public_text(table.table_message())
        # no hidden card id (anyone's hand, a face-down pozzetto, the stock) in a public message
        hidden = {c for h in state.hands for c in h} | {c for f in state.face_down for c in f} | set(state.stock)
        hidden |= {c for p in state.pozzetti for c in p}
        assert not any(c in public for c in hidden)
    texts = "\n".join(table.public_texts)
    a, b = by_seat[(dealer + 1) % 4], by_seat[(dealer + 2) % 4]
    assert f"<@{a.id}> is out of cards, takes a pozzetto and plays on." in texts
    assert f"<@{b.id}> discarded their last card and takes a pozzetto, face down until their next turn." in texts
    assert "clean burraco" in texts and re.search(r"Melds of \S+ and \S+", texts)
    assert "⟦seat" not in texts
    snap = await w.bot.tables.get(table_id)
    assert snap.paused  # the beat after a deal: everyone reads the deal's result
    nxt = snap.state
    assert nxt.deal_no == 1 and nxt.phase == "draw"  # the game goes on: deal 2 is dealt
    message = table.table_message()
    result = table.public_text(message)
    # the deal's result: every player's gain this deal and in all, partners alike
    rows = nxt.sheet.rows
    for p in players:
        gain = rows[0][snap.seat_of(p.id)]
        sign = "+" if gain > 0 else "−"
        assert f"<@{p.id}> — **{sign}{abs(gain)}** this deal" in result
    assert rows[0][(dealer + 1) % 4] == rows[0][(dealer + 3) % 4] > 0  # A and C won the deal
    # after Next deal, the table tells how the deal ended and each team's score, term by term
    await table.press_next()
    whole = table.public_text(table.table_message())
    assert "The hand is closed." in whole and "closing +100" in whole and "clean burrachi 1 × 200" in whole
    c = by_seat[(dealer + 3) % 4]
    first, second = sorted((a, c), key=lambda p: snap.seat_of(p.id))
    assert f"<@{first.id}> and <@{second.id}> score +{rows[0][(dealer + 1) % 4]}" in whole
    assert "Burraco · deal 2" in whole
    # B's pozzetto was never looked at: its cards counted as hand, no −100 for B's team
    lines = [ln for ln in whole.replace("\\n", "\n").split("\n") if f"<@{b.id}>" in ln and " score " in ln]
    assert lines and all("cards in hand" in ln and "no pozzetto" not in ln for ln in lines)
