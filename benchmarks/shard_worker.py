"""One shard process of ``benchmarks.shards``: a real ``TableService`` on its own connections.

Run by the parent as ``python -m benchmarks.shard_worker --url URL --shard I --count N``. It reads
commands as JSON lines on stdin (``{"id": 1, "cmd": "open", …}``) and answers each with one JSON
line on stdout carrying the same ``id``; commands run concurrently, so the parent can ask for a
lease check or a round of timeouts while a load phase runs. While it drives, a worker asked to
``ack`` writes every committed click (table, seq before, user, what) to stdout within 50 ms of its
commit, so a parent that SIGKILLs it knows exactly which clicks it was told had succeeded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import games
from bot.service import Economy, ServiceError, TableElsewhere, TableService, TableSnapshot
from bot.shards import ShardPlan, shard_of
from data.engines import open_database
from data.store import Database
from games import GameError

STARTED = time.time()  # before the service's imports finished: the replacement's clock starts here
TABLES_PER_GUILD = 10
MAX_PLAYERS = 6
TURN_SECONDS = 30
STARTING_CHIPS = 1_000_000


def guild_for(shard: int, count: int, k: int) -> int:
    """The k-th guild of a shard, a snowflake-sized id whose shard is ``shard`` by Discord's formula."""
    guild = ((k * count + shard) << 22) + 7
    assert shard_of(guild, count) == shard
    return guild


class Clock:
    """Real time plus an offset the parent moves forward, to bring turn deadlines due."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def __call__(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset)


@dataclass
class Seats:
    """Who may sit at a table: ``pool`` are its guild's users for it, distinct per table."""

    guild: int
    pool: list[int]
    low: int
    high: int


@dataclass
class Stats:
    lat: dict[str, list[float]] = field(default_factory=lambda: {"act": [], "ready": [], "lobby": []})
    clicks: int = 0
    settled: int = 0
    hands: int = 0
    refused: int = 0
    errors: int = 0
    first_error: str = ""


