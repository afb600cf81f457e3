"""The state of one Renfield-family hand: frozen values of tuples, cheap to copy.

A card play copies only the top-level fields; money, bugs and the bid live in
``Score`` (rebuilt once per trick), and what the pre-play phases (Draw,
Auction) and the end of the hand need lives in ``Side`` (rebuilt rarely).
The shortcuts ``state.net``, ``state.bugs``, ``state.order``… read through.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.betting import BettingRound
from games.core.bidding import Auction
from games.core.rng import Rng
from games.core.tricks import Trick

from .options import RenfieldOptions, ScurroOptions

# phases
BETTING = "betting"  # Draw: the poker betting round
DISCARD = "discard"  # Draw: everyone discards at once
AUCTION = "auction"  # Auction: bidding on the card on offer
OFFER = "offer"  # Auction: the buyer puts a card up
BID = "bid"  # bidding for the lead (dollars, or bugs in Blaze)
ORDER = "order"  # the bid winner orders the suits
PLAY = "play"
DONE = "done"


@dataclass(frozen=True, slots=True)
class PastTrick:
    """A finished trick as the table saw it, kept for the view only (the rules never read it).

    The score keeps just the cards taken; the table also shows who played each card,
    what a wild card was played as, and who took the trick (``taker`` -1: nobody,
    a Death Card was in it).
    """

    plays: tuple[tuple[int, str], ...]  # (seat, card) in play order
    played_as: tuple[str, ...]  # the identity of each card (a wild card's declaration)
    taker: int


@dataclass(frozen=True, slots=True)
class Score:
    """Money, bugs and the bid: changes once per trick, not once per card."""

    net: tuple[int, ...]  # chips won (+) or paid (-) this hand
    pot: int
    taken: tuple[tuple[str, ...], ...]
    bugs: tuple[int, ...]  # each seat's score, doublers applied
    tricks_done: int = 0
    last: PastTrick | None = None  # the last finished trick, for the table
    bidder: int = -1
    bid: int = 0
    order: str = ""  # suits high to low; "" before ordering and in Flatline


@dataclass(frozen=True, slots=True)
class Side:
    """Parts of the state that change rarely (pre-play phases, the bid, the end)."""

    n: int
    dealer: int
    rng: Rng
    stock: tuple[str, ...]  # undealt cards, top first (hidden)
    up: tuple[tuple[str, ...], ...]  # face-up cards in each hand (Stud, bought cards)
    dealt_in: tuple[bool, ...]  # False: sitting out (Blaze)
    carried_in: int = 0
    betting: BettingRound | None = None
    discarded: tuple[bool, ...] = ()  # Draw: who has discarded
    pending: tuple[str, ...] = ()  # Draw: discards waiting to be reshuffled (hidden)
    pack: tuple[str, ...] = ()  # Auction: the face-down pack (hidden)
    lot: str = ""  # Auction: the card on offer
    seller: int = -1  # Auction: who offers the lot (-1: the pack)
    bought: tuple[int, ...] = ()  # Auction: buyers since the last pack card
    just_bought: str = ""  # Auction: the card the offering buyer just bought
    discards: tuple[str, ...] = ()  # face-up cards out of play (unbought lots, death tricks)
    winners: tuple[int, ...] = ()
    carried_out: int = 0
    sitting_out: tuple[int, ...] = ()  # Blaze: seats out until the pot is won
    summary: str = ""


@dataclass(frozen=True, slots=True)
class FamilyState:
    phase: str
    turn: int  # the seat to act; -1 when several act at once or nobody
    legal: tuple[str, ...]  # the legal actions of ``turn``
    hands: tuple[tuple[str, ...], ...]
    active: tuple[bool, ...]  # dealt in and not folded
    trick: Trick
    played_as: tuple[str, ...]  # identities of the trick's cards (wild declarations)
    recent: tuple[str, ...]
    auction: Auction | None  # the running auction (a card, or the lead)
    score: Score
    side: Side

    # read-only shortcuts into the nested parts
    n = property(lambda self: self.side.n)
    dealer = property(lambda self: self.side.dealer)
    bidder = property(lambda self: self.score.bidder)
    bid = property(lambda self: self.score.bid)
    order = property(lambda self: self.score.order)
    net = property(lambda self: self.score.net)
    pot = property(lambda self: self.score.pot)
    taken = property(lambda self: self.score.taken)
    bugs = property(lambda self: self.score.bugs)
    tricks_done = property(lambda self: self.score.tricks_done)


@dataclass(frozen=True, slots=True)
class RenfieldState(FamilyState):
    options: RenfieldOptions


@dataclass(frozen=True, slots=True)
class ScurroState(FamilyState):
    options: ScurroOptions
