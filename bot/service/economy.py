"""Wallets, daily chips, admin grants, leaderboards, stats and the ledger audit (no Discord)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from data import house, ledger
from data.store import Conn, Database
from games.core.i18n import N_

from .errors import AlreadyClaimed, InsufficientChips, NotAllowed
from .guilds import load_settings, save_settings
from .live import iso
from .models import AuditReport, GuildSettings
from .ratings import Rating, board, most_rated_game, player_ratings
from .seasons import ALL_TIME, Span
from .standings import partner_stats, partnerships
from .tables import utcnow

LeaderboardBy = Literal["chips", "wins", "hands"]


#: Leaves out results of tournament tables (whose ledger scope isn't the server): their payoffs are
#: tournament chips, which the chip boards must not add to server chips (docs/events.md).
TOURNAMENT_FREE = " AND table_id NOT IN (SELECT id FROM tables WHERE ledger_guild IS NOT NULL AND ledger_guild <> guild_id)"


@dataclass(frozen=True, slots=True)
class TableChips:
    """Chips a player has in escrow at one table: bought in, not yet cashed out."""

    table_id: int
    game_id: str
    channel_id: int
    chips: int


@dataclass(frozen=True, slots=True)
class Holdings:
    """Everything a player owns: the wallet plus the chips sitting at tables.

    A seated player's buy-in has left the wallet, so the wallet alone would
    tell them they have nothing while their chips are on the felt.
    """

    wallet: int
    tables: tuple[TableChips, ...] = ()

    @property
    def at_tables(self) -> int:
        return sum(t.chips for t in self.tables)

    @property
    def total(self) -> int:
        return self.wallet + self.at_tables


@dataclass(frozen=True, slots=True)
class HouseReport:
    """What ``/admin economy`` shows: the house's net per game today (UTC) and in total, the
    day's limit, and the chips in circulation. A positive net is chips the house lost."""

    day: str
    today: dict[str, int]
    total: dict[str, int]
    limit: int
    circulation: int

    @property
    def today_net(self) -> int:
        return sum(self.today.values())

    @property
    def total_net(self) -> int:
        return sum(self.total.values())


