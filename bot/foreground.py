"""Answers first: background work waits while a user's interaction is being answered.

A click must be answered within Discord's 3 seconds, and the player is
looking at it; the public table message and the other players' panels are
projections that can follow a few milliseconds later. Without an order, the
edits an action schedules run on the event loop *between* the action's
commit and its answer (every ``await`` lets them in), and the click pays
for them. So the bot notes every interaction as it arrives (``arrived``,
called synchronously while the gateway event is parsed, before any handler
runs) and forgets it once it is answered; background work calls ``quiet()``
before each step and waits while any interaction is still open.

An interaction counts as answered when its handler says so (``answered``),
when discord.py has sent its first response, or after Discord's 3 seconds;
and ``quiet()`` never waits longer than ``patience``, so a bot under a
constant stream of clicks still keeps its messages current.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import discord

#: Discord's deadline for a first answer; an interaction older than this is not waited for.
ANSWER_WINDOW = 3.0
#: The longest background work defers to answers before going ahead anyway.
PATIENCE = 0.5
#: How often a waiting step re-checks interactions that finished without saying so.
RECHECK = 0.01
#: Open interactions at which an arrival first forgets the answered and the expired ones.
PRUNE_AT = 64


class Foreground:
    def __init__(self, *, clock: Callable[[], float] = time.monotonic, patience: float = PATIENCE) -> None:
        self._clock = clock
        self._patience = patience
        self._open: dict[int, tuple[discord.Interaction, float]] = {}
        self._calm = asyncio.Event()
        self._calm.set()

    def arrived(self, interaction: discord.Interaction) -> None:
        if len(self._open) >= PRUNE_AT:  # answers nobody reported: forget them before they pile up
            self.busy()
        self._open[interaction.id] = (interaction, self._clock())
        self._calm.clear()

    def answered(self, interaction: discord.Interaction) -> None:
        self._open.pop(interaction.id, None)
        if not self._open:
            self._calm.set()

    def waiting(self) -> int:
        """How many interactions are still waiting for their first answer (the health line's figure)."""
        self.busy()
        return len(self._open)

    def busy(self) -> bool:
        """Whether some interaction is still waiting for its first answer."""
        now = self._clock()
        for key, (interaction, since) in list(self._open.items()):
            if interaction.response.is_done() or now - since > ANSWER_WINDOW:
                del self._open[key]
        if self._open:
            return True
        self._calm.set()
        return False

    async def quiet(self) -> None:
        """Returns once no interaction is waiting for its answer (or after ``patience``)."""
        if not self.busy():
            return
        deadline = self._clock() + self._patience
        while self.busy():
            left = deadline - self._clock()
            if left <= 0:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._calm.wait(), timeout=min(RECHECK, left))


__all__ = ["ANSWER_WINDOW", "PATIENCE", "PRUNE_AT", "Foreground"]
