"""Reading open tables back into ``Live`` objects: one table, or thousands at a restart.

Apart from ``live`` so that the readers can also fill in what other modules keep (who went broke,
a tournament table's level) without ``live`` importing them: they import ``live`` themselves.
"""

from __future__ import annotations

from data.store import Conn, Row

from . import knockouts
from .busted import remember_busted
from .live import _HAND, _PLAYERS, Live, live_from_parts


def live_from_row(conn: Conn, row: Row) -> Live:
    """One table (a lookup, a finished table)."""
    table_id = row["id"]
    pot = conn.execute("SELECT balance FROM accounts WHERE kind='pot' AND table_id=?", (table_id,)).fetchone()
    players = conn.execute(f"{_PLAYERS} WHERE table_id=? ORDER BY pos", (table_id,)).fetchall()
    hand = conn.execute(f"{_HAND} WHERE table_id=? AND hand_no=?", (table_id, row["hand_no"])).fetchone()
    acted = [] if hand is None else conn.execute(
        "SELECT table_id, seat, MAX(seq) FROM table_log WHERE table_id=? AND seq>? AND kind IN ('action','timeout')"
        " GROUP BY table_id, seat",
        (table_id, hand["start_seq"]),
    ).fetchall()
    live = live_from_parts(row, 0 if pot is None else int(pot[0]), players, hand, acted)
    remember_busted(conn, [live])
    knockouts.remember_levels(conn, [live])
    return live


def open_rows(conn: Conn, ids: list[int], chunk: int = 500) -> list[Row]:
    """The open tables' rows among ``ids``, in id order, ``chunk`` at a time (a statement's bound values are limited)."""
    rows: list[Row] = []
    for at in range(0, len(ids), chunk):
        part = ids[at : at + chunk]
        rows += conn.execute(
            f"SELECT * FROM tables WHERE id IN ({','.join('?' * len(part))}) AND status IN ('lobby','playing') ORDER BY id",
            part,
        ).fetchall()
    return rows


def lives_from_rows(conn: Conn, rows: list[Row], chunk: int = 500) -> list[Live]:
    """Many tables in four queries per ``chunk`` of them (a restart loads every open table)."""
    out: list[Live] = []
    for at in range(0, len(rows), chunk):
        part = rows[at : at + chunk]
        ids = [r["id"] for r in part]
        marks = ",".join("?" * len(ids))
        pots = dict(conn.execute(f"SELECT table_id, balance FROM accounts WHERE kind='pot' AND table_id IN ({marks})", ids))
        players: dict[int, list[Row]] = {}
        for r in conn.execute(f"{_PLAYERS} WHERE table_id IN ({marks}) ORDER BY table_id, pos", ids):
            players.setdefault(r["table_id"], []).append(r)
        hands = {r["table_id"]: r for r in conn.execute(
            f"{_HAND} h WHERE table_id IN ({marks})"
            " AND hand_no = (SELECT t.hand_no FROM tables t WHERE t.id = h.table_id)", ids)}
        acted: dict[int, list[Row]] = {}
        for r in conn.execute(
            "SELECT l.table_id, l.seat, MAX(l.seq) FROM table_log l JOIN tables t ON t.id = l.table_id"
            " JOIN hands h ON h.table_id = t.id AND h.hand_no = t.hand_no"
            f" WHERE l.table_id IN ({marks}) AND l.seq > h.start_seq AND l.kind IN ('action','timeout')"
            " GROUP BY l.table_id, l.seat",
            ids,
        ):
            acted.setdefault(r[0], []).append(r)
        out += [
            live_from_parts(r, int(pots.get(r["id"], 0)), players.get(r["id"], []), hands.get(r["id"]), acted.get(r["id"], []))
            for r in part
        ]
    remember_busted(conn, out, chunk)
    knockouts.remember_levels(conn, out)
    return out


__all__ = ["live_from_row", "lives_from_rows", "open_rows"]
