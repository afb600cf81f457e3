"""Fairmarket's table options and presets: each variant of the text is a field."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field

#: "30-50 coins per player"; "twice the amount" with two players (FMV-2).
BUY_IN, BUY_IN_TWO = 40, 80


class FairmarketOptions(BaseModel):
    """The host's choices. The two-player ante (two coins per station) follows the number of
    players on its own (FMB-3); ``two_players`` only fixes a table at two seats."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    two_players: bool = Field(
        False, description="Two players: a two-seat table; ten-coin ante, two per station (the two-player rules)."
    )
    jackpot: bool = Field(
        False, description="Jackpot: a big carried pot feeds it a coin a round; take no more coins than it holds to win it."
    )


PRESETS = MappingProxyType(
    {
        "standard": FairmarketOptions(),
        "two players": FairmarketOptions(two_players=True),
        "jackpot": FairmarketOptions(jackpot=True),
        "two players jackpot": FairmarketOptions(two_players=True, jackpot=True),
    }
)
