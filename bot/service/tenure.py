"""How long each seated player has been at a table, for games whose rules count it.

Fairmarket's newcomer "pays the pots" and its players of the last five rounds get
no vote on the last hand, so such a game (``Game.counts_tenure``) is told, with
each deal, how many hands in a row each seat has been dealt at this table. It
travels in the hand's carry (``carry["seating"]``), so the stored inputs of the
hand replay it exactly after a restart and the engine stays pure.
"""

from __future__ import annotations

import json
from typing import Any

from data.store import Conn


def seating(conn: Conn, table_id: int, users: list[int], hand_no: int) -> dict[str, Any]:
    """``{"hand": n, "tenure": [...]}``: per seat, the hands dealt to that player just before
    this one without a break (0 for a newcomer); voided hands don't count."""
    # Read newest first and stop at the first hand none of them was dealt: a long table's whole
    # history is never loaded for one deal.
    rows = conn.execute(
        "SELECT users_json FROM hands WHERE table_id=? AND hand_no<? AND status!='void' ORDER BY hand_no DESC",
        (table_id, hand_no),
    )
    tenure = {u: 0 for u in users}
    still = set(users)
    for row in rows:
        dealt = set(json.loads(row[0]))
        still &= dealt
        if not still:
            break
        for u in still:
            tenure[u] += 1
    return {"hand": hand_no, "tenure": [tenure[u] for u in users]}
