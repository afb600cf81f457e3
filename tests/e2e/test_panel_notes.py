"""A private note belongs to the click it answered; a panel the bot updates later drops it.

Kabu: a player draws and their answer says which card ("You draw 9♠."). When
the next player acts, the bot brings the first player's panel up to date on
its own: the card is in the hand shown there, and the old note is gone.
"""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.test_play import open_table


async def test_a_panel_the_bot_updates_drops_the_note_of_an_earlier_click(world: World) -> None:
    w = world
    players = w.players[:3]
    table = await open_table(w, "kabu", players)
    for p in players:
        await table.open_hand(p)
    (first,) = table.to_act()
    drawn = await table.act(first, table.panels[first.id], pick="draw")
    assert drawn.response.content and "draw" in drawn.response.content  # the answer tells the card
    message_id = drawn.response.id
    (second,) = table.to_act()
    assert second.id != first.id
    await table.act(second, table.panels[second.id], pick="stand")
    await w.bot.publisher.idle()
    panel = table.panels[first.id]  # SimCord's message: it follows the bot's edits
    assert panel.id == message_id
    assert not panel.content, panel.content  # the stale note is gone
