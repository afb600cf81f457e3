"""Play operations: act, time out, press Next, end the table.

A hand's outcome is known once per state (``Live.outcome``, set with the
state): the checks here, the turn deadline and the snapshot all read it, so
``game.outcome`` runs once per action, however many places ask.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import datetime

from data.faults import DatabaseUnavailable, StorageFault
from data.store import Conn
from games import GameError
from games.core.i18n import N_, _

from . import handflow as flow
from .callers import INTERNAL, Caller
from .computers import mention
from .errors import BadPhase, NotAllowed, StalePrompt
from .guilds import load_settings
from .handflow import Change
from .live import Live, Player, iso, log, save_player
from .lobby_limits import close_idle
from .models import ActResult, GuildSettings, TableSnapshot
from .results import standings
from .standings import session_nets
from .table_base import Committed, TableBase

log_ = logging.getLogger("bot.service.tables")

#: The computer's move for one seat of a table (None: no opinion; the game's default is played).
Chooser = Callable[[TableSnapshot, int], Awaitable[str | None]]


class NothingToDo(Exception):
    """A timeout that was overtaken by a player's action."""


class PlayOps(TableBase):
    """Actions, timeouts, the beat between hands, and ending a table (see ``TableService``)."""

    async def act(
        self, table_id: int, user_id: int, action: str, *, seq: int | None, by_computer: bool = False,
        guild_id: Caller = INTERNAL,
    ) -> ActResult:
        """Applies one action. ``seq`` = the prompt's sequence number (``None``: no staleness check).

        A prompt is stale when its seat has acted since ``seq``, a new hand was
        dealt since, or the action is no longer legal; then nothing changes.
        The result carries the acting seat; ``result.snapshot.hand_view(user_id)``
        is the player's panel after the action.

        ``by_computer``: the computer's move for a computer player or a person who
        is away (refused with ``StalePrompt`` once that person is back). A person's
        own move ends their absence.
        """
        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            seat = self._seat(live, user_id)
            me = live.player(user_id)
            assert me is not None
            if by_computer and not me.by_computer:
                raise StalePrompt()
            check_can_act(live, seat, action, seq)
            state, events = live.game.apply(live.core.state, seat, action)
            if not by_computer and (me.timeouts or me.away):
                if me.away:
                    live.add_recent(_("{who} is back.").format(who=mention(user_id)))
                me.timeouts, me.away = 0, False
                save_player(conn, live, me)
            change.seat = seat
            flow.advance(conn, live, seat, action, "action", state, events, now, change)

        result = await self._mutate(table_id, work, statuses=("playing",), not_found_status=BadPhase, guild_id=guild_id)
        return acted(result)

    async def timeout_due(self, now: datetime | None = None, choose: Chooser | None = None) -> list[ActResult]:
        """Every open table whose deadline passed: each seat to act is played for (an idle lobby closes).

        ``choose(snapshot, seat)`` gives the computer's move for a timed-out seat
        (None, or a move no longer legal: the game's ``timeout_action``). It runs
        before the table's transaction, so the search never holds the table or
        the database; a table that moved on meanwhile is left alone.
        Consecutive timeouts are counted per seat (reset when the player acts);
        at the server's ``max_timeouts`` (3) the computer plays the seat until its
        owner is back, or the owner leaves at the end of the hand (``away_players``).
        """
        when = now or self.clock()
        ids = [
            r[0]
            for r in await self.db.fetchall(
                "SELECT id, guild_id FROM tables WHERE status IN ('lobby','playing') AND deadline IS NOT NULL"
                " AND deadline <= ?"
                " ORDER BY deadline",
                (iso(when),),
            )
            if self.owns_guild(r[1])
        ]

        async def one(table_id: int) -> ActResult | None:
            chosen, seen = await self._choose_for_timeouts(table_id, when, choose)

            def work(conn: Conn, live: Live, now_s: str, change: Change) -> None:
                if live.core.deadline is None or live.core.deadline > when:
                    raise NothingToDo()  # a join moved an idle lobby's deadline on, or a player acted
                if live.core.status == "lobby":
                    close_idle(conn, live, now_s, change)
                    return
                if live.core.state is None:
                    raise NothingToDo()
                if seen is not None and live.core.seq != seen:
                    raise NothingToDo()  # someone acted while the computer thought: a new deadline holds
                if live.pause is not None:  # the beat between hands is over: nobody timed out
                    log(conn, live, "system", "next", now_s)
                    flow.end_pause(conn, live, now_s, change)
                    return
                change.reason = "timeout"
                time_out(conn, live, load_settings(conn, live.core.guild_id), now_s, change, chosen)

            try:
                result = await self._mutate(table_id, work, statuses=("lobby", "playing"), now=when)
            except (NothingToDo, GameError):
                return None
            except (StorageFault, DatabaseUnavailable):  # passing, logged where it happened: tried again shortly
                return None
            except Exception:
                log_.exception("timeout on table %s failed", table_id)
                return None
            return acted(result)

        # Tables time out concurrently, so their transactions share group commits.
        done = await asyncio.gather(*(one(t) for t in ids))
        return [r for r in done if r is not None]

    async def _choose_for_timeouts(
        self, table_id: int, when: datetime, choose: Chooser | None
    ) -> tuple[dict[int, str], int | None]:
        """The computer's moves for a due table's seats to act, and the seq they were chosen at."""
        live = self._live.get(table_id)
        if choose is None or live is None or live.pause is not None or live.outcome is not None:
            return {}, None
        core = live.core
        if core.state is None or core.deadline is None or core.deadline > when or core.status != "playing":
            return {}, None
        snap = live.snapshot()
        chosen: dict[int, str] = {}
        for seat in sorted(live.game.to_act(core.state)):
            try:
                action = await choose(snap, seat)
            except Exception:
                log_.exception("the computer couldn't choose for table %s seat %s", table_id, seat)
                action = None
            if action is not None:
                chosen[seat] = action
        return chosen, core.seq

    async def ready(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> TableSnapshot:
        """A seated player pressed Next: the next hand (or deal) starts once every seated player has."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._seat(live, user_id)
            pause = live.pause
            if pause is None:
                raise StalePrompt()
            if user_id in pause.ready and any(p.user_id == user_id and p.leaving for p in live.players):
                raise NotAllowed(N_("You're leaving this table: the next hand is dealt without you."))
            if user_id in pause.ready:
                raise NotAllowed(N_("You're ready; waiting for the others."))
            live.pause = pause = replace(pause, ready=(*pause.ready, user_id))
            log(conn, live, "system", "ready", now, user_id=user_id)
            change.reason = "lobby"
            if all(p.user_id in pause.ready for p in live.seated() if not p.by_computer):
                flow.end_pause(conn, live, now, change)

        return (await self._mutate(table_id, work, statuses=("playing",), guild_id=guild_id)).snapshot

    async def end(
        self, table_id: int, user_id: int, *, is_admin: bool, now: bool = False, said: str | None = None,
        guild_id: Caller = INTERNAL,
    ) -> TableSnapshot:
        """Host or admin. In the middle of a hand-by-hand game's hand the table closes when that hand is
        over (``closing_by``, kept in the table's row): the hand plays out and is settled as usual, so
        nobody escapes a loss by ending the table. Between hands, in a whole-game game, or an admin's
        ``now``: at once; an interrupted hand is refunded exactly (escrow still holds the stacks from
        its deal), a carried pot is split among its players, and all is cashed out."""

        def work(conn: Conn, live: Live, now_s: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            if now and not is_admin:
                raise NotAllowed(N_("Only an admin can end a table at once; without `now` it closes after this hand."))
            change.reason = "end"
            if live.core.status == "lobby":
                live.core = replace(live.core, status="void")
                log(conn, live, "system", "cancel", now_s, user_id=user_id)
                live.add_recent(_("{who} ended the table.").format(who=mention(user_id)))
                return
            interrupted = live.core.state is not None and live.outcome is None
            if interrupted and live.game.hand_by_hand and not now:
                close_after_hand(conn, live, user_id, now_s, change)
                return
            if interrupted:
                conn.execute(
                    "UPDATE hands SET status='void', ended_at=? WHERE table_id=? AND hand_no=? AND status='playing'",
                    (now_s, live.core.id, live.core.hand_no),
                )
            # An admin's immediate end of a running hand is told apart in the log: the audit trail.
            log(conn, live, "system", "end_now" if interrupted and now else "end", now_s, user_id=user_id)
            # Close first: a carried pot split among the players counts in their standings.
            flow.close(conn, live, now_s, code="refund")
            if live.game.hand_by_hand or interrupted:
                ended_early(conn, live)
            # ``said``: the bot's own reason (an N_ text), e.g. a tournament's end, instead of who ended it.
            live.add_recent(_(said) if said else _("{who} ended the table.").format(who=mention(user_id)))
            if interrupted and now and live.core.chips and not said:
                flow.announce(live, _("An admin ended the table mid-hand; this hand's chips were returned."))

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot

    async def keep_open(
        self, table_id: int, user_id: int, *, is_admin: bool, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """Host or admin: takes back an end asked for during the hand; the table plays on."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            if live.core.closing_by is None:
                raise NotAllowed(N_("The table isn't closing: there is nothing to take back."))
            live.core = replace(live.core, closing_by=None)
            log(conn, live, "system", "keep_open", now, user_id=user_id)
            live.add_recent(_("{who} keeps the table open: it goes on after this hand.").format(who=mention(user_id)))

        return (await self._mutate(table_id, work, statuses=("playing",), guild_id=guild_id)).snapshot


def close_after_hand(conn: Conn, live: Live, user_id: int, now: str, change: Change) -> None:
    """Records (in the table's row and its log) that the table closes once the running hand is over."""
    if live.core.closing_by is not None:
        raise NotAllowed(N_("The table already closes after this hand."))
    live.core = replace(live.core, closing_by=user_id)
    log(conn, live, "system", "close_after_hand", now, user_id=user_id)
    live.add_recent(_("{who} ended the table: it closes after this hand.").format(who=mention(user_id)))
    change.reason = "action"


def acted(result: Committed) -> ActResult:
    """What the Discord layer is told about a committed action or timeout."""
    change = result.change
    return ActResult(result.snapshot, change.events, change.hand_finished, change.seat)


def check_can_act(live: Live, seat: int, action: str, seq: int | None) -> None:
    """Refuses an action between hands, after the hand's end, or from a stale prompt."""
    if live.pause is not None:
        raise BadPhase(
            N_("The next deal starts in a moment. Press **Next deal** if you're ready.")
            if live.pause.kind == "deal"
            else N_("The next hand starts in a moment. Press **Next hand** if you're ready.")
        )
    state = live.core.state
    if state is None or live.outcome is not None:
        raise BadPhase(N_("This hand is over."))
    if seq is not None and seq != live.core.seq:
        if seq > live.core.seq or seq < live.hand_start_seq or live.acted.get(seat, -1) > seq:
            raise StalePrompt()
        game = live.game
        if seat in game.to_act(state) and not game.is_legal(state, seat, action):
            raise StalePrompt()


def time_out(
    conn: Conn, live: Live, settings: GuildSettings, now: str, change: Change,
    chosen: Mapping[int, str] | None = None,
) -> None:
    """Each seat to act is played for (until the hand, or the table, ends): the computer's move
    from ``chosen`` where it is still legal, else the game's ``timeout_action``."""
    game = live.game
    for seat in sorted(game.to_act(live.core.state)):
        state = live.core.state
        if state is None or live.outcome is not None or seat not in game.to_act(state):
            continue
        hand_before = live.core.hand_no
        action = (chosen or {}).get(seat)
        by_computer = action is not None and game.is_legal(state, seat, action)
        if action is None or not by_computer:
            action = game.timeout_action(state, seat)
        new_state, events = game.apply(state, seat, action)
        player = live.player(live.user_at(seat))
        assert player is not None
        if player.computer is None:  # a computer player that missed its turn (a slow worker) isn't "away"
            count_timeout(conn, live, player, settings, by_computer=by_computer)
        flow.advance(conn, live, seat, action, "timeout", new_state, events, now, change)
        if live.core.hand_no != hand_before or live.core.status != "playing":
            break


def count_timeout(conn: Conn, live: Live, player: Player, settings: GuildSettings, *,
                  by_computer: bool) -> None:
    """One more timeout in a row for a person: said on the table, and at the limit they are away or leaving."""
    player.timeouts += 1
    note = timeout_note(player, settings, by_computer=by_computer)
    if player.timeouts >= settings.max_timeouts and not player.leaving and not player.away:
        if settings.away_players == "computer":
            player.away = True
        else:
            player.leaving = True
    save_player(conn, live, player)
    live.add_recent(note)


def timeout_note(player: Player, settings: GuildSettings, *, by_computer: bool) -> str:
    """What the table reads when a player ran out of time (one whole sentence per case)."""
    who = mention(player.user_id)
    last = player.timeouts >= settings.max_timeouts and not player.leaving and not player.away
    if last and settings.away_players == "computer":
        return _(
            "{who} ran out of time {n} times in a row: the computer plays for them until they press **I'm back**."
        ).format(who=who, n=player.timeouts)
    if last:
        return (
            _("{who} ran out of time {n} times in a row; the computer played for them, and they leave at the end"
              " of the hand.")
            if by_computer
            else _("{who} ran out of time {n} times in a row and leaves at the end of the hand.")
        ).format(who=who, n=player.timeouts)
    text = _("{who} ran out of time; the computer played for them.") if by_computer else _("{who} ran out of time.")
    return text.format(who=who)


def ended_early(conn: Conn, live: Live) -> None:
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


__all__ = [
    "Chooser", "NothingToDo", "PlayOps", "check_can_act", "close_after_hand", "ended_early", "time_out",
    "timeout_note",
]
