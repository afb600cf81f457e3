"""Fairmarket's table options and presets: each variant of the text is a field."""

from __future__ import annotations

from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.i18n import N_

#: "30-50 coins per player"; "twice the amount" with two players (FMV-2).
BUY_IN, BUY_IN_TWO = 40, 80


class FairmarketOptions(BaseModel):
    """The host's choices. The two-player ante (two coins per station) follows the number of
    players on its own (FMB-3); ``two_players`` only fixes a table at two seats."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    two_players: bool = Field(
        False, description=N_("Two players: a two-seat table; ten-coin ante, two per station (the two-player rules).")
    )
    jackpot: bool = Field(
        False, description=N_("Jackpot: a big carried pot feeds it a coin a round; take no more coins than it holds to win it.")
    )
    allben: bool = Field(
        False, description=N_("Allben story cards: the Page puts, the Consort cuts, the Queen quits; the same story cards played together counterfeit.")
    )
    lighton: bool = Field(False, description=N_("Lighton (with Allben): the Page also always takes a coin as the low."))
    lenders: bool = Field(
        False, description=N_("Lenders (with Allben): counterfeit Queens still quit, with no tithes and no claim on the Jackpot.")
    )
    seaside: bool = Field(
        False, description=N_("Seaside Jack (instead of the Jackpot): a dummy player with his own cards; take fewer coins than he does to win his purse.")
    )

    @model_validator(mode="after")
    def _stories_need_allben(self) -> FairmarketOptions:
        if (self.lighton or self.lenders) and not self.allben:
            raise ValueError("Lighton and Lenders are versions of the Allben story cards: choose Allben too.")
        return self

    @model_validator(mode="after")
    def _one_jackpot(self) -> FairmarketOptions:
        if self.seaside and self.jackpot:
            raise ValueError("Seaside Jack replaces the Jackpot: choose one of them, not both.")
        return self


#: The words of the presets' names as players read them (a preset's label lists its parts).
PART_LABELS = MappingProxyType(
    {
        "two players": N_("Two players"), "allben": N_("Allben"), "lighton": N_("Lighton"), "lenders": N_("Lenders"),
        "jackpot": N_("Jackpot"), "seaside jack": N_("Seaside Jack"),
    }
)


def _presets() -> tuple[dict[str, FairmarketOptions], dict[str, str | tuple[str, ...]]]:
    """Every combination the text allows, named the way players say it: the table size (two
    players or not) × the prize (none, the Jackpot, Seaside Jack) × the story cards (none,
    Allben, Lighton, Lenders) — 24 presets, within a Discord menu's 25 options. Lighton and
    Lenders together are left to the options. Each preset's label lists its parts' labels."""
    stories = {
        "": {}, "allben": {"allben": True},
        "lighton": {"allben": True, "lighton": True}, "lenders": {"allben": True, "lenders": True},
    }
    prizes = {"": {}, "jackpot": {"jackpot": True}, "seaside jack": {"seaside": True}}
    out: dict[str, FairmarketOptions] = {}
    shown: dict[str, str | tuple[str, ...]] = {}
    for two in (False, True):
        for story, story_opts in stories.items():
            for prize, prize_opts in prizes.items():
                words = [w for w in ("two players" if two else "", story, prize) if w]
                name = " ".join(words) or "standard"
                out[name] = FairmarketOptions(two_players=two, **story_opts, **prize_opts)
                shown[name] = tuple(PART_LABELS[w] for w in words) or N_("Standard")
    return out, shown


_PRESETS, _LABELS = _presets()
PRESETS = MappingProxyType(_PRESETS)
PRESET_LABELS = MappingProxyType(_LABELS)
