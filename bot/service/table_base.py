"""What every table operation stands on: the cache of open tables, the transaction, reading.

Every change is one transaction (log row + snapshot with a compare-and-swap on
``seq``, plus settlement, results and the next deal when a hand ends),
committed before ``on_change`` is called. The work of a transaction is a
synchronous function run on the database's thread (``Database.run``) on a
private copy of the table; the copy replaces the cached table only after COMMIT.
The operations themselves live in ``table_lobby`` and ``table_play``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from data.store import Conn, Database, DatabaseUnavailable, Row
from games.core.i18n import N_, _, speaking
from games.core.views import SeatView

from .callers import INTERNAL, Caller, check_guild, same_guild, valid_table_id
from .errors import BadPhase, DatabaseUnreachable, NoTable, NotHost, NotSeated, TableElsewhere
from .handflow import Change
from .live import Live, iso, save
from .live_load import live_from_row, lives_from_rows, open_rows
from .lobby_limits import give_old_lobby_a_deadline, keep_lobby_open
from .models import TableSnapshot
from .table_restore import decoded, restore_state, void, void_raw

OnChange = Callable[[TableSnapshot, str], Awaitable[None]]
#: A transaction's work on the table's private copy: (connection, table, now, what changed).
Work = Callable[[Conn, Live, str, Change], None]
log_ = logging.getLogger("bot.service.tables")


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Committed:
    """A committed change: the table's new snapshot and what the transaction reported."""

    snapshot: TableSnapshot
    change: Change


