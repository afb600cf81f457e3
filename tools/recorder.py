"""Records every version of every message the bot shows in one channel, in order.

Public messages would be visible on SimCord's gateway, but ephemeral ones are
never announced there (as on Discord), and a panel the bot edits later through
an interaction token (``PATCH …/messages/@original``) leaves no other trace. So
the recorder wraps the two backend operations every bot message goes through —
``commit_message`` (a new message) and ``edit_message`` (any edit, by channel
route, callback or webhook) — and renders each version on the spot, while the
virtual clock still reads the moment the player saw it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import simcord

from .mdrender import message_lines, modal_lines, modal_strings, shown_strings

#: Discord's "loading" flag: a deferred "thinking…" message not shown as text yet.
LOADING = 1 << 7
EPHEMERAL = 1 << 6
FOOTER_HAND = re.compile(r"^_.*(?:\bhand (\d+)\b|第(\d+)ハンド).*_$")


@dataclass
class Entry:
    """One version of a message (or a form) as one player, or everyone, saw it."""

    message_id: int
    number: int
    owner: str | None  # None: public
    kind: str  # "message" | "panel" | "form"
    created: bool
    lines: list[str]
    actor: str | None
    what: str | None


@dataclass
class Section:
    title: str


@dataclass
class Recorder:
    env: simcord.Env
    channel: simcord.ChannelHandle
    names: dict[int, str]
    entries: list[Entry | Section] = field(default_factory=list)
    collapsed: int = 0
    actor: str | None = None
    what: str | None = None
    _last: dict[int, list[str]] = field(default_factory=dict)
    _numbers: dict[int, int] = field(default_factory=dict)
    _hand: int = 0
    #: Every raw string shown, with where it was seen ("bob's panel #4 (after bob: clicking “Call”)").
    #: Read by checks on the words players see (tests/e2e/test_japanese_words.py).
    shown: list[tuple[str, str]] = field(default_factory=list)
    #: The players' Discord language: how timestamps read ("in 20 seconds", "20 秒後").
    locale: str = "en"

    def install(self) -> None:
        """Wrap the backend's message operations (instance attributes shadow the methods)."""
        backend = self.env.backend
        commit, edit = backend.commit_message, backend.edit_message

        def commit_message(message: Any, *args: Any, **kwargs: Any) -> Any:
            stored = commit(message, *args, **kwargs)
            self._seen(stored)
            return stored

        def edit_message(*args: Any, **kwargs: Any) -> Any:
            stored = edit(*args, **kwargs)
            self._seen(stored)
            return stored

        backend.commit_message = commit_message  # type: ignore[method-assign]  # on purpose: wraps this backend only
        backend.edit_message = edit_message  # type: ignore[method-assign]  # on purpose: wraps this backend only

    # ------------------------------------------------------------ context
    def __call__(self, who: simcord.MemberActor, what: str) -> None:
        """The Table's observer: ``who`` is about to do ``what``; what follows is labelled with it."""
        self.actor, self.what = who.name, what

    def happening(self, what: str) -> None:
        """Something with no player behind it (the clock moving on)."""
        self.actor, self.what = None, what

    def section(self, title: str) -> None:
        self.entries.append(Section(title))

    def form(self, who: simcord.MemberActor, modal: dict[str, Any]) -> None:
        """A modal shown to ``who`` (it is not a message, so the backend hooks never see it)."""
        self.entries.append(Entry(0, 0, who.name, "form", True, modal_lines(modal), self.actor, self.what))
        where = f"{who.name}'s form{self._after()}"
        self.shown += [(where, text) for text in modal_strings(modal)]

    def _after(self) -> str:
        return f" (after {self.actor + ': ' if self.actor else ''}{self.what})" if self.what else ""

    # ------------------------------------------------------------ capture
    def _seen(self, message: Any) -> None:
        if message.channel_id != self.channel.id or message.author_id != self.env.backend.bot_user.id:
            return
        if message.flags & LOADING and not message.content and not message.embeds:
            return  # "thinking…": the player sees the answer when it replaces this
        lines = message_lines(message, self.names, self.env.now(), self.locale)
        previous = self._last.get(message.id)
        if previous == lines:
            self.collapsed += 1
            return
        self._last[message.id] = lines
        number = self._numbers.setdefault(message.id, len(self._numbers) + 1)
        owner = None
        if message.flags & EPHEMERAL:
            user = ((message.interaction_metadata or {}).get("user") or {}).get("id")
            owner = self.names.get(int(user), "someone") if user is not None else "someone"
        else:
            self._new_hand(lines)
        kind = "panel" if message.embeds else "message"
        whose = "public" if owner is None else f"{owner}'s"
        where = f"{whose} {kind} #{number}{self._after()}"
        self.shown += [(where, text) for text in shown_strings(message)]
        self.entries.append(Entry(message.id, number, owner, kind, previous is None, lines, self.actor, self.what))

    def _new_hand(self, lines: list[str]) -> None:
        for line in lines:
            match = FOOTER_HAND.match(line)
            if match and int(match[1] or match[2]) > self._hand:
                self._hand = int(match[1] or match[2])
                self.section(f"Hand {self._hand}")

    # ------------------------------------------------------------ counts
    def public_messages(self) -> tuple[int, int]:
        """(distinct public messages, versions shown)."""
        public = [e for e in self.entries if isinstance(e, Entry) and e.owner is None]
        return len({e.message_id for e in public}), len(public)

    def private_messages(self, name: str) -> tuple[int, int]:
        """(distinct ephemeral messages, versions shown) of one player (forms left out)."""
        mine = [e for e in self.entries if isinstance(e, Entry) and e.owner == name and e.kind != "form"]
        return len({e.message_id for e in mine}), len(mine)

    def bot_edits(self, name: str) -> int:
        """Versions of ``name``'s panels the bot showed on its own (not in answer to their own click)."""
        return sum(
            1 for e in self.entries
            if isinstance(e, Entry) and e.owner == name and e.kind != "form" and e.actor != name
        )
