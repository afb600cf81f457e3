"""Who sits with whom in each round of a rounds tournament (Swiss-style seating).

Round one is a seeded draw. From round two on, players sit with others of about the same
standing (the Swiss system's idea: leaders meet leaders, so the standings sort themselves out in
a few rounds) while avoiding, where the field allows, tablemates they have already met. Tables
are as even as the game's seat range allows; when no split fits (Reversis seats exactly four,
13 entrants), the event fills the gap with computer players if its rules allow them, and
``seats_to_fill`` says how many.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from games.core.rng import Rng


def table_sizes(players: int, smallest: int, largest: int) -> tuple[int, ...] | None:
    """``players`` split into the fewest tables of ``smallest``…``largest`` seats whose sizes
    differ by one at most (largest tables first), or None if no split fits."""
    if players < smallest:
        return None
    count = -(-players // largest)
    while count * smallest <= players:
        base, extra = divmod(players, count)
        if smallest <= base and base + (1 if extra else 0) <= largest:
            return tuple([base + 1] * extra + [base] * (count - extra))
        count += 1
    return None


def seats_to_fill(players: int, smallest: int, largest: int) -> int:
    """How many computer players make the field fit ``table_sizes`` (0 when it already does)."""
    k = 0
    while table_sizes(players + k, smallest, largest) is None:
        k += 1
    return k


def first_round(players: Sequence[int], sizes: Sequence[int], rng: Rng) -> tuple[tuple[int, ...], ...]:
    """Round one: a seeded random draw into tables of ``sizes``."""
    _check(players, sizes)
    order, _ = rng.shuffled(list(players))
    return _cut(order, sizes)


def next_round(
    ranked: Sequence[int], sizes: Sequence[int], met: Mapping[frozenset[int], int]
) -> tuple[tuple[int, ...], ...]:
    """A later round: ``ranked`` is the field best first, ``met`` counts how often each pair has
    sat together. Tables are filled top down: the best player not yet seated opens a table, and
    each seat goes to whichever of the next few unseated players (by standing) has met the
    table's players least, the better-placed among equals. The window keeps tables near their
    standing: a player never jumps more than one table's worth of places."""
    _check(ranked, sizes)
    left = list(ranked)
    tables: list[tuple[int, ...]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            window = left[: size + 1]
            pick = min(
                window, key=lambda p: (sum(met.get(frozenset((p, q)), 0) for q in table), left.index(p))
            )
            left.remove(pick)
            table.append(pick)
        tables.append(tuple(table))
    return tuple(tables)


def meetings(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[frozenset[int], int]:
    """How often each pair of players has sat at one table, from the rounds played."""
    met: dict[frozenset[int], int] = {}
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met


def _check(players: Sequence[int], sizes: Sequence[int]) -> None:
    if sum(sizes) != len(players):
        raise ValueError("the tables' seats must match the players")
    if len(set(players)) != len(players):
        raise ValueError("a player can sit at one table only")


def _cut(order: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    at = 0
    for size in sizes:
        out.append(tuple(order[at : at + size]))
        at += size
    return tuple(out)


__all__ = ["first_round", "meetings", "next_round", "seats_to_fill", "table_sizes"]
