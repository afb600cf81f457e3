"""Put and Take's table options: the stakes of the five cards of each round, and the presets."""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

Stakes = Literal["1-5", "1-16"]

#: What one matching card costs (put round) or brings (take round), card by card.
STAKES: dict[str, tuple[int, int, int, int, int]] = {
    "1-5": (1, 2, 3, 4, 5),
    "1-16": (1, 2, 4, 8, 16),
}


class PutTakeOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    stakes: Stakes = Field(
        "1-5",
        description=N_("Credits per matching card on the five cards of a round: 1-2-3-4-5, or 1-2-4-8-16."),
        json_schema_extra=labels(
            {"1-5": N_("1, 2, 3, 4, 5 a card"), "1-16": N_("1, 2, 4, 8, 16 a card (doubling)")},
            changed=N_("Doubling stakes: 1, 2, 4, 8, 16 a card"),
        ),
    )


PRESETS = MappingProxyType(
    {
        "standard": PutTakeOptions(),
        "doubling": PutTakeOptions(stakes="1-16"),
    }
)
#: What players read for each preset (the keys are what ``/play … preset:`` takes).
PRESET_LABELS = MappingProxyType(
    {"standard": N_("Standard"), "doubling": N_("Doubling stakes")}
)
