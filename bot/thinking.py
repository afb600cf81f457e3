"""Where computer players think: worker processes, never the event loop.

A decision of the search takes up to a strength's budget (at most 40 ms easy,
250 ms normal, 1.2 s strong; docs/ai.md, "Decision times"), far too long for
the loop that answers every interaction of every table in 3 s. So each decision
is sent to a process pool (``forkserver`` workers that preloaded the engines)
with the state, the seat and the strength; the loop only pickles the state and
waits.

The wait is bounded three times: the search checks its own clock (the
strength's budget); that clock also ends at the answer's deadline (``answer_by``:
the hard limit less ``MARGIN``, from when the question was asked), so a decision
that waited in the queue behind others searches less instead of coming too late;
and the caller gives up after ``hard_limit`` seconds, queueing included, and plays
the game's ``timeout_action`` instead, so a table never waits on a stuck or
flooded worker. A broken pool (a worker killed) is
replaced on the next decision. The workers are the process's, shared by
every bot it runs and stopped at exit.
"""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import logging
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

import games
from bot.tasks import clock_sleep
from games.ai.advice import Advice, advise
from games.ai.search import computer_player

from .service.errors import HintUnavailable

log = logging.getLogger("cardroom.thinking")

#: Seconds a caller waits for a decision (queueing included) before playing the game's default.
HARD_LIMIT = 2.0
#: Seconds of the hard limit kept for the answer's way back (unpickling, the loop's turn): a
#: search stops by then whatever its budget.
MARGIN = 0.3
#: The 💡 Hint's search: sampled deals at most, and seconds of search (the strong player's move
#: and the statistics of its reason); a player waits ``HINT_LIMIT`` at most, queueing included.
HINT_SAMPLES = 200
HINT_BUDGET = 1.2
HINT_LIMIT = 8.0

T = TypeVar("T")


def think(game_id: str, state: Any, seat: int, strength: str, seed: int, answer_by: float | None = None) -> str:
    """One decision, in a worker process (or inline in tests of the search itself); with
    ``answer_by`` (``time.time()``, comparable across processes) the search ends there at the latest."""
    game = games.get_game(game_id)
    clock = time.perf_counter if answer_by is None else ending(answer_by)
    player = computer_player(game, strength, clock=clock)
    return str(player.choose(game, state, seat, random.Random(seed)))


def ending(answer_by: float) -> Callable[[], float]:
    """``time.perf_counter``, but infinite once ``answer_by`` has passed: every budget measured on it
    (``stop = clock() + budget``) is over by then, so the search stops at its next look at the clock."""

    def clock() -> float:
        return time.perf_counter() if time.time() < answer_by else math.inf

    return clock


def hint(game_id: str, state: Any, seat: int, seed: int) -> Advice:
    """The 💡 Hint for ``seat``, in a worker process (``games.ai.advice``: the seat's view only)."""
    game = games.get_game(game_id)
    return advise(game, state, seat, random.Random(seed), samples=HINT_SAMPLES, budget=HINT_BUDGET,
                  clock=time.perf_counter)


def decision_seed(table_id: int, seq: int, seat: int) -> int:
    """The same question gets the same dice (a decision is reproducible up to its time budget)."""
    digest = hashlib.blake2b(f"{table_id}:{seq}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def default_workers() -> int:
    """One worker per core but one, kept for the event loop (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


#: The process's worker pools, by size: shared by every ``Thinker`` of the process and kept until
#: exit. Workers are started once, not per bot: starting processes reaps the dead ones first, and
#: that reaping waits on a clock, which under a test's virtual clock may never move.
_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        context: BaseContext
        if "forkserver" in multiprocessing.get_all_start_methods():
            forkserver = multiprocessing.get_context("forkserver")
            forkserver.set_forkserver_preload(["games", "games.ai.search"])
            context = forkserver
        else:  # Windows: no forkserver; spawned workers import the engines themselves
            context = multiprocessing.get_context("spawn")
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    return pool


@atexit.register
def _stop_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


class Thinker:
    """Runs decisions in a pool of worker processes, with a hard limit per decision."""

    def __init__(self, workers: int | None = None, hard_limit: float = HARD_LIMIT) -> None:
        self.workers = workers or default_workers()
        self.hard_limit = hard_limit
        #: Decisions that fell back to the game's default (slow or failed): the health line shows it.
        self.fallbacks = 0

    def _executor(self) -> Executor:
        return _pool(self.workers)

    async def choose(self, game_id: str, state: Any, seat: int, strength: str, seed: int) -> str:
        """The computer's move for ``seat``; the game's ``timeout_action`` when no answer comes in time."""
        try:
            answer_by = time.time() + self.hard_limit - MARGIN  # queueing counts: the table waits for it too
            future = self._executor().submit(think, game_id, state, seat, strength, seed, answer_by)
            return await _within(asyncio.wrap_future(future), self.hard_limit)
        except BrokenProcessPool:
            log.warning("a computer-player worker died; starting a new pool")
            self._drop_pool()
        except TimeoutError:
            log.warning("a %s decision in %s took over %.1f s; playing the default", strength, game_id, self.hard_limit)
        except Exception:
            log.exception("a %s decision in %s failed; playing the default", strength, game_id)
        self.fallbacks += 1
        return games.get_game(game_id).timeout_action(state, seat)

    async def advise(self, game_id: str, state: Any, seat: int, seed: int) -> Advice:
        """The 💡 Hint (``hint``) from the worker pool; ``HintUnavailable`` when none comes in time."""
        try:
            future = self._executor().submit(hint, game_id, state, seat, seed)
            return await _within(asyncio.wrap_future(future), HINT_LIMIT)
        except BrokenProcessPool:
            log.warning("a computer-player worker died; starting a new pool")
            self._drop_pool()
        except TimeoutError:
            log.warning("a hint in %s took over %.1f s", game_id, HINT_LIMIT)
        except Exception:
            log.exception("a hint in %s failed", game_id)
        raise HintUnavailable()

    def _drop_pool(self) -> None:
        pool = _POOLS.pop(self.workers, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """The bot stops: nothing to release (the workers serve the process until it exits)."""


async def _within(answer: asyncio.Future[T], seconds: float) -> T:
    """The answer, or ``TimeoutError`` after ``seconds`` of the bot's clock (``bot.tasks.clock_sleep``).

    Not ``asyncio.wait_for``: its timer is on the loop's clock, which SimCord lets run on the wall
    clock, so a busy machine moved a test's clock by the hard limit in the middle of a settle."""
    limit = asyncio.ensure_future(clock_sleep(seconds))
    try:
        await asyncio.wait((answer, limit), return_when=asyncio.FIRST_COMPLETED)
    finally:
        limit.cancel()
        answer.cancel()  # no-op once answered; else the worker's late answer is dropped
    if answer.cancelled():
        raise TimeoutError
    return answer.result()


__all__ = ["HARD_LIMIT", "HINT_LIMIT", "MARGIN", "Thinker", "decision_seed", "default_workers", "ending", "hint", "think"]
