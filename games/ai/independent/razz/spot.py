"""The decision's inputs in one place, so each street's rules read as a short list of tests."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Spot:
    """Where I stand when I must act (after 3rd street only ``street`` 4..7 are asked)."""

    legal: list[str]
    street: int  # cards I hold: 3 on 3rd street .. 7 on the river
    eq: float  # my equity against every live hand
    fair: float  # an even share: 1 / players in the hand
    my_ranks: list[int]
    my_up: list[int]
    boards: dict[int, list[int]]  # each live opponent's up ranks
    opp_seats: list[int]
    best_board: bool  # my up cards look better than every other board
    level: int  # bets made this round
    pot: int
    to_call: int

    @property
    def n_opp(self) -> int:
        return len(self.opp_seats)