class Economy:
    """The server's chips. Every change is a ledger transfer with an idempotency key."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    async def balance(self, guild_id: int, user_id: int) -> int:
        """The wallet; a new player gets the server's starting chips (a recorded grant)."""
        now = iso(self.clock()) or ""

        def work(conn: Conn) -> int:
            settings = load_settings(conn, guild_id)
            return ledger.balance(conn, ledger.open_wallet(conn, guild_id, user_id, settings.starting_chips, now))

        return await self.db.run(work)

    async def holdings(self, guild_id: int, user_id: int) -> Holdings:
        """The wallet (opened like ``balance``) and every table holding the player's chips, in one read."""
        now = iso(self.clock()) or ""

        def work(conn: Conn) -> Holdings:
            settings = load_settings(conn, guild_id)
            wallet = ledger.balance(conn, ledger.open_wallet(conn, guild_id, user_id, settings.starting_chips, now))
            tables = []
            for table_id, chips in ledger.escrow_balances(conn, guild_id, user_id):
                row = conn.execute("SELECT game_id, channel_id FROM tables WHERE id=?", (table_id,)).fetchone()
                game_id, channel_id = (str(row[0]), int(row[1])) if row is not None else ("", 0)
                tables.append(TableChips(table_id, game_id, channel_id, chips))
            return Holdings(wallet, tuple(tables))

        return await self.db.run(work)

    async def daily(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(granted, new balance); ``AlreadyClaimed`` (names the next reset) once per UTC day."""
        when = self.clock()
        now = iso(when) or ""
        day = when.date().isoformat()

        def work(conn: Conn) -> tuple[int, int]:
            settings = load_settings(conn, guild_id)
            wallet = ledger.open_wallet(conn, guild_id, user_id, settings.starting_chips, now)
            key = f"daily:{guild_id}:{user_id}:{day}"
            claimed = conn.execute("SELECT 1 FROM transfers WHERE idem_key=?", (key,)).fetchone() is not None
            if claimed:
                reset = datetime.combine(when.date() + timedelta(days=1), datetime.min.time(), when.tzinfo)
                left = reset - when
                hours, minutes = divmod(int(left.total_seconds()) // 60, 60)
                raise AlreadyClaimed(
                    N_("You've already claimed today's chips. Next claim at 00:00 UTC (in {h} h {m} min)."),
                    h=hours, m=minutes,
                )
            ledger.grant(conn, guild_id, user_id, settings.daily_amount, key, at=now, code="daily")
            return settings.daily_amount, ledger.balance(conn, wallet)

        return await self.db.run(work)

    async def grant(self, guild_id: int, user_id: int, amount: int, *, by: int) -> int:
        """Admin grant (negative: take back, never below 0); returns the new balance."""
        now = iso(self.clock()) or ""
        if amount == 0:
            raise NotAllowed(N_("Grant a non-zero amount."))
        if abs(amount) > 1_000_000_000:
            raise NotAllowed(N_("That amount is too large."))

        def work(conn: Conn) -> int:
            settings = load_settings(conn, guild_id)
            wallet = ledger.open_wallet(conn, guild_id, user_id, settings.starting_chips, now)
            try:
                ledger.grant(
                    conn, guild_id, user_id, amount, f"grant:{guild_id}:{user_id}:{uuid.uuid4().hex}",
                    at=now, memo=f"by {by}",
                )
            except ledger.Overdraft as err:
                raise InsufficientChips(N_("They only have {n} chips."), n=ledger.balance(conn, wallet)) from err
            return ledger.balance(conn, wallet)

        return await self.db.run(work)

    async def leaderboard(
        self, guild_id: int, game_id: str | None = None, by: LeaderboardBy = "chips", limit: int = 10,
        span: Span = ALL_TIME,
    ) -> list[tuple[int, int]]:
        """(user_id, value), best first. ``chips`` = wallet (or net winnings at one game, or in a
        season: a season ranks what was won in it, not what was owned). People only: computer
        players and the house are never ranked."""
        limit = max(1, min(int(limit), 100))
        game_sql, params = ("AND game_id = ?", [game_id]) if game_id else ("", [])
        span_sql, span_args = span.sql()
        game_sql += span_sql
        params.extend(span_args)
        if by == "chips" and game_id is None and span.season is None:
            # Wallet plus chips sitting at open tables (escrow): what the player owns.
            sql = (
                "SELECT user_id, SUM(balance) AS v FROM accounts WHERE kind IN ('user','escrow') AND guild_id=?"
                " AND user_id > 0"  # people only: not the house (0) nor computer players (< 0)
                " GROUP BY user_id ORDER BY v DESC, user_id LIMIT ?"
            )
            rows = await self.db.fetchall(sql, (guild_id, limit))
        else:
            value = {"chips": "SUM(payoff)", "wins": "SUM(CASE WHEN results.placing = 1 THEN 1 ELSE 0 END)", "hands": "COUNT(*)"}.get(by)
            if value is None:
                raise NotAllowed(N_("Rank by chips, wins or hands."))
            if by == "chips":  # a tournament table's payoffs are tournament chips, not the server's
                game_sql += TOURNAMENT_FREE
            sql = (
                f"SELECT user_id, {value} AS v FROM results WHERE guild_id=? AND user_id > 0 {game_sql}"
                " GROUP BY user_id ORDER BY v DESC, user_id LIMIT ?"
            )
            rows = await self.db.fetchall(sql, (guild_id, *params, limit))
        return [(int(r[0]), int(r[1])) for r in rows]

    async def stats(self, guild_id: int, user_id: int, game_id: str | None = None) -> dict[str, Any]:
        """hands, wins, net, best, worst, average placing, balance."""
        game_sql, params = ("AND game_id = ?", [game_id]) if game_id else ("", [])
        row = await self.db.fetchone(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN results.placing = 1 THEN 1 ELSE 0 END), 0), COALESCE(SUM(payoff), 0), COALESCE(MAX(payoff), 0),"
            f" COALESCE(MIN(payoff), 0), AVG(results.placing) FROM results WHERE guild_id=? AND user_id=? {game_sql}",
            (guild_id, user_id, *params),
        )
        assert row is not None
        balance, at_tables = await self.db.read_sync(
            lambda c: c.execute(
                "SELECT COALESCE(SUM(CASE kind WHEN 'user' THEN balance END), 0),"
                " COALESCE(SUM(CASE kind WHEN 'escrow' THEN balance END), 0)"
                " FROM accounts WHERE guild_id=? AND user_id=?",
                (guild_id, user_id),
            ).fetchone()
        )
        hands = int(row[0])
        teams = await self.db.read_sync(partner_stats, guild_id, user_id, game_id)
        return {
            "hands": hands,
            "wins": int(row[1]),
            "win_rate": round(row[1] / hands, 3) if hands else 0.0,
            "net": int(row[2]),
            "best": int(row[3]),
            "worst": int(row[4]),
            "avg_placing": round(float(row[5]), 2) if row[5] is not None else 0.0,
            "balance": int(balance),
            "at_tables": int(at_tables),
            **teams,  # with a partner: team_games, team_wins, partner (user id, games) — only if any
        }

    async def team_leaderboard(
        self, guild_id: int, game_id: str | None = None, limit: int = 10
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """Partnerships, best first: (the partners' user ids, wins together, hands or games together)."""
        return await self.db.read_sync(partnerships, guild_id, game_id, limit)

    async def rating_board(
        self, guild_id: int, game_id: str | None = None, limit: int = 10, season: int | None = None
    ) -> tuple[str | None, list[Rating]]:
        """(the game, its rating leaderboard best first; all time or ``season``'s). Ratings are per
        game: without one, the game with the most rated hands here; (None, []) when nobody has a
        rating yet."""
        game = game_id or await self.db.read_sync(most_rated_game, guild_id, season)
        if game is None:
            return None, []
        return game, await self.db.read_sync(board, guild_id, game, limit, season)

    async def ratings(self, guild_id: int, user_id: int, game_id: str | None = None) -> list[Rating]:
        """A person's rating at each game they were rated in (or one game), with their rank here."""
        return await self.db.read_sync(player_ratings, guild_id, user_id, game_id)

    async def audit(self, guild_id: int | None = None) -> AuditReport:
        """Conservation (sums to 0), cache == history, no overdraft — for one server or all."""
        return await self.db.read_sync(ledger.audit, guild_id)

    async def house(self, guild_id: int) -> HouseReport:
        """The house's net per game (today and in total) from the ledger, and the chips in circulation."""
        day = (iso(self.clock()) or "")[:10]  # the UTC day, as the limit counts it

        def work(conn: Conn) -> HouseReport:
            return HouseReport(
                day, house.net_by_game(conn, guild_id, day), house.net_by_game(conn, guild_id),
                load_settings(conn, guild_id).house_daily_loss_limit, house.circulation(conn, guild_id),
            )

        return await self.db.read_sync(work)

    async def settings(self, guild_id: int) -> GuildSettings:
        return await self.db.read_sync(load_settings, guild_id)

    async def update_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Validated by ``GuildSettings``; unknown keys are refused."""
        now = iso(self.clock()) or ""
        return await self.db.run(save_settings, guild_id, changes, now)