class TableBase:
    """The cache, the locks and the transaction runner shared by all table operations."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], datetime] = utcnow,
        on_change: OnChange | None = None,
        seed_source: Callable[[], int] | None = None,
        owns_guild: Callable[[int], bool] | None = None,
    ) -> None:
        self.db = db
        #: Whether this process runs the guild's tables (its Discord shards); None: every guild.
        self.owns_guild = owns_guild or (lambda _guild_id: True)
        self.clock = clock
        self.on_change = on_change
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._live: dict[int, Live] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._loading = asyncio.Lock()
        #: Tables of this process's guilds it does not drive yet: another process held the lease, or
        #: this one lost it with its connection, or a commit's outcome is unknown (``adopt_pending``).
        self._pending: set[int] = set()
        #: Told when a table starts waiting there (the bot polls ``adopt_pending`` with backoff).
        self.on_pending: Callable[[], None] | None = None

    # ================================================================ reading
    def open_counts(self) -> tuple[int, int]:
        """(open tables this process holds, of them playing): the health line's figures."""
        statuses = [live.core.status for live in self._live.values()]
        return len(statuses), statuses.count("playing")

    async def load_open_tables(self) -> list[TableSnapshot]:
        """After a restart: lobby and playing tables, deadlines intact.

        A snapshot that no longer decodes is rebuilt by replaying the hand's
        record and log; if that fails too, the table is voided and every chip
        at it refunded (the interrupted hand is undone exactly).
        """
        ids = await self._open_ids()
        async with self._loading:
            await self._take([table_id for table_id in ids if table_id not in self._live])
        return [self._live[table_id].snapshot() for table_id in ids if table_id in self._live]

    @property
    def pending(self) -> frozenset[int]:
        """The tables waiting for their lease (see ``adopt_pending``)."""
        return frozenset(self._pending)

    async def adopt_pending(self) -> list[TableSnapshot]:
        """Claims again the tables waiting for their lease; the snapshots of those now driven.

        A table whose lease this process can no longer prove (the lease connection dropped) is
        dropped from the cache first, and read back from the database once its lease is re-taken on
        the new connection: if another process drove it meanwhile, its moves are not overwritten.
        One held by another process stays waiting (the bot polls with backoff) until it is let go."""
        for table_id in [t for t in self._live if not self.db.leases.holds(t)]:
            self._unprove(table_id)
        if not self._pending:
            return []
        still_open = set(await self._open_ids())
        async with self._loading:
            self._pending &= still_open
            taken = await self._take(sorted(t for t in self._pending if t not in self._live))
        return [self._live[t].snapshot() for t in taken if t in self._live]

    async def _open_ids(self) -> list[int]:
        listed = await self.db.fetchall("SELECT id, guild_id FROM tables WHERE status IN ('lobby','playing') ORDER BY id")
        return [table_id for table_id, guild_id in listed if self.owns_guild(guild_id)]

    async def _take(self, fresh: list[int]) -> list[int]:
        """Leases and loads ``fresh`` (the caller holds ``_loading``); those held elsewhere wait. Returns those loaded."""
        held = await self.db.leases.claim_many(fresh)
        for table_id in fresh:
            if table_id not in held:
                log_.warning("table %s is held by another process; leaving it alone until it is let go", table_id)
                self._wait_for(table_id)
        self._pending -= held
        # Only this process's rows are read whole (their snapshots are the bulk of the bytes).
        mine = await self.db.read_sync(open_rows, [t for t in fresh if t in held])
        for ended in held - {r["id"] for r in mine}:  # closed since it was listed
            await self.db.leases.release(ended)
        try:  # thousands of tables in a few queries; any trouble: one by one, with the repairs
            built: list[Live | None] = list(await self.db.read_sync(lives_from_rows, mine))
        except DatabaseUnavailable:
            raise
        except Exception:
            built = [None] * len(mine)
        taken = []
        for row, live in zip(mine, built, strict=True):
            loaded = await self._load(row, live)
            if loaded is None:
                await self.db.leases.release(row["id"])
            else:
                self._live[row["id"]] = loaded
                taken.append(row["id"])
        return taken

    def _wait_for(self, table_id: int) -> None:
        if table_id not in self._pending:
            self._pending.add(table_id)
            if self.on_pending is not None:
                self.on_pending()

    def _unprove(self, table_id: int) -> None:
        """Not driven until read back under a lease proven again (``_ensure`` or ``adopt_pending``)."""
        if self._live.pop(table_id, None) is not None:
            self._wait_for(table_id)

    async def get(self, table_id: int, *, guild_id: Caller = INTERNAL) -> TableSnapshot:
        """``NoTable`` if unknown, ``ForeignTable`` for another server's (``callers``).
        Finished tables are read from the database."""
        live = await self._ensure(table_id, guild_id)
        if live is not None:
            return live.snapshot()
        row = await self.db.fetchone("SELECT * FROM tables WHERE id=?", (table_id,))
        if row is None:
            raise NoTable()
        check_guild(row["guild_id"], guild_id)
        closed = await self.db.read_sync(live_from_row, row)
        return closed.snapshot()

    async def in_channel(self, channel_id: int, *, guild_id: Caller = INTERNAL) -> TableSnapshot | None:
        """The open (lobby or playing) table of a channel (None if it is another server's)."""
        for live in self._live.values():
            if live.core.channel_id == channel_id:
                return live.snapshot() if same_guild(live.core.guild_id, guild_id) else None
        table_id = await self.db.scalar(
            "SELECT id FROM tables WHERE channel_id=? AND status IN ('lobby','playing')", (channel_id,)
        )
        if table_id is None:
            return None
        found = await self._ensure(table_id)
        return None if found is None or not same_guild(found.core.guild_id, guild_id) else found.snapshot()

    async def hand_view(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> tuple[SeatView, int]:
        """The user's private view and the seq it was rendered at. ``NotSeated`` for outsiders.

        The same as ``TableSnapshot.hand_view`` on the current snapshot (an ``ActResult``'s
        snapshot answers it without this call)."""
        live = await self._need(table_id, guild_id)
        return live.snapshot().hand_view(user_id)

    async def next_deadline(self) -> datetime | None:
        """The earliest deadline of the open tables this process drives (all loaded at start):
        a turn, the beat between hands, or a lobby's idle close."""
        deadlines = [live.core.deadline for live in self._live.values() if live.core.deadline is not None]
        return min(deadlines, default=None)

    # ============================================================ internals
    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def _ensure(self, table_id: int, guild_id: Caller = INTERNAL) -> Live | None:
        """The cached open table, loading (and if need be repairing) it on first use.

        The caller's server is checked first (``ForeignTable``), before anything
        about the table (closed, run elsewhere) can show."""
        live = self._live.get(valid_table_id(table_id))
        if live is not None:
            check_guild(live.core.guild_id, guild_id)
            if self.db.leases.holds(table_id):
                return live
            self._unprove(table_id)  # the lease connection dropped: read it back once re-claimed
        async with self._loading:
            live = self._live.get(table_id)
            if live is not None:
                check_guild(live.core.guild_id, guild_id)
                return live
            row = await self.db.fetchone(
                "SELECT * FROM tables WHERE id=? AND status IN ('lobby','playing')", (table_id,)
            )
            if row is None:
                self._pending.discard(table_id)
                return None
            check_guild(row["guild_id"], guild_id)
            if not self.owns_guild(row["guild_id"]):
                raise TableElsewhere()
            if not await self.db.leases.claim(table_id):
                self._wait_for(table_id)
                raise TableElsewhere()
            self._pending.discard(table_id)
            live = await self._load(row)
            if live is None:
                await self.db.leases.release(table_id)
            else:
                self._live[table_id] = live
            return live

    async def _load(self, row: Row, built: Live | None = None) -> Live | None:
        """An open table from its row (and its facts, if already read): the snapshot, else the replayed
        hand, else voided and refunded."""
        now = iso(self.clock()) or ""
        try:
            live = built if built is not None else await self.db.read_sync(live_from_row, row)
        except DatabaseUnavailable:  # the server is away, the table is fine: never void it for that
            raise
        except Exception:
            log_.exception("table %s can't be read; voiding it", row["id"])
            await self.db.run(void_raw, row, now)
            return None
        if live.core.status == "lobby" and live.core.deadline is None:
            await self.db.run(give_old_lobby_a_deadline, live, now)
        if row["state_json"] is None:
            return live
        same_rules = row["rules_version"] == live.game.rules_version
        state = decoded(live, row["state_json"]) if same_rules else None
        if state is None and same_rules:
            state = await self.db.read_sync(restore_state, live, row["state_json"])
        if state is None:
            log_.error("table %s: snapshot and replay both failed; voiding and refunding", row["id"])
            with speaking(live.core.locale):
                live.add_recent(_("This table couldn't be restored after a restart; every chip was refunded."))
            await self.db.run(void, live, now)
            live._snap = None
            await self._notify(live, "end")
            return None
        live.set_state(state)
        return live

    async def _adopt(self, live: Live) -> Live:
        """A table this process just opened: leased and cached (only a misconfigured twin could hold a new id)."""
        if not await self.db.leases.claim(live.core.id):
            raise TableElsewhere()
        self._live[live.core.id] = live
        return live

    async def _need(self, table_id: int, guild_id: Caller = INTERNAL) -> Live:
        live = await self._ensure(table_id, guild_id)
        if live is None:
            guild = await self.db.scalar("SELECT guild_id FROM tables WHERE id=?", (table_id,))
            if guild is None:
                raise NoTable()
            check_guild(int(guild), guild_id)
            raise BadPhase(N_("This table is closed."))
        return live

    async def _mutate(
        self,
        table_id: int,
        work: Work,
        *,
        statuses: tuple[str, ...],
        now: datetime | None = None,
        not_found_status: type[Exception] = BadPhase,
        guild_id: Caller = INTERNAL,
    ) -> Committed:
        """Runs ``work`` on a copy of the table inside one transaction, then swaps it in and notifies.

        ``guild_id``: the caller's server, which must be the table's (``bot.service.callers``)."""
        await self._need(table_id, guild_id)
        async with self._lock(table_id):
            live = self._live.get(table_id)
            if live is None:
                raise NoTable()
            if live.core.status not in statuses:
                raise not_found_status(N_("That isn't possible at this point of the game."))
            now_s = iso(now or self.clock()) or ""
            draft = live.clone()
            change = Change()

            def txn(conn: Conn) -> None:
                expected = draft.core.seq
                with speaking(draft.core.locale):  # what the table records is in its language
                    work(conn, draft, now_s, change)
                keep_lobby_open(conn, draft, now_s)  # any change to a lobby is activity
                ended = draft.core.status in ("finished", "void")
                if ended and draft.core.deadline is not None:
                    draft.core = replace(draft.core, deadline=None)
                save(conn, draft, expected, now_s, ended=ended)

            if not self.db.leases.holds(table_id):  # the lease connection died: another process may take over
                self._unprove(table_id)
                raise DatabaseUnreachable()
            try:
                await self.db.run(txn)
            except DatabaseUnavailable:  # committed or not, nobody knows: read it back before driving it again
                self._unprove(table_id)
                raise
            if draft.core.status in ("finished", "void"):
                self._live.pop(table_id, None)
                await self.db.leases.release(table_id)
            else:
                self._live[table_id] = draft
        snapshot = draft.snapshot()
        await self._notify(draft, change.reason)
        return Committed(snapshot, change)

    async def _notify(self, live: Live, reason: str) -> None:
        if self.on_change is None:
            return
        try:
            await self.on_change(live.snapshot(), reason)
        except Exception:  # a rendering problem must not undo or block a committed change
            log_.exception("on_change failed for table %s (%s)", live.core.id, reason)

    @staticmethod
    def _seat(live: Live, user_id: int) -> int:
        me = live.player(user_id)
        if me is None and user_id in live.busted:
            raise NotSeated(
                N_("You ran out of chips, so you left this table. Press My hand on it to buy back in (the buy-in"
                   " here is {n}); short of chips, claim free chips with /daily first."), n=live.core.buy_in,
            )
        if me is None:
            raise NotSeated()
        if me.seat is None:
            raise NotSeated(N_("You're in from the next hand."))
        return me.seat

    @staticmethod
    def _host_only(live: Live, user_id: int, *, is_admin: bool) -> None:
        if user_id != live.core.host_id and not is_admin:
            raise NotHost()


__all__ = ["Committed", "OnChange", "TableBase", "Work", "utcnow"]
