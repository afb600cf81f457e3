"""A computer's decision ends by the answer's deadline, queueing included (``bot.thinking``).

With one worker and computers thinking at many tables, a decision may wait in the queue behind
others; it then used to search its whole budget and come back after the caller's hard limit, and
the table got the game's default move instead. Now the caller sends the time by which it needs the
answer (``answer_by``: the hard limit less ``MARGIN``) and the worker's clock ends there
(``ending``), so a late decision searches less but is still the search's.
"""

from __future__ import annotations

import asyncio
import math
import time
from concurrent.futures import Executor, Future
from typing import Any

import pytest

import games
from bot.thinking import MARGIN, ending, think
from tests.runtime.test_thinking_limit import Limited

RENFIELD = games.get_game("renfield")


def question() -> tuple[Any, int]:
    """Renfield's first decision at three seats: a real choice for the normal search."""
    state = RENFIELD.new_state(RENFIELD.Options(), 3, 7, dealer=0)
    seat = min(RENFIELD.to_act(state))
    assert len(RENFIELD.legal_actions(state, seat)) > 1
    return state, seat


class Recorder(Executor):
    """Records what it is asked and answers with the first legal action."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, ...]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.asked.append(args)
        future: Future[Any] = Future()
        game_id, state, seat = args[:3]
        future.set_result(games.get_game(game_id).legal_actions(state, seat)[0])
        return future


def test_the_clock_ends_at_the_answers_deadline() -> None:
    assert ending(time.time() - 1.0)() == math.inf
    running = ending(time.time() + 60.0)
    assert math.isfinite(running()) and abs(running() - time.perf_counter()) < 1.0


def test_the_caller_sends_its_hard_limit_less_the_margin() -> None:
    state, seat = question()
    recorder = Recorder()
    before = time.time()
    thinker = Limited(recorder)
    asyncio.run(thinker.choose("renfield", state, seat, "strong", 5))
    (args,) = recorder.asked
    assert args[:5] == ("renfield", state, seat, "strong", 5)
    assert before + thinker.hard_limit - MARGIN <= args[5] <= time.time() + thinker.hard_limit - MARGIN


def test_a_decision_past_its_deadline_stops_at_its_first_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The normal search samples three deals; past the deadline it stops after the first one's
    first playout, and still answers a legal action (not the game's default)."""
    state, seat = question()
    drawn: list[int] = []
    real = type(RENFIELD).sample_hidden

    def counted(self: Any, st: Any, s: int, rng: Any) -> Any:
        drawn.append(1)
        return real(self, st, s, rng)

    monkeypatch.setattr(type(RENFIELD), "sample_hidden", counted)
    action = think("renfield", state, seat, "normal", 1, answer_by=time.time() + 3600)
    full = len(drawn)
    drawn.clear()
    late = think("renfield", state, seat, "normal", 1, answer_by=time.time() - 1.0)
    assert full >= 3 and len(drawn) == 1
    assert action in RENFIELD.legal_actions(state, seat) and late in RENFIELD.legal_actions(state, seat)
