"""A Samba hand through SimCord: a red 3 laid out and replaced, the discard pile taken with a pair,
"May I go out?" answered Yes by the partner, and going out by melding the last cards (SB-1).

The deal is stacked (the table's engine is given the hands and stock below for its first deal);
the players click only what their panels offer, following a fixed script. Seats are counted from
the dealer's left: A (0) plays first, B (1), C (2, A's partner), D (3).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from games.samba import Samba
from games.samba.state import SambaOptions, SambaState
from tests.e2e.conftest import World
from tests.e2e.rummy_panel import act_on_panel
from tests.e2e.test_play import open_table
from tests.engine.test_samba_support import pick, plain, stacked
from tools.simtable import in_place

HANDS = [
    "KS KH KD KC KS KH KD 4D 5D 6D 7D 8D 9D QS QH",  # A: a canasta and a samba in waiting
    "QD",  # B discards it
    "QC QC",  # C takes the pile with this pair
    "",
]
STOCK = "5C 3H TD 7S 8S QC"  # the upcard; A draws a red 3 (replaced by 10♦); B, D; A draws Q♣

Step = tuple[int, Callable[[SambaState, int], str]]


def const(action: str) -> Callable[[SambaState, int], str]:
    return lambda _s, _seat: action


def script() -> list[Step]:
    return [
        (0, const("draw")),
        (0, lambda s, seat: pick(s, seat, "KS KH KD KC KS KH KD")), (0, const("meld:new")),
        (0, lambda s, seat: pick(s, seat, "4D 5D 6D 7D 8D 9D TD")), (0, const("meld:new")),
        (0, lambda s, seat: "discard:" + next(c for c in s.hands[seat] if c.startswith("QH"))),
        (1, const("draw")), (1, lambda s, seat: "discard:" + next(c for c in s.hands[seat] if c.startswith("QD"))),
        (2, const("take:new")), (2, lambda s, seat: f"discard:{plain(s, seat)}"),
        (3, const("draw")), (3, lambda s, seat: f"discard:{plain(s, seat)}"),
        (0, const("draw")), (0, const("ask")), (2, const("yes")),
        (0, lambda s, seat: pick(s, seat, "QS QC")), (0, const("meld:2")),
    ]


def deal(dealer: int) -> tuple[list[list[str]], list[str]]:
    by_seat = [HANDS[(seat - dealer - 1) % 4] for seat in range(4)]
    return stacked(by_seat, STOCK)


def pure_run(dealer: int) -> SambaState:
    game = Samba()
    hands, stock = deal(dealer)
    state = game.new_state(SambaOptions(max_deals=1), 4, 1, hands=hands, stock=stock, dealer=dealer)
    for rel, step in script():
        seat = (dealer + 1 + rel) % 4
        state, _ = game.apply(state, seat, step(state, seat))
    return state


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_script_is_a_legal_hand(dealer: int) -> None:
    final = pure_run(dealer)
    a = (dealer + 1) % 4
    assert final.phase == "over" and final.out_by == a and len(final.red3s[a % 2]) == 1
    assert len(final.melds[a % 2]) == 3 and final.penalties == (0, 0)


async def test_a_samba_hand_with_a_red_3_a_pile_take_and_going_out(world: World, monkeypatch: Any) -> None:
    w = world
    original = Samba.new_state

    def stacked_first(self: Samba, options: Any, seats: int, seed: int, **kw: Any) -> Any:
        if kw.get("carry") is None and kw.get("hands") is None:
            kw["hands"], kw["stock"] = deal(kw.get("dealer", 0) % 4)
        return original(self, options, seats, seed, **kw)

    monkeypatch.setattr(Samba, "new_state", stacked_first)
    players = w.players[:4]
    table = await open_table(w, "samba", players)
    table_id = table.table_id()
    snap = await w.bot.tables.get(table_id)
    dealer = snap.state.dealer
    by_seat = {snap.seat_of(p.id): p for p in players}
    for rel, step in script():
        seat = (dealer + 1 + rel) % 4
        who = by_seat[seat]
        assert [p.id for p in table.to_act()] == [who.id]
        state = (await w.bot.tables.get(table_id)).state
        action = step(state, seat)
        panel = (await table.open_hand(who)).response
        if action == "yes":
            assert "May I go out?" in json.dumps([e.to_dict() for e in panel.embeds], ensure_ascii=False)
        result = await act_on_panel(table, who, panel, action)
        assert in_place(result, panel), (action, result.response and result.response.content)
        await table.check_privacy()
        state = (await w.bot.tables.get(table_id)).state
        public = table.public_text(table.table_message())
        hidden = {c for h in state.hands for c in h} | set(state.stock)
        assert not any(c in public for c in hidden)  # no hidden card id in a public message
    texts = "\n".join(table.public_texts)
    a, c = by_seat[(dealer + 1) % 4], by_seat[(dealer + 3) % 4]
    assert f"<@{a.id}> lays out a red 3." in texts
    assert f"<@{c.id}> takes the discard pile: 3 cards" in texts
    assert f"<@{a.id}> asks <@{c.id}>: “May I go out?”" in texts and f"<@{c.id}> answers “Yes”." in texts
    assert "clean canasta" in texts and "samba" in texts and re.search(r"Melds of \S+ and \S+", texts)
    assert "⟦seat" not in texts
    snap = await w.bot.tables.get(table_id)
    assert snap.paused  # the beat after a deal: everyone reads the deal's result
    nxt = snap.state
    assert nxt.deal_no == 1 and nxt.phase == "draw"  # one state for the game: deal 2 is dealt
    result = table.public_text(table.table_message())
    rows = nxt.sheet.rows
    for p in players:  # every player's gain this deal, partners alike
        gain = rows[0][snap.seat_of(p.id)]
        sign = "+" if gain > 0 else "−"
        assert f"<@{p.id}> — **{sign}{abs(gain)}** this deal" in result
    assert rows[0][(dealer + 1) % 4] == rows[0][(dealer + 3) % 4] > 0  # A and C won the deal
    # after Next deal, the table tells how the deal ended and each team's score, term by term
    await table.press_next()
    whole = table.public_text(table.table_message())
    assert f"The hand is over: <@{a.id}> went out." in whole
    assert "going out +200" in whole and "red 3s 1: +100" in whole and "Samba · deal 2" in whole
    first, second = sorted((a, c), key=lambda p: snap.seat_of(p.id))
    assert f"<@{first.id}> and <@{second.id}> score +{rows[0][(dealer + 1) % 4]}" in whole
