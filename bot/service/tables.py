"""Game tables in channels: lobby, seats, hands, turn timers — storage-backed, no Discord.

Every change is committed (log row + snapshot, plus settlement and results
when a hand ends) in ONE transaction before ``on_change`` is called.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from data.db import Database
from games.core.views import SeatView

from .models import ActResult, StartResult, TableSnapshot

OnChange = Callable[[TableSnapshot, str], Awaitable[None]]


def utcnow() -> datetime:
    return datetime.now(UTC)


class TableService:
    """The tables of every guild. ``on_change(snapshot, reason)`` with reason in
    'lobby', 'action', 'timeout', 'hand', 'end' is awaited after each commit."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], datetime] = utcnow,
        on_change: OnChange | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.on_change = on_change
        self._seed_source = seed_source

    async def load_open_tables(self) -> list[TableSnapshot]:
        """After a restart: lobby and playing tables, deadlines intact (broken ones are voided and refunded)."""
        raise NotImplementedError

    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_id: str,
        *,
        preset: str | None = None,
        buy_in: int | None = None,
        turn_seconds: int | None = None,
    ) -> TableSnapshot:
        """Opens a lobby; the host joins. ``TableAlreadyOpen``, ``UnknownGame``."""
        raise NotImplementedError

    async def attach_message(self, table_id: int, message_id: int) -> None:
        """Remembers the public table message (edited by id after restarts)."""
        raise NotImplementedError

    async def get(self, table_id: int) -> TableSnapshot:
        """``NoTable`` if unknown."""
        raise NotImplementedError

    async def in_channel(self, channel_id: int) -> TableSnapshot | None:
        """The open (lobby or playing) table of a channel."""
        raise NotImplementedError

    async def join(self, table_id: int, user_id: int) -> TableSnapshot:
        """Joins the lobby, or a running hand-by-hand chip table (seated at the next hand)."""
        raise NotImplementedError

    async def leave(self, table_id: int, user_id: int) -> TableSnapshot:
        """Lobby: leaves. Playing: leaves at the end of the hand and is cashed out."""
        raise NotImplementedError

    async def set_options(
        self, table_id: int, user_id: int, *, preset: str | None = None, changes: dict[str, Any] | None = None
    ) -> TableSnapshot:
        """Host, lobby only; validated by ``game.Options``."""
        raise NotImplementedError

    async def start(self, table_id: int, user_id: int) -> StartResult:
        """Host; checks the player count; buy-ins move wallet → escrow (refused users listed)."""
        raise NotImplementedError

    async def act(self, table_id: int, user_id: int, action: str, *, seq: int | None) -> ActResult:
        """Applies one action. ``seq`` = the prompt's sequence number (``None``: no staleness check)."""
        raise NotImplementedError

    async def hand_view(self, table_id: int, user_id: int) -> tuple[SeatView, int]:
        """The user's private view and the seq it was rendered at. ``NotSeated`` for outsiders."""
        raise NotImplementedError

    async def timeout_due(self, now: datetime | None = None) -> list[ActResult]:
        """Applies ``game.timeout_action`` on every table whose deadline passed."""
        raise NotImplementedError

    async def next_deadline(self) -> datetime | None:
        """The earliest deadline of any open table."""
        raise NotImplementedError

    async def end(self, table_id: int, user_id: int, *, is_admin: bool) -> TableSnapshot:
        """Host or admin: refunds the interrupted hand exactly and cashes everything out."""
        raise NotImplementedError

    async def cancel(self, table_id: int, user_id: int, *, is_admin: bool) -> TableSnapshot:
        """Host or admin, lobby only."""
        raise NotImplementedError

    async def history(self, table_id: int, user_id: int, limit: int = 5) -> list[tuple[str, str]]:
        """(filename, text) of the table's last finished hands (``game.history_text``)."""
        raise NotImplementedError
