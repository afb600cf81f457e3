"""Which games a tournament format takes, and a new event's defaults (pure: no Discord, no database).

A *knockout* plays for tournament chips until one player holds them all, with forced bets raised
on the level clock (``levels.raised``), so it needs a chip game played hand by hand whose stakes
the clock can raise: the games named in ``STAKES`` with the option fields that are their stakes.
A game joins knockouts by adding its stakes here. *Rounds* seat players for an agreed number of
deals and carry placings to standings (``pairing``, ``standings``): any other game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel

from games import Game

Format = Literal["knockout", "rounds"]
FORMATS: tuple[Format, ...] = ("knockout", "rounds")

#: The option fields a knockout's level clock multiplies, per game (``levels.raised``).
STAKES: Mapping[str, tuple[str, ...]] = {
    "razz": ("ante", "bring_in", "small_bet", "big_bet"),
    "frankenstein": ("ante", "small_bet", "big_bet"),
}

#: Most players at one tournament table (a game may seat fewer).
TABLE_SIZE = 6
#: Tournament chips each knockout entrant starts with, and minutes per level.
STARTING_STACK = 1_000
LEVEL_MINUTES = 10
#: A rounds event's default: deals per round and rounds.
DEALS_PER_ROUND = 1
ROUNDS = 3


def supports(game: Game, options: BaseModel, fmt: Format) -> bool:
    """Whether ``game`` (with ``options``) can be played as a ``fmt`` tournament."""
    knockout = game.id in STAKES and game.hand_by_hand and game.plays_for_chips(options)
    return knockout if fmt == "knockout" else game.id not in STAKES


def formats_of(game: Game, options: BaseModel) -> tuple[Format, ...]:
    """The formats ``game`` supports (for the refusal's wording and the command's choices)."""
    return tuple(f for f in FORMATS if supports(game, options, f))


def table_size(game: Game, options: BaseModel) -> int:
    """Players per table: the game's most, at most ``TABLE_SIZE`` (Reversis: 4; Razz: 6)."""
    low, high = game.seat_limits(options)
    return max(low, min(high, TABLE_SIZE))


def starting_stack(game: Game, options: BaseModel) -> int:
    """Tournament chips per entrant: a knockout's stack, or a chip game's buy-in at a rounds table."""
    return STARTING_STACK if game.plays_for_chips(options) else 0


__all__ = [
    "DEALS_PER_ROUND",
    "FORMATS",
    "LEVEL_MINUTES",
    "ROUNDS",
    "STAKES",
    "STARTING_STACK",
    "TABLE_SIZE",
    "Format",
    "formats_of",
    "starting_stack",
    "supports",
    "table_size",
]
