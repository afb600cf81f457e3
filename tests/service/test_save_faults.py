"""The bot's background writers meet a refused write (another process holds the SQLite file's lock):
the computer's move and a turn timer's timeout are tried again later, quietly, and land once the
lock is gone; the log gets the database's one warning, never a traceback per attempt.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import games
from bot import computers
from bot.computers import ComputerSeats, computer_to_act
from bot.service import ActResult
from data.db import SqliteDatabase
from data.faults import StorageFault
from tests.data.test_faults import held
from tests.service.test_tables import CH, HOST, P1, P2, Clock, Env, G, seated_table, step


def _busy(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA busy_timeout = 50").close()  # a fast test: the lock is given up on sooner


@pytest_asyncio.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    e = await Env(tmp_path / "cardroom.sqlite3", Clock()).open()
    assert isinstance(e.db, SqliteDatabase)
    await e.db.read_sync(_busy)
    yield e
    await e.close()


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, bad


class FirstLegal:
    """A thinker without worker processes: the first legal move."""

    async def choose(self, game_id: str, state: Any, seat: int, strength: str, seed: int) -> str:
        return str(games.get_game(game_id).legal_actions(state, seat)[0])


async def test_a_computer_move_refused_by_a_held_lock_is_played_once_the_lock_goes(
    env: Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "renfield")
    snap = await env.svc.add_computer(snap.id, HOST, "easy")
    snap = await env.svc.add_computer(snap.id, HOST, "easy")
    snap = (await env.svc.start(snap.id, HOST)).snapshot
    rng = random.Random(3)
    for _ in range(50):
        if computer_to_act(snap):
            break
        snap = (await step(env, snap.id, rng)).snapshot
    else:
        raise AssertionError("the computer never came to act")
    monkeypatch.setattr(computers, "FAULT_RETRY", 0.01, raising=False)
    seats = ComputerSeats(env.svc, FirstLegal(), pause=0)  # type: ignore[arg-type]
    refused: list[StorageFault] = []
    act = env.svc.act

    async def counting(*a: Any, **k: Any) -> ActResult:
        try:
            return await act(*a, **k)
        except StorageFault as err:
            refused.append(err)
            raise

    monkeypatch.setattr(env.svc, "act", counting)
    caplog.set_level(logging.INFO)
    with held(env.target):
        seats.table_changed(snap, "test")
        for _ in range(500):
            if len(refused) >= 3:
                break
            await asyncio.sleep(0.01)
        assert len(refused) >= 3  # tried again and again while the lock was held…
        assert (await env.svc.get(snap.id)).seq == snap.seq
    await seats.idle()  # …and played once it was gone
    assert (await env.svc.get(snap.id)).seq > snap.seq
    no_tracebacks(caplog)
    warnings = [r for r in caplog.records if r.name == "cardroom.storage" and r.levelno == logging.WARNING]
    assert len(warnings) == 1
    await seats.stop()


async def test_a_timeout_refused_by_a_held_lock_is_quiet_and_applied_later(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    snap = await seated_table(env, "renfield", players=(HOST, P1, P2), turn_seconds=30)
    env.clock.advance(31)
    caplog.set_level(logging.INFO)
    with held(env.target):
        assert await env.svc.timeout_due(env.clock()) == []
        assert (await env.svc.get(snap.id)).seq == snap.seq
    no_tracebacks(caplog)
    applied = await env.svc.timeout_due(env.clock())
    assert len(applied) == 1
    assert (await env.svc.get(snap.id)).seq > snap.seq
