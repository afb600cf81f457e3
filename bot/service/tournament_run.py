"""Running a knockout's tables: the start, seating newcomers and movers, balancing, the end.

Every step reads what exists from the rows (the event, its entries, the open tables of its ledger
scope and their players) and does what is missing, through the ordinary table operations, each
one transaction. So a restart anywhere — in the middle of opening the first tables, between a
mover's cash-out and their seat at the next table, during the payouts — is finished by the next
``step``, and nothing is done twice:

- the first draw is a pure function of the event's seed: a table of the draw is found again by its
  host (the draw's first person), and only the missing joins and computers are added;
- a moved player leaves their table at the end of its hand (cashed out into their scope wallet by
  the table's own between-hands step) and, found at no table with chips in their wallet, is seated
  at the smallest table from its next hand with their whole stack;
- ``pay_out`` is keyed per place, and tables already closed stay closed.

Computers filling seats (``computers_fill``) are not entrants: they play for the table's chips,
take no place and no prize, and are never moved; a table left with computers only closes (the
tables' own rule). ``seating.plan`` counts every seat, computers' too, but only people move.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from data import ledger
from data.store import Conn, Database
from games.core.i18n import N_
from games.core.rng import RNG_ALGO, Rng

from .errors import NotAllowed, ServiceError
from .events import seating
from .knockouts import OVER
from .tables import TableService
from .tournament_rows import Tournament
from .tournaments import Tournaments

#: Who may start an event early (``start_now``).
NOT_HOST = N_("Only the tournament's host or an admin can do that.")
#: Makes the channel (a thread of the event's channel) where table ``number`` (from 0) of the first draw opens.
ChannelFor = Callable[[Tournament, int], Awaitable[int]]


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at one of the event's open tables."""

    table_id: int
    user_id: int
    computer: bool
    leaving: bool


@dataclass(frozen=True, slots=True)
class Floor:
    """The event's open tables as the rows say: table id → status, and who sits where."""

    status: dict[int, str]
    seats: tuple[Seat, ...]

    def table_of(self, user_id: int) -> int | None:
        return next((s.table_id for s in self.seats if s.user_id == user_id), None)

    def people(self, table_id: int) -> list[int]:
        return [s.user_id for s in self.seats if s.table_id == table_id and not s.computer]

    def seated(self, table_id: int) -> list[int]:
        """Everyone at the table who isn't on the way out (computers included: they take seats)."""
        return [s.user_id for s in self.seats if s.table_id == table_id and not s.leaving]

    def staying(self, table_id: int) -> list[int]:
        return [s.user_id for s in self.seats if s.table_id == table_id and not s.computer and not s.leaving]


def read_floor(conn: Conn, scope: int) -> Floor:
    rows = conn.execute(
        "SELECT id, status FROM tables WHERE ledger_guild=? AND status IN ('lobby','playing') ORDER BY id", (scope,)
    ).fetchall()
    status = {int(r[0]): str(r[1]) for r in rows}
    seats: list[Seat] = []
    if status:
        marks = ",".join("?" * len(status))
        for r in conn.execute(
            f"SELECT table_id, user_id, computer, leaving FROM table_players WHERE table_id IN ({marks})"
            " ORDER BY table_id, pos",
            list(status),
        ):
            seats.append(Seat(int(r[0]), int(r[1]), r[2] is not None, bool(r[3])))
    return Floor(status, tuple(seats))


def balance_moves(floor: Floor, size: int) -> tuple[seating.Move, ...]:
    """``seating.plan`` over the playing tables. A table nobody stays at (its people all moving
    away or out) closes at the end of its hand: left out, it is neither broken nor sent players,
    so two breaks never cross and leave the players still in with no table at all."""
    playing = {
        tid: floor.seated(tid) for tid, status in floor.status.items() if status == "playing" and floor.staying(tid)
    }
    return seating.plan(playing, size)


