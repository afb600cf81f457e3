"""Kabu table options and presets."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels


class KabuOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    point_value: int = Field(
        1, ge=1, le=100, description=N_("Chips paid for each point between two totals (the text: one credit)."),
        json_schema_extra=labels(changed=N_("{value} chips a point")),
    )


PRESETS = MappingProxyType(
    {
        "standard": KabuOptions(),
        "high": KabuOptions(point_value=5),
    }
)
#: What players read for each preset (the keys are what ``/play … preset:`` takes).
PRESET_LABELS = MappingProxyType(
    {"standard": N_("Standard"), "high": N_("High stakes: 5 chips a point")}
)
