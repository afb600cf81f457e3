"""Razz table options (stakes, cap, odd chips) and presets."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.i18n import N_
from games.core.poker.pots import ODD_CHIPS_LABELS, OddChips


class RazzOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ante: int = Field(1, ge=0, le=1000, description=N_("Chips every player antes before the deal."))
    bring_in: int = Field(2, ge=1, le=1000, description=N_("Forced opening bet of the highest door card."))
    small_bet: int = Field(4, ge=2, le=2000, description=N_("Bet and raise size on 3rd and 4th street."))
    big_bet: int = Field(8, ge=2, le=4000, description=N_("Bet and raise size from 5th street on."))
    cap: int = Field(4, ge=1, le=20, description=N_("Most bets per round: a bet (or completion) and its raises."))
    heads_up_uncapped: bool = Field(
        True, description=N_("No raise cap while only two players are left in the hand.")
    )
    odd_chips: OddChips = Field(
        "first_left",
        description=N_("Odd chips of a split pot: all to the first winner from the dealer's left, or one each."),
        json_schema_extra=ODD_CHIPS_LABELS,
    )

    @model_validator(mode="after")
    def _stakes_make_sense(self) -> RazzOptions:
        if not self.bring_in < self.small_bet <= self.big_bet:
            raise ValueError("need bring-in < small bet <= big bet")
        return self


PRESETS = MappingProxyType(
    {
        "standard": RazzOptions(),
        "capped": RazzOptions(heads_up_uncapped=False),
        "big": RazzOptions(ante=2, bring_in=5, small_bet=10, big_bet=20),
    }
)
#: What players read for each preset (the keys are what ``/play … preset:`` takes).
PRESET_LABELS = MappingProxyType(
    {
        "standard": N_("Standard"),
        "capped": N_("Raises capped heads-up too"),
        "big": N_("Big stakes"),
    }
)
