"""Tells a player it's their turn the way Discord delivers it: a new message that mentions them.

Discord notifies nobody of an *edited* message, and the table's message is edited all hand long,
so the bot sends a short new message mentioning the people to act (in the table's channel, which
is its thread when threads are on) and deletes it once they have acted: a table never leaves more
than one such message behind, and the ones standing are kept in the database so a restart
deletes them too. Each player chooses with ``/settings`` how they hear it (``channel``, ``dm`` or
``off``). Computer players, and people whose turns the computer is playing, are never pinged; nor
is a player who is acting right now in an open hand panel (their panel shows their choices the
moment it's their turn). A new hand's message already mentions its first players: those are told
by it, not again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.service.computers import mention
from bot.service.models import TableSnapshot
from bot.service.personal import Personal, TurnPing
from games.core.i18n import _

log = logging.getLogger("cardroom.turnping")

#: A player who used their hand panel this recently is at the table: no ping.
ACTIVE_SECONDS = 60.0

#: ``(table id, user id)`` → whether that player is acting in an open panel right now.
Active = Callable[[int, int], bool]


def jump_url(snap: TableSnapshot) -> str:
    """A link to the table's message (Discord shows it as a chip that opens the message)."""
    return f"https://discord.com/channels/{snap.guild_id}/{snap.channel_id}/{snap.message_id or ''}".rstrip("/")


class TurnPinger:
    """Pings the players to act, one standing message per table at most (see the module's docstring)."""

    def __init__(self, client: discord.Client, personal: Personal, active: Active) -> None:
        self.client = client
        self.personal = personal
        self.active = active
        #: table → the people already told of the turn that is running now.
        self._told: dict[int, frozenset[int]] = {}
        #: table → its ping messages standing (channel id, message id), once read from the database.
        self._standing: dict[int, list[tuple[int, int]]] = {}
        self.sent = 0  # pings sent (tests, benchmarks)

    @staticmethod
    def to_tell(snap: TableSnapshot) -> frozenset[int]:
        """The people whose turn it is (never a seat the computer plays)."""
        if snap.status != "playing" or snap.paused:
            return frozenset()
        by_computer = {i.user_id for i in snap.seats if i.by_computer}
        return frozenset(u for u in snap.to_act_users if u not in by_computer)

    async def mentions_for_new_message(self, snap: TableSnapshot) -> frozenset[int]:
        """Who a new hand's message may mention (ping): the players to act who want channel pings."""
        want = self.to_tell(snap)
        settings = await self.personal.turn_pings(snap.guild_id, tuple(sorted(want)))
        return frozenset(u for u in want if settings[u] == "channel" and not self.active(snap.id, u))

    async def update(self, snap: TableSnapshot, told_by_message: frozenset[int] = frozenset()) -> None:
        """After the table's message shows ``snap``: remove pings that are done, ping who is new."""
        try:
            await self._update(snap, told_by_message)
        except Exception:  # a ping is a courtesy: never let it stop the table's own edits
            log.exception("could not ping the players of table %s", snap.id)

    async def _update(self, snap: TableSnapshot, told_by_message: frozenset[int]) -> None:
        want = self.to_tell(snap) if snap.is_open else frozenset()
        told = self._told.get(snap.id, frozenset())
        if want <= told and (want or not told):
            self._told[snap.id] = want  # some acted, the rest were told: their ping still stands
            return
        await self._clear(snap.id)  # the turn moved on: whoever was pinged has acted
        if not snap.is_open:
            self._told.pop(snap.id, None)
            self._standing.pop(snap.id, None)
            return
        new = want - told - told_by_message
        self._told[snap.id] = want
        fresh = tuple(sorted(u for u in new if not self.active(snap.id, u)))
        if not fresh or snap.message_id is None:
            return
        settings = await self.personal.turn_pings(snap.guild_id, fresh)
        await self._ping_channel(snap, tuple(u for u in fresh if settings[u] == "channel"))
        for user_id in (u for u in fresh if settings[u] == "dm"):
            await self._ping_dm(snap, user_id)

    async def _ping_channel(self, snap: TableSnapshot, users: tuple[int, ...]) -> None:
        if not users:
            return
        who = ", ".join(mention(u) for u in users)
        text = _("▶ {who}, it's your turn at **{game}**: {link}").format(
            who=who, game=snap.game.shown_title, link=jump_url(snap)
        )
        channel = self.client.get_partial_messageable(snap.channel_id, guild_id=snap.guild_id)
        message = await channel.send(
            text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]),
            suppress_embeds=True,
        )
        await self._stands(snap.id, snap.channel_id, message.id)

    async def _ping_dm(self, snap: TableSnapshot, user_id: int) -> None:
        text = _("▶ It's your turn at **{game}**: {link}").format(game=snap.game.shown_title, link=jump_url(snap))
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            message = await user.send(text, suppress_embeds=True)
        except discord.HTTPException as exc:  # DMs closed: nothing to do but note it
            log.info("could not DM the turn of table %s to %s: %s", snap.id, user_id, exc)
            return
        await self._stands(snap.id, message.channel.id, message.id)

    async def _stands(self, table_id: int, channel_id: int, message_id: int) -> None:
        self.sent += 1
        await self.personal.ping_sent(table_id, channel_id, message_id)
        self._standing.setdefault(table_id, []).append((channel_id, message_id))

    async def _clear(self, table_id: int) -> None:
        standing = self._standing.get(table_id)
        if standing is None:  # after a restart: what the last process left standing
            standing = self._standing[table_id] = await self.personal.pings(table_id)
        while standing:
            channel_id, message_id = standing.pop()
            try:
                await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
            except discord.NotFound:
                pass  # someone deleted it already
            except discord.HTTPException as exc:
                log.info("could not delete a turn ping of table %s: %s", table_id, exc)
            await self.personal.ping_gone(table_id, message_id)


def ping_choice_label(value: TurnPing) -> str:
    """The words for a ping setting, in the reader's language."""
    labels = {
        "channel": _("a message in the table's channel that mentions you"),
        "dm": _("a direct message"),
        "off": _("none (watch the table yourself)"),
    }
    return labels[value]
