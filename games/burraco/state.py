"""Burraco's options, card values, meld rules and state: the whole game, deal after deal."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.rummy.cards import JOKER, deck_ids
from ..core.rummy.melds import Meld, MeldRules
from ..core.sheet import ScoreSheet

SEATS = 4
HAND = 11
POZZETTO = 11
DECK = deck_ids(2, 4)  # 108 cards: two decks and four jokers
#: The stock left when the hand ends (after the drawer of the third-from-last card ends the turn).
STOCK_END = 2
#: Turns in a row that take a one-card pile before the hand ends in a stalemate (BU-2).
STALEMATE = 4
CLEAN_BONUS, DIRTY_BONUS, CLOSE_BONUS, NO_POZZETTO = 200, 100, 100, -100

#: Jokers and 2s are wild; one wild per meld; a 2 of the run's suit may be its natural self;
#: aces high or low; one set per rank per team; no cap on a meld's size (BU-6); a burraco is 7+.
RULES = MeldRules(
    max_wilds=1,
    min_naturals=2,
    wild_ranks=frozenset({"2"}),
    wild_natural_in_runs=True,
    aces="both",
    one_set_per_rank=True,
    wilds_move=True,
    wild_low=True,
    book=7,
)

_VALUES = {"A": 15, "2": 20, **dict.fromkeys("89TJQK", 10), **dict.fromkeys("34567", 5)}


def value(card: str) -> int:
    """Joker 30, 2 20, ace 15, K–8 10, 7–3 5."""
    return 30 if card[:2] == JOKER else _VALUES[card[0]]


def is_wild(card: str) -> bool:
    return card[:2] == JOKER or card[0] == "2"


class BurracoOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    target: int = Field(
        2000, ge=100, le=10000, description=N_("The game ends when a team's score exceeds this (rules: 2,000)."),
        json_schema_extra=labels(changed=N_("Game over past {value} points")),
    )
    max_deals: int = Field(
        20, ge=1, le=100,
        description=N_("A safeguard the rules lack: after this many deals the higher team wins anyway."),
    )


@dataclass(frozen=True, slots=True)
class BurracoState:
    options: BurracoOptions
    seed: int
    deal_no: int  # 0-based
    dealer: int
    phase: str  # "draw", "play" (meld and discard) or "over"
    turn: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]  # top first
    pile: tuple[str, ...]  # the discard pile, bottom first (the top card is last)
    pozzetti: tuple[tuple[str, ...], ...]  # the two pozzetti; () once taken
    taken: tuple[int, ...]  # per team: the pozzetto it took (0 or 1), -1 not yet
    face_down: tuple[tuple[str, ...], ...]  # per seat: a pozzetto taken by discarding, unseen until its turn
    melds: tuple[tuple[Meld, ...], ...]  # per team
    sheet: ScoreSheet  # per seat; partners always share the same figures
    selection: tuple[str, ...] = ()  # the cards the seat to play has picked for a meld
    keep: str = ""  # a one-card pile taken this turn: that card may not be discarded
    one_card_turns: int = 0  # turns in a row that took a one-card pile
    last_turn: bool = False  # the stock is down to two: the hand ends after this turn
    winner: int = -1  # the winning team once the game is over
    closed_by: int = -1  # who closed the last deal (-1: nobody)
    recent: tuple[str, ...] = ()


def team(seat: int) -> int:
    return seat % 2
