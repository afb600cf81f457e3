"""Keeps each table's public message in step with the table, without blocking anyone.

The service calls ``on_change`` after every commit and the bot hands the
snapshot to its table listeners (``bot.hooks``); the publisher is one of them,
added by the ``cogs.tables`` extension. It only records the newest snapshot
and, if no edit is running for that table, starts one.
Edits are coalesced (a burst of actions makes at most one edit in flight and
one queued), so rate limits never delay a click's own answer, and a lobby's
message keeps a pace (``LOBBY_PACE``: a burst of Join/Leave clicks becomes a
few edits, each showing the newest lobby). Each new hand
gets a fresh message (old messages hit Discord's edit limits after an hour,
and a new message is the only way to ping the next player). An edit that would
show exactly what the message already shows is not sent (``looks``): a hidden
change such as a draw from the stock changes the table's seq, not its message,
and each edit counts against the channel's rate limit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import discord

from bot.service import TableService
from bot.service.models import TableSnapshot
from bot.service.personal import Personal
from cogs.pictures import TablePicture
from games.core.i18n import speaking

from . import messages, pictures
from .comeback import off_table_payload
from .drafts import Drafts
from .pace import Pacer
from .panels import PanelKeeper
from .spectators import SpectatorKeeper
from .turnping import ACTIVE_SECONDS, TurnPinger

log = logging.getLogger("cardroom.publisher")

#: A lobby's message: eight edits at once, then one every six seconds. People joining one by one never
#: wait; a flood of Join/Leave clicks is shown a few times, each time as it stands.
LOBBY_BURST, LOBBY_EVERY = 8, 6.0

#: ``(snapshot, user_id, drafts)`` -> that player's hand panel as of the snapshot, and the table seq it shows.
PanelSource = Callable[[TableSnapshot, int, Drafts], tuple[dict[str, Any], int]]


async def _at_once() -> None:
    """No foreground to defer to."""


class TablePublisher:
    """A ``bot.hooks.TableListener``: ``table_changed`` schedules an edit, ``idle`` waits for them."""

    def __init__(
        self, client: discord.Client, tables: TableService, panel: PanelSource,
        *, quiet: Callable[[], Awaitable[None]] = _at_once, images: pictures.ImageSwitch | None = None,
        personal: Personal | None = None,
    ) -> None:
        self.client = client
        self.tables = tables
        #: Waits while some click is still being answered: that answer comes first (``bot.foreground``).
        self._quiet = quiet
        self._latest: dict[int, TableSnapshot] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: table → (message id, hand number shown in it), as this process knows it.
        self._message: dict[int, tuple[int, int]] = {}
        self._seen: dict[int, tuple[int, int]] = {}
        #: Each server's picture setting, and table → (message id, picture it carries): an edit
        #: re-uploads the picture only when what it shows changed.
        self.images = images or pictures.ImageSwitch()
        self._pictures: dict[int, tuple[int, TablePicture | None]] = {}
        #: table → (message id, what it shows): the last edit sent, to leave out one that changes nothing.
        self._shown: dict[int, tuple[int, tuple[Any, ...]]] = {}
        #: Edits sent and edits left out because they would have changed nothing (tests, benchmarks).
        self.edits_sent = 0
        self.edits_skipped = 0
        #: The lobby messages' pace; a started or closed table's edits go out at once.
        self.lobby_pace: Pacer[int] = Pacer(LOBBY_BURST, LOBBY_EVERY, self._release)
        #: Each player's last hand panel, updated when it's their turn (one click per turn).
        self.panels = PanelKeeper(panel, quiet=quiet, gone=off_table_payload)
        #: The watchers' live panels (public information only), updated like the players'.
        self.spectators = SpectatorKeeper(quiet=quiet)
        #: Tells the players to act in a new message (an edit notifies nobody); None: no pings.
        self.pinger = (
            TurnPinger(client, personal, lambda t, u: self.panels.active(t, u, ACTIVE_SECONDS))
            if personal is not None else None
        )
        #: Run after a closed table's message got its last edit (e.g. archive the table's thread).
        self.on_closed: list[Callable[[TableSnapshot], Awaitable[None]]] = []

    def adopt(self, snap: TableSnapshot, message_id: int) -> None:
        """The interaction that created the message tells us its id."""
        self._message[snap.id] = (message_id, snap.hand_no)

    def table_changed(self, snap: TableSnapshot, reason: str) -> None:
        self.schedule(snap)

    def schedule(self, snap: TableSnapshot) -> None:
        # on_change runs outside the table lock, so snapshots may arrive out of order:
        # one older than what we already have would show the past.
        order = (snap.hand_no, snap.seq)
        if order < self._seen.get(snap.id, order):
            return
        self._seen[snap.id] = order
        self._latest[snap.id] = snap
        self.panels.changed(snap)
        self.spectators.changed(snap)
        if self.lobby_pace.held(snap.id):
            if snap.status == "lobby":
                return  # the waiting edit will show this snapshot
            self.lobby_pace.unhold(snap.id)  # started or closed: that goes out at once
        self._start(snap.id)

    def _start(self, table_id: int) -> None:
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.create_task(self._drain(table_id), name=f"publish-table-{table_id}")

    def _release(self, table_id: int) -> None:
        """A held lobby's pace allows an edit again: its newest state goes out."""
        if table_id in self._latest:
            self._start(table_id)

    def close(self) -> None:
        """Shutdown: held edits go out without waiting for their pace (``idle`` then waits for them)."""
        self.lobby_pace.close()
        self.spectators.close()

    async def idle(self) -> None:
        """Wait until every pending edit is done (tests, benchmark, shutdown); a lobby edit held by
        its pace is not waited for (it goes out at the pacer's next tick)."""
        while True:
            tasks = [t for t in self._tasks.values() if not t.done()]
            if not tasks:
                await self.panels.idle()
                await self.spectators.idle()
                if not any(not t.done() for t in self._tasks.values()):
                    return
                continue
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _drain(self, table_id: int) -> None:
        while table_id in self._latest:
            await self._quiet()
            latest = self._latest[table_id]
            known = table_id in self._message or latest.message_id is not None
            if latest.status == "lobby" and known and not self.lobby_pace.admit(table_id):
                return  # clicks meanwhile replace the snapshot: one edit shows them all
            snap = self._latest.pop(table_id)
            try:
                await self._publish(snap)
            except Exception:
                log.exception("could not update the message of table %s", table_id)

    async def _publish(self, snap: TableSnapshot) -> None:
        with speaking(snap.locale):  # everyone reads it: in the table's language, never a clicker's
            await self._publish_in_language(snap)

    async def _publish_in_language(self, snap: TableSnapshot) -> None:
        known = self._message.get(snap.id)
        message_id = known[0] if known else snap.message_id
        shown_hand = known[1] if known else snap.hand_no
        if message_id is None:
            return  # /play attaches the message and publishes again
        channel = self.client.get_partial_messageable(snap.channel_id, guild_id=snap.guild_id)
        await self.images.ensure(snap.guild_id)
        payload = messages.public_message(snap, self.images)
        picture = payload.pop("picture", None)
        if snap.status == "playing" and snap.hand_no > shown_hand > 0:
            # The old hand's message keeps its result; the new hand gets a new message (and a ping).
            old = channel.get_partial_message(message_id)
            try:
                await old.edit(
                    content="", embed=messages.hand_over_embed(snap, shown_hand), view=None,
                    allowed_mentions=messages.NO_MENTIONS, attachments=[],
                )
            except discord.HTTPException as exc:
                log.info("could not close the old message of table %s: %s", snap.id, exc)
            told: frozenset[int] = frozenset()
            if self.pinger is not None:  # the new message pings those who want pings, and they're told
                told = await self.pinger.mentions_for_new_message(snap)
                payload["allowed_mentions"] = discord.AllowedMentions(
                    everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in sorted(told)]
                )
            await self._send_new(channel, snap, payload, picture)
            await self._ping(replace(snap, message_id=self._message[snap.id][0]), told)
            return
        if picture is not None and self._pictures.get(snap.id) == (message_id, picture):
            payload.pop("attachments", None)  # the message already shows this picture
        shown = (message_id, looks(payload, picture))
        if snap.is_open and self._shown.get(snap.id) == shown:
            self.edits_skipped += 1
            await self._ping(replace(snap, message_id=message_id))
            return
        try:
            await channel.get_partial_message(message_id).edit(**payload)
            self.edits_sent += 1
            self._message[snap.id] = (message_id, snap.hand_no)
            self._pictures[snap.id] = (message_id, picture)
            self._shown[snap.id] = shown
        except discord.NotFound:
            if snap.is_open:
                await self._send_new(channel, snap, payload, picture)
        await self._ping(replace(snap, message_id=self._message.get(snap.id, (message_id, 0))[0]))
        if not snap.is_open:
            self._message.pop(snap.id, None)
            self._seen.pop(snap.id, None)
            for hook in self.on_closed:
                try:
                    await hook(snap)
                except Exception:
                    log.exception("after closing table %s", snap.id)
            self._pictures.pop(snap.id, None)
            self._shown.pop(snap.id, None)
            self.lobby_pace.forget(snap.id)

    async def _ping(self, snap: TableSnapshot, told: frozenset[int] = frozenset()) -> None:
        if self.pinger is not None:
            await self.pinger.update(snap, told)

    async def _send_new(
        self, channel: discord.PartialMessageable, snap: TableSnapshot, payload: dict[str, Any],
        picture: TablePicture | None = None,
    ) -> None:
        payload = pictures.for_send(payload)
        if payload.get("view") is None:
            payload = {k: v for k, v in payload.items() if k != "view"}
        message = await channel.send(**payload)
        self._message[snap.id] = (message.id, snap.hand_no)
        self._pictures[snap.id] = (message.id, picture)
        self._shown[snap.id] = (message.id, looks(payload, picture))
        await self.tables.attach_message(snap.id, message.id)


def looks(payload: dict[str, Any], picture: TablePicture | None) -> tuple[Any, ...]:
    """What a message sent or edited with ``payload`` shows: its text, embeds, components and picture.

    Mentions are left out: an edit never notifies anyone, so they change nothing anyone sees.
    """
    embeds = payload.get("embeds") or ([payload["embed"]] if payload.get("embed") is not None else [])
    view = payload.get("view")
    return (
        payload.get("content"),
        repr([e.to_dict() for e in embeds]),
        repr(view.to_components()) if view is not None else None,
        picture,
    )
