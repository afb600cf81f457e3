"""Razz's state: what a hand holds, and the small questions asked of it on every street.

Kept apart from the rules (``game.py``) and the picture (``view.py``) so each
stays short; everything here is pure and cheap (values cached by their inputs).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import add

from games.core.betting import BettingRound
from games.core.cards import STANDARD_DECK
from games.core.i18n import N_, _
from games.core.poker.lowball import LOW_RANK, best_showing

from .options import RazzOptions

SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}  # spades > hearts > diamonds > clubs
STREET_NAMES = {3: N_("3rd street"), 4: N_("4th street"), 5: N_("5th street"), 6: N_("6th street"), 7: N_("7th street")}
OVER = 8
RECENT = 6


@dataclass(frozen=True, slots=True)
class RazzDeal:
    """What changes only between streets (kept apart so a bet copies little)."""

    options: RazzOptions
    n: int
    dealer: int
    street: int  # 3..7 while playing; OVER when the hand is finished
    cards: tuple[tuple[str, ...], ...]  # each seat's cards in the order dealt
    community: str  # the shared 7th-street card when the stub ran short, else ""
    queues: tuple[tuple[str, ...], ...]  # stacked cards not dealt yet (tests, replays)
    stock: tuple[str, ...]
    start_stacks: tuple[int, ...] | None  # chips behind before the ante; None = unlimited
    banked: tuple[int, ...]  # chips each seat put in on earlier streets (antes included)
    opener: int  # who brought in / opened this street
    pk: tuple[int, ...]  # PHH player number of each seat dealt in (1 = first from the dealer's left), 0 if out
    history: tuple[str, ...] = ()  # PHH lines up to this street's betting (all of them once the hand is over)


@dataclass(frozen=True, slots=True)
class RazzState:
    deal: RazzDeal
    round: BettingRound  # this street's betting; live seats and stacks live here
    legal: tuple[str, ...] = ()  # what the seat to act may do
    phh_street: tuple[str, ...] = ()  # PHH lines of this street's betting (the rest: deal.history)
    recent: tuple[str, ...] = ()
    payoffs: tuple[int, ...] | None = None  # net per seat once the hand is over
    shown: tuple[bool, ...] = ()  # hands revealed at showdown
    summary: str = ""
    details: tuple[str, ...] = ()  # per seat, once the hand is over: its low, or why it has none

    # read-only conveniences (not stored)
    @property
    def phh(self) -> tuple[str, ...]:
        """The PHH action lines so far (kept in two parts so a bet copies only its street's)."""
        return self.deal.history + self.phh_street if self.phh_street else self.deal.history

    @property
    def live(self) -> tuple[bool, ...]:
        return self.round.live

    @property
    def stacks(self) -> tuple[int, ...] | None:
        return self.round.stacks

    @property
    def contributed(self) -> tuple[int, ...]:
        return _contributed(self)

    @property
    def cards(self) -> tuple[tuple[str, ...], ...]:
        return self.deal.cards

    @property
    def community(self) -> str:
        return self.deal.community

    @property
    def street(self) -> int:
        return self.deal.street


#: how bad a door card is: rank (aces low) then suit (spades > hearts > diamonds > clubs)
_DOOR = {c: LOW_RANK[c[0]] * 4 + SUIT_ORDER[c[1]] for c in STANDARD_DECK.cards}


def final_stacks(state: RazzState) -> tuple[int, ...] | None:
    """Chips behind each seat after the hand (None: unlimited stacks)."""
    if state.round.stacks is None or state.payoffs is None:
        return state.round.stacks
    start = state.deal.start_stacks
    assert start is not None
    return tuple(s + p for s, p in zip(start, state.payoffs, strict=True))


# ---------------------------------------------------------------- helpers
_SAT_OUT, _FOLDED, _NOT_SHOWN = N_("sat out"), N_("folded"), N_("not shown")


def _details(deal: RazzDeal, live: tuple[bool, ...], lows: dict[int, str]) -> tuple[str, ...]:
    """Per seat, what decided its hand: its low as shown, or why there is none (for ``Outcome.details``)."""
    return tuple(
        lows.get(s) or _(_SAT_OUT if not deal.pk[s] else _FOLDED if not live[s] else _NOT_SHOWN)
        for s in range(deal.n)
    )


def _contributed(state: RazzState) -> tuple[int, ...]:
    return tuple(map(add, state.deal.banked, state.round.committed))


def _opener(street: int, cards: tuple[tuple[str, ...], ...], live: tuple[bool, ...], dealer: int) -> int:
    """Who brings in (3rd street: the worst door card) or opens (the best board; ties: first from the left)."""
    opener = -1
    if street == 3:
        worst = -1
        for s in _live_from_left(dealer, live):
            door = _DOOR[cards[s][2]]
            if door > worst:
                opener, worst = s, door
        return opener
    return best_showing(cards, _live_from_left(dealer, live))


@cache
def _from_left(dealer: int, n: int) -> tuple[int, ...]:
    return tuple((dealer + 1 + i) % n for i in range(n))


def _live_from_left(dealer: int, live: tuple[bool, ...]) -> tuple[int, ...]:
    """The live seats from the dealer's left: the order of dealing, showing and odd chips."""
    by_dealer = _LEFT.get(live)
    if by_dealer is None:
        n = len(live)
        by_dealer = _LEFT[live] = tuple(tuple(s for s in _from_left(d, n) if live[s]) for d in range(n))
    return by_dealer[dealer]


_LEFT: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = {}  # live seats -> their order from each dealer's left


def _player_numbers(dealer: int, dealt_in: tuple[bool, ...]) -> tuple[int, ...]:
    """Each seat's PHH player number (1 = first dealt in from the dealer's left; 0 = sitting out)."""
    pk = [0] * len(dealt_in)
    for i, s in enumerate(_live_from_left(dealer, dealt_in)):
        pk[s] = i + 1
    numbers = _PLAYER_NUMBERS[dealer, dealt_in] = tuple(pk)
    return numbers


_PLAYER_NUMBERS: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}  # at most 8 * 2**8


def _up(state: RazzState, seat: int) -> tuple[str, ...]:
    return state.deal.cards[seat][2:6]


def _down(state: RazzState, seat: int) -> tuple[str, ...]:
    cards = state.deal.cards[seat]
    return tuple(c for c in cards[:2] + cards[6:] if c != state.deal.community)
