"""Tresotti's options and state: the whole game, deal after deal, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.bidding import Auction
from ..core.sheet import ScoreSheet
from ..core.tricks import Trick, TrickPlay, winning_index
from .cards import BASIC, DEARWORTH, SUIT_OF, Reading


class TresottiOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sellersport: bool = Field(
        False, description=N_("Sellersport: exactly 3 players; the back half of each shuffle is dealt next.")
    )
    dearworth: bool = Field(
        False,
        description=N_("Dearworth: Ace low, two courses of nine; exact bid doubles, a failed bid loses it."),
    )
    target: int = Field(
        31, ge=5, le=200, description=N_("Points that win the game (rules: 31)."), json_schema_extra=labels(changed=N_("First to {value} points")),
    )

    def reading(self) -> Reading:
        return DEARWORTH if self.dearworth else BASIC


@dataclass(frozen=True, slots=True)
class TresottiState:
    options: TresottiOptions
    seats: int
    seed: int
    deal_no: int  # 0-based
    dealer: int
    phase: str  # "bid", "play" or "over"
    auction: Auction
    bidder: int  # -1 until the auction ends
    bid: int
    play: TrickPlay
    trump: str  # "" until the bidder's first lead names it
    back: tuple[str, ...]  # Sellersport: the back half, dealt in the next deal
    front: bool  # Sellersport: this deal is a front hand, after which the game cannot end
    sheet: ScoreSheet
    winner: int = -1
    recent: tuple[str, ...] = ()


HAND = 9
MIN_BID, MAX_BID = 3, 10


def trick_winner(trick: Trick, trump: str, reading: Reading) -> int:
    """The seat that wins a complete trick: trump over the led suit over the rest; within
    that, the led card's course over other courses (DECISIONS §3.2 #5), then rank."""
    lead = trick.plays[0][1]
    led_suit, led_course = SUIT_OF[lead], reading.course[lead]
    order, course = reading.order, reading.course

    def key(_i: int, c: str) -> tuple[bool, bool, bool, int]:
        s = SUIT_OF[c]
        return (s == trump, s == led_suit, course[c] == led_course, order[c])

    return trick.plays[winning_index(trick.cards, key)][0]
