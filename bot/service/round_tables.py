"""A rounds tournament's table ends by itself once it has played the round's deals.

Runs inside the table's transaction (``handflow``), where a deal or a hand is scored: the table
that has played ``deals_per_round`` deals closes then, with the same commit that scored the last
deal, so a kill can never leave a table that dealt deal N+1 of an N-deal round. A "deal" is a
hand for the games played hand by hand (Reversis, Écarté…) and a row of the score sheet for the
games that are one state from the first deal to the last (Rage, Samba…).

The table's round comes from ``tournament_tables`` (written by ``rounds_run`` right after the
table opens, before it starts), so an ordinary table, or a knockout's, pays one indexed lookup and
goes on.
"""

from __future__ import annotations

from data.store import Conn
from games.core.i18n import _

from .models import TableCore


def deals_left(conn: Conn, core: TableCore, played: int) -> tuple[int, int] | None:
    """(round, deals per round) when this is a rounds event's table that has now played its
    round's deals; None for any other table, or one with deals still to play."""
    if core.ledger_scope is None:
        return None
    row = conn.execute(
        "SELECT tt.round, t.deals_per_round FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id"
        " WHERE tt.table_id=? AND t.format='rounds'",
        (core.id,),
    ).fetchone()
    if row is None or row[1] is None or played < int(row[1]):
        return None
    return int(row[0]), int(row[1])


def over_line(conn: Conn, core: TableCore, played: int) -> str | None:
    """What the players read when the round's deals are played ("Round 1 is over at this table:
    3 of 3 deals played."); None while the table plays on."""
    done = deals_left(conn, core, played)
    if done is None:
        return None
    number, deals = done
    return _("Round {n} is over at this table: {k} of {k} deals played.").format(n=number, k=deals)


def is_rounds_table(conn: Conn, core: TableCore) -> bool:
    """Whether the table is one of a rounds event's (its busted players take no knockout place)."""
    if core.ledger_scope is None:
        return False
    return conn.execute("SELECT 1 FROM tournament_tables WHERE table_id=?", (core.id,)).fetchone() is not None


__all__ = ["deals_left", "is_rounds_table", "over_line"]
