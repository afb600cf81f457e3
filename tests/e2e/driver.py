"""Plays tables through SimCord exactly as users would: slash commands, clicks, selects, modals.

Nothing here reaches into the bot's objects to act: a player finds out it is
their turn from the public message's mention, opens **My hand**, and uses the
buttons, selects and modals on that ephemeral panel.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import simcord

MENTION = re.compile(r"<@(\d+)>")


@dataclass
class Table:
    env: simcord.Env
    channel: simcord.ChannelHandle
    players: dict[int, simcord.MemberActor]
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    public_texts: list[str] = field(default_factory=list)

    # ----------------------------------------------------------- reading
    def bot_messages(self) -> list[Any]:
        return [m for m in self.channel.history() if m.author.bot and not m.flags.ephemeral]

    def table_message(self) -> Any:
        """The current public table message: the newest bot message that has a My hand button."""
        for m in reversed(self.bot_messages()):
            for row in m.components:
                for comp in getattr(row, "children", []):
                    if getattr(comp, "custom_id", "") and comp.custom_id.startswith("cr:h:"):
                        return m
        return self.bot_messages()[-1]

    def to_act(self) -> list[simcord.MemberActor]:
        content = self.table_message().content or ""
        if "your turn" not in content:
            return []
        return [self.players[int(uid)] for uid in MENTION.findall(content) if int(uid) in self.players]

    # ------------------------------------------------------------ acting
    async def open_hand(self, who: simcord.MemberActor) -> simcord.InteractionResult:
        return await who.click(self.table_message(), label="My hand")

    async def act(self, who: simcord.MemberActor, panel: simcord.InteractionResult, pick: str | None = None) -> simcord.InteractionResult:
        """Does one thing offered on ``panel``: a button, a select option, or an amount through its modal.

        ``pick`` chooses a custom id / value prefix; otherwise a random enabled control.
        """
        message = panel.response
        controls = []
        for row in message.components:
            for comp in row["components"]:
                cid = comp.get("custom_id", "")
                if comp["type"] == 2 and not comp.get("disabled") and cid.startswith(("cr:a:", "cr:m:")):
                    controls.append(("button", cid, None))
                elif comp["type"] == 3 and cid.startswith(("cr:s:", "cr:p:")):
                    for opt in comp["options"]:
                        controls.append(("select", cid, (opt["value"], comp)))
        if pick is not None:
            wanted = [c for c in controls if pick in c[1] or (c[2] and c[2][0].startswith(pick))]
            controls = wanted or controls
        assert controls, f"the panel offers nothing to do: {message.components} {[e.to_dict() for e in message.embeds]} {self.table_message().content}"
        kind, cid, extra = self.rng.choice(controls)
        if kind == "select":
            value, comp = extra
            if cid.startswith("cr:p:"):
                options = [o["value"] for o in comp["options"]]
                n = self.rng.randint(max(1, comp["min_values"]), comp["max_values"])
                values = self.rng.sample(options, n)
            else:
                values = [value]
            return await who.select(message, values, custom_id=cid)
        if cid.startswith("cr:m:"):
            shown = await who.click(message, custom_id=cid)
            assert shown.modal is not None, "the amount button opens a modal"
            box = shown.modal["components"][0]["components"][0]
            lo, hi = (int(x) for x in box["placeholder"].split("–"))
            return await who.submit_modal(shown, {"amount": str(self.rng.randint(lo, hi))})
        return await who.click(message, custom_id=cid)

    async def play_turn(self) -> simcord.InteractionResult | None:
        """The (first) player to act opens their hand and does something."""
        players = self.to_act()
        if not players:
            return None
        who = players[0]
        panel = await self.open_hand(who)
        assert panel.ephemeral
        return await self.act(who, panel)
