"""Computer players and away players: the host seats computers; the computer plays for the absent.

The moves themselves are chosen outside the service (``bot.computers`` runs
the search in worker processes) and come back through ``act`` like anyone's,
with ``by_computer=True``: the same checks, the same log, the same
compare-and-swap on ``seq``, so a move chosen for a table that moved on is
refused as stale and changes nothing.
"""

from __future__ import annotations

from data.store import Conn
from games.core.i18n import N_, _

from . import house
from .callers import INTERNAL, Caller
from .computers import STRENGTHS, computer_name, mention, next_computer_id, strength_label
from .errors import NotAllowed, NotSeated
from .guilds import load_settings
from .handflow import Change
from .live import Live, Player, log, save_player
from .models import TableSnapshot
from .table_base import TableBase
from .table_lobby import follow_players, take_seat


class ComputerOps(TableBase):
    """Adding and removing computer players; "I'm back" (see ``TableService``)."""

    async def add_computer(
        self, table_id: int, user_id: int, strength: str = "normal", *, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """Host: seats a computer player (in the lobby, or from the next hand at a hand-by-hand table)."""
        if strength not in STRENGTHS:
            raise NotAllowed(N_("Computer players are easy, normal or strong."))

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            core = live.core
            uid = next_computer_id([p.user_id for p in live.players])
            under_way = N_("This game is already under way; computer players can join the next one.")
            pos = take_seat(live, under_way=under_way)
            if core.chips:  # the house pays its buy-in: refused once today's loss limit is reached
                waiting = sum(1 for p in live.players if p.computer is not None and p.seat is None)
                house.check(conn, core, load_settings(conn, core.guild_id), now, pending=waiting)
            live.players.append(Player(uid, pos, name=computer_name(uid), computer=strength))
            live.roster_dirty = True
            follow_players(live)
            log(conn, live, "system", f"computer:add:{strength}", now, user_id=uid)
            text = (
                _("{who} ({strength}) joined as a computer player.")
                if core.status == "lobby"
                else _("{who} ({strength}) joins as a computer player from the next hand.")
            )
            live.add_recent(text.format(who=mention(uid), strength=strength_label(strength)))
            change.reason = "lobby" if core.status == "lobby" else "action"

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot

    async def remove_computer(
        self, table_id: int, user_id: int, computer_id: int | None = None, *, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """Host: a computer player leaves (the last one added when none is named): at once in the lobby
        or while it waits for the next hand, at the end of the hand when it is playing one."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            bots = [p for p in live.players if p.computer is not None and not p.leaving]
            target = next((p for p in bots if p.user_id == computer_id), None) if computer_id else None
            if target is None and computer_id is None and bots:
                target = max(bots, key=lambda p: p.pos)
            if target is None:
                raise NotAllowed(N_("There's no computer player to remove."))
            if live.core.status == "lobby" or target.seat is None:
                live.players.remove(target)
                live.roster_dirty = True
                follow_players(live)
                live.add_recent(_("{who} left.").format(who=mention(target.user_id)))
                change.reason = "lobby" if live.core.status == "lobby" else "action"
            else:
                target.leaving = True
                save_player(conn, live, target)
                live.add_recent(_("{who} will leave at the end of the hand.").format(who=mention(target.user_id)))
            log(conn, live, "system", "computer:remove", now, user_id=target.user_id)

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot

    async def back(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> TableSnapshot:
        """"I'm back": the computer stops playing for this player."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            me = live.player(user_id)
            if me is None:
                raise NotSeated()
            if not me.away and not me.timeouts:
                raise NotAllowed(N_("You're playing your own seat already."))
            me.away, me.timeouts = False, 0
            save_player(conn, live, me)
            log(conn, live, "system", "back", now, user_id=user_id)
            live.add_recent(_("{who} is back.").format(who=mention(user_id)))

        return (await self._mutate(table_id, work, statuses=("playing",), guild_id=guild_id)).snapshot


__all__ = ["ComputerOps"]
