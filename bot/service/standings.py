"""Where everyone stands over a whole table: net chips for the session, or hands won.

Shown when a table ends, early (``/table end``) or because its game reached its
agreed length (``Outcome.table_over``); counted from the ``results`` rows, so
the figures are what the ledger moved hand by hand.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from games.core.game import placings_from
from games.core.i18n import _

from .live import Live
from .results import ResultLine


def session_nets(conn: sqlite3.Connection, live: Live, users: Sequence[int]) -> tuple[list[int], list[int]]:
    """Everyone who played a hand here (also those who left on the way) and each one's net chips:
    what their hands moved, plus their share of a carried pot split when the table closed."""
    rows = dict(
        conn.execute(
            "SELECT user_id, SUM(payoff) FROM results WHERE table_id=? GROUP BY user_id"
            " ORDER BY MIN(hand_no), MIN(seat)", (live.core.id,)
        ).fetchall()
    )
    shares = dict(
        conn.execute(
            "SELECT a.user_id, SUM(t.amount) FROM transfers t JOIN accounts a ON a.id = t.credit_id"
            " WHERE t.table_id=? AND t.code='payout' AND t.memo='carried pot' AND a.kind='escrow'"
            " GROUP BY a.user_id", (live.core.id,)
        ).fetchall()
    )
    everyone = [*users, *(u for u in rows if u not in users)]
    return everyone, [int(rows.get(u, 0)) + int(shares.get(u, 0)) for u in everyone]


def session_wins(conn: sqlite3.Connection, live: Live, users: Sequence[int]) -> tuple[list[int], list[int]]:
    """Everyone who played a hand here and how many hands each one won outright (placing 1)."""
    rows = dict(
        conn.execute(
            "SELECT user_id, SUM(placing = 1) FROM results WHERE table_id=? GROUP BY user_id"
            " ORDER BY MIN(hand_no), MIN(seat)", (live.core.id,)
        ).fetchall()
    )
    everyone = [*users, *(u for u in rows if u not in users)]
    return everyone, [int(rows.get(u, 0)) for u in everyone]


def session_lines(conn: sqlite3.Connection, live: Live, users: Sequence[int]) -> tuple[ResultLine, ...]:
    """The final standings of a table whose game is over: net chips, or hands won."""
    if live.core.chips:
        everyone, nets = session_nets(conn, live, users)
        placings = placings_from(nets)
        return tuple(ResultLine(user_id=u, placing=placings[i], net=nets[i]) for i, u in enumerate(everyone))
    everyone, wins = session_wins(conn, live, users)
    placings = placings_from(wins)
    return tuple(
        ResultLine(user_id=u, placing=placings[i], detail=_("won {n} of {hands}").format(n=wins[i], hands=live.core.hand_no))
        for i, u in enumerate(everyone)
    )


__all__ = ["session_lines", "session_nets", "session_wins"]
