"""What ``benchmarks.tournaments`` needs beside its run: a field that busts, and eyes on the keeper.

Random clickers at 1,000-chip stacks almost never bust, so a full run used to end with no
knock-out: the keeper's moves, broken tables and payouts were never timed at scale. Here the
benchmark's events start with a small stack and short levels (``fast_field``: the defaults a new event
takes, patched for the run and put back), people prefer betting and calling to folding
(``aggressive``), and ``Watch`` counts the keeper's work as it happens (knock-outs, players moved,
tables ended, events paid out) so that the clicks made while it happened are timed on their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.service import knockouts
from bot.service.events import formats
from tools.simtable import Control

#: How much a person likes each Razz action: raises and calls move chips; folding keeps them.
WEIGHTS: dict[str, int] = {
    "raise": 4, "bet": 4, "complete": 4, "call": 3, "bring-in": 2, "check": 2, "fold": 0,
}


def aggressive(rng: random.Random) -> Callable[[Sequence[Control]], Control]:
    """A chooser for ``tools.simtable.Table``: a weighted pick leaning to bets, raises and calls;
    a fold only when nothing else is offered (a random clicker folds too often to ever bust)."""

    def choose(controls: Sequence[Control]) -> Control:
        weights = [WEIGHTS.get(c.custom_id.rsplit(":", 1)[-1], 1) for c in controls]
        if not any(weights):
            return rng.choice(list(controls))
        return rng.choices(list(controls), weights=weights)[0]

    return choose


@contextmanager
def fast_field(stack: int, level_minutes: int) -> Iterator[None]:
    """New events start with ``stack`` tournament chips and ``level_minutes`` per level (the service
    takes both from ``formats`` as it creates an event); the defaults come back afterwards."""
    saved = formats.STARTING_STACK, formats.LEVEL_MINUTES
    formats.STARTING_STACK, formats.LEVEL_MINUTES = stack, level_minutes
    try:
        yield
    finally:
        formats.STARTING_STACK, formats.LEVEL_MINUTES = saved


@dataclass
class Watch:
    """The keeper's work counted where it is done, and the clicks timed while it was under way."""

    knockouts: int = 0
    moves: int = 0
    ended: int = 0
    payouts: int = 0
    #: Handling times (seconds) of people's clicks made in a table's turn that saw keeper work.
    busy: list[float] = field(default_factory=list)
    _restore: list[tuple[Any, str, Any]] = field(default_factory=list)

    def activity(self) -> int:
        return self.knockouts + self.moves + self.ended + self.payouts

    @contextmanager
    def installed(self, bot: Any) -> Iterator[None]:
        """Counts knock-outs (``knockouts.record``, in the hand's transaction), moves (the keeper
        asking a player to leave to balance the tables), tables ended and events paid out."""
        record = knockouts.record

        def counted_record(*a: Any, **kw: Any) -> knockouts.KnockOuts:
            out = record(*a, **kw)
            self.knockouts += len(out.busted)
            return out

        tables, events = bot.tables, bot.get_cog("TournamentsCog").keeper.tournaments
        leave, end, pay_out = tables.leave, tables.end, events.pay_out

        async def counted_leave(table_id: int, user_id: int, *, moving: bool = False, **kw: Any) -> Any:
            self.moves += int(moving)
            return await leave(table_id, user_id, moving=moving, **kw)

        async def counted_end(*a: Any, **kw: Any) -> Any:
            out = await end(*a, **kw)
            self.ended += 1
            return out

        async def counted_pay_out(*a: Any, **kw: Any) -> Any:
            out = await pay_out(*a, **kw)
            self.payouts += 1
            return out

        knockouts.record = counted_record
        tables.leave, tables.end, events.pay_out = counted_leave, counted_end, counted_pay_out
        try:
            yield
        finally:
            knockouts.record = record

    def mark(self, samples: dict[str, list[float]]) -> tuple[int, dict[str, int]]:
        """Where the keeper's counts and the timed samples stand before a table's turn."""
        return self.activity(), {k: len(v) for k, v in samples.items()}

    def note(self, mark: tuple[int, dict[str, int]], samples: dict[str, list[float]]) -> None:
        """After the turn: if the keeper did something meanwhile, the turn's clicks go to ``busy``."""
        before, lengths = mark
        if self.activity() == before:
            return
        for kind, got in samples.items():
            if kind != "/rules":
                self.busy.extend(got[lengths.get(kind, 0):])


__all__ = ["WEIGHTS", "Watch", "aggressive", "fast_field"]