class Worker:
    def __init__(self, db: Database, shard: int, count: int, offset: float, seed: int) -> None:
        self.db, self.shard, self.count = db, shard, count
        self.clock = Clock(offset)
        self.svc = TableService(db, clock=self.clock, owns_guild=ShardPlan(count, (shard,)).owns)
        self.eco = Economy(db, clock=self.clock)
        self.rng = random.Random(seed)
        self.seats: dict[int, Seats] = {}
        self.busy: set[int] = set()
        self.acks: list[list[Any]] | None = None

    # ------------------------------------------------------------------ setup
    async def open(self, tables: int, first: int, batch: int) -> dict[str, Any]:
        """Opens, seats and starts ``tables`` tables of every game, ``batch`` at a time."""
        began = time.perf_counter()
        all_games = games.all_games()
        guilds = [guild_for(self.shard, self.count, first // TABLES_PER_GUILD + k)
                  for k in range((tables + TABLES_PER_GUILD - 1) // TABLES_PER_GUILD)]
        for i in range(0, len(guilds), batch):
            await asyncio.gather(*(self.eco.update_settings(g, starting_chips=STARTING_CHIPS) for g in guilds[i:i + batch]))

        async def one(j: int) -> int:
            game = all_games[(first + j) % len(all_games)]
            low, high = game.seat_limits(game.options_from(None))
            guild = guilds[j // TABLES_PER_GUILD]
            pool = [1_000 + (first + j) * 16 + k for k in range(min(high, MAX_PLAYERS) + 2)]
            n = self.rng.randint(low, max(low, min(high, MAX_PLAYERS)))
            channel = (self.shard + 1) * 10**12 + first + j
            snap = await self.svc.open_table(guild, channel, pool[0], game.id, turn_seconds=TURN_SECONDS)
            for user in pool[1:n]:
                await self.svc.join(snap.id, user)
            await self.svc.start(snap.id, pool[0])
            self.seats[snap.id] = Seats(guild, pool, low, min(high, MAX_PLAYERS))
            return snap.id

        ids: list[int] = []
        for i in range(0, tables, batch):
            ids += await asyncio.gather(*(one(j) for j in range(i, min(tables, i + batch))))
        return {"tables": ids, "guilds": len(guilds), "seconds": time.perf_counter() - began}

    async def load(self, expected: int, limit: float) -> dict[str, Any]:
        """``load_open_tables`` until every table of the shard is held (a dead owner's locks may linger a moment)."""
        began, attempts = time.perf_counter(), 0
        while True:
            attempts += 1
            snaps = await self.svc.load_open_tables()
            if len(snaps) >= expected or time.perf_counter() - began > limit:
                break
            await asyncio.sleep(0.05)
        for s in snaps:
            if s.id not in self.seats:
                self.seats[s.id] = self._seats_of(s)
        return {"loaded": len(snaps), "attempts": attempts, "seconds": time.perf_counter() - began,
                "since_start": time.time() - STARTED, "ids": [s.id for s in snaps]}

    @staticmethod
    def _seats_of(snap: TableSnapshot) -> Seats:
        game = snap.game
        low, high = game.seat_limits(snap.options)
        base = min(snap.lobby)
        return Seats(snap.guild_id, [base + k for k in range(min(high, MAX_PLAYERS) + 2)], low, min(high, MAX_PLAYERS))

    # ------------------------------------------------------------------ load
    async def drive(self, seconds: float, rate: float, concurrency: int, long: bool) -> dict[str, Any]:
        """Clicks at ``rate`` per second (open loop) for ``seconds``, at most ``concurrency`` at once."""
        stats, gate = Stats(), asyncio.Semaphore(concurrency)
        tasks: set[asyncio.Task[None]] = set()
        began = time.perf_counter()
        due = began
        while time.perf_counter() - began < seconds:
            due += 1 / rate
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            await gate.acquire()
            idle = [t for t in self.seats if t not in self.busy]
            if not idle:
                gate.release()
                await asyncio.sleep(0.01)
                continue
            table = self.rng.choice(idle)
            self.busy.add(table)
            task = asyncio.create_task(self._click(table, stats, long))
            tasks.add(task)
            task.add_done_callback(self._done(tasks, table, gate))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - began
        return {"seconds": elapsed, "clicks": stats.clicks, "settled": stats.settled, "hands": stats.hands,
                "refused": stats.refused, "errors": stats.errors, "first_error": stats.first_error,
                "lat": {k: [round(x * 1000, 3) for x in v] for k, v in stats.lat.items()}}

    def _done(self, tasks: set[asyncio.Task[None]], table: int, gate: asyncio.Semaphore) -> Callable[[asyncio.Task[None]], None]:
        def done(task: asyncio.Task[None]) -> None:
            tasks.discard(task)
            self.busy.discard(table)
            gate.release()

        return done

    async def _timed(self, kind: str, stats: Stats, call: Awaitable[Any]) -> Any:
        began = time.perf_counter()
        result = await call
        stats.lat[kind].append(time.perf_counter() - began)
        stats.clicks += 1
        return result

    async def _click(self, table: int, stats: Stats, long: bool) -> None:
        """What one player's button press does: the prompt's seq as its token, as the click handler sends it."""
        try:
            snap = await self.svc.get(table)
            if not snap.is_open:
                self.seats.pop(table, None)
                return
            if snap.paused:
                if long and self.rng.random() < 0.3 and await self._join_or_leave(snap, stats):
                    return
                waiting = snap.waiting_for_next
                if waiting:
                    user = self.rng.choice(waiting)
                    await self._timed("ready", stats, self.svc.ready(table, user))
                    self._ack(table, snap.seq, user, "ready")
                return
            if not snap.to_act_users:
                return
            user = self.rng.choice(snap.to_act_users)
            seat = snap.seat_of(user)
            assert seat is not None
            action = self.rng.choice(snap.game.legal_actions(snap.state, seat))
            result = await self._timed("act", stats, self.svc.act(table, user, action, seq=snap.seq))
            self._ack(table, snap.seq, user, action)
            if result.hand_finished:
                stats.hands += 1
                done = result.snapshot.result
                if done is not None and any(line.net for line in done.lines):
                    stats.settled += 1
        except (ServiceError, GameError):
            stats.refused += 1
        except Exception as exc:  # counted and shown: the summary fails on any
            stats.errors += 1
            stats.first_error = stats.first_error or f"table {table}: {type(exc).__name__}: {exc}"

    async def _join_or_leave(self, snap: TableSnapshot, stats: Stats) -> bool:
        seats = self.seats[snap.id]
        present = set(snap.lobby)
        outside = [u for u in seats.pool if u not in present]
        leavers = [i.user_id for i in snap.seats if not i.leaving and i.user_id != snap.host_id]
        if self.rng.random() < 0.5 and outside and len(present) < seats.high:
            await self._timed("lobby", stats, self.svc.join(snap.id, self.rng.choice(outside)))
            return True
        if leavers and len(snap.seats) > seats.low:
            await self._timed("lobby", stats, self.svc.leave(snap.id, self.rng.choice(leavers)))
            return True
        return False

    def _ack(self, table: int, seq: int, user: int, what: str) -> None:
        if self.acks is not None:
            self.acks.append([table, seq, user, what])

    async def flush_acks(self) -> None:
        while True:
            await asyncio.sleep(0.05)
            if self.acks:
                batch, self.acks = self.acks, []
                emit({"acks": batch})

    # ------------------------------------------------------------------ checks
    async def foreign(self, table: int) -> dict[str, Any]:
        """Another shard's live table: the service must refuse it, and so must the lease itself."""
        try:
            await self.svc.get(table)
            refused = False
        except TableElsewhere:
            refused = True
        claimed = await self.db.leases.claim(table)
        if claimed:
            await self.db.leases.release(table)
        return {"service_refused": refused, "lease_taken": claimed}

    async def timeouts(self, advance: float) -> dict[str, Any]:
        self.clock.offset += advance
        began = time.perf_counter()
        done = await self.svc.timeout_due()
        return {"timed_out": len(done), "seconds": time.perf_counter() - began, "offset": self.clock.offset}


def emit(doc: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(doc, separators=(",", ":")) + "\n")
    sys.stdout.flush()


async def serve(args: argparse.Namespace) -> None:
    db = await open_database(args.url, migrate=False)
    worker = Worker(db, args.shard, args.count, args.offset, args.seed)
    emit({"hello": args.shard, "started": STARTED})
    commands: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {
        "open": worker.open, "load": worker.load, "drive": worker.drive, "foreign": worker.foreign,
        "timeouts": worker.timeouts,
    }
    flusher = asyncio.create_task(worker.flush_acks())
    reader = asyncio.StreamReader()
    await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    pending: set[asyncio.Task[None]] = set()

    async def handle(doc: dict[str, Any]) -> None:
        try:
            reply = await commands[doc.pop("cmd")](**{k: v for k, v in doc.items() if k != "id"})
        except Exception as exc:
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        emit({"id": doc["id"], **reply})

    while line := await reader.readline():
        doc = json.loads(line)
        if doc.get("cmd") == "ack":
            worker.acks = [] if doc.get("on") else None
            continue
        if doc.get("cmd") == "quit":
            break
        task = asyncio.create_task(handle(doc))
        pending.add(task)
        task.add_done_callback(pending.discard)
    await asyncio.gather(*pending)
    flusher.cancel()
    await db.close()
    emit({"bye": args.shard})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="a postgresql:// URL, or a SQLite file for the comparison")
    parser.add_argument("--shard", type=int, default=0)
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--offset", type=float, default=0.0, help="seconds the clock runs ahead of real time")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()
