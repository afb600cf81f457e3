"""Fünfzehnern's options and state: one deal of a match, with the match so far carried in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.leads import Duties, Force
from ..core.tricks import Trick, TrickPlay
from .cards import ORDER, SUIT_OF


class FuenfOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    chips_per_point: int = Field(
        1, ge=1, le=100, description=N_("Chips paid into (or taken from) the pool per point below (above) 15.")
    )
    deals: int = Field(
        12, ge=1, le=60, description=N_("Deals in a match; the table ends after the last (12: each player deals alike)."),
        json_schema_extra=labels(changed=N_("A match of {value} deals")),
    )


PRESETS = MappingProxyType(
    {
        "standard": FuenfOptions(),
        "short": FuenfOptions(deals=6),
    }
)
#: What players read for each preset (the keys are what ``/play … preset:`` takes).
PRESET_LABELS = MappingProxyType(
    {"standard": N_("Standard"), "short": N_("Short match: 6 deals")}
)


@dataclass(frozen=True, slots=True)
class FuenfState:
    options: FuenfOptions
    seats: int
    seed: int
    dealer: int
    deal_no: int  # this deal's number in the match, 1-based
    totals: tuple[int, ...]  # the match so far (each deal's points − 15, summed), before this deal
    rows: tuple[tuple[int, ...], ...]  # earlier deals' scores, for the score sheet
    play: TrickPlay
    duties: Duties  # the suit each seat must keep leading
    force: Force | None = None  # a zwang declared on the current trick
    recent: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.play.done

    @property
    def last_deal(self) -> bool:
        return self.deal_no >= self.options.deals


def trick_winner(trick: Trick) -> int:
    """The highest card of the suit led wins (there are no trumps)."""
    led = SUIT_OF[trick.plays[0][1]]
    best_seat, best = trick.plays[0]
    for seat, card in trick.plays[1:]:
        if SUIT_OF[card] == led and ORDER[card] > ORDER[best]:
            best_seat, best = seat, card
    return best_seat


def match_from(carry: Mapping[str, Any] | None, seats: int, deals: int) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(this deal's number, totals so far, earlier rows) from the last deal's ``carry``.

    A carry from the match's last deal starts a new match; totals or rows of another
    number of seats (the table changed and the runtime dropped them) start from zero.
    """
    zero = (0,) * seats
    if not carry:
        return 1, zero, ()
    played = int(carry.get("deal", 0))
    if played >= deals or played < 0:
        return 1, zero, ()
    totals = tuple(int(t) for t in carry.get("totals", ()))
    rows = tuple(tuple(int(v) for v in row) for row in carry.get("rows", ()))
    if len(totals) != seats or any(len(r) != seats for r in rows):
        return played + 1, zero, ()
    return played + 1, totals, rows
