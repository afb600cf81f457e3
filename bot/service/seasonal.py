"""``Seasons``: the service the season commands and the keeper call (no Discord).

The rules of a season are in ``seasons.py`` (sync, one transaction each); this wraps them for
the bot's event loop and builds a finished season's **final standings**, read from the same
results and ratings a leaderboard reads, so what is posted at the end is what ``/leaderboard
season:`` shows afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from data.store import Conn, Database

from . import seasons as rules
from .economy import Economy
from .ratings import Rating
from .seasons import Cadence, Season, Span
from .tables import utcnow


@dataclass(frozen=True, slots=True)
class FinalStandings:
    """A season's top players: net chips won, hands won, and the rating board of its most rated game."""

    season: Season
    chips: list[tuple[int, int]]
    wins: list[tuple[int, int]]
    rated_game: str | None
    ratings: list[Rating]
    hands: int


@dataclass(frozen=True, slots=True)
class Ended:
    """What ``/season end`` did: the season ended, the next one (if any), wallets reset."""

    ended: Season
    following: Season | None
    wallets_reset: int


class Seasons:
    def __init__(self, db: Database, economy: Economy, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.economy = economy
        self.clock = clock

    async def start(self, guild_id: int, cadence: Cadence, channel_id: int | None) -> Season:
        return await self.db.run(rules.start, guild_id, cadence, channel_id, self.clock())

    async def end(self, guild_id: int, *, then: Cadence | None, reset_chips: int | None = None) -> Ended:
        """Ends the current season now; the chip reset (if asked) is in the same transaction."""
        now = self.clock()

        def work(conn: Conn) -> Ended:
            ended, following = rules.end(conn, guild_id, now, then=then)
            reset = 0 if reset_chips is None else rules.reset_chips(conn, guild_id, ended.number, reset_chips, now)
            return Ended(ended, following, reset)

        return await self.db.run(work)

    async def every(self, guild_id: int) -> list[Season]:
        """The server's seasons, newest first (a due monthly turn is made first)."""
        now = self.clock()

        def work(conn: Conn) -> list[Season]:
            rules.roll_due(conn, now, guild_id)
            return rules.every(conn, guild_id)

        return await self.db.run(work)

    async def span(self, guild_id: int, season: int | None) -> Span:
        return await self.db.run(rules.span, guild_id, season, self.clock())

    async def due_announcements(self) -> list[Season]:
        """Turns every due monthly season (all servers) and lists the ended ones not yet posted."""
        now = self.clock()

        def work(conn: Conn) -> list[Season]:
            rules.roll_due(conn, now)
            return rules.unannounced(conn)

        return await self.db.run(work)

    async def announced(self, season: Season) -> None:
        await self.db.run(rules.mark_announced, season.guild_id, season.number)

    async def final_standings(self, season: Season, limit: int = 5) -> FinalStandings:
        span = Span(season.number, season.started_at, season.ended_at)
        chips = await self.economy.leaderboard(season.guild_id, None, "chips", limit, span=span)
        wins = await self.economy.leaderboard(season.guild_id, None, "wins", limit, span=span)
        game, board = await self.economy.rating_board(season.guild_id, None, limit, season=season.number)
        where, args = span.sql()
        hands = await self.db.scalar(
            f"SELECT COUNT(DISTINCT table_id || ':' || hand_no) FROM results WHERE guild_id=?{where}",
            (season.guild_id, *args),
        )
        return FinalStandings(season, chips, wins, game, board, int(hands or 0))


__all__ = ["Ended", "FinalStandings", "Seasons"]
