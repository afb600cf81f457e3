"""The computer at the table: plays computer players' turns and away players' seats.

A ``TableListener``: after every committed change it looks at who is to act;
when that is a seat the computer plays (a computer player, or a person who is
away), it asks the ``Thinker`` for a move (in a worker process) and sends it
through ``TableService.act`` like any click, with the version it was chosen
at. If the table moved on meanwhile the move is refused as stale and the
table is looked at again. One task per table plays its computer turns one
after the other; the other tables and the loop never wait for it.

``pause`` is a beat before each move (a second by default), so people can
follow the table instead of seeing five moves land at once.

A move with nothing to decide (``Game.automatic``: Put and Take's dealer turning the next
card) is taken here too, for the person whose turn it is, after ``auto_pace`` (a readable beat);
they may take it sooner themselves, and then this one is refused as stale.
"""

from __future__ import annotations

import asyncio
import logging

from bot.service import TableService, TableSnapshot
from bot.service.errors import ServiceError
from bot.tasks import clock_sleep
from bot.thinking import Thinker, decision_seed
from data.faults import DatabaseUnavailable, StorageFault
from games import GameError

log = logging.getLogger("cardroom.computers")

#: The strength that plays for a person who is away or ran out of time.
STAND_IN = "normal"
#: Refused moves in a row before the table is left to its turn timer (a bug, not a race).
MAX_REFUSALS = 5
#: Seconds between the moves a table takes by itself (``Game.automatic``): time to read each card.
AUTO_PACE = 2.5
#: Seconds before a move the database couldn't save (a lock, a full disk) is tried again.
FAULT_RETRY = 5.0


class ComputerSeats:
    """Drives every seat the computer plays, at every table."""

    def __init__(
        self, service: TableService, thinker: Thinker, *, pause: float = 1.0, auto_pace: float = AUTO_PACE
    ) -> None:
        self.service = service
        self.thinker = thinker
        self.pause = pause
        self.auto_pace = auto_pace
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    # ------------------------------------------------------------ TableListener
    def table_changed(self, snap: TableSnapshot, reason: str) -> None:
        if not computer_to_act(snap):
            return
        task = self._tasks.get(snap.id)
        if task is not None and not task.done():
            self._again.add(snap.id)  # the running task looks again before it stops
            return
        task = asyncio.create_task(self._drive(snap.id), name=f"cardroom-computer-{snap.id}")
        self._tasks[snap.id] = task
        task.add_done_callback(self._forget)

    def _forget(self, done: asyncio.Task[None]) -> None:
        """A finished task leaves the map (it would grow with every table ever played)."""
        for table_id, task in list(self._tasks.items()):
            if task is done:
                del self._tasks[table_id]

    async def idle(self) -> None:
        while tasks := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    # ------------------------------------------------------------ the turns
    async def choose_for_timeout(self, snap: TableSnapshot, seat: int) -> str | None:
        """The stand-in's move for a person whose turn timed out (``TableService.timeout_due``)."""
        return await self.thinker.choose(snap.game_id, snap.state, seat, STAND_IN, decision_seed(snap.id, snap.seq, seat))

    async def _drive(self, table_id: int) -> None:
        refusals = 0
        while refusals < MAX_REFUSALS:
            self._again.discard(table_id)
            try:
                snap = await self.service.get(table_id)
            except (ServiceError, DatabaseUnavailable):  # the database keeper resumes it once it is back
                return
            turn = computer_to_act(snap)
            if turn is None:
                if table_id in self._again:
                    continue
                return
            user_id, seat, strength = turn
            automatic = None if strength is not None else snap.game.automatic(snap.state, seat)
            if automatic is not None:
                await clock_sleep(self.auto_pace)
                action = automatic
            else:
                if self.pause > 0:
                    await clock_sleep(self.pause)
                action = await self.thinker.choose(
                    snap.game_id, snap.state, seat, strength or STAND_IN, decision_seed(snap.id, snap.seq, seat)
                )
            try:
                await self.service.act(table_id, user_id, action, seq=snap.seq, by_computer=automatic is None)
                refusals = 0
            except GameError as err:  # stale (the table moved on) or a refused move
                refusals += 1
                # The move and the refusal's text may name the seat's hidden cards: only their kinds.
                log.info("table %s: the computer's %s move for seat %s was refused (%s)", table_id,
                         move_kind(action), seat, type(err).__name__)
            except StorageFault:  # the database refused the write (and logged it): try again later
                await asyncio.sleep(FAULT_RETRY)
            except Exception:
                log.exception("table %s: the computer's move for seat %s failed", table_id, seat)
                return


def move_kind(action: str) -> str:
    """An action's verb without its arguments ("play" for ``play:As``), for a log line that must
    not name a card; an action that is all argument (a bare card) is just "a"."""
    verb, sep, _rest = action.partition(":")
    return verb if sep and verb.isidentifier() else "a"


def computer_to_act(snap: TableSnapshot) -> tuple[int, int, str | None] | None:
    """(user id, seat, strength) of the first seat to act that the computer plays, if any; strength
    None: a person's move with nothing to decide (``Game.automatic``), which the table takes for them."""
    if snap.status != "playing" or snap.paused or snap.state is None:
        return None
    for info in snap.seats:
        if info.by_computer and info.user_id in snap.to_act_users:
            return info.user_id, info.seat, info.computer or STAND_IN
    for info in snap.seats:
        if info.user_id in snap.to_act_users and snap.game.automatic(snap.state, info.seat) is not None:
            return info.user_id, info.seat, None
    return None


__all__ = ["STAND_IN", "ComputerSeats", "computer_to_act", "move_kind"]
