"""Plays tables through SimCord exactly as users would: slash commands, clicks, selects, modals.

Nothing here reaches into the bot's objects to act: a player finds out it is their turn from the
public message's mention, opens **My hand**, and uses the buttons, selects and modals on that
ephemeral panel. (``check_privacy`` reads the service, but only to know which cards must stay hidden.)

The e2e tests use it through ``tests/e2e/driver.py``; ``tools.transcript`` uses it to record what
every player saw. Every interaction is counted per player: what an action costs in clicks.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import simcord

MENTION = re.compile(r"<@(\d+)>")
#: Custom id prefixes of the controls that take an action (button, select, pick-several, amount modal).
ACTION_PREFIXES = ("cr:a:", "cr:s:", "cr:p:", "cr:m:")
#: The between-hands button ("Next hand" / "Next deal") on the public message and on panels.
NEXT_HAND = re.compile(r"cr:l:\d+:next$")
HAND_BUTTON = re.compile(r"cr:h:\d+$")
#: "hand 3" in an English footer, "第3ハンド" in a Japanese one.
HAND_NO = re.compile(r"\bhand (\d+)\b|第(\d+)ハンド")
#: The public message's turn line: "▶ @alice — your turn." (English), "あなたの番です" (Japanese).
YOUR_TURN = ("your turn", "あなたの番")

#: Counter keys of :attr:`Table.counts` (one Counter per player name).
ACTION_CLICKS = "action clicks"
MY_HAND = "My hand"
NEXT_CLICKS = "Next hand"
OTHER_CLICKS = "other clicks"
SUBMITS = "modal submits"
COMMANDS = "commands"
ACTIONS = "actions"
REFUSED = "refused"

#: Told who does what, just before each interaction (the transcript labels what follows with it).
Observer = Callable[[simcord.MemberActor, str], None]


@dataclass(frozen=True)
class Control:
    """One thing a panel offers: a button, or one option of a select."""

    kind: str  # "button" | "select"
    custom_id: str
    label: str
    value: str | None = None
    comp: dict[str, Any] | None = None


def card_label(code: str) -> str | None:
    """A card's label in the decks the games share (None for a game's own deck)."""
    from games.core.cards import FAIRMARKET_DECK, RENFIELD_DECK, STANDARD_DECK

    for deck in (STANDARD_DECK, RENFIELD_DECK, FAIRMARKET_DECK):
        if code in deck:
            return deck.label(code)
    return None


def components_of(message: Any) -> list[dict[str, Any]]:
    """Every component of a message as Discord's dicts: channel messages come as discord.py objects
    (rows with ``children``), ephemeral responses as raw dicts; both are read the same way here."""
    out: list[dict[str, Any]] = []
    for row in message.components:
        if isinstance(row, dict):
            out.extend(row.get("components", []) if row.get("type") == 1 else [row])
        else:
            out.extend(child.to_dict() for child in getattr(row, "children", []))
    return out


def action_controls(message: Any) -> list[Control]:
    """The enabled action controls of a panel, in the order a player sees them."""
    controls: list[Control] = []
    for comp in components_of(message):
        cid = comp.get("custom_id", "") or ""
        if comp.get("disabled"):
            continue
        if comp["type"] == 2 and cid.startswith(("cr:a:", "cr:m:")):
            controls.append(Control("button", cid, comp.get("label") or ""))
        elif comp["type"] == 3 and cid.startswith(("cr:s:", "cr:p:")):
            for opt in comp["options"]:
                controls.append(Control("select", cid, opt["label"], opt["value"], comp))
    return controls


def find_button(message: Any, *, label: str | None = None, pattern: re.Pattern[str] | None = None) -> dict[str, Any] | None:
    for comp in components_of(message):
        cid = comp.get("custom_id", "") or ""
        if comp["type"] != 2 or comp.get("disabled"):
            continue
        if (label is not None and comp.get("label") == label) or (pattern is not None and pattern.match(cid)):
            return comp
    return None


def in_place(result: simcord.InteractionResult, message: Any) -> bool:
    """An accepted action re-renders the panel it came from; a refusal is a new private line."""
    return result.response is not None and result.response.id == message.id


@dataclass
class Table:
    """One table in one channel, seen and played only through what the players see.

    ``players`` maps user ids to the actors who may be named to act. ``act``,
    ``play_turn`` and ``open_hand`` are what the tests use; ``take_turn`` and
    ``press_next_as`` play as a person who keeps their panel open.
    """

    env: simcord.Env
    channel: simcord.ChannelHandle
    players: dict[int, simcord.MemberActor]
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    public_texts: list[str] = field(default_factory=list)
    #: How often each kind of control was used (custom id prefix, e.g. ``cr:p``).
    used: Counter[str] = field(default_factory=Counter)
    #: Per player name: clicks by kind (ACTION_CLICKS, MY_HAND, …), ACTIONS taken, REFUSED clicks.
    counts: dict[str, Counter[str]] = field(default_factory=dict)
    #: Per user id: the last hand panel the player saw (live: it shows the bot's later edits).
    panels: dict[int, Any] = field(default_factory=dict)
    observer: Observer | None = None
    #: Told when the bot opens a modal for a player (a modal is not a message).
    on_modal: Callable[[simcord.MemberActor, dict[str, Any]], None] | None = None
    #: How a player picks among the controls offered (default: ``rng.choice``).
    choose: Callable[[Sequence[Control]], Control] | None = None

    # ----------------------------------------------------------- reading
    def bot_messages(self) -> list[Any]:
        return [m for m in self.channel.history() if m.author.bot and not m.flags.ephemeral]

    def table_message(self) -> Any:
        """The current public table message: the newest bot message that has a My hand button."""
        for m in reversed(self.bot_messages()):
            for comp in components_of(m):
                if (comp.get("custom_id") or "").startswith("cr:h:"):
                    return m
        return self.bot_messages()[-1]

    def is_open(self) -> bool:
        """The table still runs: its message offers **My hand**."""
        msgs = self.bot_messages()
        return bool(msgs) and any(
            (c.get("custom_id") or "").startswith("cr:h:") for c in components_of(self.table_message())
        )

    def to_act(self) -> list[simcord.MemberActor]:
        content = self.table_message().content or ""
        if not any(mark in content for mark in YOUR_TURN):
            return []
        return [self.players[int(uid)] for uid in MENTION.findall(content) if int(uid) in self.players]

    def hand_no(self) -> int | None:
        """The hand number in the table message's footer (hand-by-hand games only)."""
        for embed in self.table_message().embeds:
            match = HAND_NO.search(embed.footer.text or "") if embed.footer else None
            if match:
                return int(match[1] or match[2])
        return None

    def table_id(self) -> int:
        for comp in components_of(self.table_message()):
            cid = comp.get("custom_id", "") or ""
            if cid.startswith("cr:h:"):
                return int(cid.split(":")[2])
        raise AssertionError("no table message with a My hand button")

    def public_text(self, message: Any) -> str:
        parts = [message.content or ""]
        for embed in message.embeds:
            parts.append(json.dumps(embed.to_dict(), ensure_ascii=False))
        for comp in components_of(message):
            parts.append(str(comp.get("label") or ""))
            for opt in comp.get("options") or []:
                parts.append(f"{opt['label']} {opt['value']}")
        return "\n".join(parts)

    async def check_privacy(self) -> int:
        """No public message shows a card of anyone's hidden hand (returns cards checked): a card's label
        (``5♠``) anywhere; its code (``5s``) only where codes appear (select values, custom ids)."""
        bot = self.env.bot
        snap = await bot.tables.get(self.table_id())  # type: ignore[attr-defined]  # SimCord types it as a plain Client
        if snap.state is None:
            return 0
        game = snap.game
        codes: set[str] = set()
        labels: set[str] = set()
        for info in snap.seats:
            private = game.private_cards(snap.state, info.seat)
            view = game.view(snap.state, info.seat)
            split = view.hand_text.split(" ") if view.hand_text else []
            names = dict(zip(view.hand, split, strict=False)) if len(split) == len(view.hand) else {}
            for code in private:
                codes.add(code)
                # Both the shared deck's label ("T♥") and the one this game shows ("10♥").
                labels.update(label for label in (card_label(code), names.get(code)) if label)
        message = self.table_message()
        text = self.public_text(message)
        self.public_texts.append(text)
        # Between deals the message tells the finished deal, whose played cards are dealt again in
        # the next one: a card's name there is no leak (its code in a component still would be).
        for token in () if snap.paused else labels:
            pattern = r"(?<![0-9A-Za-z])" + re.escape(token) + r"(?![0-9A-Za-z])"
            assert not re.search(pattern, text), f"hidden card {token!r} in a public message: {text}"
        values = [str(comp.get("custom_id") or "") for comp in components_of(message)]
        values += [str(o.get("value")) for comp in components_of(message) for o in comp.get("options") or []]
        for token in codes:
            pattern = r"(?<![0-9A-Za-z])" + re.escape(token) + r"(?![0-9A-Za-z])"
            assert not any(re.search(pattern, v) for v in values), f"hidden card {token!r} in a public control"
        return len(codes)

    # ------------------------------------------------- counted interactions
    def tally(self, who: simcord.MemberActor, key: str, n: int = 1) -> None:
        self.counts.setdefault(who.name, Counter())[key] += n

    def _tell(self, who: simcord.MemberActor, what: str) -> None:
        if self.observer is not None:
            self.observer(who, what)

    async def click(
        self, who: simcord.MemberActor, message: Any, *, label: str | None = None, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        """A button click, counted by the kind of button (action, My hand, Next hand, other)."""
        comp = next(
            (c for c in components_of(message)
             if c["type"] == 2 and (c.get("custom_id") == custom_id if custom_id else c.get("label") == label)),
            {},
        )
        cid = comp.get("custom_id") or custom_id or ""
        if cid.startswith(ACTION_PREFIXES):
            kind = ACTION_CLICKS
        elif cid.startswith("cr:h:") and not getattr(message, "ephemeral", False):
            kind = MY_HAND
        elif NEXT_HAND.match(cid):
            kind = NEXT_CLICKS
        else:
            kind = OTHER_CLICKS
        self.tally(who, kind)
        self._tell(who, f"clicking “{comp.get('label') or label or '?'}”")
        result = await who.click(message, label=label if custom_id is None else None, custom_id=custom_id)
        if result.modal is not None and self.on_modal is not None:
            self.on_modal(who, result.modal)
        return result

    async def select(
        self, who: simcord.MemberActor, message: Any, values: list[str], *, custom_id: str
    ) -> simcord.InteractionResult:
        comp = next((c for c in components_of(message) if c.get("custom_id") == custom_id), {})
        labels = {o["value"]: o["label"] for o in comp.get("options", [])}
        self.tally(who, ACTION_CLICKS if custom_id.startswith(ACTION_PREFIXES) else OTHER_CLICKS)
        chosen = ", ".join(labels.get(v, v) for v in values)
        self._tell(who, f"choosing “{chosen}” in “{comp.get('placeholder') or 'a menu'}”")
        return await who.select(message, values, custom_id=custom_id)

    async def submit(
        self, who: simcord.MemberActor, shown: simcord.InteractionResult, values: dict[str, str]
    ) -> simcord.InteractionResult:
        self.tally(who, SUBMITS)
        title = (shown.modal or {}).get("title") or "the form"
        self._tell(who, f"submitting {', '.join(values.values())} in “{title}”")
        return await who.submit_modal(shown, values)

    async def slash(self, who: simcord.MemberActor, name: str, /, **options: Any) -> simcord.InteractionResult:
        self.tally(who, COMMANDS)
        shown = " ".join(f"{k}:{v}" for k, v in options.items())
        self._tell(who, f"typing /{name}{' ' + shown if shown else ''}")
        return await who.slash(self.channel, name, **options)

    # ------------------------------------------------------------ acting
    async def open_hand(self, who: simcord.MemberActor) -> simcord.InteractionResult:
        button = find_button(self.table_message(), pattern=HAND_BUTTON)  # by id: "手札" at a Japanese table
        assert button is not None, "the table message has no My hand button"
        result = await self.click(who, self.table_message(), custom_id=button["custom_id"])
        if result.response is not None and result.response.embeds:
            self.panels[who.id] = result.response
        return result

    async def act(
        self, who: simcord.MemberActor, panel: Any, pick: str | None = None
    ) -> simcord.InteractionResult:
        """Does one thing offered on ``panel``: a button, a select option, or an amount through its modal.

        ``panel`` is the result of opening the hand, or a kept panel message.
        ``pick`` chooses a custom id / value prefix; otherwise ``choose`` (a random enabled control).
        """
        message = panel.response if isinstance(panel, simcord.InteractionResult) else panel
        controls = action_controls(message)
        if pick is not None:
            wanted = [c for c in controls if pick in c.custom_id or (c.value is not None and c.value.startswith(pick))]
            controls = wanted or controls
        seen = [getattr(message, "components", None), [e.to_dict() for e in getattr(message, "embeds", ())]]
        assert controls, f"the panel offers nothing to do: {seen} {self.table_message().content}"
        chosen = (self.choose or self.rng.choice)(controls)
        cid = chosen.custom_id
        self.used[cid[:4]] += 1
        if chosen.kind == "select":
            assert chosen.comp is not None
            if cid.startswith("cr:p:"):
                options = [o["value"] for o in chosen.comp["options"]]
                n = self.rng.randint(max(1, chosen.comp["min_values"]), chosen.comp["max_values"])
                values = self.rng.sample(options, n)
            else:
                values = [chosen.value or ""]
            result = await self.select(who, message, values, custom_id=cid)
        elif cid.startswith("cr:m:"):
            shown = await self.click(who, message, custom_id=cid)
            if shown.modal is None:  # refused (a stale prompt): the player reads why
                self.tally(who, REFUSED)
                return shown
            box = shown.modal["components"][0]["components"][0]
            lo, hi = (int(x) for x in box["placeholder"].split("–"))
            result = await self.submit(who, shown, {"amount": str(self.rng.randint(lo, hi))})
        else:
            result = await self.click(who, message, custom_id=cid)
        if in_place(result, message):
            self.tally(who, ACTIONS)
            self.panels[who.id] = result.response
        else:
            self.tally(who, REFUSED)
        return result

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

    async def take_turn(self, who: simcord.MemberActor) -> simcord.InteractionResult | None:
        """A player who keeps their panel open: they act on it when it already offers controls,
        and press **My hand** only otherwise (or when the kept panel's prompt is refused as stale).

        Returns None when even a fresh panel offers nothing to do.
        """
        kept = self.panels.get(who.id)
        if kept is not None and action_controls(kept):
            result = await self.act(who, kept)
            if in_place(result, kept) or not self.is_open():
                return result
        shown = await self.open_hand(who)
        if shown.response is None or not action_controls(shown.response):
            return None
        return await self.act(who, shown)

    # ------------------------------------------------------- between hands
    def next_button(self) -> str | None:
        """The custom id of the table's **Next hand/deal** button (shown while a result is up)."""
        for comp in components_of(self.table_message()):
            cid = comp.get("custom_id", "") or ""
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
            await self.click(who, message, custom_id=cid)
            self.used["next"] += 1
        return True

    def next_hand_place(self, who: simcord.MemberActor | None = None) -> tuple[Any, dict[str, Any]] | None:
        """Where ``who`` can press an enabled Next hand: their kept panel first, else the public message."""
        places = [self.panels[who.id]] if who is not None and who.id in self.panels else []
        places.append(self.table_message())
        for message in places:
            comp = find_button(message, pattern=NEXT_HAND)
            if comp is not None:
                return message, comp
        return None

    async def press_next_as(self, who: simcord.MemberActor) -> simcord.InteractionResult | None:
        """One player presses Next hand once, where they see it (None: they see none)."""
        found = self.next_hand_place(who)
        if found is None:
            return None
        message, comp = found
        self.used["next"] += 1
        return await self.click(who, message, custom_id=comp["custom_id"])
