"""Which of a finished hand's cards one reader may see again (issue 24).

A replay or history file is rebuilt by playing the hand again with the engine,
which knows every card. What a reader gets back must stay what the table showed
them: the public view at each step (face-up cards, piles, the showdown) and
their own seat's cards, nothing of a hand that was folded, mucked, discarded
face down or exchanged unseen. Only the engine's views say what was shown, so
the rule is the same for every game: a card is *seen* if some public view of
the hand showed it or it was the reader's own, and a move of another seat
keeps only the cards the table showed just before or just after it (a card
played to a trick; not a card discarded face down and turned up at the end).

Server admins, and everyone once the table has ended (when the seed is given
out and the whole deal can be dealt again anyway), get the hand in full.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games import Game
from games.core.views import TableView

#: What a hidden card is written as: PHH's unknown card, in the files and the replay alike.
UNKNOWN = "??"
#: The parts of an action string that may be cards ("play:As", "discard:QS.2,JK.1").
_PART = re.compile(r"[^:,;\s]+")
#: PHH's dealt and shown cards: ``d dh p1 As2d7c`` and ``p1 sm As2d``.
_PHH_CARDS = re.compile(r"^(?P<head>\s*'(?:d dh p\d+|p\d+ sm) )(?P<cards>[^']*)(?P<tail>'.*)$")


def public_cards(view: TableView) -> frozenset[str]:
    """Every card code the public table shows: face-up cards in front of the seats and the piles."""
    shown = {c for line in view.seats for c in line.cards}
    shown.update(c for pile in view.piles for c in pile.cards)
    return frozenset(shown)


class Sight:
    """A reader's sight of one hand played through ``states`` (the deal, then the state after each
    move): the cards they may see, and per move the cards it names that they may not.

    Views are rendered only where a move names a card someone held in secret (a whole Samba game
    is thousands of moves, most of them the reader's own or naming no card).
    """

    def __init__(self, game: Game, seats: int, states: Sequence[Any], viewer: int | None) -> None:
        self.game, self.seats, self.states, self.viewer = game, seats, states, viewer
        self._public: dict[int, frozenset[str]] = {}

    def public(self, i: int) -> frozenset[str]:
        """The cards the public table showed in state ``i``."""
        if i not in self._public:
            self._public[i] = public_cards(self.game.view(self.states[i], None).public)
        return self._public[i]

    def own(self, i: int) -> frozenset[str]:
        """The cards only the reader saw in state ``i`` (none for a watcher)."""
        return frozenset() if self.viewer is None else self.game.private_cards(self.states[i], self.viewer)

    def seen(self) -> frozenset[str]:
        """Every card the reader saw during the hand: shown at the table, or their own."""
        out: set[str] = set()
        for i in range(len(self.states)):
            out |= self.public(i) | self.own(i)
        if self.viewer is not None:  # their hand as dealt and as held at the end, in full
            out.update(self.game.view(self.states[0], self.viewer).hand)
            out.update(self.game.view(self.states[-1], self.viewer).hand)
        return frozenset(out)

    def action(self, n: int, seat: int, action: str) -> str:
        """Move ``n`` (0-based, by ``seat``) as the reader may read it: hidden cards written ``??``."""
        if seat == self.viewer or n + 1 >= len(self.states):
            return action
        parts = set(_PART.findall(action))
        if not parts:
            return action
        held: set[str] = set()
        for j in (n, n + 1):
            for other in range(self.seats):
                held |= self.game.private_cards(self.states[j], other)
        secret = parts & held
        if not secret:
            return action
        hidden = secret - self.own(n) - self.own(n + 1)
        for i in (n + 1, n):  # most cards a move names are on the table right after it
            if hidden:
                hidden -= self.public(i)
        return _PART.sub(lambda m: UNKNOWN if m[0] in hidden else m[0], action) if hidden else action


class Blind:
    """A hand today's engine can't play again (older rules): nothing tells which of another seat's
    cards were shown, so every part of its moves but the verb is written ``??``, and every card of
    the game's own history file."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer

    def seen(self) -> frozenset[str]:
        """Nothing: a card can't be told to be shown."""
        return frozenset()

    def action(self, n: int, seat: int, action: str) -> str:
        """Another seat's move with only its verb ("discard:??")."""
        verb, sep, rest = action.partition(":")
        return action if seat == self.viewer or not sep else verb + sep + _PART.sub(UNKNOWN, rest)


def redact_phh(text: str, seen: frozenset[str]) -> str:
    """A PHH file with every dealt or shown card the reader didn't see written ``??`` (PHH's unknown
    card), so a folded hand reads ``d dh p2 ????6s``: its up card and two cards nobody saw."""

    def line(m: re.Match[str]) -> str:
        cards = m["cards"]
        parts = [cards[i:i + 2] for i in range(0, len(cards), 2)]
        return m["head"] + "".join(c if c in seen or c == UNKNOWN else UNKNOWN for c in parts) + m["tail"]

    return "\n".join(_PHH_CARDS.sub(line, row) for row in text.split("\n"))


__all__ = ["UNKNOWN", "Blind", "Sight", "public_cards", "redact_phh"]
