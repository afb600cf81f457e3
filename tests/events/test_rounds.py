"""The rounds format: table sizes, Swiss-style seating, and standings by placing points."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bot.service.events.pairing import first_round, meetings, next_round, seats_to_fill, table_sizes
from bot.service.events.standings import TableResult, advancing, format_points, placing_points, standings
from games.core.rng import rng_for


def test_table_sizes_fit_the_games_seat_range() -> None:
    assert table_sizes(12, 4, 4) == (4, 4, 4)
    assert table_sizes(13, 4, 4) is None
    assert seats_to_fill(13, 4, 4) == 3
    assert table_sizes(10, 3, 5) == (5, 5)
    assert table_sizes(11, 3, 5) == (4, 4, 3)
    assert table_sizes(2, 3, 5) is None and seats_to_fill(2, 3, 5) == 1


@given(players=st.integers(1, 64), smallest=st.integers(2, 4), extra=st.integers(0, 4))
def test_any_split_is_even_and_in_range(players: int, smallest: int, extra: int) -> None:
    largest = smallest + extra
    sizes = table_sizes(players, smallest, largest)
    if sizes is None:
        assert seats_to_fill(players, smallest, largest) > 0
        return
    assert sum(sizes) == players
    assert all(smallest <= s <= largest for s in sizes)
    assert max(sizes) - min(sizes) <= 1


def test_twelve_reversis_players_over_three_rounds_rarely_meet_again() -> None:
    field = list(range(1, 13))
    rounds = [first_round(field, (4, 4, 4), rng_for(3))]
    assert sorted(p for t in rounds[0] for p in t) == field
    results = []
    for r, tables in enumerate(rounds, start=1):
        for t, table in enumerate(tables):
            results.append(TableResult(r, t, {p: float(-p) for p in table}))
    for r in (2, 3):
        ranked = [ln.player for ln in standings(field, results)]
        tables = next_round(ranked, (4, 4, 4), meetings(rounds))
        assert sorted(p for t in tables for p in t) == field
        # The leader opens table one, with players of about the same standing.
        assert tables[0][0] == ranked[0]
        assert all(ranked.index(p) < 8 for p in tables[0])
        rounds.append(tables)
        for t, table in enumerate(tables):
            results.append(TableResult(r, t, {p: float(-p) for p in table}))
    repeats = sum(n - 1 for n in meetings(rounds).values() if n > 1)
    naive = sum(n - 1 for n in meetings([rounds[0], rounds[0], rounds[0]]).values() if n > 1)
    assert repeats < naive // 2


def test_placing_points_share_ties() -> None:
    assert placing_points({1: 10, 2: 5, 3: 5, 4: 0}) == {1: 3, 2: Fraction(3, 2), 3: Fraction(3, 2), 4: 0}
    assert placing_points({1: 7, 2: 7}) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert format_points(Fraction(5, 2)) == "2½" and format_points(Fraction(1, 3)) == "⅓"


def test_standings_add_placings_then_margins() -> None:
    results = [
        TableResult(1, 0, {1: 100, 2: 0, 3: -100}),
        TableResult(1, 1, {4: 10, 5: 9, 6: 8}),
        TableResult(2, 0, {1: -50, 4: 60, 5: 0}),
    ]
    lines = standings(range(1, 7), results)
    order = [ln.player for ln in lines]
    # 4: 2+2 = 4 points; 1: 2+0 = 2 (margin +100−53); 5: 1+1 = 2 (margin 0+(0−3.3)); …
    assert order[0] == 4
    assert order[1:3] == [1, 5]
    assert lines[0].placings == (1, 1)
    assert advancing(lines, 2) == (4, 1)
