"""Spectators and table threads: who watches a table from which hand on, and the thread a table lives in.

A watcher is recorded once (``table_watchers``): pressing Watch again keeps the
first record, so the hands they may replay (``first_hand`` onwards) never
shrink or grow by pressing twice. Watching changes nothing at the table, so it
takes the table's lock only to read a hand number that can't move under it.
"""

from __future__ import annotations

from data.store import Conn
from games.core.i18n import N_

from .callers import INTERNAL, Caller, check_guild, checks, valid_table_id
from .errors import BadPhase, NoTable, NotAllowed
from .live import Live, iso
from .models import TableSnapshot
from .table_base import TableBase


def first_hand_of(snap: TableSnapshot) -> int:
    """The hand being played, or the next to be dealt (the lobby's first hand; after a finished hand's result)."""
    if snap.status == "lobby":
        return snap.hand_no + 1
    between_hands = snap.paused and snap.result is not None and snap.result.kind == "hand"
    return snap.hand_no + 1 if between_hands or snap.state is None else snap.hand_no


def _insert(conn: Conn, table_id: int, user_id: int, first_hand: int, now: str) -> int:
    conn.execute(
        "INSERT INTO table_watchers (table_id, user_id, first_hand, since) VALUES (?,?,?,?)"
        " ON CONFLICT(table_id, user_id) DO NOTHING",
        (table_id, user_id, first_hand, now),
    )
    row = conn.execute(
        "SELECT first_hand FROM table_watchers WHERE table_id=? AND user_id=?", (table_id, user_id)
    ).fetchone()
    return int(row[0])


class WatchOps(TableBase):
    """Watch, stop watching, and the table's thread (see ``TableService``)."""

    async def watch(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> tuple[TableSnapshot, int]:
        """Records the watcher (once) and returns the table and the first hand they may replay.

        ``NotAllowed`` for a player at the table (their panel is **My hand**), ``BadPhase`` when closed,
        ``ForeignTable`` for another server's table (no watcher row: its hands stay out of reach)."""
        live = await self._need(table_id, guild_id)
        async with self._lock(table_id):
            live = self._live.get(table_id) or live
            if not live.core.is_open:
                raise BadPhase(N_("This table is closed."))
            _refuse_players(live, user_id)
            snap = live.snapshot()
            now = iso(self.clock()) or ""
            first = await self.db.run(_insert, table_id, user_id, first_hand_of(snap), now)
        return snap, first

    async def watcher_first_hand(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> int | None:
        """The first hand this user watched at the table (None: never watched it)."""
        await self._guild_checked(table_id, guild_id)
        value = await self.db.scalar(
            "SELECT first_hand FROM table_watchers WHERE table_id=? AND user_id=?", (table_id, user_id)
        )
        return None if value is None else int(value)

    async def watcher_count(self, table_id: int) -> int:
        return int(await self.db.scalar("SELECT COUNT(*) FROM table_watchers WHERE table_id=?", (table_id,)) or 0)

    async def _guild_checked(self, table_id: int, guild_id: Caller) -> None:
        """A read that doesn't load the table: the id must name a table of the caller's server."""
        valid_table_id(table_id)
        if not checks(guild_id):
            return
        live = self._live.get(table_id)
        guild = live.core.guild_id if live is not None else await self.db.scalar(
            "SELECT guild_id FROM tables WHERE id=?", (table_id,)
        )
        if guild is None:
            raise NoTable()
        check_guild(int(guild), guild_id)

    # ----------------------------------------------------------------- threads
    async def attach_thread(self, table_id: int, thread_id: int) -> None:
        """The table lives in this thread (its channel is the thread too: see ``cogs.ui.threads``)."""
        await self.db.run(_set_thread, table_id, thread_id)

    async def thread_of(self, table_id: int) -> int | None:
        value = await self.db.scalar("SELECT thread_id FROM tables WHERE id=?", (table_id,))
        return None if value is None else int(value)


def _set_thread(conn: Conn, table_id: int, thread_id: int) -> None:
    conn.execute("UPDATE tables SET thread_id=? WHERE id=?", (thread_id, table_id))


def _refuse_players(live: Live, user_id: int) -> None:
    me = live.player(user_id)
    if me is None:
        return
    if live.core.status == "lobby":
        raise NotAllowed(N_("You're at this table already: its message shows everything the players see."))
    raise NotAllowed(N_("You're playing at this table: press **My hand** to follow it with your cards."))


__all__ = ["WatchOps", "first_hand_of"]
