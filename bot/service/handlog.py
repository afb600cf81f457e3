"""A finished hand as players get it back: the JSON Lines file and the replay's frames.

Pure functions over a ``FinishedHand`` (no storage): the hand is rebuilt by the
engine from its stored inputs (``games.core.replay``), so nothing is kept twice.
The file's header holds the ``HandRecord`` fields, its action lines the
actions, so ``record_from_jsonl`` (or any reader) can deal and play the hand
again with the engine and get the stored outcome: a complete file, that is
(``"complete": true``: a server admin's, or once the table has ended). Anyone
else's is cut to what the table showed them (``handsight``): no seed, and
another seat's unseen cards written ``??``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import games
from games import Event, Game
from games.core.i18n import _
from games.core.replay import HandRecord, start
from games.core.views import SeatView, TableView, resolve_seats

from .computers import is_computer
from .handsight import Blind, Sight, redact_phh

FORMAT = "cardroom-hand/1"
MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True, slots=True)
class Step:
    """One logged move of the hand: who, what, whether the clock chose it, when."""

    seat: int
    user_id: int | None
    action: str
    kind: str
    at: str


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """A finished hand's stored inputs, moves and outcome, with the players' plain names per seat."""

    table_id: int
    hand_no: int
    rules_version: int
    users: tuple[int, ...]
    names: tuple[str, ...]
    record: HandRecord
    steps: tuple[Step, ...]
    outcome: dict[str, Any]
    started_at: str
    ended_at: str | None
    history_text: str | None
    #: The reader's seat in this hand (None: they watched it).
    viewer: int | None = None
    #: Whether the reader gets the hand in full (every card, the seed): a server admin, or anyone
    #: once the table has ended. Otherwise only what the table showed them (``handsight``).
    full: bool = False

    @property
    def game(self) -> Game:
        return games.get_game(self.record.game)

    @property
    def same_rules(self) -> bool:
        """Whether today's engine deals and plays this hand as it was played."""
        return self.rules_version == self.game.rules_version

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else _("a player")

    def plain(self, text: str) -> str:
        """A stored text (mentions, seat placeholders) with the players' plain names, for a file."""
        by_user = dict(zip(self.users, self.names, strict=True))
        text = MENTION.sub(lambda m: by_user.get(int(m[1]), m[0]), text)
        return resolve_seats(text, self.name)


@dataclass(frozen=True, slots=True)
class Frame:
    """The table as the public saw it after ``step`` moves (0: the deal), and that step's events.

    At the last step (the hand over) ``dealt`` and ``held`` are seats' own views
    of the first and the final state: what each player was dealt and held. Every
    seat's for a reader who gets the hand in full; else only the reader's own
    (none for a watcher): the others' cards stay as the table showed them.
    """

    step: int
    last: int
    view: TableView
    seat: int | None
    events: tuple[str, ...]
    dealt: tuple[SeatView, ...] = ()
    held: tuple[SeatView, ...] = ()


def played(hand: FinishedHand) -> list[tuple[Any, tuple[Event, ...]]]:
    """Every state of the hand (the deal first) with the events that led to it."""
    game = hand.game
    state = start(game, hand.record)
    out: list[tuple[Any, tuple[Event, ...]]] = [(state, ())]
    for seat, action in hand.record.actions:
        state, events = game.apply(state, seat, action)
        out.append((state, events))
    return out


def frame(hand: FinishedHand, step: int) -> Frame:
    """The frame at ``step``, clamped to the hand (0 … number of moves): the hand is played only that
    far, so an early step of a long game (a whole Samba game is thousands of moves) costs little."""
    game = hand.game
    actions = hand.record.actions
    last = len(actions)
    step = max(0, min(step, last))
    first = state = start(game, hand.record)
    events: tuple[Event, ...] = ()
    for seat_, action in actions[:step]:
        state, events = game.apply(state, seat_, action)
    public = tuple(e.text for e in events if e.private_to is None)
    seat = hand.steps[step - 1].seat if step else None
    f = Frame(step, last, game.view(state, None).public, seat, public)
    if step < last:
        return f
    seats = range(hand.record.seats) if hand.full else [s for s in (hand.viewer,) if s is not None]
    return Frame(
        step, last, f.view, seat, public,
        dealt=tuple(game.view(first, s) for s in seats), held=tuple(game.view(state, s) for s in seats),
    )