def first_tables(t: Tournament) -> list[tuple[list[int], int]]:
    """The opening draw: per table, its people (in seat order, the first one hosts) and how many
    computers fill it. People are dealt round the tables first so every table has one; with
    ``computers_fill`` the field is made up to ``max_players`` with computers."""
    people = [e.user_id for e in sorted(t.entries, key=lambda e: (e.seat_order or 0, e.user_id))]
    total = t.max_players if t.computers_fill else len(people)
    count = min(seating.table_count(total, t.table_size), len(people))
    order, _ = Rng(t.seed, algo=RNG_ALGO).derive("tables").shuffled(people)
    groups = [list(order[i::count]) for i in range(count)]
    sizes = [total // count + (1 if i < total % count else 0) for i in range(count)]
    return [(g, max(0, size - len(g))) for g, size in zip(groups, sizes, strict=True)]


class KnockoutRunner:
    """Drives running knockouts (``step``), called by the bot's keeper and after each knock-out."""

    def __init__(self, tables: TableService, tournaments: Tournaments, channel_for: ChannelFor) -> None:
        self.tables = tables
        self.tournaments = tournaments
        self.channel_for = channel_for

    @property
    def db(self) -> Database:
        return self.tournaments.db

    def now(self) -> datetime:
        return self.tournaments.clock()

    async def due(self) -> list[int]:
        """Events (both formats) of this process's servers to look at now: running ones, and sign-ups whose start
        time came or that are full."""
        now = self.now().isoformat()

        def work(conn: Conn) -> list[int]:
            rows = conn.execute(
                "SELECT t.id, t.guild_id FROM tournaments t WHERE (t.status='running' OR (t.status='signup'"
                " AND ((t.starts_at IS NOT NULL AND t.starts_at <= ?) OR (t.starts_at IS NULL AND t.max_players <="
                " (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id=t.id))))"
                # paid out, but a kill came before its tables were closed
                " OR (t.status='finished' AND EXISTS (SELECT 1 FROM tables x WHERE x.ledger_guild = -t.id"
                " AND x.status IN ('lobby','playing')))) ORDER BY t.id",
                (now,),
            ).fetchall()
            # A process runs the tables of its own servers only (its shards): it steps their events.
            return [int(r[0]) for r in rows if self.tables.owns_guild(int(r[1]))]

        return list(await self.db.read_sync(work))

    async def next_start(self) -> datetime | None:
        """The earliest start time of an event still signing up (None: none is timed)."""
        at = await self.db.scalar(
            "SELECT MIN(starts_at) FROM tournaments WHERE status='signup' AND starts_at IS NOT NULL"
        )
        return None if at is None else datetime.fromisoformat(str(at))

    async def start_now(self, tournament_id: int, user_id: int, *, is_admin: bool, guild_id: int | None = None) -> Tournament:
        """The host's (or an admin's) "Start now": begins the sign-up as it stands and seats the tables."""
        t = await self.tournaments.get(tournament_id, guild_id=guild_id)
        if user_id != t.host_id and not is_admin:
            raise NotAllowed(NOT_HOST)
        if t.status == "signup":
            await self.tournaments.begin(t.id)
        return await self.step(t.id)

    async def step(self, tournament_id: int) -> Tournament:
        """Does what the event needs now (see the module's docstring); returns it as it then is."""
        t = await self.tournaments.get(tournament_id)
        if t.format != "knockout":
            return t
        if t.status == "signup":
            if not await self._start_due(t):
                return await self.tournaments.get(t.id)  # (cancelled, if nobody came)
            t = await self.tournaments.begin(t.id)
        if t.status == "finished":
            await self._close_tables(t)
        if t.status != "running":
            return t
        if t.seated_at is None:
            await self._seat_first(t)
            t = await self.tournaments.get(t.id)
        still_in = [e.user_id for e in t.entries if e.knocked_out_at is None]
        if len(still_in) <= 1:
            return await self._finish(t)
        await self._balance(t)
        await self._seat_homeless(t)
        return await self.tournaments.get(t.id)

    async def _start_due(self, t: Tournament) -> bool:
        if t.starts_at is None:
            return t.full
        if datetime.fromisoformat(t.starts_at) > self.now():
            return False
        if len(t.entries) < 2:  # nobody to play: called off, every buy-in back
            await self.tournaments.cancel(t.id, t.host_id, is_admin=True)
            return False
        return True

    async def floor(self, t: Tournament) -> Floor:
        return await self.db.read_sync(read_floor, t.scope)

    async def _seat_first(self, t: Tournament) -> None:
        """Opens (or, after a restart, completes) each table of the first draw and starts it."""
        floor = await self.floor(t)
        for number, (people, computers) in enumerate(first_tables(t)):
            table_id = floor.table_of(people[0])
            if table_id is None:
                table_id = await self.open_one(t, number, people[0])
            await self.fill_and_start(table_id, people, computers)
        at = self.now().isoformat()
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE tournaments SET seated_at=? WHERE id=? AND seated_at IS NULL", (at, t.id))

    async def open_one(self, t: Tournament, number: int, host: int) -> int:
        """Opens table ``number`` of a draw in its own thread, hosted by ``host``, in the event's scope."""
        channel = await self.channel_for(t, number)
        snap = await self.tables.open_table(
            t.guild_id, channel, host, t.game_id, options=t.options, buy_in=t.starting_stack or None,
            ledger_scope=t.scope, server_locale=t.locale,
        )
        return snap.id

    async def fill_and_start(self, table_id: int, people: Sequence[int], computers: int) -> None:
        """A drawn table still in its lobby: the missing people join, computers fill, the host
        (the first person) starts it. A table already started is left alone."""
        svc = self.tables
        snap = await svc.get(table_id)
        if snap.status != "lobby":
            return
        for user in people[1:]:
            if user not in snap.lobby:
                snap = await svc.join(table_id, user)
        have = sum(1 for u in snap.lobby if u < 0)
        for _ in range(computers - have):
            snap = await svc.add_computer(table_id, people[0], "normal")
        await svc.start(table_id, people[0])

    async def _balance(self, t: Tournament) -> None:
        """Asks the people ``seating.plan`` moves to leave their table at the end of its hand (the
        table cashes them out into their scope wallet then); ``_seat_homeless`` seats them."""
        for move in balance_moves(await self.floor(t), t.table_size):
            if move.player > 0:  # computers stay: a broken table left with computers only closes
                await self.tables.leave(move.source, move.player, moving=True)

    async def _seat_homeless(self, t: Tournament) -> None:
        """Entrants still in, at no table, with chips in their scope wallet (moved, or a table that
        closed under them, or a late entrant) join the table with the fewest people, from its next
        hand, bringing their whole stack."""
        floor = await self.floor(t)

        def wallets(conn: Conn) -> dict[int, int]:
            return {
                e.user_id: ledger.balance_of(conn, ledger.USER, t.scope, user_id=e.user_id)
                for e in t.entries if e.knocked_out_at is None and floor.table_of(e.user_id) is None
            }

        homeless = await self.db.read_sync(wallets)
        playing = {
            tid: len(floor.staying(tid)) for tid, status in floor.status.items() if status == "playing" and floor.staying(tid)
        }
        if not playing and homeless:
            await self._reopen(t, floor, [user for user, chips in sorted(homeless.items()) if chips > 0])
            return
        for user, chips in sorted(homeless.items()):
            if chips <= 0 or not playing:
                continue
            target = min(playing, key=lambda tid: (playing[tid], tid))
            try:
                await self.tables.join(target, user)
            except ServiceError:
                continue  # full or closing: the next step tries again
            playing[target] += 1

    async def _reopen(self, t: Tournament, floor: Floor, people: list[int]) -> None:
        """Every table closed under the players still in (breaks that crossed: a table whose people
        were all moving away closed as the other broke towards it; an admin's end): they play on at
        a new table, or at the one a killed step left in its lobby."""
        lobby = next((tid for tid, status in floor.status.items() if status == "lobby"), None)
        if lobby is not None:
            people = floor.people(lobby) + [u for u in people if u not in floor.people(lobby)]
        if len(people) < 2:
            return
        if lobby is None:
            opened = await self.db.read_sync(
                lambda conn: int(conn.execute("SELECT COUNT(*) FROM tables WHERE ledger_guild=?", (t.scope,)).fetchone()[0])
            )
            lobby = await self.open_one(t, opened, people[0])
        await self.fill_and_start(lobby, people, 0)

    async def _finish(self, t: Tournament) -> Tournament:
        """One entrant left: places best first (the winner, then by knock-out place), prizes paid,
        the event's tables closed."""
        ranked = sorted(t.entries, key=lambda e: (e.knocked_out_at is not None, e.place or 0, e.user_id))
        done = await self.tournaments.pay_out(t.id, [e.user_id for e in ranked])
        await self._close_tables(done)
        return done

    async def _close_tables(self, t: Tournament) -> None:
        """Ends the event's tables still open (after the payouts; again after a kill in between)."""
        floor = await self.floor(t)
        for table_id in floor.status:
            try:
                await self.tables.end(table_id, t.host_id, is_admin=True, now=True, said=OVER)
            except ServiceError:
                continue


__all__ = ["ChannelFor", "Floor", "KnockoutRunner", "balance_moves", "first_tables", "read_floor"]
