"""Between two deals of one game (a game of Écarté to 5) the table says "deal", not "hand".

Écarté is played hand by hand (one hand = one game to 5 points), and each game
holds several deals; the beat after a deal names the deal and offers
**Next deal**, while the beat after a whole game offers **Next hand**.
"""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.test_play import open_table


async def test_the_beat_after_a_deal_of_ecarte_names_the_deal(world: World) -> None:
    w = world
    table = await open_table(w, "ecarte", w.players[:2])
    for _ in range(80):
        snap = await w.bot.tables.get(table.table_id())
        if snap.paused:
            break
        await table.play_turn()
    assert snap.paused and snap.result is not None and snap.result.kind == "deal"
    await w.bot.publisher.idle()
    message = table.table_message()
    embed = message.embeds[0]
    assert embed.title.endswith(f"deal {snap.result.number} result"), embed.title
    assert "Next deal" in (embed.description or "")
    labels = [c["label"] for row in message.components for c in row.to_dict()["components"] if "label" in c]
    assert any(label.startswith("Next deal") for label in labels), labels
    assert message.content == "A deal is over."
