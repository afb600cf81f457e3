"""Answers first: background edits wait while an interaction is being answered, and never forever."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, cast

import discord

from bot.foreground import ANSWER_WINDOW, PRUNE_AT, Foreground


@dataclass
class FakeResponse:
    done: bool = False

    def is_done(self) -> bool:
        return self.done


@dataclass
class FakeInteraction:
    id: int
    response: FakeResponse = field(default_factory=FakeResponse)


def fake(i: int) -> discord.Interaction:
    return cast(discord.Interaction, FakeInteraction(i))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_background_work_waits_until_the_open_interaction_is_answered() -> None:
    fg = Foreground(patience=5.0)
    order: list[str] = []
    click = fake(1)
    fg.arrived(click)

    async def background() -> None:
        await fg.quiet()
        order.append("background")

    task = asyncio.create_task(background())
    for _ in range(5):
        await asyncio.sleep(0)
    assert order == [] and fg.busy()
    order.append("answer")
    fg.answered(click)
    await asyncio.wait_for(task, 1.0)
    assert order == ["answer", "background"]
    assert not fg.busy()


async def test_an_answer_discord_py_already_sent_counts_even_if_nobody_said_so() -> None:
    fg = Foreground(patience=5.0)
    click: Any = fake(2)
    fg.arrived(click)
    assert fg.busy()
    click.response.done = True
    assert not fg.busy()
    await asyncio.wait_for(fg.quiet(), 0.5)


async def test_an_interaction_older_than_discords_window_is_not_waited_for() -> None:
    clock = Clock()
    fg = Foreground(clock=clock)
    fg.arrived(fake(3))
    assert fg.busy()
    clock.now += ANSWER_WINDOW + 0.01
    assert not fg.busy()


async def test_background_work_goes_ahead_after_its_patience_under_a_stream_of_clicks() -> None:
    fg = Foreground(patience=0.05)
    fg.arrived(fake(4))  # never answered
    loop = asyncio.get_running_loop()
    start = loop.time()
    await asyncio.wait_for(fg.quiet(), 1.0)
    assert 0.04 <= loop.time() - start < 0.5
    assert fg.busy()  # still open: the background step simply stopped waiting


async def test_nothing_open_means_no_wait_at_all() -> None:
    fg = Foreground()
    task = asyncio.ensure_future(fg.quiet())
    await asyncio.sleep(0)
    assert task.done()


async def test_answers_nobody_reported_do_not_pile_up() -> None:
    fg = Foreground()
    for i in range(PRUNE_AT * 3):
        click: Any = fake(1000 + i)
        fg.arrived(click)
        click.response.done = True  # discord.py answered it; no handler said so
    assert len(fg._open) <= PRUNE_AT
