"""Play again: who played at a finished table, and which computers sat there (issue 26).

The finished table's message carries a **Play again** button; a click opens a
new lobby with the same game and options (the cog does that through the same
path as ``/play``). This part answers whether the clicker may do it and whom
to bring back: the people dealt into any of its hands (or still at it when it
closed) and the computer players still seated when it ended.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from data.store import Conn
from games.core.i18n import N_

from .callers import INTERNAL, Caller
from .computers import is_computer
from .errors import BadPhase, NotAllowed
from .models import TableSnapshot
from .table_base import TableBase


@dataclass(frozen=True, slots=True)
class Rerun:
    """What a new lobby copies from an ended table."""

    old: TableSnapshot
    #: The people who played there, in the order they first sat down.
    people: tuple[int, ...]
    #: The strength of each computer player still at the table when it ended.
    computers: tuple[str, ...]


class AgainOps(TableBase):
    """``again``: the checks and the roster behind the Play again button (see ``TableService``)."""

    async def again(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> Rerun:
        """``NotAllowed`` for someone who didn't play there, ``BadPhase`` while the table is open;
        ``ForeignTable``/``NoTable`` as for every table operation."""
        old = await self.get(table_id, guild_id=guild_id)
        if old.is_open:
            raise BadPhase(N_("That table is still open: play on there."))

        def read(conn: Conn) -> list[int]:
            users: list[int] = []
            for (text,) in conn.execute("SELECT users_json FROM hands WHERE table_id=? ORDER BY hand_no", (table_id,)):
                users.extend(int(u) for u in json.loads(text))
            return users

        dealt = await self.db.read_sync(read)
        people = tuple(dict.fromkeys(u for u in (*dealt, *old.lobby) if not is_computer(u)))
        if user_id not in people:
            raise NotAllowed(N_("Only the players of that table can play it again."))
        return Rerun(old, people, tuple(strength for _uid, strength in old.computers))


__all__ = ["AgainOps", "Rerun"]
