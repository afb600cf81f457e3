"""A tournament as the service hands it out, read from its rows (``tournaments``, ``tournament_entries``).

Frozen values: the Discord layer renders them (the sign-up message, /tournament standings) and
never sees a row. The pool is read from the ledger (the pool's account), never kept as a counter.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

import games
from data import prize_pool
from data.accounts import scope_of
from data.store import Conn, Row
from games import Game

from .events.formats import Format
from .events.payouts import Prize, prizes

TournamentStatus = Literal["signup", "running", "finished", "cancelled"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One entrant: ``place`` and ``prize`` once they are out or the event is over."""

    user_id: int
    joined_at: str
    seat_order: int | None = None
    place: int | None = None
    knocked_out_at: str | None = None
    prize: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game_id: str
    preset: str | None
    options: BaseModel
    format: Format
    max_players: int
    buy_in: int
    starting_stack: int
    table_size: int
    level_minutes: int
    deals_per_round: int | None
    rounds: int | None
    starts_at: str | None
    late_registration_minutes: int
    computers_fill: bool
    status: TournamentStatus
    seed: int
    locale: str
    message_id: int | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    #: When the first draw's tables were all opened and started (None before, or mid-start).
    seated_at: str | None = None
    entries: tuple[Entry, ...] = ()
    #: What the prize pool holds now (server chips); 0 once the prizes are paid or refunded.
    pool: int = 0

    @property
    def game(self) -> Game:
        return games.get_game(self.game_id)

    @property
    def scope(self) -> int:
        """The ledger scope of this event's tournament chips (``data.accounts.scope_of``)."""
        return scope_of(self.id)

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(e.user_id for e in self.entries)

    @property
    def full(self) -> bool:
        return len(self.entries) >= self.max_players

    @property
    def is_open(self) -> bool:
        return self.status in ("signup", "running")

    @property
    def prize_pool(self) -> int:
        """The pool the prizes split: the buy-ins of the field (what the pool holds until paid)."""
        return self.buy_in * len(self.entries)

    def payout_table(self) -> tuple[Prize, ...]:
        """The prizes for the field as it stands (one entrant at least, so the table is never empty)."""
        return prizes(self.prize_pool, max(1, len(self.entries)))

    def entry(self, user_id: int) -> Entry | None:
        return next((e for e in self.entries if e.user_id == user_id), None)


def read(conn: Conn, tournament_id: int) -> Tournament | None:
    """The tournament with its entries (joined order) and its pool, or None."""
    row = conn.execute("SELECT * FROM tournaments WHERE id=?", (tournament_id,)).fetchone()
    if row is None:
        return None
    entries = conn.execute(
        "SELECT user_id, joined_at, seat_order, finished_place, knocked_out_at, prize FROM tournament_entries"
        " WHERE tournament_id=? ORDER BY joined_at, user_id",
        (tournament_id,),
    ).fetchall()
    return from_row(row, entries, prize_pool.pool_balance(conn, row["guild_id"], tournament_id))


def from_row(row: Row, entries: list[Row], pool: int) -> Tournament:
    game = games.get_game(row["game_id"])
    return Tournament(
        id=int(row["id"]), guild_id=row["guild_id"], channel_id=row["channel_id"], host_id=row["host_id"],
        game_id=row["game_id"], preset=row["preset"], options=game.options_from(json.loads(row["options_json"])),
        format=row["format"], max_players=row["max_players"], buy_in=row["buy_in"],
        starting_stack=row["starting_stack"], table_size=row["table_size"], level_minutes=row["level_minutes"],
        deals_per_round=row["deals_per_round"], rounds=row["rounds"], starts_at=row["starts_at"],
        late_registration_minutes=row["late_registration_minutes"], computers_fill=bool(row["computers_fill"]),
        status=row["status"], seed=row["seed"], locale=row["locale"], message_id=row["message_id"],
        created_at=row["created_at"], started_at=row["started_at"], finished_at=row["finished_at"],
        seated_at=row["seated_at"], entries=tuple(Entry(int(e[0]), e[1], e[2], e[3], e[4], int(e[5])) for e in entries),
        pool=pool,
    )


__all__ = ["Entry", "Tournament", "TournamentStatus", "from_row", "read"]
