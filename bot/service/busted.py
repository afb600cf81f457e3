"""Who left a table because they ran out of chips, read back from the table's log.

``buyins.stay_or_go`` writes a ``system``/``busted`` row when a player at zero can't buy in again
and leaves; joining again writes ``join``. No column or migration of its own: the log already says
it, so a restart (``live_load.live_from_row``, ``live_load.lives_from_rows``) knows who to show the way back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from data.store import Conn, Row

#: The log rows that say who ran out of chips and left ('busted'), or came back ('join').
BUSTED_ROWS = "SELECT table_id, user_id, payload FROM table_log WHERE kind='system' AND payload IN ('busted','join')"


class _Table(Protocol):
    """What this needs of a ``live.Live`` (which imports this module)."""

    core: Any
    players: Any
    busted: frozenset[int]


def busted_from_log(rows: Iterable[Row], seated: set[int]) -> frozenset[int]:
    """Who left this table out of chips and hasn't come back, from its log rows in ``seq`` order."""
    last: dict[int, str] = {}
    for r in rows:
        last[int(r["user_id"])] = str(r["payload"])
    return frozenset(u for u, what in last.items() if what == "busted" and u not in seated)


def remember_busted(conn: Conn, lives: Sequence[_Table], chunk: int = 500) -> None:
    """Sets each table's ``busted`` from its log, ``chunk`` tables per query."""
    for at in range(0, len(lives), chunk):
        part = lives[at : at + chunk]
        ids = [live.core.id for live in part]
        rows: dict[int, list[Row]] = {}
        marks = ",".join("?" * len(ids))
        for r in conn.execute(f"{BUSTED_ROWS} AND table_id IN ({marks}) ORDER BY table_id, seq", ids):
            rows.setdefault(r["table_id"], []).append(r)
        for live in part:
            live.busted = busted_from_log(rows.get(live.core.id, []), {p.user_id for p in live.players})


__all__ = ["BUSTED_ROWS", "busted_from_log", "remember_busted"]
