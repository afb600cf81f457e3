"""Frankenstein's state: one deal, from the antes to the showdown (a frozen value)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import add
from typing import Literal

from games.core.betting import BettingRound
from games.core.i18n import N_

from .options import FrankensteinOptions

Phase = Literal["bet1", "draw", "bet2", "over"]
RECENT = 6
_PHASE_NAMES = {"bet1": N_("Betting before the draw"), "draw": N_("The draw"), "bet2": N_("Betting after the draw"),
                "over": N_("Hand over")}


@dataclass(frozen=True, slots=True)
class FrankensteinState:
    options: FrankensteinOptions
    n: int
    dealer: int
    opener: int  # first bet and first draw (the dealer's left; it moves with the dealer each deal)
    phase: Phase
    hands: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]  # what each seat threw to the Zombie (face down)
    queues: tuple[tuple[str, ...], ...]  # stacked draw cards per seat (tests)
    stock: tuple[str, ...]
    carried_in: int  # the pot a Zombie win carried into this deal
    banked: tuple[int, ...]  # chips put in on earlier rounds (antes included)
    round: BettingRound  # live seats and stacks live here
    start_stacks: tuple[int, ...] | None = None
    drawing: tuple[int, ...] = ()  # seats yet to draw, in order
    payoffs: tuple[int, ...] | None = None
    carried_out: int = 0
    shown: tuple[bool, ...] = ()
    zombie_shown: bool = False
    summary: str = ""
    recent: tuple[str, ...] = ()
    details: tuple[str, ...] = ()  # per seat, once the deal is over: the hand it showed, or why none

    @property
    def live(self) -> tuple[bool, ...]:
        return self.round.live

    @property
    def contributed(self) -> tuple[int, ...]:
        return tuple(map(add, self.banked, self.round.committed))

    @property
    def zombie(self) -> tuple[str, ...]:
        return tuple(c for d in self.discards for c in d)

    @property
    def pot(self) -> int:
        return self.carried_in + sum(self.contributed)
