"""Hints used per person per hand (``hand_hints``): counted when a hint is given, read into the result."""

from __future__ import annotations

from data.store import Conn


def add_hint(conn: Conn, table_id: int, hand_no: int, user_id: int) -> int:
    """Counts one hint; returns the hints ``user_id`` has used in this hand."""
    conn.execute(
        "INSERT INTO hand_hints (table_id, hand_no, user_id, used) VALUES (?,?,?,1)"
        " ON CONFLICT (table_id, hand_no, user_id) DO UPDATE SET used = hand_hints.used + 1",
        (table_id, hand_no, user_id),
    )
    row = conn.execute(
        "SELECT used FROM hand_hints WHERE table_id=? AND hand_no=? AND user_id=?", (table_id, hand_no, user_id)
    ).fetchone()
    return int(row[0])


def hints_used(conn: Conn, table_id: int, hand_no: int) -> tuple[tuple[int, int], ...]:
    """(user id, hints used) of a hand, by user id."""
    rows = conn.execute(
        "SELECT user_id, used FROM hand_hints WHERE table_id=? AND hand_no=? ORDER BY user_id", (table_id, hand_no)
    ).fetchall()
    return tuple((int(r[0]), int(r[1])) for r in rows)


__all__ = ["add_hint", "hints_used"]
