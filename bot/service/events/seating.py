"""Seating a knockout tournament: the first draw, and balancing and merging tables as players drop.

A knockout plays on ordinary tables until one player holds every chip. As players are knocked
out, tables shrink unevenly; a player at a short table plays more hands against fewer opponents,
which card rooms avoid by moving players so table sizes never differ by more than one, and by
breaking a table as soon as the players left fit at one table fewer (down to the final table).

This module only plans: given who is still in at which table, it says who moves where. The
service carries a move out between hands of the tables concerned, so nobody leaves a hand with
chips in the pot; a plan is a pure function of its inputs (and a seeded generator for the first
draw), so a restart in the middle of a merge plans the same moves again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.core.rng import Rng


@dataclass(frozen=True)
class Move:
    """``player`` leaves table ``source`` for table ``target`` at their next break."""

    player: int
    source: int
    target: int


def table_count(players: int, size: int) -> int:
    """How many tables ``players`` need with at most ``size`` at each (at least one)."""
    if size < 2:
        raise ValueError("a table seats at least two")
    return max(1, -(-players // size))


def first_draw(players: Sequence[int], size: int, rng: Rng) -> tuple[tuple[int, ...], ...]:
    """The opening seat draw: the players in a seeded random order, dealt round the tables so
    their sizes differ by one at most (16 players at 6-handed tables: 6, 5, 5)."""
    order, _ = rng.shuffled(list(players))
    count = table_count(len(order), size)
    return tuple(tuple(order[t::count]) for t in range(count))


def plan(tables: Mapping[int, Sequence[int]], size: int) -> tuple[Move, ...]:
    """The moves that bring ``tables`` (table id → players still in, in seat order) back to shape.

    - If the players left fit at fewer tables, the table with the fewest players (the highest id
      among equals: the one opened last) breaks up, its players going one by one to the
      smallest other table (the lowest id among equals). Repeated until they fit.
    - Otherwise, while the largest table has two more than the smallest, the largest one's last
      seated player moves to the smallest.

    Empty tables are ignored (they have closed); a table's seat order decides who moves so the
    plan is the same after a restart.
    """
    live = {t: list(ps) for t, ps in tables.items() if ps}
    moves: list[Move] = []
    total = sum(len(ps) for ps in live.values())
    while len(live) > table_count(total, size):
        breaking = min(live, key=lambda t: (len(live[t]), -t))
        for player in live.pop(breaking):
            target = min(live, key=lambda t: (len(live[t]), t))
            live[target].append(player)
            moves.append(Move(player, breaking, target))
    while live:
        big = max(live, key=lambda t: (len(live[t]), -t))
        small = min(live, key=lambda t: (len(live[t]), t))
        if len(live[big]) - len(live[small]) < 2:
            break
        player = live[big].pop()
        live[small].append(player)
        moves.append(Move(player, big, small))
    return tuple(_collapse(moves))


def _collapse(moves: list[Move]) -> list[Move]:
    """One move per player, from where they sit now to where they end up (a player moved twice
    within one plan walks once)."""
    first: dict[int, Move] = {}
    for m in moves:
        start = first[m.player].source if m.player in first else m.source
        first[m.player] = Move(m.player, start, m.target)
    return [m for m in first.values() if m.source != m.target]


def is_final_table(tables: Mapping[int, Sequence[int]]) -> bool:
    """Whether one table holds everyone still in (the final table)."""
    return sum(1 for ps in tables.values() if ps) <= 1


__all__ = ["Move", "first_draw", "is_final_table", "plan", "table_count"]
