"""Kabu's state: one hand, from the deal to the showdown (a frozen value)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import DEALT
from .options import KabuOptions

RECENT = 6  # public lines the table keeps


@dataclass(frozen=True, slots=True)
class KabuState:
    options: KabuOptions
    n: int
    dealer: int
    hand_no: int  # this hand's number in the game (1 = the first), carried from hand to hand
    hands: tuple[tuple[str, ...], ...]  # each seat's cards: the two dealt, then its draws (face down)
    queues: tuple[tuple[str, ...], ...]  # stacked draws per seat (tests)
    stock: tuple[str, ...]
    stacks: tuple[int, ...] | None  # chips at the table when dealt (None: not limited, no insolvency)
    turn: int  # the seat to draw or stand; -1 once the drawing is over
    done: tuple[bool, ...]  # stood, or drew twice: no more turns this hand
    recent: tuple[str, ...] = ()
    # --- set at the showdown
    payoffs: tuple[int, ...] | None = None
    insolvent: tuple[bool, ...] = ()
    summary: str = ""
    details: tuple[str, ...] = ()

    def draws(self, seat: int) -> int:
        return len(self.hands[seat]) - DEALT

    @property
    def over(self) -> bool:
        return self.payoffs is not None
