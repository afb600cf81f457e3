"""The host's controls (issue 26): hand the host role to someone else at the table, and remove a
person between hands. The host is ``tables.host_id``, saved with the table's row, so both survive a
restart; a removed player's chips go back through the ordinary leave path (``leaving``, cashed out
when the pause ends, or at once for someone not yet seated, who holds no chips at the table)."""

from __future__ import annotations

from dataclasses import replace

from data.store import Conn
from games.core.i18n import N_, _

from . import handflow as flow
from .callers import INTERNAL, Caller
from .computers import mention
from .errors import BadPhase, NotAllowed
from .handflow import Change
from .live import Live, Player, log, save_player
from .models import TableSnapshot
from .table_base import TableBase
from .table_lobby import leave_now


def _person_here(live: Live, user_id: int) -> Player:
    """The person ``user_id`` at this table (seated or waiting); a computer or a stranger is refused."""
    target = live.player(user_id)
    if target is None:
        raise NotAllowed(N_("{who} isn't at this table."), who=mention(user_id))
    if target.computer is not None:
        raise NotAllowed(N_("That's a computer player, not a person at this table."))
    return target


class HostOps(TableBase):
    """``hand_host`` and ``remove``: host or admin, on an open table."""

    async def hand_host(
        self, table_id: int, user_id: int, target_id: int, *, is_admin: bool, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """The host (or an admin) makes another person at the table the host."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            if target_id == live.core.host_id:
                raise NotAllowed(N_("{who} is already the host."), who=mention(target_id))
            target = _person_here(live, target_id)
            if target.leaving:
                raise NotAllowed(N_("{who} is leaving the table after this hand."), who=mention(target_id))
            live.core = replace(live.core, host_id=target_id)
            log(conn, live, "system", f"host:{target_id}", now, user_id=user_id)
            live.add_recent(_("{who} is the host now.").format(who=mention(target_id)))
            change.reason = "lobby" if live.core.status == "lobby" else "action"

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot

    async def remove(
        self, table_id: int, user_id: int, target_id: int, *, is_admin: bool, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """The host (or an admin) removes a person between hands: in the lobby, someone waiting for the
        next hand, or a seated player during the pause (cashed out when it ends, like any leaver).
        During a hand: refused, so nobody is taken out of a hand with chips in the pot."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            if target_id == live.core.host_id:
                raise NotAllowed(N_("The host can't be removed; hand the host role on first with /table host."))
            target = _person_here(live, target_id)
            said = _("{host} removed {who} from the table.").format(who=mention(target_id), host=mention(user_id))
            if live.core.status == "lobby" or target.seat is None:
                leave_now(conn, live, target, now, change, said=said)
                return
            if live.pause is None:
                raise BadPhase(N_("You can remove a player between hands."))
            if target.leaving:
                raise NotAllowed(N_("{who} is already leaving the table."), who=mention(target_id))
            target.leaving = True
            save_player(conn, live, target)
            log(conn, live, "system", "remove", now, seat=target.seat, user_id=target_id)
            live.add_recent(said)
            change.reason = "lobby"
            # They don't hold up the next hand: counted as ready, the pause may end now.
            pause = live.pause
            if target_id not in pause.ready:
                live.pause = pause = replace(pause, ready=(*pause.ready, target_id))
            if all(p.user_id in pause.ready for p in live.seated() if not p.by_computer):
                flow.end_pause(conn, live, now, change)

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot


__all__ = ["HostOps"]
