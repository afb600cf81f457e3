"""Leaderboard seasons (issue 27): a server's leaderboards and ratings start afresh each season.

A season is a row in ``seasons`` (migration 0013): numbered per server, at most one current.
Leaderboards read the ``results`` of the season's time range, and ratings per season live in
``season_ratings`` (``rate_season``, called in the same transaction as the all-time ratings),
so nothing is copied or reset when a season turns: past seasons stay readable as they were.

A monthly season ends at the next month's first instant (UTC) and the next one starts there.
The turn is made lazily by whoever looks first (``roll_due``: rating a hand, a leaderboard, the
keeper's sweep), always at the planned instant, so a bot that was down at midnight still splits
the results exactly. Chips are not reset unless the admin asks, and then by recorded transfers
(``reset_chips``), like every chip move.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from data import ledger
from data.store import Conn
from games.core.i18n import N_

from .errors import NotAllowed

Cadence = Literal["monthly", "manual"]


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a server. ``ended_at`` None: the current one."""

    guild_id: int
    number: int
    cadence: Cadence
    channel_id: int | None
    started_at: str
    ends_at: str | None
    ended_at: str | None
    announced: bool

    @property
    def current(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class Span:
    """The results a leaderboard counts: ``start`` ≤ at < ``end`` (None: open); ``season`` names it."""

    season: int | None
    start: str | None = None
    end: str | None = None

    def sql(self) -> tuple[str, tuple[str, ...]]:
        """The WHERE fragment on ``results.at`` and its parameters (empty for all time)."""
        parts, args = [], []
        if self.start is not None:
            parts.append(" AND at >= ?")
            args.append(self.start)
        if self.end is not None:
            parts.append(" AND at < ?")
            args.append(self.end)
        return "".join(parts), tuple(args)


ALL_TIME = Span(None)

_COLUMNS = "guild_id, number, cadence, channel_id, started_at, ends_at, ended_at, announced"


def next_month(at: datetime) -> datetime:
    """The first instant of the month after ``at`` (UTC)."""
    at = at.astimezone(UTC)
    year, month = (at.year + 1, 1) if at.month == 12 else (at.year, at.month + 1)
    return datetime(year, month, 1, tzinfo=UTC)


def _iso(at: datetime) -> str:
    """As ``live.iso`` writes ``results.at``: fixed width, so text order is time order."""
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def _season(row: Any) -> Season:
    g, n, cadence, channel, started, ends, ended, announced = row
    return Season(int(g), int(n), cadence, None if channel is None else int(channel), started, ends, ended, bool(announced))


def current(conn: Conn, guild_id: int) -> Season | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE guild_id=? AND ended_at IS NULL", (guild_id,)).fetchone()
    return None if row is None else _season(row)


def numbered(conn: Conn, guild_id: int, number: int) -> Season | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE guild_id=? AND number=?", (guild_id, number)).fetchone()
    return None if row is None else _season(row)


def every(conn: Conn, guild_id: int) -> list[Season]:
    """The server's seasons, newest first."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE guild_id=? ORDER BY number DESC", (guild_id,))
    return [_season(r) for r in rows.fetchall()]


def start(conn: Conn, guild_id: int, cadence: Cadence, channel_id: int | None, now: datetime) -> Season:
    """Opens the server's next season now; refused while one is running."""
    roll_due(conn, now, guild_id)
    running = current(conn, guild_id)
    if running is not None:
        raise NotAllowed(N_("Season {n} is running: end it first with /season end."), n=running.number)
    return _open(conn, guild_id, cadence, channel_id, now)


def _open(conn: Conn, guild_id: int, cadence: Cadence, channel_id: int | None, at: datetime) -> Season:
    last = conn.execute("SELECT COALESCE(MAX(number), 0) FROM seasons WHERE guild_id=?", (guild_id,)).fetchone()
    number = int(last[0]) + 1
    ends = _iso(next_month(at)) if cadence == "monthly" else None
    conn.execute(
        "INSERT INTO seasons (guild_id, number, cadence, channel_id, started_at, ends_at) VALUES (?,?,?,?,?,?)",
        (guild_id, number, cadence, channel_id, _iso(at), ends),
    )
    season = numbered(conn, guild_id, number)
    assert season is not None
    return season


def end(conn: Conn, guild_id: int, now: datetime, *, then: Cadence | None) -> tuple[Season, Season | None]:
    """Ends the current season now (an admin's ``/season end``) and opens the next one if ``then``
    says how it should run (None: no season until an admin starts one)."""
    roll_due(conn, now, guild_id)
    running = current(conn, guild_id)
    if running is None:
        raise NotAllowed(N_("No season is running. Start one with /season start."))
    return _close(conn, running, now, then)


def _close(conn: Conn, season: Season, at: datetime, then: Cadence | None) -> tuple[Season, Season | None]:
    """Ends ``season`` at ``at`` and opens the next. If another process ended it first (two shards
    turning the same month on PostgreSQL: this UPDATE waits for theirs and then matches nothing),
    their turn stands and nothing more is written, so a hand's transaction never fails on it."""
    cur = conn.execute(
        "UPDATE seasons SET ended_at=? WHERE guild_id=? AND number=? AND ended_at IS NULL",
        (_iso(at), season.guild_id, season.number),
    )
    ended = numbered(conn, season.guild_id, season.number)
    assert ended is not None
    if cur.rowcount != 1:
        return ended, current(conn, season.guild_id)
    following = None if then is None else _open(conn, season.guild_id, then, season.channel_id, at)
    return ended, following


def roll_due(conn: Conn, now: datetime, guild_id: int | None = None) -> list[Season]:
    """Ends every monthly season whose planned end has passed, at that instant, and opens the next
    (again and again if the bot was away for months). Returns the seasons it ended."""
    sql = f"SELECT {_COLUMNS} FROM seasons WHERE ended_at IS NULL AND ends_at IS NOT NULL AND ends_at <= ?"
    args: tuple[Any, ...] = (_iso(now),)
    if guild_id is not None:
        sql += " AND guild_id=?"
        args = (*args, guild_id)
    ended: list[Season] = []
    for row in conn.execute(sql, args).fetchall():
        season = _season(row)
        while season.ends_at is not None and season.ends_at <= _iso(now):
            done, nxt = _close(conn, season, datetime.fromisoformat(season.ends_at), season.cadence)
            ended.append(done)
            if nxt is None:
                break
            season = nxt
    return ended


def unannounced(conn: Conn) -> list[Season]:
    """Ended seasons whose final standings are not posted yet (oldest first)."""
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM seasons WHERE ended_at IS NOT NULL AND announced=0 ORDER BY guild_id, number"
    )
    return [_season(r) for r in rows.fetchall()]


