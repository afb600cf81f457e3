"""The 💡 Hint: the table option, the checks before a hint is given, and the count of hints used.

The advice itself is worked out outside the service (``bot.thinking`` runs ``games.ai.advice`` in
the worker pool); the service says whether a player may have one now (``hint_question``: hints on,
seated, their decision, the panel current) and, once it is given, counts it (``count_hint``) in
``hand_hints``, one row per person per hand, so the count survives a restart and the hand's result
can say "@bob used 2 hints". Counting writes no log row: a hint is not an action, so the player's
panel (whose buttons carry the table's ``seq``) stays valid.
"""

from __future__ import annotations

from dataclasses import replace

from data.store import Conn
from games.core.i18n import N_, _

from .callers import INTERNAL, Caller
from .errors import BadPhase, DatabaseUnreachable, NoTable, NotAllowed, NotSeated, StalePrompt
from .handflow import Change
from .hint_counts import add_hint
from .live import Live, log
from .models import TableSnapshot
from .table_base import TableBase


def hint_seat(snap: TableSnapshot, user_id: int, seq: int) -> int:
    """The seat ``user_id`` may have a hint for at version ``seq``; a friendly refusal otherwise."""
    if snap.status != "playing" or snap.state is None:
        raise BadPhase(N_("There's no hand being played at this table."))
    if not snap.hints_on:
        raise NotAllowed(N_("Hints are off at this table."))
    seat = snap.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    if snap.paused or user_id not in snap.to_act_users:
        raise NotAllowed(N_("A hint is for your own decision: wait for your turn."))
    if seq != snap.seq:
        raise StalePrompt()
    return seat


class HintOps(TableBase):
    """The hint option and the hints used (see ``TableService``)."""

    async def set_hints(self, table_id: int, user_id: int, on: bool, *, guild_id: Caller = INTERNAL) -> TableSnapshot:
        """Host, lobby only: hints on or off (no longer following the computer players)."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            setting = "on" if on else "off"
            live.core = replace(live.core, hints=setting)
            log(conn, live, "system", f"hints:{setting}", now, user_id=user_id)
            live.add_recent(_("💡 Hints are on at this table.") if on else _("💡 Hints are off at this table."))
            change.reason = "lobby"

        return (await self._mutate(table_id, work, statuses=("lobby",), guild_id=guild_id)).snapshot

    async def hint_question(
        self, table_id: int, user_id: int, seq: int, *, guild_id: Caller = INTERNAL
    ) -> tuple[TableSnapshot, int]:
        """(the table as it is, the seat to advise) when ``user_id`` may have a hint now; changes nothing."""
        live = await self._need(table_id, guild_id)
        snap = live.snapshot()
        return snap, hint_seat(snap, user_id, seq)

    async def count_hint(self, table_id: int, user_id: int, seq: int, *, guild_id: Caller = INTERNAL) -> int:
        """Counts a hint given at version ``seq`` (``StalePrompt`` if the table moved on meanwhile:
        the hint is not shown then); returns the hints the player has used this hand."""
        await self._need(table_id, guild_id)
        async with self._lock(table_id):
            live = self._live.get(table_id)
            if live is None:
                raise NoTable()
            snap = live.snapshot()
            hint_seat(snap, user_id, seq)
            if not self.db.leases.holds(table_id):
                self._unprove(table_id)
                raise DatabaseUnreachable()

            def txn(conn: Conn) -> int:
                return add_hint(conn, table_id, snap.hand_no, user_id)

            return await self.db.run(txn)


__all__ = ["HintOps", "hint_seat"]
