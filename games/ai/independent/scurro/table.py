"""One decision's picture of the table, so the model below never touches a view.

The view shows only the current and the last trick; what came before is the player's memory
(``reading``), folded in here as the cards each seat has taken and the suits it has shown void in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import rank_of, suit_of

#: (seat, card) in play order
Plays = list[tuple[int, str]]


@dataclass
class Ctx:
    """Everything one decision needs, from the seat's view and the player's memory."""

    me: int = 0
    n: int = 4
    hand: list[str] = field(default_factory=list)
    order: str = ""  # suits high to low; "" = flatline or not yet ordered
    flat: bool = False
    scores: list[int] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    pot: int = 0
    done: int = 0  # tricks played
    plays: Plays = field(default_factory=list)  # current trick
    played_as: list[str] = field(default_factory=list)
    taken: dict[int, list[str]] = field(default_factory=dict)
    exact: list[bool] = field(default_factory=list)  # the seat's score is what we saw it take
    unseen: set[str] = field(default_factory=set)
    voids: list[set[str]] = field(default_factory=list)
    bidder: int = -1

    def strength(self, c: str, led: str | None) -> int:
        """Strength of a card in the current trick (``led``: the led card's identity)."""
        r = rank_of(c)
        if self.flat:
            if led is not None and led[1:] == "A" and suit_of(c) == suit_of(led):
                return 64 + r
            return r
        o = self.order or "FBC"
        i = o.find(suit_of(c))
        return (3 - i) * 64 + r if i >= 0 else r

    def beats(self, c: str, other: str, led: str | None) -> bool:
        """Whether ``c`` takes the trick from ``other`` (in Flatline a later equal card does)."""
        a, b = self.strength(c, led), self.strength(other, led)
        return a > b or (self.flat and a == b)

    def later(self) -> list[int]:
        """Active seats still to play to the current trick after me, in order."""
        played = {s for s, _c in self.plays}
        out = []
        s = self.me
        for _ in range(self.n - 1):
            s = (s + 1) % self.n
            if self.active[s] and s not in played:
                out.append(s)
        return out

    def opponents(self) -> list[int]:
        """The other seats still in the hand."""
        return [s for s in range(self.n) if s != self.me and self.active[s]]

    def hand_size(self, s: int) -> int:
        """Cards seat ``s`` holds, judged from mine: one fewer if it has played to this trick."""
        mine = len(self.hand)
        played_now = any(p == s for p, _c in self.plays)
        return max(0, mine - (1 if played_now else 0))
