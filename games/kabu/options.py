"""Kabu table options and presets."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_


class KabuOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    point_value: int = Field(
        1, ge=1, le=100, description=N_("Chips paid for each point between two totals (the text: one credit).")
    )


PRESETS = MappingProxyType(
    {
        "standard": KabuOptions(),
        "high": KabuOptions(point_value=5),
    }
)
