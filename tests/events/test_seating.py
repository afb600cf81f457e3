"""Knockout seating: the first draw and the balancing/merging plan as players drop."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given
from hypothesis import strategies as st

from bot.service.events.seating import Move, first_draw, is_final_table, plan, table_count
from games.core.rng import rng_for


def _apply(tables: Mapping[int, Sequence[int]], moves: Sequence[Move]) -> dict[int, list[int]]:
    out = {t: list(ps) for t, ps in tables.items()}
    for m in moves:
        assert m.player in out[m.source], "a move takes someone who sits at its source"
        out[m.source].remove(m.player)
        out[m.target].append(m.player)
    return {t: ps for t, ps in out.items() if ps}


def test_sixteen_at_six_handed_tables() -> None:
    draw = first_draw(list(range(1, 17)), 6, rng_for(7))
    assert sorted(len(t) for t in draw) == [5, 5, 6]
    assert sorted(p for t in draw for p in t) == list(range(1, 17))
    assert draw == first_draw(list(range(1, 17)), 6, rng_for(7)), "the draw is reproducible"
    assert draw != first_draw(list(range(1, 17)), 6, rng_for(8))


def test_a_table_breaks_when_the_rest_fit_at_fewer() -> None:
    # 3 tables of 6 seats, 12 players left: they fit at two; table 3 (smallest) breaks.
    tables = {1: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10], 3: [11, 12]}
    moves = plan(tables, 6)
    assert {m.source for m in moves} == {3}
    after = _apply(tables, moves)
    assert sorted(len(ps) for ps in after.values()) == [6, 6]


def test_uneven_tables_are_balanced_by_the_last_seated() -> None:
    tables = {1: [1, 2, 3, 4, 5, 6], 2: [7, 8, 9, 10]}
    assert plan(tables, 6) == (Move(6, 1, 2),)
    assert plan({1: [1, 2, 3], 2: [4, 5]}, 6) == (Move(4, 2, 1), Move(5, 2, 1))  # final table


@given(
    sizes=st.lists(st.integers(0, 6), min_size=1, max_size=11),
    size=st.integers(2, 6),
)
def test_any_plan_leaves_tables_full_enough_and_even(sizes: list[int], size: int) -> None:
    sizes = [min(s, size) for s in sizes]
    tables: dict[int, list[int]] = {}
    nxt = 1
    for t, n in enumerate(sizes, start=1):
        tables[t] = list(range(nxt, nxt + n))
        nxt += n
    total = sum(sizes)
    moves = plan(tables, size)
    after = _apply(tables, moves)
    assert sum(len(ps) for ps in after.values()) == total
    if total:
        assert len(after) == table_count(total, size)
        lens = [len(ps) for ps in after.values()]
        assert max(lens) - min(lens) <= 1
        assert max(lens) <= size
    assert len({m.player for m in moves}) == len(moves), "nobody walks twice"
    assert plan(after, size) == (), "a balanced room plans nothing more"
    assert is_final_table(after) == (total <= size)
