"""Plays tables through SimCord exactly as users would: slash commands, clicks, selects, modals.

Nothing here reaches into the bot's objects to act: a player finds out it is
their turn from the public message's mention, opens **My hand**, and uses the
buttons, selects and modals on that ephemeral panel.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
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
    #: How often each kind of control was used (custom id prefix, e.g. ``cr:p``).
    used: Counter[str] = field(default_factory=Counter)

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

    def table_id(self) -> int:
        for row in self.table_message().components:
            for comp in getattr(row, "children", []):
                cid = getattr(comp, "custom_id", "") or ""
                if cid.startswith("cr:h:"):
                    return int(cid.split(":")[2])
        raise AssertionError("no table message with a My hand button")

    def public_text(self, message: Any) -> str:
        parts = [message.content or ""]
        for embed in message.embeds:
            parts.append(json.dumps(embed.to_dict(), ensure_ascii=False))
        for row in message.components:
            for comp in getattr(row, "children", []):
                parts.append(str(getattr(comp, "label", "") or ""))
                for opt in getattr(comp, "options", []) or []:
                    parts.append(f"{opt.label} {opt.value}")
        return "\n".join(parts)

    async def check_privacy(self) -> int:
        """No public message shows a card of anyone's hidden hand (code or label). Returns cards checked."""
        bot = self.env.bot
        snap = await bot.tables.get(self.table_id())  # type: ignore[attr-defined]
        if snap.state is None:
            return 0
        game = snap.game
        hidden: set[str] = set()
        for info in snap.seats:
            private = game.private_cards(snap.state, info.seat)
            view = game.view(snap.state, info.seat)
            labels = view.hand_text.split(" ") if view.hand_text else []
            names = dict(zip(view.hand, labels, strict=False)) if len(labels) == len(view.hand) else {}
            for code in private:
                hidden.add(code)
                if code in names:
                    hidden.add(names[code])
        texts = [self.public_text(self.table_message())]
        self.public_texts.extend(texts)
        for text in texts:
            for token in hidden:
                pattern = r"(?<![0-9A-Za-z])" + re.escape(token) + r"(?![0-9A-Za-z])"
                assert not re.search(pattern, text), f"hidden card {token!r} in a public message: {text}"
        return len(hidden)

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
        self.used[cid[:4]] += 1
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

    def next_button(self) -> str | None:
        """The custom id of the table's **Next hand/deal** button (shown while a result is up)."""
        for row in self.table_message().components:
            for comp in getattr(row, "children", []):
                cid = getattr(comp, "custom_id", "") or ""
                if cid.startswith("cr:l:") and cid.endswith(":next"):
                    return cid
        return None

    async def press_next(self) -> bool:
        """Everyone seated presses Next hand on the public message, as players do after reading the result."""
        cid = self.next_button()
        if cid is None:
            return False
        message = self.table_message()
        for who in self.players.values():
            if self.next_button() != cid:
                break
            await who.click(message, custom_id=cid)
            self.used["next"] += 1
        return True

    async def play_turn(self) -> simcord.InteractionResult | None:
        """The (first) player to act opens their hand and does something (after a hand: Next hand)."""
        players = self.to_act()
        if not players and await self.press_next():
            players = self.to_act()
        if not players:
            return None
        who = players[0]
        panel = await self.open_hand(who)
        assert panel.ephemeral
        return await self.act(who, panel)
