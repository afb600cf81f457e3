"""Options for the Renfield family: every variant is a field, combinable where the texts allow."""

from __future__ import annotations

from types import MappingProxyType
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from games.core.i18n import N_
from games.core.options import labels

from .profile import RENFIELD, SCURRO, DeckProfile

HAND_SIZE = 6
STUD_SIZE = 7
BREATHING_SIZE = 8
AUCTION_PACK = 7
AUCTION_CEILING = 10  # "a maximum bid of ten dollars, which buys any card outright"


class FamilyOptions(BaseModel):
    """Shared fields; the subclasses only name their deck profile."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    profile: ClassVar[DeckProfile]

    stud: bool = Field(False, description=N_("Stud: seven cards each, three face down and four face up; play six (max 7 players)."))
    breathing_room: bool = Field(False, description=N_("Eight cards each, play six (max 6 players)."))
    draw: bool = Field(False, description=N_("Draw: a fixed-limit poker betting round, then discard up to four and refill to six."))
    draw_bet: int = Field(1, ge=1, le=20, description=N_("Draw: the fixed bet and raise size."))
    draw_cap: int = Field(4, ge=1, le=10, description=N_("Draw: most bets (the bet plus raises) in the betting round."))
    auction: bool = Field(False, description=N_("Auction: seven cards are auctioned one by one before the bidding (max 7 players)."))
    wild_cards: tuple[str, ...] = Field((), max_length=9, description=N_("Wild cards: play as any suit and rank, score at face value."))
    death_cards: tuple[str, ...] = Field((), max_length=6, description=N_("Death cards: a trick holding one is taken by nobody."))
    death_suits: Literal["none", "all"] = Field(
        "none",
        description=N_("Death cards have no suit (play only when void) or all suits (may always follow)."),
        json_schema_extra=labels(
            {"none": N_("no suit (played only when void)"), "all": N_("every suit (may always follow)")},
            changed=N_("Death Cards of every suit"),
        ),
    )
    flatline: bool = Field(False, description=N_("Flatline: no suit order; cards compare by rank, a later equal rank wins."))
    flatline_keys: bool = Field(
        False, description=N_("Flatline: shuffle the key cards into the deck; a led key card makes its suit high.")
    )
    blaze: bool = Field(False, description=N_("Blaze: ante 1, bid in bugs round and round; the bidder must take at least the bid."))
    blaze_penalty: int = Field(
        0, ge=0, le=500, description=N_("Blaze: a failed bidder pays this much (0 = match the pot, the rule as written).")
    )
    buy_the_trick: bool = Field(False, description=N_("Buying the Trick: fold with no points by paying for the cards in the trick."))
    max_bid: int = Field(30, ge=10, le=200, description=N_("The highest bid offered (dollars, or bugs in Blaze)."))

    @field_validator("wild_cards", "death_cards")
    @classmethod
    def _cards_of_this_deck(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        deck = cls.profile.deck
        for code in value:
            if code not in deck:
                raise ValueError(f"{code!r} isn't a card of this deck")
        if len(set(value)) != len(value):
            raise ValueError("a card is listed twice")
        return tuple(c for c in deck.cards if c in value)  # canonical order

    @model_validator(mode="after")
    def _combinable(self) -> FamilyOptions:
        p = type(self).profile
        if self.stud and self.breathing_room:
            raise ValueError("Stud (7 cards) and Breathing Room (8 cards) deal different hands; pick one.")
        if self.draw and (self.stud or self.breathing_room):
            raise ValueError("Draw refills hands to six cards, so it can't be combined with Stud or Breathing Room.")
        if self.flatline_keys and not self.flatline:
            raise ValueError(f"Shuffling the {p.key_word} in is a Flatline option; turn Flatline on.")
        keys_in = self.flatline and self.flatline_keys
        for code in (*self.wild_cards, *self.death_cards):
            if code in p.keys and not keys_in:
                raise ValueError(f"{code} is a suit indicator and isn't dealt in this game.")
        if set(self.wild_cards) & set(self.death_cards):
            raise ValueError("A card can't be both wild and a Death Card.")
        return self

    # ----------------------------------------------------------- derived
    @property
    def hand_size(self) -> int:
        if self.stud:
            return STUD_SIZE
        if self.breathing_room:
            return BREATHING_SIZE
        return HAND_SIZE

    def deck_cards(self) -> tuple[str, ...]:
        p = type(self).profile
        if self.flatline and self.flatline_keys:
            return tuple(c for c in p.deck.cards)
        return p.playable

    def max_players(self) -> int:
        """The texts' maxima, and never more players than the deck can deal."""
        top = 8
        if self.stud:
            top = min(top, 7)
        if self.breathing_room:
            top = min(top, 6)
        if self.auction:
            top = min(top, 7)
        pack = AUCTION_PACK if self.auction else 0
        return min(top, (len(self.deck_cards()) - pack) // self.hand_size)


class RenfieldOptions(FamilyOptions):
    profile: ClassVar[DeckProfile] = RENFIELD


class ScurroOptions(FamilyOptions):
    profile: ClassVar[DeckProfile] = SCURRO

    breathing_room: bool = Field(False, description=N_("8-Card Stud: eight cards each, play six (max 6 players)."))
    stud: bool = Field(False, description=N_("7-Card Stud: seven cards, three face down and four face up; play six (max 7)."))
    flatline_keys: bool = Field(False, description=N_("Flatline: shuffle the Aces in; a led Ace makes its suit high."))
    blaze: bool = Field(False, description=N_("Blaze: bid in points round and round; the bidder must take at least the bid."))
    max_bid: int = Field(30, ge=10, le=200, description=N_("The highest bid offered (coins, or points in Blaze)."))


def _presets(
    cls: type[FamilyOptions], wild: tuple[str, ...], death: tuple[str, ...], scurro: bool
) -> dict[str, FamilyOptions]:
    presets = {
        "standard": cls(),
        "7-card-stud" if scurro else "stud": cls(stud=True),
        "8-card-stud" if scurro else "breathing-room": cls(breathing_room=True),
        "draw": cls(draw=True),
        "auction": cls(auction=True),
        "wild": cls(wild_cards=wild),
        "death": cls(death_cards=death),
        "death-all-suits": cls(death_cards=death, death_suits="all"),
        "flatline": cls(flatline=True),
        "flatline-aces" if scurro else "flatline-zeros": cls(flatline=True, flatline_keys=True),
        "blaze": cls(blaze=True),
        "buy-the-trick": cls(buy_the_trick=True),
        "mayhem": cls(stud=True, wild_cards=wild, death_cards=death, buy_the_trick=True),
        "blaze-auction": cls(blaze=True, auction=True, death_cards=death),
        "draw-auction-flatline": cls(draw=True, auction=True, flatline=True, buy_the_trick=True),
    }
    return presets


#: What players read for each preset (the keys are what ``/play … preset:`` takes).
PRESET_LABELS = MappingProxyType(
    {
        "standard": N_("Standard"),
        "stud": N_("Stud"),
        "7-card-stud": N_("7-Card Stud"),
        "breathing-room": N_("Breathing Room"),
        "8-card-stud": N_("8-Card Stud"),
        "draw": N_("Draw"),
        "auction": N_("Auction"),
        "wild": N_("Wild cards"),
        "death": N_("Death Cards"),
        "death-all-suits": N_("Death Cards of every suit"),
        "flatline": N_("Flatline"),
        "flatline-zeros": N_("Flatline with the Zeros shuffled in"),
        "flatline-aces": N_("Flatline with the Aces shuffled in"),
        "blaze": N_("Blaze"),
        "buy-the-trick": N_("Buying the Trick"),
        "mayhem": N_("Mayhem: Stud, wild cards, Death Cards and Buying the Trick"),
        "blaze-auction": N_("Blaze with an Auction and Death Cards"),
        "draw-auction-flatline": N_("Draw, Auction and Flatline with Buying the Trick"),
    }
)
RENFIELD_PRESETS = _presets(RenfieldOptions, ("T1", "P1", "S1"), ("S13",), scurro=False)
SCURRO_PRESETS = _presets(ScurroOptions, ("F3", "B3", "C3"), ("CQ",), scurro=True)
