"""A computer's hard limit is time on the bot's clock (``bot.tasks.clock_sleep``), not the loop's timer.

With ``asyncio.wait_for`` the limit was a loop timer, which SimCord lets fire
on the wall clock: a decision slowed by a busy machine moved a test's clock
by the limit in the middle of a settle.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future
from typing import Any

import games
from bot.tasks import use_clock_sleep
from bot.thinking import Thinker


class Answers(Executor):
    """Answers every question with ``answer`` (None: never answers)."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if self.answer is not None:
            future.set_result(self.answer)
        return future


class Limited(Thinker):
    def __init__(self, executor: Executor) -> None:
        super().__init__(workers=1, hard_limit=0.01)
        self.executor = executor

    def _executor(self) -> Executor:
        return self.executor


def question() -> tuple[Any, int]:
    game = games.get_game("renfield")
    state = game.new_state(game.Options(), 3, 7, dealer=0)
    return state, min(game.to_act(state))


async def test_the_limit_waits_on_the_bots_clock_and_then_plays_the_default() -> None:
    state, seat = question()
    thinker = Limited(Answers(None))
    asked: list[float] = []
    elapsed = asyncio.Event()

    async def clock(seconds: float) -> None:
        asked.append(seconds)
        await elapsed.wait()

    with use_clock_sleep(clock):
        choosing = asyncio.create_task(thinker.choose("renfield", state, seat, "easy", 1))
        await asyncio.sleep(0.1)  # ten limits of the loop's clock: the bot's clock has not moved
        assert not choosing.done() and asked == [0.01]
        elapsed.set()
        action = await choosing
    assert action == games.get_game("renfield").timeout_action(state, seat)
    assert thinker.fallbacks == 1


async def test_an_answer_in_time_is_played_and_stops_the_limit() -> None:
    state, seat = question()
    legal = games.get_game("renfield").legal_actions(state, seat)
    thinker = Limited(Answers(legal[-1]))
    stopped: list[bool] = []

    async def clock(seconds: float) -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            stopped.append(True)
            raise

    with use_clock_sleep(clock):
        assert await thinker.choose("renfield", state, seat, "easy", 1) == legal[-1]
        await asyncio.sleep(0)
    assert thinker.fallbacks == 0 and stopped == [True]
