"""Keeps each player's hand panel current, so a player clicks once per turn, not twice.

An ephemeral message can only be edited through the interaction that made
(or last updated) it, and only for 15 minutes. So every time a player's panel
is shown, we remember that interaction; after each committed change the
panels whose picture is out of date are edited in the background: the player
whose turn it now is sees their choices appear, the others see whose turn it
is, and everyone sees the result when a hand ends. Edits are coalesced per
panel (one in flight, the newest queued), and a panel older than 14 minutes
is left alone (its token would be refused).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service.models import TableSnapshot
from games.core.i18n import speaking

from .drafts import Drafts
from .editqueue import EditQueue
from .language import readers_language

log = logging.getLogger("cardroom.panels")

#: Interaction tokens last 15 minutes; stop a minute early so an edit is never refused midway.
TOKEN_LIFE = 14 * 60.0

#: ``(snapshot, user_id, drafts)`` -> that player's panel as of the snapshot, and the table seq it shows.
Render = Callable[[TableSnapshot, int, Drafts], tuple[dict[str, Any], int]]


@dataclass
class Panel:
    interaction: discord.Interaction
    opened: float  # monotonic time the token was issued
    seq: int  # table seq the panel shows
    busy: bool = False  # a click on it is being answered right now
    #: What the panel of someone no longer seated last said (``off_key``): redrawn only when it changes.
    off: tuple[bool, bool, int] | None = None


def off_key(snap: TableSnapshot, user_id: int) -> tuple[bool, bool, int] | None:
    """What an off-table panel shows (out of chips, waiting for the next hand, the hand it is at);
    None for a seated player, whose panel follows every action."""
    if snap.seat_of(user_id) is not None:
        return None
    return user_id in snap.busted, user_id in snap.lobby, snap.hand_no


class PanelKeeper:
    def __init__(
        self, render: Render, *, clock: Callable[[], float] = time.monotonic,
        quiet: Callable[[], Awaitable[None]] | None = None, gone: Render | None = None,
    ) -> None:
        self._render = render
        #: The panel of someone no longer seated (out of chips, removed, left): never their old hand.
        self._gone = gone or render
        self._clock = clock
        self._panels: dict[tuple[int, int], Panel] = {}
        #: The newest snapshot each out-of-date panel should show (drawn from it: no re-read).
        self._edits: EditQueue[tuple[int, int]] = EditQueue(self._edit, quiet=quiet, name="panel")
        #: What each player is doing on their panel between actions (sort order, page, picks).
        self.drafts = Drafts()

    # --------------------------------------------------------- bookkeeping
    def shown(self, table_id: int, user_id: int, interaction: discord.Interaction, seq: int) -> None:
        """A panel was just shown through ``interaction`` at table version ``seq``."""
        self._panels[(table_id, user_id)] = Panel(interaction, self._clock(), seq)

    def answering(self, table_id: int, user_id: int, busy: bool) -> None:
        """A click on this user's panel is being answered: that answer will show the news itself."""
        panel = self._panels.get((table_id, user_id))
        if panel is not None:
            panel.busy = busy

    def forget_table(self, table_id: int) -> None:
        self.drafts.forget_table(table_id)
        for key in [k for k in self._panels if k[0] == table_id]:
            self._panels.pop(key, None)

    def active(self, table_id: int, user_id: int, within: float) -> bool:
        """Whether the player used their panel in the last ``within`` seconds (they are at the table)."""
        panel = self._panels.get((table_id, user_id))
        return panel is not None and (panel.busy or self._clock() - panel.opened < within)

    def count(self) -> int:
        return len(self._panels)

    # ------------------------------------------------------------- updates
    def changed(self, snap: TableSnapshot) -> None:
        """After a commit: schedule an edit of every seated player's panel that shows an older version,
        and of a departed player's panel when what it says changed."""
        if not snap.is_open:
            self.forget_table(snap.id)
            return
        now = self._clock()
        # The seated players' panels, and those of people who were seated when they opened theirs
        # (out of chips, removed, left): theirs must not stay on an old result as if it were current.
        users = [info.user_id for info in snap.seats]
        users += [u for (t, u) in self._panels if t == snap.id and u not in users]
        for user_id in users:
            key = (snap.id, user_id)
            panel = self._panels.get(key)
            if panel is None or panel.busy or panel.seq >= snap.seq:
                continue
            off = off_key(snap, user_id)
            if off is not None and off == panel.off:  # the other players' moves don't change it
                continue
            if now - panel.opened > TOKEN_LIFE:
                self._panels.pop(key, None)
                continue
            self._edits.want(key, snap)

    async def idle(self) -> None:
        """Wait until every pending panel edit is done (tests, benchmark, shutdown)."""
        await self._edits.idle()

    async def _edit(self, key: tuple[int, int], snap: TableSnapshot) -> None:
        panel = self._panels.get(key)
        if panel is None or panel.busy or panel.seq >= snap.seq:
            return
        try:
            with speaking(readers_language(panel.interaction)):  # a private panel: its reader's language
                draw = self._render if snap.seat_of(key[1]) is not None else self._gone
                payload, seq = draw(snap, key[1], self.drafts)
            # A private note ("You draw 9♠.") belongs to the click it answered: once the table
            # has moved on it is stale, and the hand it told of is in the panel anyway.
            payload["content"] = None
            await panel.interaction.edit_original_response(**payload)
            panel.seq = max(panel.seq, seq)
            panel.off = off_key(snap, key[1])
        except (discord.NotFound, discord.Forbidden):
            self._panels.pop(key, None)  # dismissed, or the token was refused
        except discord.HTTPException as exc:
            log.info("could not update the panel of user %s at table %s: %s", key[1], key[0], exc)
            self._panels.pop(key, None)
        except Exception as exc:  # the player left the table, the table closed…
            log.debug("panel of user %s at table %s not updated: %r", key[1], key[0], exc)
            self._panels.pop(key, None)


__all__ = ["TOKEN_LIFE", "PanelKeeper"]
