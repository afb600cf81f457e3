"""Wallets, daily chips, admin grants, leaderboards, stats and the ledger audit (no Discord)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from data.db import Database

from .models import AuditReport, GuildSettings
from .tables import utcnow

LeaderboardBy = Literal["chips", "wins", "hands"]


class Economy:
    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    async def balance(self, guild_id: int, user_id: int) -> int:
        """The wallet; a new player gets the server's starting chips (a recorded grant)."""
        raise NotImplementedError

    async def daily(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(granted, new balance); ``AlreadyClaimed`` (names the next reset) once per UTC day."""
        raise NotImplementedError

    async def grant(self, guild_id: int, user_id: int, amount: int, *, by: int) -> int:
        """Admin grant (negative: take back, never below 0); returns the new balance."""
        raise NotImplementedError

    async def leaderboard(
        self, guild_id: int, game_id: str | None = None, by: LeaderboardBy = "chips", limit: int = 10
    ) -> list[tuple[int, int]]:
        """(user_id, value), best first."""
        raise NotImplementedError

    async def stats(self, guild_id: int, user_id: int, game_id: str | None = None) -> dict[str, Any]:
        """hands, wins, net, best, worst, average placing, balance."""
        raise NotImplementedError

    async def audit(self, guild_id: int | None = None) -> AuditReport:
        raise NotImplementedError

    async def settings(self, guild_id: int) -> GuildSettings:
        raise NotImplementedError

    async def update_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Validated by ``GuildSettings``; unknown keys are refused."""
        raise NotImplementedError
