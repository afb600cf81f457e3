"""The house's net read from the ledger (``data.house``) on both engines, and the index it reads through."""

from __future__ import annotations

import sqlite3
from typing import Any

from data import house, ledger
from data.groupcommit import run_in_transaction
from data.migrate import migrate_sync
from tests.support.stores import table_row

G = 1
DAY1, DAY2 = "2026-11-21", "2026-11-22"


def at(day: str, clock: str = "12:00:00") -> str:
    return f"{day}T{clock}.000000+00:00"


def test_the_net_is_paid_in_less_cashed_out_per_game_and_per_day(sync_conn: Any) -> None:
    conn = sync_conn
    table_row(conn, 1, game_id="renfield")
    table_row(conn, 2, game_id="kabu")

    def book(c: Any) -> None:
        ledger.open_wallet(c, G, 7, 100, at(DAY1))
        ledger.buy_in(c, G, 1, 7, 40, "p:1", at=at(DAY1))  # a person's buy-in: not the house's
        ledger.house_buy_in(c, G, 1, -1, 50, "h:1", at=at(DAY1, "23:59:59"))
        ledger.house_buy_in(c, G, 2, -1, 30, "h:2", at=at(DAY2, "00:00:00"))
        ledger.cash_out(c, G, 1, -1, "c:1", at=at(DAY2))
        ledger.cash_out(c, G, 1, 7, "c:2", at=at(DAY2))  # a person's cash-out: not the house's

    assert house.net_by_game(conn, G) == {}  # no house yet: nothing, and nothing created
    run_in_transaction(conn, book)
    assert house.net_by_game(conn, G, DAY1) == {"renfield": 50}
    assert house.net_by_game(conn, G, DAY2) == {"kabu": 30, "renfield": -50}
    assert house.net_by_game(conn, G) == {"kabu": 30, "renfield": 0}
    assert house.net_on(conn, G, DAY2) == -20 and house.net_on(conn, G, "2026-11-23") == 0
    assert house.net_by_game(conn, G + 1) == {}
    assert house.circulation(conn, G) == 100 + 50 + 30  # the person's start and the house's floats
    assert ledger.audit(conn, G).ok


def test_a_days_house_moves_are_one_range_of_the_partial_index(tmp_path: Any) -> None:
    conn = sqlite3.connect(tmp_path / "plan.sqlite3")
    migrate_sync(conn)
    sql = (
        "SELECT tb.game_id, SUM(t.amount) FROM transfers t JOIN tables tb ON tb.id = t.table_id"
        f" WHERE t.guild_id = 1 AND {house._SEAT_MOVES} AND (t.debit_id = 1 OR t.credit_id = 1)"
        " AND t.created_at >= ? AND t.created_at < ? GROUP BY tb.game_id"
    )
    plan = " ".join(str(r[3]) for r in conn.execute("EXPLAIN QUERY PLAN " + sql, house.day_window(DAY1)))
    assert "transfers_seat_moves" in plan, plan
