"""Play operations: act, time out, press Next, end the table.

A hand's outcome is known once per state (``Live.outcome``, set with the
state): the checks here, the turn deadline and the snapshot all read it, so
``game.outcome`` runs once per action, however many places ask.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from dataclasses import replace
from datetime import datetime

from games import GameError
from games.core.i18n import _

from . import handflow as flow
from .errors import BadPhase, NotAllowed, StalePrompt
from .guilds import load_settings
from .handflow import Change, mention
from .live import Live, iso, log, save_player
from .models import ActResult, GuildSettings, TableSnapshot
from .results import standings
from .standings import session_nets
from .table_base import Committed, TableBase

log_ = logging.getLogger("bot.service.tables")


class NothingToDo(Exception):
    """A timeout that was overtaken by a player's action."""


class PlayOps(TableBase):
    """Actions, timeouts, the beat between hands, and ending a table (see ``TableService``)."""

    async def act(self, table_id: int, user_id: int, action: str, *, seq: int | None) -> ActResult:
        """Applies one action. ``seq`` = the prompt's sequence number (``None``: no staleness check).

        A prompt is stale when its seat has acted since ``seq``, a new hand was
        dealt since, or the action is no longer legal; then nothing changes.
        The result carries the acting seat; ``result.snapshot.hand_view(user_id)``
        is the player's panel after the action.
        """
        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            seat = self._seat(live, user_id)
            check_can_act(live, seat, action, seq)
            state, events = live.game.apply(live.core.state, seat, action)
            me = live.player(user_id)
            assert me is not None
            if me.timeouts:
                me.timeouts = 0
                save_player(conn, live, me)
            change.seat = seat
            flow.advance(conn, live, seat, action, "action", state, events, now, change)

        result = await self._mutate(table_id, work, statuses=("playing",), not_found_status=BadPhase)
        return acted(result)

    async def timeout_due(self, now: datetime | None = None) -> list[ActResult]:
        """Every playing table whose deadline passed: ``game.timeout_action`` for each seat to act.

        Consecutive timeouts are counted per seat (reset when the player acts);
        at the server's ``max_timeouts`` (3) the player leaves at the end of the hand.
        """
        when = now or self.clock()
        ids = [
            r[0]
            for r in await self.db.fetchall(
                "SELECT id FROM tables WHERE status='playing' AND deadline IS NOT NULL AND deadline <= ?"
                " ORDER BY deadline",
                (iso(when),),
            )
        ]

        async def one(table_id: int) -> ActResult | None:
            def work(conn: sqlite3.Connection, live: Live, now_s: str, change: Change) -> None:
                if live.core.deadline is None or live.core.deadline > when or live.core.state is None:
                    raise NothingToDo()
                if live.pause is not None:  # the beat between hands is over: nobody timed out
                    log(conn, live, "system", "next", now_s)
                    flow.end_pause(conn, live, now_s, change)
                    return
                change.reason = "timeout"
                time_out(conn, live, load_settings(conn, live.core.guild_id), now_s, change)

            try:
                result = await self._mutate(table_id, work, statuses=("playing",), now=when)
            except (NothingToDo, GameError):
                return None
            except Exception:
                log_.exception("timeout on table %s failed", table_id)
                return None
            return acted(result)

        # Tables time out concurrently, so their transactions share group commits.
        done = await asyncio.gather(*(one(t) for t in ids))
        return [r for r in done if r is not None]

    async def ready(self, table_id: int, user_id: int) -> TableSnapshot:
        """A seated player pressed Next: the next hand (or deal) starts once every seated player has."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            self._seat(live, user_id)
            pause = live.pause
            if pause is None:
                raise StalePrompt()
            if user_id in pause.ready:
                raise NotAllowed(_("You're ready; waiting for the others."))
            live.pause = pause = replace(pause, ready=(*pause.ready, user_id))
            log(conn, live, "system", "ready", now, user_id=user_id)
            change.reason = "lobby"
            if all(p.user_id in pause.ready for p in live.seated()):
                flow.end_pause(conn, live, now, change)

        return (await self._mutate(table_id, work, statuses=("playing",))).snapshot

    async def end(self, table_id: int, user_id: int, *, is_admin: bool) -> TableSnapshot:
        """Host or admin: the interrupted hand is refunded exactly (escrow still holds the
        stacks from its deal), a carried pot is split among its players, and all is cashed out."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            if live.core.status == "lobby":
                live.core = replace(live.core, status="void")
                log(conn, live, "system", "cancel", now, user_id=user_id)
            else:
                interrupted = live.core.state is not None and live.outcome is None
                if interrupted:
                    conn.execute(
                        "UPDATE hands SET status='void', ended_at=? WHERE table_id=? AND hand_no=? AND status='playing'",
                        (now, live.core.id, live.core.hand_no),
                    )
                log(conn, live, "system", "end", now, user_id=user_id)
                # Close first: a carried pot split among the players counts in their standings.
                flow.close(conn, live, now, code="refund")
                if live.game.hand_by_hand or interrupted:
                    ended_early(conn, live)
            live.add_recent(_("{who} ended the table.").format(who=mention(user_id)))
            change.reason = "end"

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"))).snapshot


