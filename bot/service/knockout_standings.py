"""A running knockout's chip counts: who leads, how many are left, where each plays (reads only).

Players of a poker tournament follow it by chips, not by "still in". Each entrant still in holds
the stack in front of them at their table as the table's message shows it (``SeatLine.stack_now``:
the game's own view, so no game is special here; chips already in the pot of a hand in progress
are not counted as theirs), and an entrant at no seat (moving, or joined and waiting for the next
hand) holds what the ledger keeps for them in the event's scope: their wallet there and any
escrow. Computers that fill seats are not entrants: they take no place, so they are not ranked,
but they are listed apart with their chips, since they can hold most of the chips in play and a
player reading "1. @bob · 96 chips" would otherwise think bob leads the room.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from data import ledger
from data.store import Conn, Database

from .computers import is_computer
from .models import TableSnapshot
from .tables import TableService
from .tournament_rows import Tournament
from .tournament_run import read_floor


@dataclass(frozen=True, slots=True)
class ChipCount:
    """An entrant still in: their chips and the channel (a thread) of their table (None: between tables)."""

    user_id: int
    chips: int
    channel_id: int | None


@dataclass(frozen=True, slots=True)
class ChipBoard:
    """Entrants still in, most chips first; the computers seated at the event's tables, most chips
    first; the level the event's tables play (None: none open); when read."""

    counts: tuple[ChipCount, ...]
    computers: tuple[ChipCount, ...]
    level: int | None
    at: datetime


def seat_stacks(snap: TableSnapshot) -> dict[int, int]:
    """Chips in front of each seated player now (user → chips), as the table's message shows them:
    while a hand plays the game's view says it; between hands (and once settled) the stacks do."""
    dealt = snap.stacks if snap.chips else ()
    by_seat = {info.seat: info.user_id for info in snap.seats}
    if snap.status == "playing" and snap.state is not None and not snap.paused:
        got: dict[int, int] = {}
        for line in snap.game.view(snap.state, None).public.seats:
            now = line.stack_now(dealt)
            if now is not None and line.seat in by_seat:
                got[by_seat[line.seat]] = now
        if got:
            return got
    return {user: dealt[seat] for seat, user in by_seat.items() if 0 <= seat < len(dealt)}


def _held(conn: Conn, scope: int, users: list[int]) -> dict[int, int]:
    """What the ledger holds for each user in the scope: wallet plus escrow at any table."""
    if not users:
        return {}
    marks = ",".join("?" * len(users))
    rows = conn.execute(
        f"SELECT user_id, SUM(balance) FROM accounts WHERE guild_id=? AND kind IN (?, ?) AND user_id IN ({marks})"
        " GROUP BY user_id",
        (scope, ledger.USER, ledger.ESCROW, *users),
    ).fetchall()
    return {int(r[0]): int(r[1] or 0) for r in rows}


async def chip_board(tables: TableService, db: Database, t: Tournament, at: datetime) -> ChipBoard:
    """The chips of ``t``'s entrants still in, read now (``at`` is the bot's clock, for the message)."""
    floor = await db.read_sync(read_floor, t.scope)
    snaps = [await tables.get(table_id, guild_id=t.guild_id) for table_id in floor.status]
    held: dict[int, int] = {}
    channel: dict[int, int] = {}
    computers: list[ChipCount] = []
    for snap in snaps:
        for user in snap.lobby:
            channel[user] = snap.channel_id
        for user, chips in seat_stacks(snap).items():
            if is_computer(user):
                computers.append(ChipCount(user, chips, snap.channel_id))
            else:
                held[user] = chips
    still_in = [e.user_id for e in t.entries if e.knocked_out_at is None]
    rest = await db.read_sync(_held, t.scope, [u for u in still_in if u not in held])
    counts = [ChipCount(u, held.get(u, rest.get(u, 0)), channel.get(u)) for u in still_in]
    counts.sort(key=lambda c: (-c.chips, c.user_id))
    levels = [snap.level[0] for snap in snaps if snap.level is not None]
    computers.sort(key=lambda c: (-c.chips, -c.user_id))
    return ChipBoard(tuple(counts), tuple(computers), max(levels) if levels else None, at)


async def last_finished_in(db: Database, guild_id: int, channel_id: int) -> int | None:
    """The channel's most recently finished event (what players ask about right after the end)."""
    row = await db.fetchone(
        "SELECT id FROM tournaments WHERE guild_id=? AND channel_id=? AND status='finished' ORDER BY finished_at DESC, id DESC"
        " LIMIT 1",
        (guild_id, channel_id),
    )
    return None if row is None else int(row[0])


__all__ = ["ChipBoard", "ChipCount", "chip_board", "last_finished_in", "seat_stacks"]
