"""Rage's options and state: the whole game of ten deals as one frozen value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.sheet import ScoreSheet
from ..core.tricks import Trick, TrickPlay, winning_index
from .cards import (
    BONUS,
    CHANGE,
    COLOUR_OF,
    MAD,
    OUT,
    RANK_OF,
    WILD,
    WILD_RANK,
    build_deck,
)


class RageOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    first_hand: int = Field(
        10,
        ge=1,
        le=10,
        description=N_("Cards in the first deal; one fewer each deal down to 1 (10 = ten deals)."),
        json_schema_extra=labels(changed=N_("A first deal of {value} cards")),
    )
    wild: int = Field(2, ge=0, le=4, description=N_("Wild Rage cards in the deck (Fundex: 2)."))
    change: int = Field(4, ge=0, le=6, description=N_("Change Rage cards in the deck (Fundex: 4)."))
    out: int = Field(4, ge=0, le=6, description=N_("Out Rage cards in the deck (Fundex: 4)."))
    bonus: int = Field(2, ge=0, le=4, description=N_("Bonus Rage cards in the deck (Fundex: 2)."))
    mad: int = Field(2, ge=0, le=4, description=N_("Mad Rage cards in the deck (Fundex: 2)."))
    exact_bid: int = Field(10, ge=0, le=50, description=N_("Points for making an exact bid of one or more."))
    exact_zero: int = Field(5, ge=0, le=50, description=N_("Points for making an exact bid of zero."))
    miss_penalty: int = Field(
        0, ge=0, le=50, description=N_("House rule: points lost for missing a bid (rules: 0).")
    )

    def deck(self) -> tuple[str, ...]:
        return build_deck(
            {WILD: self.wild, CHANGE: self.change, OUT: self.out, BONUS: self.bonus, MAD: self.mad}
        )


@dataclass(frozen=True, slots=True)
class RageState:
    options: RageOptions
    seats: int
    seed: int
    deal_no: int  # 0-based; the deal's hand size is first_hand - deal_no
    dealer: int
    phase: str  # "bid", "play" or "over"
    turn: int  # the seat to bid (bidding phase)
    bids: tuple[int, ...]  # -1 = not yet bid
    play: TrickPlay
    stock: tuple[str, ...]  # the face-down trump pile
    trump: str  # the colour last shown on the trump pile ("" if none ever was)
    trump_card: str  # the card on top of the trump pile ("" if the pile had none of that colour)
    trump_out: bool  # an Out Rage turned the trump face down
    led: str  # the led colour of the trick in progress ("" until a colour or Wild card is played)
    calls: tuple[str, ...]  # per play of the trick in progress: the Wild's colour or the Change's trump
    last_calls: tuple[str, ...]  # the same for the last finished trick
    sheet: ScoreSheet
    recent: tuple[str, ...] = ()


def trick_winner(trick: Trick, calls: Sequence[str], trump: str, led: str) -> int:
    """The seat that wins a complete trick, judged with the trump as it stands at the end.

    ``calls[i]`` is the colour a Wild Rage was called; ``trump`` is "" after an
    Out Rage; ``led`` is "" when only action cards (no Wild) were played.
    Highest trump, else highest of the led colour; a Wild is above 15 of its
    colour; among equals (two same-colour Wilds, an all-action trick) the
    first card played wins.
    """

    def key(i: int, c: str) -> tuple[bool, bool, int, int]:
        col: str | None
        if c == WILD:
            col, rank = calls[i], WILD_RANK
        else:
            col, rank = COLOUR_OF.get(c), RANK_OF.get(c, -1)
        return (col == trump and bool(trump), col == led and bool(led), rank, -i)

    return trick.plays[winning_index(trick.cards, key)][0]
