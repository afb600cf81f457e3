"""Fairmarket's table options and presets (the base game; the variants come as options later)."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict


class FairmarketOptions(BaseModel):
    """The base game has no options: one coin per station (two with two players)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


PRESETS = MappingProxyType({"standard": FairmarketOptions()})
