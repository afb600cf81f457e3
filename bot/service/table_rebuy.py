"""The way back for a player who ran out of chips (issue 26): **Buy back in** seats them again from
the next hand, the buy-in taken through the ledger at that deal like any joiner's (``buyins.buy_in``).

Only a player the table remembers as busted (``Live.busted``, read back from the log after a restart)
can use it; one who can't afford the buy-in is told so, with /daily and a smaller buy-in as the ways
out, and nothing changes.
"""

from __future__ import annotations

from data.store import Conn
from games.core.i18n import N_

from .callers import INTERNAL, Caller
from .errors import NotAllowed
from .handflow import Change
from .live import Live
from .models import TableSnapshot
from .table_base import TableBase
from .table_lobby import seat_joiner


class RebuyOps(TableBase):
    """``rebuy``: the busted player's own way back to their table."""

    async def rebuy(
        self, table_id: int, user_id: int, *, name: str | None = None, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """Seats a busted player again from the next hand (refused, changing nothing, for anyone else)."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            me = live.player(user_id)
            if me is not None:
                if me.seat is None:
                    raise NotAllowed(N_("You're already back: you're dealt in at the next hand."))
                raise NotAllowed(N_("You're already at this table."))
            if user_id not in live.busted:
                raise NotAllowed(N_("You didn't run out of chips at this table: press Join on it to sit down."))
            seat_joiner(conn, live, user_id, name, now, change)

        return (await self._mutate(table_id, work, statuses=("playing",), guild_id=guild_id)).snapshot


__all__ = ["RebuyOps"]
