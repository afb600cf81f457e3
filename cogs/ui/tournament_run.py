"""A running knockout on Discord: its tables' threads and messages, the standings message, the keeper.

The service (``bot.service.tournament_run``) decides and commits; this module gives each table of
the first draw a thread of the event's channel (one table per channel is the tables' rule, so a
tournament's tables always open in threads), posts each new table's public message, and edits the
event's message (the sign-up, then the standings) as players are knocked out. The keeper steps
every due event on the service's clock (``bot.tasks.clock_sleep``: SimCord's clock in tests), and
soon after a hand ends at one of an event's tables.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

import discord

from bot.service.computers import mention
from bot.service.errors import NotAllowed
from bot.service.knockout_standings import ChipBoard, chip_board
from bot.service.models import TableSnapshot
from bot.service.rounds_run import Board, RoundsRunner
from bot.service.tournament_rows import Entry, Tournament
from bot.service.tournaments import Tournaments
from bot.tasks import clock_sleep
from data.store import DatabaseUnavailable
from games.core.i18n import N_, _, speaking

from . import messages, pictures
from .embeds import EmbedBudget
from .host import TableHost
from .render import COLOUR_DONE
from .threads import AUTO_ARCHIVE_MINUTES
from .tournament_rounds import rounds_embed, seating_round
from .tournament_view import place_name, signup_view, tournament_embed

log = logging.getLogger("cardroom.tournaments")

#: How often at most the keeper looks at running events (seconds of the bot's clock); it wakes
#: earlier for a start time, and an event's tables wake it after each hand.
SWEEP_SECONDS = 300
#: A running knockout's message is edited for its chip counts at most this often (the bot's clock),
#: after a hand; a knock-out, the start or the end edits it at once.
CHIPS_EVERY = timedelta(minutes=1)
NO_THREADS = N_("A tournament's tables open in threads of its channel, and I can't open threads there.")


class Keeper:
    """Steps knockouts and keeps their messages in step (one per bot)."""

    def __init__(self, client: discord.Client, host: TableHost, tournaments: Tournaments) -> None:
        self.client = client
        self.host = host
        self.tournaments = tournaments
        self.runner = RoundsRunner(host.tables, tournaments, self.channel_for)
        self._boards: dict[int, Board] = {}  # a rounds event's standings as last shown
        self._lock = asyncio.Lock()
        self._soon: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        #: The entries each event's message shows now (as this process last drew it). Knock-outs
        #: are recorded by the tables' own hands, not by a step, so a step compares with these.
        self._shown: dict[int, tuple[Entry, ...]] = {}
        #: When each running knockout's message last showed chip counts (bot's clock; empty after a
        #: restart, so the first step after one refreshes it).
        self._chips_at: dict[int, datetime] = {}

    # ---------------------------------------------------------------- the loop
    async def keep(self) -> None:
        while True:
            try:
                await self.sweep()
            except DatabaseUnavailable:
                log.warning("tournaments: the database is away; trying again later")
            except Exception:  # one event's bad channel must not stop the others
                log.exception("tournaments: sweep failed")
            await clock_sleep(await self._until_next())

    async def _until_next(self) -> float:
        """Seconds until the next start time (at most ``SWEEP_SECONDS``, at least one)."""
        try:
            nxt = await self.runner.next_start()
        except DatabaseUnavailable:
            return SWEEP_SECONDS
        if nxt is None:
            return SWEEP_SECONDS
        return max(1.0, min(SWEEP_SECONDS, (nxt - self.runner.now()).total_seconds() + 1))

    def wake(self, tournament_id: int, after: float = 0.0) -> None:
        """Steps the event soon, or in ``after`` seconds of the bot's clock (a new event's start
        time; after a restart the loop sleeps until it). A task of its own; several wakes before
        it runs make one step."""
        if tournament_id in self._soon:
            return
        self._soon.add(tournament_id)

        async def soon() -> None:
            try:
                if after > 0:
                    await clock_sleep(after)
                self._soon.discard(tournament_id)
                await self.step(tournament_id)
            except Exception:
                log.exception("tournaments: step of %s failed", tournament_id)

        task = asyncio.get_running_loop().create_task(soon(), name=f"cardroom-tournament-{tournament_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def table_changed(self, snap: TableSnapshot, reason: str) -> None:
        """A table listener: a hand ended at an event's table (a knock-out, a move to make)."""
        if snap.ledger_scope is not None and reason in ("hand", "end"):
            self.wake(-snap.ledger_scope)

    async def idle(self) -> None:
        """At shutdown: stops the waiting wakes (the rows say what to do after a restart) and
        waits for the steps under way."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def sweep(self) -> int:
        """Steps every due event; returns how many were stepped."""
        ids = await self.runner.due()
        for tid in ids:
            await self.step(tid)
        return len(ids)

    async def step(self, tournament_id: int) -> Tournament:
        async with self._lock:  # one step at a time: a move is planned once
            before = await self.tournaments.get(tournament_id)
            t = await self.runner.step(tournament_id)
            await self.after(before, t)
            return t

    async def start_now(self, tournament_id: int, user_id: int, *, is_admin: bool, guild_id: int) -> Tournament:
        async with self._lock:
            before = await self.tournaments.get(tournament_id, guild_id=guild_id)
            t = await self.runner.start_now(tournament_id, user_id, is_admin=is_admin, guild_id=guild_id)
            await self.after(before, t)
            return t

    # ---------------------------------------------------------------- Discord
    async def channel_for(self, t: Tournament, number: int) -> int:
        """A new thread of the event's channel for table ``number`` of the first draw."""
        channel = self.client.get_channel(t.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise NotAllowed(NO_THREADS)
        with speaking(t.locale):
            if t.format == "rounds":
                r = seating_round(await self.runner.board(t))
                name = _("Tournament {n} · round {r} · table {k}").format(n=t.id, r=r, k=number + 1)
            else:
                name = _("Tournament {n} · table {k}").format(n=t.id, k=number + 1)
        thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=AUTO_ARCHIVE_MINUTES
        )
        return thread.id

    async def after(self, before: Tournament, t: Tournament) -> None:
        """Posts the message of each new table, edits the event's message when what it shows changed
        (a knock-out at a table, the start, the end; once after a restart), tells those just
        knocked out which tables they can watch, and posts the final standings at the end."""
        playing: list[int] = []
        for table_id in (await self.runner.floor(t)).status:
            snap = await self.host.tables.get(table_id, guild_id=t.guild_id)
            if snap.message_id is None:
                await self._post_table(snap)
            if snap.status == "playing":
                playing.append(snap.channel_id)
        shown = self._shown.get(t.id)
        moved = await self._board_moved(t)
        if t.status == before.status and t.entries == shown and not moved and not self._chips_stale(t):
            return
        await self._refresh(t)
        self._shown[t.id] = t.entries
        if t.status == "running" and shown is not None:
            await self._tell_out(t, just_out(shown, t), playing)
        if before.status == "running" and t.status == "finished":
            self._shown.pop(t.id, None)
            self._chips_at.pop(t.id, None)
            await self._announce(t)

    async def _tell_out(self, t: Tournament, out: list[Entry], playing: list[int]) -> None:
        """One line in the event's channel per knock-out: their place, and the tables still playing
        (their threads), where they can watch the rest of the event."""
        channel = self.client.get_channel(t.channel_id)
        if not out or not isinstance(channel, discord.abc.Messageable):
            return
        with speaking(t.locale):
            tables = _(", ").join(f"<#{c}>" for c in playing)
            lines = [
                _("<@{user}> is knocked out of the tournament, finishing {place}. You can watch the tables still playing: {tables}").format(
                    user=e.user_id, place=place_name(e.place or 0), tables=tables
                )
                for e in out
            ]
        try:
            await channel.send("\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("tournament %s: its knock-out line couldn't be posted", t.id)

    async def _post_table(self, snap: TableSnapshot) -> None:
        channel = self.client.get_partial_messageable(snap.channel_id, guild_id=snap.guild_id)
        await self.host.tables.attach_thread(snap.id, snap.channel_id)
        with speaking(snap.locale):
            payload = messages.public_message(snap)
        message = await channel.send(**pictures.for_send(payload))
        await self.host.tables.attach_message(snap.id, message.id)
        self.host.publisher.adopt(snap, message.id)
        latest = await self.host.tables.get(snap.id, guild_id=snap.guild_id)
        if latest.seq != snap.seq:
            self.host.publisher.schedule(latest)

    async def _board_moved(self, t: Tournament) -> bool:
        """Whether a rounds event's standings changed since its message was last edited (a table
        finished, a round was seated)."""
        if t.format != "rounds":
            return False
        board = await self.runner.board(t)
        moved = self._boards.get(t.id) != board
        self._boards[t.id] = board
        return moved

    def _chips_stale(self, t: Tournament) -> bool:
        """Whether a running knockout's chip counts were last shown a minute ago or more."""
        if t.format == "rounds" or t.status != "running":
            return False
        last = self._chips_at.get(t.id)
        return last is None or self.runner.now() - last >= CHIPS_EVERY

    async def standings(self, t: Tournament, *, public: bool = False) -> discord.Embed:
        """The event's standings in the language spoken now: by rounds (points, placings) or, for a
        knockout, its players still in by chips (read now) then the others by finishing place.
        ``public``: the event's own message, which says when its chips were read."""
        if t.format == "rounds":
            return rounds_embed(t, await self.runner.board(t))
        if t.status != "running":
            return standings_embed(t)
        board = await chip_board(self.host.tables, self.runner.db, t, self.runner.now())
        if public:
            self._chips_at[t.id] = board.at
        return standings_embed(t, board, public=public)

    async def _refresh(self, t: Tournament) -> None:
        """The event's message: the sign-up while it signs up, the standings once it runs."""
        channel = self.client.get_channel(t.channel_id)
        if t.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        with speaking(t.locale):
            if t.status in ("running", "finished"):
                embed, view = await self.standings(t, public=True), None
            else:
                embed, view = tournament_embed(t), signup_view(t)
        try:
            await channel.get_partial_message(t.message_id).edit(embed=embed, view=view)
        except discord.HTTPException:
            log.info("tournament %s: its message couldn't be edited", t.id)

    async def _announce(self, t: Tournament) -> None:
        channel = self.client.get_channel(t.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        winner = next((e for e in t.entries if e.place == 1), None)
        with speaking(t.locale):
            text = _("🏆 Tournament {n} is over: <@{user}> wins.").format(n=t.id, user=winner.user_id if winner else 0)
            embed = await self.standings(t)
        try:
            await channel.send(text, embed=embed, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("tournament %s: its final standings couldn't be posted", t.id)


def just_out(shown: tuple[Entry, ...], t: Tournament) -> list[Entry]:
    """Entrants knocked out since ``shown`` (best place first)."""
    was_in = {e.user_id for e in shown if e.knocked_out_at is None}
    return sorted((e for e in t.entries if e.user_id in was_in and e.knocked_out_at is not None), key=lambda e: e.place or 0)


def chip_lines(t: Tournament, board: ChipBoard) -> list[str]:
    """A running knockout's head: how many are left and the level, then each player still in by
    chips with a link to their table's thread, then the computers seated (not entrants, unranked)."""
    left, total = len(board.counts), len(t.entries)
    if board.level is None:
        head = _("{left} of {total} players left").format(left=left, total=total)
    else:
        head = _("{left} of {total} players left · level {n}").format(left=left, total=total, n=board.level)
    lines = [f"**{head}**"]
    for rank, c in enumerate(board.counts, start=1):
        chips = f"{c.chips:,}"
        if c.channel_id is None:
            lines.append(_("{rank}. <@{user}> · **{chips}** chips · between tables").format(rank=rank, user=c.user_id, chips=chips))
        else:
            lines.append(_("{rank}. <@{user}> · **{chips}** chips · <#{table}>").format(
                rank=rank, user=c.user_id, chips=chips, table=c.channel_id
            ))
    lines += [  # not entrants: unranked, after the people (they can hold most of the chips)
        _("{name} · **{chips}** chips · <#{table}>").format(name=mention(c.user_id), chips=f"{c.chips:,}", table=c.channel_id)
        for c in board.computers
    ]
    return lines


def standings_embed(t: Tournament, board: ChipBoard | None = None, *, public: bool = False) -> discord.Embed:
    """The entrants by finishing place, with their prizes; while a knockout runs (``board``), those
    still in come first by chips (``chip_lines``), else in seat order. ``public``: the event's own
    message, edited now and then, ends with when its chips were read."""
    b = EmbedBudget(_("🏆 Tournament {n}: standings").format(n=t.id), COLOUR_DONE)
    ranked = sorted(t.entries, key=lambda e: (e.place is not None, e.place or 0, e.seat_order or 0, e.joined_at))
    lines = [] if board is None else chip_lines(t, board)
    for e in ranked:
        if e.place is None:
            if board is None:
                lines.append(_("<@{user}>: still in").format(user=e.user_id))
        elif e.prize:
            lines.append(_("{place} <@{user}>: **{n}** chips won").format(place=place_name(e.place), user=e.user_id, n=f"{e.prize:,}"))
        else:
            lines.append(_("{place} <@{user}>").format(place=place_name(e.place), user=e.user_id))
    if board is not None and public:
        lines.append(_("Chips as of <t:{at}:R>.").format(at=int(board.at.timestamp())))
    b.description("\n".join(lines) or _("Nobody has joined yet."))
    return b.embed


def board_embed(rows: list[tuple[int, int, int, int]]) -> discord.Embed:
    """The server's finished tournaments by player: (user, events, wins, prizes) best first."""
    b = EmbedBudget(_("🏆 Tournament board"), COLOUR_DONE)
    lines = [
        _("{place} <@{user}>: **{chips}** chips won, {wins} of {events} tournaments won").format(
            place=place_name(i), user=user, chips=f"{prizes:,}", wins=wins, events=events
        )
        for i, (user, events, wins, prizes) in enumerate(rows, start=1)
    ]
    b.description("\n".join(lines) or _("No tournament has finished on this server yet."))
    return b.embed


__all__ = ["Keeper", "board_embed", "just_out", "standings_embed"]
