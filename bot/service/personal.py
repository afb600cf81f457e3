"""A player's own settings, and the turn pings standing in the channels (issue 26).

Discord notifies nobody when a message is edited, so the table's message can't tell the next
player it's their turn: the bot sends a short new message that mentions them (or a direct
message) and deletes it once they have acted. How a player wants to hear it is theirs to choose,
per server (``player_settings``); which ping messages stand now is kept in the database too
(``turn_pings``), so a restart deletes them instead of leaving them behind.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Literal, get_args

from data.store import Conn, Database

from .live import iso
from .table_base import utcnow

TurnPing = Literal["channel", "dm", "off"]
TURN_PINGS: tuple[TurnPing, ...] = get_args(TurnPing)
DEFAULT_TURN_PING: TurnPing = "channel"


def _as_ping(value: object) -> TurnPing:
    return value if value in TURN_PINGS else DEFAULT_TURN_PING


class Personal:
    """Players' settings and the pings standing (reads and small writes, no table lock needed:
    neither is part of a table's state)."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    async def turn_ping(self, guild_id: int, user_id: int) -> TurnPing:
        """How ``user_id`` hears it's their turn on this server (``channel`` unless they chose)."""
        return (await self.turn_pings(guild_id, (user_id,)))[user_id]

    async def turn_pings(self, guild_id: int, user_ids: tuple[int, ...]) -> dict[int, TurnPing]:
        """Each player's ping setting, in one read."""
        if not user_ids:
            return {}

        def work(conn: Conn) -> dict[int, TurnPing]:
            marks = ",".join("?" * len(user_ids))
            rows = conn.execute(
                f"SELECT user_id, turn_ping FROM player_settings WHERE guild_id = ? AND user_id IN ({marks})",
                (guild_id, *user_ids),
            ).fetchall()
            chosen = {int(r[0]): _as_ping(r[1]) for r in rows}
            return {u: chosen.get(u, DEFAULT_TURN_PING) for u in user_ids}

        return await self.db.read_sync(work)

    async def set_turn_ping(self, guild_id: int, user_id: int, value: TurnPing) -> TurnPing:
        if value not in TURN_PINGS:
            raise ValueError(value)
        now = iso(self.clock()) or ""
        await self.db.run(
            lambda c: c.execute(
                "INSERT INTO player_settings (guild_id, user_id, turn_ping, updated_at) VALUES (?,?,?,?)"
                " ON CONFLICT(guild_id, user_id) DO UPDATE SET turn_ping = excluded.turn_ping,"
                " updated_at = excluded.updated_at",
                (guild_id, user_id, value, now),
            )
        )
        return value

    # ------------------------------------------------------------ pings standing
    async def pings(self, table_id: int) -> list[tuple[int, int]]:
        """The ping messages standing for a table: (channel id, message id)."""
        rows = await self.db.read_sync(
            lambda c: c.execute(
                "SELECT channel_id, message_id FROM turn_pings WHERE table_id = ? ORDER BY message_id", (table_id,)
            ).fetchall()
        )
        return [(int(r[0]), int(r[1])) for r in rows]

    async def ping_sent(self, table_id: int, channel_id: int, message_id: int) -> None:
        await self.db.run(
            lambda c: c.execute(
                "INSERT INTO turn_pings (table_id, channel_id, message_id) VALUES (?,?,?) ON CONFLICT DO NOTHING",
                (table_id, channel_id, message_id),
            )
        )

    async def ping_gone(self, table_id: int, message_id: int) -> None:
        await self.db.run(
            lambda c: c.execute("DELETE FROM turn_pings WHERE table_id = ? AND message_id = ?", (table_id, message_id))
        )
