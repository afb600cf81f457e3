"""The card play: what is still out, then how to follow and how to lead.

A card is a master only when every card above it has been seen (played, held, turned up or
discarded by us); the opponent's shown king of trumps stays against us until it falls. The
opponent's voids come from the tricks where it did not follow suit (and, if it did not trump
either, from trumps too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import RANKS, SUITS, higher_out, strength
from .reading import Memory, Plays, Reading


@dataclass(frozen=True)
class Board:
    """The cards accounted for and the score of tricks, from the player's seat."""

    trump: str
    known: frozenset[str]
    opp_king: bool
    voids: frozenset[str]
    opp_no_trumps: bool
    my_tricks: int
    their_tricks: int

    def is_master(self, c: str) -> bool:
        if c[1] == self.trump:
            return higher_out(c, self.known) == 0 and not (self.opp_king and c[0] != "K")
        return higher_out(c, self.known) == 0

    def low(self, cs: Sequence[str]) -> str:
        """The least useful card: a plain one before a trump, a loser before a master, then the lowest."""
        return min(cs, key=lambda c: (c[1] == self.trump, self.is_master(c), strength(c)))

    @property
    def decided(self) -> bool:
        my_t, op_t = self.my_tricks, self.their_tricks
        return (op_t >= 3 and my_t >= 1) or (my_t >= 3 and op_t >= 1)


def _voids(tricks: Sequence[Plays], opp: int, trump: str) -> set[str]:
    voids: set[str] = set()
    for t in tricks:
        if len(t) == 2 and t[1][0] == opp:
            led, sec = t[0][1], t[1][1]
            if sec[1] != led[1]:
                voids.add(led[1])
                if sec[1] != trump:
                    voids.add(trump)
    return voids


def board(seen: Reading, memory: Memory, seat: int) -> Board:
    hand, trump = seen.hand, seen.trump
    opp = 1 - seat
    played = memory.played() | {c for _s, c in seen.current}
    known = set(hand) | played | memory.my_discards
    if seen.upcard:
        known.add(seen.upcard)
    # the opponent's shown king of trumps is still against us until played
    opp_king = seen.showed[opp] and ("K" + trump) not in played and ("K" + trump) not in hand
    voids = _voids(memory.tricks, opp, trump)
    out_trumps = [r + trump for r in RANKS if (r + trump) not in known]
    return Board(
        trump=trump, known=frozenset(known), opp_king=opp_king, voids=frozenset(voids),
        opp_no_trumps=trump in voids or (not out_trumps and not opp_king),
        my_tricks=seen.tricks[seat], their_tricks=seen.tricks[opp],
    )


def follow(b: Board, cards: Sequence[str], led: str) -> str:
    """Win as cheaply as the duty to head/trump allows; else throw the least useful card."""
    winners = [
        c for c in cards
        if (c[1] == led[1] and strength(c) > strength(led)) or (c[1] == b.trump and led[1] != b.trump)
    ]
    if winners:
        return min(winners, key=strength)
    return b.low(cards)


def _save_vole(b: Board, cards: Sequence[str], trumps: list[str], plain: list[str],
               master_trumps: list[str]) -> str:
    """Any trick will do, best chance first."""
    best = master_trumps or [c for c in plain if b.is_master(c) and c[1] not in b.voids] or trumps
    if best:
        return best[0]
    return max(cards, key=strength)


def _develop(b: Board, cards: Sequence[str], trumps: list[str], plain: list[str],
             master_trumps: list[str]) -> str:
    """Draw trumps from strength, then plain masters, then the top of the longest plain suit."""
    suit_len = {s: sum(1 for c in cards if c[1] == s) for s in SUITS}
    if not b.opp_no_trumps:
        if master_trumps and (len(trumps) >= 2 or any(b.is_master(c) for c in plain)):
            return master_trumps[0]
        if len(trumps) >= 3:
            return trumps[-1]
    # plain masters, shortest suit first, not into a known void while trumps may be out
    pm = [c for c in plain if b.is_master(c) and (b.opp_no_trumps or c[1] not in b.voids)]
    if pm:
        return min(pm, key=lambda c: (suit_len[c[1]], -strength(c)))
    if plain:
        safe = [c for c in plain if b.opp_no_trumps or c[1] not in b.voids] or plain
        # the set's order breaks ties between suits, as in the original player
        suit = max(
            {c[1] for c in safe},
            key=lambda s: (suit_len[s], max(strength(c) for c in safe if c[1] == s)),
        )
        return max((c for c in safe if c[1] == suit), key=strength)
    # only trumps left
    if trumps and b.is_master(trumps[0]):
        return trumps[0]
    return trumps[-1]


def lead(b: Board, cards: Sequence[str]) -> str:
    if b.decided:
        return b.low(cards)
    my_t = b.my_tricks
    need = 3 - my_t if my_t < 3 else 5 - my_t  # going for the vole once the point is made
    trumps = sorted((c for c in cards if c[1] == b.trump), key=strength, reverse=True)
    plain = [c for c in cards if c[1] != b.trump]
    master_trumps = [c for c in trumps if b.is_master(c)]
    sure_plain = [c for c in plain if b.is_master(c) and b.opp_no_trumps]
    if len(master_trumps) + len(sure_plain) >= need:
        if master_trumps and not b.opp_no_trumps:
            return master_trumps[0]
        return (sure_plain or master_trumps)[0]
    if b.their_tricks >= 3:  # saving the vole
        return _save_vole(b, cards, trumps, plain, master_trumps)
    return _develop(b, cards, trumps, plain, master_trumps)


def play(seen: Reading, memory: Memory, seat: int, legal: tuple[str, ...]) -> str:
    cards = [a[5:] for a in legal if a.startswith("play:")]
    b = board(seen, memory, seat)
    if seen.current:  # following
        return "play:" + follow(b, cards, seen.current[0][1])
    return "play:" + lead(b, cards)