def to_jsonl(hand: FinishedHand, *, table: dict[str, Any]) -> str:
    """Header (the deal and who sat where), one line per move with its public events, the outcome."""
    # Without the seed the deal can't be dealt again: only for a reader who gets the hand in full.
    secret = {"actions", "hands", "stock"} | (set() if hand.full else {"seed"})
    record = hand.record.model_dump(mode="json", exclude=secret)
    states = _played(hand)
    sight = _sight(hand, states)
    header = {
        "type": "hand", "format": FORMAT, **record, "complete": hand.full, "rules_version": hand.rules_version,
        "table_id": hand.table_id, "hand_no": hand.hand_no, "players": list(hand.names),
        "started_at": hand.started_at, "ended_at": hand.ended_at, **table,
    }
    lines = [header]
    events = [[e.text for e in events if e.private_to is None] for _state, events in states[1:]]
    for i, step in enumerate(hand.steps):
        texts = [resolve_seats(t, hand.name) for t in events[i]] if i < len(events) else []
        lines.append({
            "type": "action", "n": i + 1, "seat": step.seat, "player": hand.name(step.seat),
            "action": step.action if sight is None else sight.action(i, step.seat, step.action), "timeout": step.kind == "timeout", "at": step.at, "events": texts,
        })
    outcome = dict(hand.outcome)
    outcome["summary"] = hand.plain(str(outcome.get("summary") or ""))
    outcome["details"] = [hand.plain(str(d)) for d in outcome.get("details") or []]
    lines.append({"type": "outcome", **outcome})
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)


def history_text(hand: FinishedHand) -> str | None:
    """The game's own history file (PHH for poker) as this reader may have it: cards they didn't see
    written as unknown, unless they get the hand in full."""
    text = hand.history_text
    if not text or hand.full:
        return text
    sight = _sight(hand, _played(hand))
    return None if sight is None else redact_phh(text, sight.seen())


def _played(hand: FinishedHand) -> list[tuple[Any, tuple[Event, ...]]]:
    """Every state of the hand with its events; none if the engine no longer plays it as stored."""
    if not hand.same_rules:
        return []
    try:
        return played(hand)
    except Exception:  # a hand an engine change can't replay: the file still has the moves
        return []


def _sight(hand: FinishedHand, states: list[tuple[Any, tuple[Event, ...]]]) -> Sight | Blind | None:
    """What the reader may see of the hand; None: everything (they get it in full)."""
    if hand.full:
        return None
    if not states:  # not replayable: no move's cards can be told to be shown
        return Blind(hand.viewer)
    return Sight(hand.game, hand.record.seats, [s for s, _e in states], hand.viewer)


def record_from_jsonl(text: str) -> HandRecord:
    """The ``HandRecord`` a downloaded file describes (header + action lines), ready for ``replay``."""
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    header = rows[0]
    fields = {k: header[k] for k in HandRecord.model_fields if k in header and k != "actions"}
    actions = tuple((int(r["seat"]), str(r["action"])) for r in rows if r.get("type") == "action")
    return HandRecord(**fields, actions=actions)


def plain_name(user_id: int, stored: str | None, computer: Callable[[int], str]) -> str:
    """A player's name for a file: "🤖 Ada" for a computer, the stored display name, else their id."""
    if is_computer(user_id):
        return computer(user_id)
    return stored or _("player {id}").format(id=user_id)


__all__ = ["FORMAT", "FinishedHand", "Frame", "Step", "frame", "history_text", "plain_name", "played", "record_from_jsonl", "to_jsonl"]
