"""Frankenstein table options and presets (DECISIONS §4.9: fixed limit 1/2, ante 1, cap 4)."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.i18n import N_
from games.core.poker.pots import ODD_CHIPS_LABELS, OddChips


class FrankensteinOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ante: int = Field(1, ge=0, le=1000, description=N_("Chips every player antes at each deal (re-deals too)."))
    small_bet: int = Field(1, ge=1, le=1000, description=N_("Bet and raise size before the draw."))
    big_bet: int = Field(2, ge=1, le=2000, description=N_("Bet and raise size after the draw."))
    cap: int = Field(4, ge=1, le=20, description=N_("Most bets per round: a bet and its raises."))
    max_discard: int = Field(3, ge=0, le=3, description=N_("Most cards a player may throw to the Zombie."))
    odd_chips: OddChips = Field(
        "first_left",
        description=N_("Odd chips of a split pot: all to the first winner from the open seat, or one each."),
        json_schema_extra=ODD_CHIPS_LABELS,
    )

    @model_validator(mode="after")
    def _stakes_make_sense(self) -> FrankensteinOptions:
        if self.small_bet > self.big_bet:
            raise ValueError("the small bet can't be bigger than the big bet")
        return self


PRESETS = MappingProxyType(
    {
        "standard": FrankensteinOptions(),
        "double": FrankensteinOptions(ante=2, small_bet=2, big_bet=4),
    }
)
#: What players read for each preset (the keys are what ``/play … preset:`` takes).
PRESET_LABELS = MappingProxyType(
    {"standard": N_("Standard"), "double": N_("Double stakes")}
)
