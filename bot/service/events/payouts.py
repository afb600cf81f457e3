"""How a tournament's prize pool is split: a payout table by the number of entrants.

The table is shown at sign-up (the issue asks for it), so it must be a pure function of the
entrant count, and the amounts must add up to the pool to the chip: prizes move through the
ledger as recorded transfers from the pool's account, and an audit that is one chip off is a bug.
Shares follow the usual shape of card-room tournaments (about one place paid in six or seven,
the winner taking the most, each place at least as much as the next); rounding goes by largest
remainder, ties to the better place, so no place ever gets less than the one below it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: (most entrants for this row, shares of the pool in per mille, best place first). Each row sums to 1000.
_TABLE: tuple[tuple[int, tuple[int, ...]], ...] = (
    (3, (1000,)),
    (6, (650, 350)),
    (12, (500, 300, 200)),
    (20, (400, 270, 190, 140)),
    (30, (360, 240, 170, 130, 100)),
    (45, (330, 210, 150, 110, 90, 60, 50)),
    (64, (300, 190, 130, 100, 80, 60, 50, 50, 40)),
)

#: The largest field a tournament takes (the issue: up to 64 players).
MAX_ENTRANTS = _TABLE[-1][0]


@dataclass(frozen=True)
class Prize:
    """What one finishing place wins: ``place`` counts from 1 (the winner)."""

    place: int
    chips: int


def shares(entrants: int) -> tuple[int, ...]:
    """The per-mille shares of the pool for ``entrants`` players, best place first."""
    if entrants < 1:
        raise ValueError("a tournament has at least one entrant")
    if entrants > MAX_ENTRANTS:
        raise ValueError(f"a tournament takes at most {MAX_ENTRANTS} entrants")
    for most, row in _TABLE:
        if entrants <= most:
            return row
    raise AssertionError("unreachable: the last row covers MAX_ENTRANTS")


def prizes(pool: int, entrants: int) -> tuple[Prize, ...]:
    """The pool split by the payout table: the amounts sum to ``pool`` exactly and never rise
    from one place to the next. A free tournament (pool 0) pays nothing but still lists its
    places, so the sign-up message can say who would be "in the money" for the leaderboard."""
    if pool < 0:
        raise ValueError("a prize pool can't be negative")
    row = shares(entrants)
    exact = [pool * share for share in row]  # in thousandths of a chip
    chips = [e // 1000 for e in exact]
    left = pool - sum(chips)
    # Largest remainder first; a tie goes to the better place (the lower index), which keeps the
    # amounts non-increasing because the shares themselves are.
    order = sorted(range(len(row)), key=lambda i: (-(exact[i] % 1000), i))
    for i in order[:left]:
        chips[i] += 1
    return tuple(Prize(place=i + 1, chips=c) for i, c in enumerate(chips))


def places_paid(entrants: int) -> int:
    """How many finishing places win something (for the sign-up message)."""
    return len(shares(entrants))


__all__ = ["MAX_ENTRANTS", "Prize", "places_paid", "prizes", "shares"]
