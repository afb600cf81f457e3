"""The level clock of a knockout: forced bets rise on a schedule so a tournament ends in time.

With fixed antes and bring-ins a knockout between careful players can last all night; card rooms
raise the forced bets every few minutes. Here a level is a multiplier of the table's own stake
options (those a game names as its stakes: Razz's ante, bring-in and bets, Frankenstein's ante
and bets…), so the rise keeps each game's proportions and its options' own checks (Razz: bring-in
below the small bet) still hold. A level that would break an option's limits is not reached: the
stakes stay at the last level that fits, and the clock says so.

The clock runs on the tournament's start time and the service's clock, never on a timer kept in
memory, so a restart reads the same level; a table takes a new level at its next deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel, ValidationError

#: How many times the opening stakes each level plays for (the usual doubling-ish ladder).
MULTIPLIERS: tuple[int, ...] = (1, 2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200)

Opts = TypeVar("Opts", bound=BaseModel)


@dataclass(frozen=True)
class Level:
    """Level ``number`` (from 1) plays at ``multiplier`` times the opening stakes; it began
    ``started`` seconds after the tournament did and ends ``ends`` seconds after (None: the last)."""

    number: int
    multiplier: int
    started: float
    ends: float | None


def level_at(elapsed: float, seconds_per_level: float) -> Level:
    """The level running ``elapsed`` seconds after the start (the last level runs on for ever)."""
    if seconds_per_level <= 0:
        raise ValueError("a level lasts some time")
    index = min(int(max(elapsed, 0.0) // seconds_per_level), len(MULTIPLIERS) - 1)
    last = index == len(MULTIPLIERS) - 1
    return Level(
        number=index + 1,
        multiplier=MULTIPLIERS[index],
        started=index * seconds_per_level,
        ends=None if last else (index + 1) * seconds_per_level,
    )


def raised(options: Opts, stakes: Sequence[str], multiplier: int) -> Opts:
    """``options`` with each of its ``stakes`` fields multiplied, checked by the options' own
    model; if that breaks a limit, the largest lower multiplier of the ladder that fits (the
    opening stakes at worst)."""
    if multiplier < 1:
        raise ValueError("stakes only rise")
    ladder = [m for m in MULTIPLIERS if m <= multiplier]
    if not ladder or ladder[-1] != multiplier:
        ladder.append(multiplier)
    base = options.model_dump()
    for m in reversed(ladder):
        update = {name: int(base[name]) * m for name in stakes}
        try:
            return type(options).model_validate({**base, **update})
        except ValidationError:
            continue
    return options


__all__ = ["MULTIPLIERS", "Level", "level_at", "raised"]
