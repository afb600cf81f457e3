"""Partnerships: teams as data, partners seated across the table.

With four players the team of seat ``s`` is ``s % 2`` (seats 0 and 2 against 1
and 3), so the turn alternates between the partnerships. Results stay per seat
(the ``Outcome`` contract): both partners share their team's placing and score;
``teams_extra`` is what a game puts in ``Outcome.extra`` for team leaderboards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .game import placings_from


def team_count(seats: int) -> int:
    """Partnerships of two, seated across: four players make two teams."""
    if seats % 2:
        raise ValueError("partnerships need an even number of seats")
    return seats // 2


def team_of(seat: int, seats: int = 4) -> int:
    return seat % team_count(seats)


def members(team: int, seats: int = 4) -> tuple[int, ...]:
    """The seats of ``team``, in seat order."""
    n = team_count(seats)
    return tuple(range(team, seats, n))


def partner_of(seat: int, seats: int = 4) -> int:
    """The partner sitting across."""
    return (seat + team_count(seats)) % seats


def all_teams(seats: int = 4) -> tuple[tuple[int, ...], ...]:
    return tuple(members(t, seats) for t in range(team_count(seats)))


def per_seat(values: Sequence[int], seats: int = 4) -> tuple[int, ...]:
    """A value per team spread over the seats (partners get the same)."""
    return tuple(values[team_of(s, seats)] for s in range(seats))


def seat_placings(team_placings: Sequence[int], seats: int = 4) -> tuple[int, ...]:
    """Team placings as per-seat placings: both partners share their team's place."""
    return per_seat(team_placings, seats)


def team_placings(scores: Sequence[int], *, winner: int | None = None) -> tuple[int, ...]:
    """Placings of the teams by score (ties share); a declared ``winner`` alone in first."""
    keys = [2 * v + (1 if t == winner else 0) for t, v in enumerate(scores)]
    return placings_from(keys)


def teams_extra(seats: int = 4) -> dict[str, Any]:
    """What goes in ``Outcome.extra`` so the runtime can rank teams: ``{"teams": [[0, 2], [1, 3]]}``."""
    return {"teams": [list(t) for t in all_teams(seats)]}


__all__ = [
    "all_teams", "members", "partner_of", "per_seat", "seat_placings", "team_count", "team_of",
    "team_placings", "teams_extra",
]
