"""A click's own answer goes out before the edits it causes elsewhere (``bot.foreground``).

After an action, the public table message and the other players' open panels
must change too; those edits are background work. Through SimCord, with every
player's panel open, the order of what the bot sends is recorded: the acting
player's answer comes first, then the others' panels and the table message.
"""

from __future__ import annotations

from typing import Any

from discord.interactions import Interaction, InteractionResponse
from discord.message import PartialMessage

from tests.e2e.conftest import World
from tests.e2e.driver import action_controls
from tests.e2e.test_play import open_table


async def test_the_actors_answer_comes_before_the_edits_it_causes(world: World, monkeypatch: Any) -> None:
    w = world
    players = w.players[:4]
    table = await open_table(w, "renfield", players)
    for p in players:
        await table.open_hand(p)
    await w.bot.publisher.idle()

    sent: list[tuple[str, int]] = []
    answer, edit_panel, edit_message = (
        InteractionResponse.edit_message, Interaction.edit_original_response, PartialMessage.edit,
    )

    async def answered(self: InteractionResponse, *a: Any, **k: Any) -> Any:
        sent.append(("answer", self._parent.user.id))
        return await answer(self, *a, **k)

    async def panel(self: Interaction, *a: Any, **k: Any) -> Any:
        sent.append(("panel", self.user.id))
        return await edit_panel(self, *a, **k)

    async def public(self: PartialMessage, *a: Any, **k: Any) -> Any:
        sent.append(("table", 0))
        return await edit_message(self, *a, **k)

    monkeypatch.setattr(InteractionResponse, "edit_message", answered)
    monkeypatch.setattr(Interaction, "edit_original_response", panel)
    monkeypatch.setattr(PartialMessage, "edit", public)

    checked = 0
    for _ in range(6):
        (who,) = table.to_act()
        kept = table.panels[who.id]
        assert action_controls(kept), "the acting player's panel already shows their choices"
        sent.clear()
        await table.act(who, kept)
        await w.bot.publisher.idle()
        assert sent[0] == ("answer", who.id), sent
        assert ("table", 0) in sent  # the public message followed
        others = [u for kind, u in sent if kind == "panel"]
        assert who.id not in others and others, sent  # the others' panels were brought up to date
        checked += 1
    assert checked == 6