def mark_announced(conn: Conn, guild_id: int, number: int) -> None:
    conn.execute("UPDATE seasons SET announced=1 WHERE guild_id=? AND number=?", (guild_id, number))


def span(conn: Conn, guild_id: int, season: int | None, now: datetime) -> Span:
    """What a leaderboard counts: ``season`` None → the current season if there is one, else all
    time; 0 → all time; a number → that season (an unknown number is refused)."""
    if season == 0:
        return ALL_TIME
    roll_due(conn, now, guild_id)
    chosen = current(conn, guild_id) if season is None else numbered(conn, guild_id, season)
    if chosen is None:
        if season is None:
            return ALL_TIME
        raise NotAllowed(N_("There is no season {n} on this server."), n=season)
    return Span(chosen.number, chosen.started_at, chosen.ended_at)


def reset_chips(conn: Conn, guild_id: int, number: int, amount: int, now: datetime) -> int:
    """Sets every person's wallet to ``amount`` by recorded transfers with the issuer (code
    ``correction``; keyed by season and person, so a retry moves nothing twice). Chips at open
    tables are left where they are. Returns how many wallets changed."""
    if amount < 0:
        raise NotAllowed(N_("A wallet can't be set below 0 chips."))
    at = _iso(now)
    source = ledger.issuer(conn, guild_id, at)
    rows = conn.execute(
        "SELECT id, user_id, balance FROM accounts WHERE kind='user' AND guild_id=? AND user_id > 0 ORDER BY user_id",
        (guild_id,),
    ).fetchall()
    changed = 0
    for account_id, user_id, balance in rows:
        diff = amount - int(balance)
        if diff == 0:
            continue
        debit, credit = (source, int(account_id)) if diff > 0 else (int(account_id), source)
        key = f"season:{guild_id}:{number}:reset:{int(user_id)}"
        if ledger.transfer(conn, debit, credit, abs(diff), "correction", key, guild_id=guild_id, at=at,
                           memo=f"season {number} chip reset"):
            changed += 1
    return changed


def season_of_hand(conn: Conn, guild_id: int, now: datetime) -> int | None:
    """The season a hand finished ``now`` counts for (rolling a due monthly season first)."""
    roll_due(conn, now, guild_id)
    season = current(conn, guild_id)
    return None if season is None else season.number


__all__ = [
    "ALL_TIME", "Cadence", "Season", "Span", "current", "end", "every", "mark_announced", "next_month",
    "numbered", "reset_chips", "roll_due", "season_of_hand", "span", "start", "unannounced",
]
