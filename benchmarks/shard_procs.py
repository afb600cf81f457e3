"""The parent's side of ``benchmarks.shards``: worker processes, the durable cluster, the checks after.

A ``Proc`` is one ``benchmarks.shard_worker`` subprocess: commands go down its stdin as JSON
lines, answers and acknowledged clicks come back on its stdout. ``kill`` is SIGKILL: nothing of
the worker runs after it, exactly like a crashed bot process.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg

from benchmarks.shard_worker import STARTING_CHIPS
from bot.service import Economy, TableService
from bot.shards import shard_of
from data.pg import PostgresDatabase

ROOT = Path(__file__).resolve().parents[1]


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


class Proc:
    """One worker process and the answers it owes."""

    def __init__(self, shard: int, process: asyncio.subprocess.Process, spawned: float) -> None:
        self.shard = shard
        self.process = process
        self.spawned = spawned  # time.monotonic() when the parent started it
        self.acks: list[list[Any]] = []
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.hello: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def spawn(cls, url: str, shard: int, count: int, *, offset: float = 0.0, log: Path) -> Proc:
        spawned = time.monotonic()
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.shard_worker", "--url", url, "--shard", str(shard),
            "--count", str(count), "--offset", str(offset), "--seed", str(shard * 7919 + int(spawned) % 1000),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log.open("ab"),
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, limit=1 << 26,
        )
        return cls(shard, process, spawned)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            doc = json.loads(line)
            if "acks" in doc:
                self.acks.extend(doc["acks"])
            elif "hello" in doc:
                self.hello.set_result(doc)
            elif "id" in doc:
                self._waiting.pop(doc["id"]).set_result(doc)
        for fut in [*self._waiting.values(), self.hello]:
            if not fut.done():
                fut.set_exception(RuntimeError(f"worker for shard {self.shard} exited"))

    def send(self, doc: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(doc) + "\n").encode())

    async def call(self, cmd: str, **kw: Any) -> dict[str, Any]:
        """Runs a command in the worker and returns its answer; a failure there raises here."""
        n = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[n] = fut
        self.send({"id": n, "cmd": cmd, **kw})
        reply = await fut
        if "error" in reply:
            raise RuntimeError(f"shard {self.shard} {cmd}: {reply['error']}")
        return reply

    async def kill(self) -> float:
        """SIGKILL; returns when it happened (monotonic)."""
        self.process.send_signal(signal.SIGKILL)
        at = time.monotonic()
        await self.process.wait()
        await asyncio.gather(self._reader, return_exceptions=True)
        return at

    async def quit(self) -> None:
        self.send({"cmd": "quit"})
        await self.process.wait()
        await asyncio.gather(self._reader, return_exceptions=True)


async def create_database(admin_url: str, name: str) -> str:
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return admin_url.replace("/postgres?", f"/{name}?", 1)


async def open_in_shard(url: str, shard: int, count: int) -> int:
    """How many open tables the database holds for the shard's guilds (what a replacement must load)."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT guild_id FROM tables WHERE status IN ('lobby','playing')")
    finally:
        await conn.close()
    return sum(1 for r in rows if shard_of(r["guild_id"], count) == shard)


async def lost_acks(url: str, acks: list[list[Any]]) -> int:
    """Acknowledged clicks with no matching row in ``table_log`` (same table, user and action, after its seq)."""
    if not acks:
        return 0
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_id, seq, user_id, payload FROM table_log WHERE table_id = ANY($1::bigint[])",
            sorted({a[0] for a in acks}),
        )
    finally:
        await conn.close()
    logged: dict[tuple[int, int, str], list[int]] = {}
    for r in rows:
        logged.setdefault((r["table_id"], r["user_id"], r["payload"]), []).append(r["seq"])
    return sum(1 for t, seq, user, what in acks if not any(s > seq for s in logged.get((t, user, what), ())))


async def final_checks(url: str) -> dict[str, Any]:
    """Audit, chips conserved, and every open table loads (a fresh service that owns every guild)."""
    db = await PostgresDatabase.open(url, migrate=False)
    try:
        report = await Economy(db).audit()
        wallets = await db.scalar("SELECT COUNT(*) FROM accounts WHERE kind = 'user'")
        issuer = await db.scalar("SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE kind = 'issuer'")
        held = await db.scalar("SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE kind <> 'issuer'")
        started = await db.scalar("SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE code = 'start'")
        grants = await db.scalar("SELECT COUNT(*) FROM transfers WHERE code IN ('daily','grant','correction')")
        open_rows = await db.scalar("SELECT COUNT(*) FROM tables WHERE status IN ('lobby','playing')")
        void_before = await db.scalar("SELECT COUNT(*) FROM tables WHERE status = 'void'")
        began = time.perf_counter()
        loaded = await TableService(db).load_open_tables()
        load_s = time.perf_counter() - began
        void_after = await db.scalar("SELECT COUNT(*) FROM tables WHERE status = 'void'")
        hands = await db.scalar("SELECT COUNT(*) FROM hands WHERE status = 'done'")
    finally:
        await db.close()
    return {
        "audit_ok": report.ok, "problems": list(report.problems[:10]), "accounts": report.accounts,
        "transfers": report.transfers, "wallets": wallets, "issued": -issuer, "held": held,
        "issued_expected": wallets * STARTING_CHIPS, "start_transfers": started, "other_issues": grants,
        "conserved": held == -issuer == started == wallets * STARTING_CHIPS and grants == 0,
        "open_tables": open_rows, "loaded": len(loaded), "voided_on_load": void_after - void_before,
        "load_all_s": load_s, "hands_done": hands,
    }
