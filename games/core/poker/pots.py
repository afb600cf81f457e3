"""Main and side pots, and splitting a pot between tied winners.

Chips are integers, so a split can leave odd chips; who gets them is a table
option (``odd_chips``), decided here once for every poker game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from games.core.i18n import N_
from games.core.options import labels

OddChips = Literal["first_left", "spread"]
#: The odd-chips option's values as players read them (``json_schema_extra`` of the field).
ODD_CHIPS_LABELS: dict[str, Any] = labels(
    {"first_left": N_("all to the first winner"), "spread": N_("one each, from the first winner")},
    changed=N_("Odd chips of a split pot go one each"),
)


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # seats that can win it


def side_pots(contributed: Sequence[int], live: Sequence[bool]) -> tuple[Pot, ...]:
    """Layer the chips by what each live seat put in; folded chips are dead money.

    A layer nobody live reached (a bet nobody called) belongs to the seats that
    reached it, so an uncalled bet goes back to whoever made it.
    """
    top = max(contributed, default=0)
    if top > 0 and any(live) and all(c == top for c, alive in zip(contributed, live, strict=False) if alive):
        # the usual showdown: everyone left put in the most, so one pot for them all
        return (Pot(sum(contributed), tuple(s for s, alive in enumerate(live) if alive)),)
    levels = sorted({c for c, alive in zip(contributed, live, strict=False) if alive and c > 0})
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributed)
        eligible = tuple(s for s, c in enumerate(contributed) if live[s] and c >= level)
        if not eligible:  # dead chips above every live seat: to the seats that put them in
            eligible = tuple(s for s, c in enumerate(contributed) if c >= level)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        previous = level
    return tuple(pots)


def split_amount(amount: int, winners: Sequence[int], rule: OddChips = "first_left") -> tuple[tuple[int, int], ...]:
    """(seat, chips) shares of ``amount``; ``winners`` are in order from the dealer's left.

    ``first_left``: every odd chip goes to the first winner (pokerkit's rule);
    ``spread``: one odd chip each, starting with the first winner.
    """
    share, odd = divmod(amount, len(winners))
    if rule == "first_left":
        return tuple((s, share + (odd if i == 0 else 0)) for i, s in enumerate(winners))
    return tuple((s, share + (1 if i < odd else 0)) for i, s in enumerate(winners))
