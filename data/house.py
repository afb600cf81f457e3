"""The house's net: chips the house paid into computer players' seats minus what came back.

The house (the wallet of user ``HOUSE``) buys computer players in (``buy_in``) and
receives their escrow when they leave (``cash_out``, or ``refund`` when a table is
voided). Those transfers are the append-only truth, and each names its table, so the
table's game attributes them. Read from the ledger, never kept as a counter: a
figure that could drift from the transfers would be a second, weaker truth.

A positive net is chips the house lost (players won them from computers, or
computers still hold them at a table); a negative one, chips it won. The partial
index ``transfers_seat_moves`` (migration 9) keeps a day's figure one index range.
"""

from __future__ import annotations

from .accounts import HOUSE, ISSUER, USER, find
from .store import Conn

# Spelled exactly as in the partial index's WHERE, so SQLite sees the query implies it.
_SEAT_MOVES = "(t.code = 'buy_in' OR t.code = 'cash_out' OR t.code = 'refund')"


def day_window(day: str) -> tuple[str, str]:
    """``[start, end)`` of a UTC day ("2026-11-27") as ``created_at`` text (fixed-width ISO, UTC)."""
    return day, day + "T99"  # every timestamp of the day is "YYYY-MM-DDT…" < "YYYY-MM-DDT99"


def net_by_game(conn: Conn, guild_id: int, day: str | None = None) -> dict[str, int]:
    """{game id: the house's net} for one UTC day (``day``, "YYYY-MM-DD") or all time, games
    the house never played omitted."""
    house = find(conn, USER, guild_id, HOUSE, None)
    if house is None:
        return {}
    sql = (
        "SELECT tb.game_id, SUM(CASE WHEN t.debit_id = ? THEN t.amount ELSE -t.amount END)"
        " FROM transfers t JOIN tables tb ON tb.id = t.table_id"
        f" WHERE t.guild_id = ? AND {_SEAT_MOVES} AND (t.debit_id = ? OR t.credit_id = ?)"
    )
    args: list[object] = [house, guild_id, house, house]
    if day is not None:
        sql += " AND t.created_at >= ? AND t.created_at < ?"
        args += day_window(day)
    rows = conn.execute(sql + " GROUP BY tb.game_id ORDER BY tb.game_id", tuple(args)).fetchall()
    return {str(game): int(net) for game, net in rows}


def net_on(conn: Conn, guild_id: int, day: str) -> int:
    """The house's net over every game on one UTC day: what the daily limit is checked against."""
    return sum(net_by_game(conn, guild_id, day).values())


def circulation(conn: Conn, guild_id: int) -> int:
    """Chips in circulation on the server: everything the issuer ever created, less what came back."""
    mint = find(conn, ISSUER, guild_id, None, None)
    if mint is None:
        return 0
    row = conn.execute("SELECT balance FROM accounts WHERE id = ?", (mint,)).fetchone()
    return -int(row[0])


__all__ = ["circulation", "day_window", "net_by_game", "net_on"]
