"""The state of one Renfield-family hand: frozen values of tuples, cheap to copy.

A card play copies only the top-level fields; money, bugs and the bid live in
``Score`` (rebuilt once per trick), and what the pre-play phases (Draw,
Auction) and the end of the hand need lives in ``Side`` (rebuilt rarely).
The shortcuts ``state.net``, ``state.bugs``, ``state.order``… read through.

Every action builds a new state, so the hot paths build them with the
positional constructors at the end of this module (``games/core/fastvalue.py``'s
trick: about three times as fast as the dataclass ``__init__``). Field names
and order are what saved tables hold: change them only with a default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, cast

from games.core.betting import BettingRound
from games.core.bidding import Auction
from games.core.fastvalue import builder
from games.core.rng import Rng
from games.core.tricks import Trick

from .common import RECENT
from .options import FamilyOptions, RenfieldOptions, ScurroOptions

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
    """Every field of a hand; ``RenfieldState`` and ``ScurroState`` only narrow ``options``.

    The subclasses add no slots, so a value of one layout can be built as a
    draft and given its class at the end (``make``), as ``fastvalue`` does.
    """

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
    options: FamilyOptions

    #: ``state.make(phase, turn, …, options)``: a new state of this state's class, every field positional.
    make: ClassVar[Callable[..., FamilyState]]

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


# ------------------------------------------------------------ constructors
S = TypeVar("S", bound=FamilyState)

make_score = builder(Score)
make_side = builder(Side)
make_past = builder(PastTrick)
make_trick = builder(Trick)

_NAMES = tuple(f.name for f in fields(FamilyState))


class _Draft:
    """A plain class with ``FamilyState``'s slots: filled by plain stores, then given its class."""

    __slots__ = _NAMES


def _state_builder(cls: type[S]) -> Callable[..., S]:
    """``fastvalue.builder`` for a state class, whose slots are inherited (``builder`` drafts flat classes).

    The draft has the family's layout and the class adds no slots, so the
    draft may become a ``cls`` by assigning ``__class__``, as in ``fastvalue``.
    """
    if cls.__dict__.get("__slots__") != () or tuple(f.name for f in fields(cls)) != _NAMES:
        raise TypeError(f"{cls.__name__} may only narrow the types of FamilyState's fields")

    def make(
        phase: Any, turn: Any, legal: Any, hands: Any, active: Any, trick: Any, played_as: Any, recent: Any,
        auction: Any, score: Any, side: Any, options: Any,
    ) -> S:
        s: Any = _Draft()  # a plain slotted twin, filled then turned into ``cls`` (see fastvalue.py)
        s.phase = phase
        s.turn = turn
        s.legal = legal
        s.hands = hands
        s.active = active
        s.trick = trick
        s.played_as = played_as
        s.recent = recent
        s.auction = auction
        s.score = score
        s.side = side
        s.options = options
        s.__class__ = cls
        return cast(S, s)

    if make.__code__.co_varnames[: len(_NAMES)] != _NAMES:
        raise TypeError("make's parameters must be FamilyState's fields, in order")
    return make


for _cls in (RenfieldState, ScurroState):
    _cls.make = staticmethod(_state_builder(_cls))


# ----------------------------------------------------------------- changes
def put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``i`` replaced."""
    return (*values[:i], value, *values[i + 1 :])


def add(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added to item ``i``."""
    return (*values[:i], values[i] + delta, *values[i + 1 :])


def logged(recent: tuple[str, ...], text: str) -> tuple[str, ...]:
    """The table's short log with ``text`` added (the last ``RECENT`` lines)."""
    return (*recent[-(RECENT - 1) :], text)


def log(state: S, text: str) -> S:
    return evolve(state, recent=logged(state.recent, text))


_TOP = frozenset({"phase", "turn", "legal", "hands", "active", "trick", "played_as", "recent", "auction"})
_SCORE = frozenset({"net", "pot", "taken", "bugs", "bidder", "bid", "order"})


def evolve(state: S, **ch: Any) -> S:
    """``replace`` that also reaches into the nested ``score`` part.

    Written out field by field: ``dataclasses.replace`` was the top cost of a playout.
    """
    sc = state.score
    if not _SCORE.isdisjoint(ch):
        sc = make_score(
            ch.pop("net", sc.net),
            ch.pop("pot", sc.pot),
            ch.pop("taken", sc.taken),
            ch.pop("bugs", sc.bugs),
            sc.tricks_done,
            sc.last,
            ch.pop("bidder", sc.bidder),
            ch.pop("bid", sc.bid),
            ch.pop("order", sc.order),
        )
    side = ch.pop("side", state.side)
    if not _TOP.issuperset(ch):
        raise TypeError(f"unknown state fields: {set(ch) - _TOP}")
    g = ch.get
    return cast(S, state.make(
        g("phase", state.phase),
        g("turn", state.turn),
        g("legal", state.legal),
        g("hands", state.hands),
        g("active", state.active),
        g("trick", state.trick),
        g("played_as", state.played_as),
        g("recent", state.recent),
        g("auction", state.auction),
        sc,
        side,
        state.options,
    ))