def acted(result: Committed) -> ActResult:
    """What the Discord layer is told about a committed action or timeout."""
    change = result.change
    return ActResult(result.snapshot, change.events, change.hand_finished, change.seat)


def check_can_act(live: Live, seat: int, action: str, seq: int | None) -> None:
    """Refuses an action between hands, after the hand's end, or from a stale prompt."""
    if live.pause is not None:
        raise BadPhase(
            _("The next deal starts in a moment. Press **Next deal** if you're ready.")
            if live.pause.kind == "deal"
            else _("The next hand starts in a moment. Press **Next hand** if you're ready.")
        )
    state = live.core.state
    if state is None or live.outcome is not None:
        raise BadPhase(_("This hand is over."))
    if seq is not None and seq != live.core.seq:
        if seq > live.core.seq or seq < live.hand_start_seq or live.acted.get(seat, -1) > seq:
            raise StalePrompt()
        game = live.game
        if seat in game.to_act(state) and not game.is_legal(state, seat, action):
            raise StalePrompt()


def time_out(conn: sqlite3.Connection, live: Live, settings: GuildSettings, now: str, change: Change) -> None:
    """Each seat to act does its ``timeout_action`` (until the hand, or the table, ends)."""
    game = live.game
    for seat in sorted(game.to_act(live.core.state)):
        state = live.core.state
        if state is None or live.outcome is not None or seat not in game.to_act(state):
            continue
        hand_before = live.core.hand_no
        action = game.timeout_action(state, seat)
        new_state, events = game.apply(state, seat, action)
        player = live.player(live.user_at(seat))
        assert player is not None
        player.timeouts += 1
        note = _("{who} ran out of time.").format(who=mention(player.user_id))
        if player.timeouts >= settings.max_timeouts and not player.leaving:
            player.leaving = True
            note += " " + _("{n} timeouts in a row: leaving at the end of the hand.").format(n=player.timeouts)
        save_player(conn, live, player)
        live.add_recent(note)
        flow.advance(conn, live, seat, action, "timeout", new_state, events, now, change)
        if live.core.hand_no != hand_before or live.core.status != "playing":
            break


def ended_early(conn: sqlite3.Connection, live: Live) -> None:
    """Standings when a table ends before its game does: scores so far, or each player's net chips."""
    game = live.game
    core = live.core
    users = [p.user_id for p in live.seated()] or [p.user_id for p in live.players]
    if not users:
        return
    if core.chips:
        # Everyone who played a hand here, also those who left (or went broke) on the way.
        users, nets = session_nets(conn, live, users)
        result = standings(
            users, headline=_("The table ended. Net chips for the session:"), nets=nets, number=core.hand_no
        )
        live.core = replace(core, result=result)
        return
    if core.state is None:
        return
    sheet = game.view(core.state, None).public.sheet
    if sheet is None:
        return
    result = standings(
        users, headline=_("The table ended early. Standings so far:"), totals=list(sheet.totals), sheet=sheet,
        number=core.hand_no,
    )
    live.core = replace(core, result=result)


__all__ = ["NothingToDo", "PlayOps", "check_can_act", "ended_early", "time_out"]
