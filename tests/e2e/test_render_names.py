"""Engine texts refer to seats by placeholder; the public table shows the players instead."""

from __future__ import annotations

from cogs.ui.render import table_embed
from games.core.views import Pile, SeatLine, TableView


def test_public_table_puts_player_names_in_engine_texts() -> None:
    view = TableView(
        title="Renfield",
        summary="⟦seat:1⟧ to play.",
        seats=(SeatLine(0, "⟦seat:0⟧ · 3 bugs · -$4"), SeatLine(1, "⟦seat:1⟧ · 0 bugs · $0", to_act=True)),
        facts=(("Lead bid", "⟦seat:0⟧: $4"),),
        piles=(Pile("Trick", ("T3",), "⟦seat:0⟧: 3🔧"),),
        recent=("⟦seat:0⟧ wins the lead with $4.", "⟦seat:0⟧ plays 3🔧."),
    )
    embed = table_embed(view, names=["<@11>", "<@22>"]).to_dict()
    text = embed["description"] + "".join(f["value"] for f in embed["fields"])
    assert "⟦" not in text and "Seat" not in text
    assert "<@22> to play." in embed["description"]
    seats = next(f["value"] for f in embed["fields"] if f["name"] == "Seats")
    assert "**<@11>** — 3 bugs · -$4" in seats and "▶ **<@22>** — 0 bugs · $0" in seats
    assert "<@11> plays 3🔧." in text and "<@11>: $4" in text
