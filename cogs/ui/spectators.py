"""The spectator panel: a private, live view of a table for someone not seated at it.

It shows what the public table message shows — the lobby, the table as
``game.view(state, None)`` renders it (no hidden card during the hand), each
hand's result — and it follows the game the way players' panels do: the
interaction that last showed it is kept, and after every commit the panel is
edited through it (``SpectatorKeeper``, fed by the publisher). An interaction
token lasts 15 minutes, so shortly before that the panel says so and asks for
**Refresh**, which shows it again through a fresh interaction.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service.models import TableSnapshot
from games.core.i18n import _, speaking

from . import messages, render
from .editqueue import EditQueue
from .language import readers_language
from .panels import TOKEN_LIFE
from .watchitems import WatchButton

log = logging.getLogger("cardroom.spectators")

#: A minute before the token dies, the panel's last edit asks for Refresh.
LAST_CALL = TOKEN_LIFE - 60.0
#: A watcher's panel: three edits at once, then one every three seconds (a fast run of moves is
#: shown as it stands, not move by move, however many people watch).
WATCH_BURST, WATCH_EVERY = 3, 3.0


def _replay_line(snap: TableSnapshot, first_hand: int) -> str | None:
    """The replay of the hand just finished, for a watcher who saw it from its deal."""
    result = snap.result
    if result is None or result.kind != "hand" or result.number < first_hand:
        return None
    return _("The replay of hand {n} is available with /replay.").format(n=result.number)


def spectator_payload(snap: TableSnapshot, first_hand: int, *, expiring: bool = False) -> dict[str, Any]:
    """The panel as of ``snap`` (public information only) with its Refresh and Stop buttons."""
    lines = [_("👁 You're watching table #{id}. Only what every player can see is shown.").format(id=snap.id)]
    if snap.status == "lobby":
        embed = messages.lobby_embed(snap)
    elif snap.status == "playing" and snap.state is not None:
        embed = messages.playing_embed(snap)
        replay = _replay_line(snap, first_hand) if snap.paused else None
        if replay:
            lines.append(replay)
    else:
        embed = messages.finished_embed(snap)
        lines = [_("The table is over.")]
        if snap.hand_no >= first_hand:
            lines.append(_("The replays of the hands you watched are available with /replay."))
        return {"content": "\n".join(lines), "embed": embed, "view": None}
    if expiring:
        lines.append(_("This panel stops following the table soon: press **Refresh** to keep watching."))
    view = discord.ui.View(timeout=None)
    view.add_item(WatchButton(snap.id, "refresh", label=_("Refresh"), style=discord.ButtonStyle.primary, row=0))
    view.add_item(WatchButton(snap.id, "stop", label=_("Stop watching"), row=0))
    return {"content": "\n".join(lines), "embed": embed, "view": render.detached(view)}


def stopped_payload(table_id: int) -> dict[str, Any]:
    return {
        "content": _("You stopped watching table #{id}. Press **Watch** on its message to follow it again.").format(
            id=table_id
        ),
        "embed": None,
        "view": None,
    }


@dataclass
class Watching:
    interaction: discord.Interaction
    opened: float  # monotonic time the token was issued
    seq: int  # table seq the panel shows
    first_hand: int
    #: The snapshot it shows (a lobby changes without a new seq: joins, options).
    shown: TableSnapshot | None = None


class SpectatorKeeper:
    """Each watcher's last panel, edited after every commit until its token runs out or they stop."""

    def __init__(
        self, *, clock: Callable[[], float] = time.monotonic, quiet: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        self._clock = clock
        self._panels: dict[tuple[int, int], Watching] = {}
        self._edits: EditQueue[tuple[int, int]] = EditQueue(
            self._edit, quiet=quiet, name="watch", pace=(WATCH_BURST, WATCH_EVERY)
        )

    def shown(self, snap: TableSnapshot, user_id: int, interaction: discord.Interaction, first_hand: int) -> None:
        if snap.is_open:
            self._panels[(snap.id, user_id)] = Watching(interaction, self._clock(), snap.seq, first_hand, snap)
        else:
            self.stop(snap.id, user_id)

    def stop(self, table_id: int, user_id: int) -> None:
        self._panels.pop((table_id, user_id), None)
        self._edits.drop((table_id, user_id))

    def count(self, table_id: int | None = None) -> int:
        """Live panels (of one table): a panel whose token ran out no longer follows, so it doesn't count."""
        now = self._clock()
        return len([
            k for k, p in self._panels.items()
            if (table_id is None or k[0] == table_id) and now - p.opened <= TOKEN_LIFE
        ])

    def watching(self, table_id: int, user_id: int) -> bool:
        """Whether this user's panel of the table still follows it (Watch again or Refresh replaces it)."""
        panel = self._panels.get((table_id, user_id))
        return panel is not None and self._clock() - panel.opened <= TOKEN_LIFE

    def changed(self, snap: TableSnapshot) -> None:
        """After a commit: every panel of this table showing an older version is edited in the background."""
        for key, panel in list(self._panels.items()):
            if key[0] != snap.id or panel.seq > snap.seq or panel.shown is snap:
                continue
            if self._clock() - panel.opened > TOKEN_LIFE:
                self._panels.pop(key, None)
                continue
            self._edits.want(key, snap)

    async def idle(self) -> None:
        await self._edits.idle()

    def close(self) -> None:
        self._edits.close()

    async def _edit(self, key: tuple[int, int], snap: TableSnapshot) -> None:
        panel = self._panels.get(key)
        if panel is None:
            return
        expiring = self._clock() - panel.opened > LAST_CALL
        try:
            with speaking(readers_language(panel.interaction)):  # a private panel: its reader's language
                payload = spectator_payload(snap, panel.first_hand, expiring=expiring)
            await panel.interaction.edit_original_response(**payload)
            panel.seq, panel.shown = max(panel.seq, snap.seq), snap
        except discord.HTTPException as exc:  # dismissed, or the token was refused
            log.info("could not update the spectator panel of %s at table %s: %s", key[1], key[0], exc)
            self._panels.pop(key, None)
            return
        if expiring or not snap.is_open:
            self._panels.pop(key, None)  # its last edit: Refresh brings it back


__all__ = ["SpectatorKeeper", "spectator_payload", "stopped_payload"]
