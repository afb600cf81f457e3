"""Game tables in channels: lobby, seats, hands, turn timers — storage-backed, no Discord.

Every change is one transaction (log row + snapshot with a compare-and-swap on
``seq``, plus settlement, results and the next deal when a hand ends),
committed before ``on_change`` is called. The work of a transaction is a
synchronous function run on the database's thread (``Database.run``) on a
private copy of the table; the copy replaces the cached table only after COMMIT.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

import games
from data import ledger
from data.db import Database
from games import GameError
from games.core.i18n import _
from games.core.replay import HandRecord, replay
from games.core.rng import RNG_ALGO, Rng
from games.core.views import SeatView

from . import handflow as flow
from .errors import (
    BadPhase,
    InsufficientChips,
    NoTable,
    NotAllowed,
    NotHost,
    NotSeated,
    StalePrompt,
    TableAlreadyOpen,
    TableFull,
)
from .guilds import load_settings
from .handflow import Change, mention
from .live import (
    Live,
    Player,
    dumps,
    hand_actions,
    iso,
    live_from_row,
    log,
    save,
    save_player,
)
from .models import ActResult, StartResult, TableSnapshot

OnChange = Callable[[TableSnapshot, str], Awaitable[None]]
log_ = logging.getLogger(__name__)


def utcnow() -> datetime:
    return datetime.now(UTC)


class TableService:
    """The tables of every guild. ``on_change(snapshot, reason)`` — reason in
    'lobby', 'action', 'timeout', 'hand', 'end' — is awaited after each commit,
    outside the table's lock; snapshots carry ``seq``, so a renderer can drop
    an older one that arrives late."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], datetime] = utcnow,
        on_change: OnChange | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.on_change = on_change
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._live: dict[int, Live] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._loading = asyncio.Lock()

    # ================================================================ reading
    async def load_open_tables(self) -> list[TableSnapshot]:
        """After a restart: lobby and playing tables, deadlines intact.

        A snapshot that no longer decodes is rebuilt by replaying the hand's
        record and log; if that fails too, the table is voided and every chip
        at it refunded (the interrupted hand is undone exactly).
        """
        ids = [r[0] for r in await self.db.fetchall("SELECT id FROM tables WHERE status IN ('lobby','playing')")]
        out = []
        for table_id in ids:
            live = await self._ensure(table_id)
            if live is not None:
                out.append(live.snapshot())
        return out

    async def get(self, table_id: int) -> TableSnapshot:
        """``NoTable`` if unknown. Finished tables are read from the database."""
        live = await self._ensure(table_id)
        if live is not None:
            return live.snapshot()
        row = await self.db.fetchone("SELECT * FROM tables WHERE id=?", (table_id,))
        if row is None:
            raise NoTable()
        closed = await self.db.read_sync(live_from_row, row)
        return closed.snapshot()

    async def in_channel(self, channel_id: int) -> TableSnapshot | None:
        """The open (lobby or playing) table of a channel."""
        for live in self._live.values():
            if live.channel_id == channel_id:
                return live.snapshot()
        table_id = await self.db.scalar(
            "SELECT id FROM tables WHERE channel_id=? AND status IN ('lobby','playing')", (channel_id,)
        )
        if table_id is None:
            return None
        live = await self._ensure(table_id)
        return None if live is None else live.snapshot()

    async def hand_view(self, table_id: int, user_id: int) -> tuple[SeatView, int]:
        """The user's private view and the seq it was rendered at. ``NotSeated`` for outsiders."""
        live = await self._need(table_id)
        seat = self._seat(live, user_id)
        if live.state is None:
            raise BadPhase(_("The game hasn't started yet."))
        return live.game.view(live.state, seat), live.seq

    async def next_deadline(self) -> datetime | None:
        """The earliest turn deadline of any playing table."""
        text = await self.db.scalar("SELECT MIN(deadline) FROM tables WHERE status='playing'")
        return None if text is None else datetime.fromisoformat(text)

    async def history(self, table_id: int, user_id: int, limit: int = 5) -> list[tuple[str, str]]:
        """(filename, text) of the last finished hands this user played at the table."""
        rows = await self.db.fetchall(
            "SELECT h.hand_no, h.history_text, h.users_json, t.game_id FROM hands h JOIN tables t ON t.id=h.table_id"
            " WHERE h.table_id=? AND h.status='done' AND h.history_text IS NOT NULL ORDER BY h.hand_no DESC",
            (table_id,),
        )
        if not rows and await self.db.scalar("SELECT 1 FROM tables WHERE id=?", (table_id,)) is None:
            raise NoTable()
        mine = [r for r in rows if user_id in json.loads(r["users_json"])][: max(0, limit)]
        if rows and not mine:
            raise NotSeated(_("You didn't play in those hands."))
        out = []
        for r in reversed(mine):
            game = games.get_game(r["game_id"])
            out.append((f"{game.id}-table{table_id}-hand{r['hand_no']}{game.history_suffix}", r["history_text"]))
        return out

    # ================================================================= lobby
    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_id: str,
        *,
        preset: str | None = None,
        buy_in: int | None = None,
        turn_seconds: int | None = None,
        host_name: str | None = None,
    ) -> TableSnapshot:
        """Opens a lobby; the host joins. ``TableAlreadyOpen``, ``UnknownGame``."""
        game = games.get_game(game_id)
        options = game.Options()
        if preset is not None:
            if preset not in game.presets:
                raise NotAllowed(_("{game} has no variant called {name!r}.").format(game=game.title, name=preset))
            options = game.presets[preset]
        if buy_in is not None and buy_in < 0:
            raise NotAllowed(_("The buy-in can't be negative."))
        if turn_seconds is not None and not 10 <= turn_seconds <= 86_400:
            raise NotAllowed(_("The turn timer must be between 10 seconds and a day."))
        now = iso(self.clock())
        seed = self._seed_source()

        def work(conn: sqlite3.Connection) -> Live:
            settings = load_settings(conn, guild_id)
            chips = game.uses_chips
            live = Live(
                id=0, guild_id=guild_id, channel_id=channel_id, message_id=None, host_id=host_id,
                game_id=game.id, options=options, preset=preset, status="lobby", seed=seed,
                buy_in=(settings.default_buy_in if buy_in is None else buy_in) if chips else 0,
                turn_seconds=turn_seconds or settings.turn_seconds,
            )
            if live.buy_in:
                wallet = ledger.open_wallet(conn, guild_id, host_id, settings.starting_chips, now or "")
                if ledger.balance(conn, wallet) < live.buy_in:
                    raise InsufficientChips(
                        _(
                            "The buy-in is {n} chips and you have {have}. Claim free chips with /daily,"
                            " or choose a smaller buy-in (/play … buy_in:)."
                        ).format(n=live.buy_in, have=ledger.balance(conn, wallet))
                    )
            try:
                cur = conn.execute(
                    """INSERT INTO tables (guild_id, channel_id, host_id, game_id, rules_version, options_json, preset,
                       seed, rng_algo, status, buy_in, turn_seconds, created_at, updated_at)
                       VALUES (?,?,?,?,?,?,?,?,?,'lobby',?,?,?,?)""",
                    (guild_id, channel_id, host_id, game.id, game.rules_version,
                     dumps(options.model_dump(mode="json")), preset, seed, RNG_ALGO, live.buy_in,
                     live.turn_seconds, now, now),
                )
            except sqlite3.IntegrityError as err:
                raise TableAlreadyOpen() from err
            live.id = int(cur.lastrowid or 0)
            live.players = [Player(host_id, 0, name=host_name)]
            live.roster_dirty = True
            log(conn, live, "system", "open", now, user_id=host_id)
            live.add_recent(_("{who} opened a table of {game}.").format(who=mention(host_id), game=game.title))
            save(conn, live, 0, now)
            return live

        if any(lv.channel_id == channel_id for lv in self._live.values()):
            raise TableAlreadyOpen()
        live = await self.db.run(work)
        self._live[live.id] = live
        await self._notify(live, "lobby")
        return live.snapshot()

    async def attach_message(self, table_id: int, message_id: int) -> None:
        """Remembers the public table message (edited by id after restarts)."""
        await self._ensure(table_id)
        async with self._lock(table_id):
            changed = await self.db.run(
                lambda c: c.execute("UPDATE tables SET message_id=? WHERE id=?", (message_id, table_id)).rowcount
            )
            if not changed:
                raise NoTable()
            live = self._live.get(table_id)
            if live is not None:
                live.message_id = message_id
                live._snap = None

    async def join(self, table_id: int, user_id: int, *, name: str | None = None) -> TableSnapshot:
        """Joins the lobby, or a running hand-by-hand table (seated from the next hand)."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            game = live.game
            if live.player(user_id) is not None:
                raise NotAllowed(_("You're already at this table."))
            if live.status == "playing" and not game.hand_by_hand:
                raise BadPhase(_("This game is already under way; join the next one."))
            if len(live.players) >= game.seat_limits(live.options)[1]:
                raise TableFull()
            if live.buy_in and ledger.balance_of(conn, ledger.USER, live.guild_id, user_id=user_id) < live.buy_in:
                settings = load_settings(conn, live.guild_id)
                ledger.open_wallet(conn, live.guild_id, user_id, settings.starting_chips, now)
                if ledger.balance_of(conn, ledger.USER, live.guild_id, user_id=user_id) < live.buy_in:
                    raise InsufficientChips(
                        _(
                            "The buy-in is {n} chips and you have {have}. Claim free chips with /daily,"
                            " or ask the host for a smaller buy-in (/play … buy_in:)."
                        ).format(
                            n=live.buy_in,
                            have=ledger.balance_of(conn, ledger.USER, live.guild_id, user_id=user_id),
                        )
                    )
            live.players.append(Player(user_id, max((p.pos for p in live.players), default=-1) + 1, name=name))
            live.roster_dirty = True
            log(conn, live, "system", "join", now, user_id=user_id)
            text = _("{who} joined.") if live.status == "lobby" else _("{who} joins from the next hand.")
            live.add_recent(text.format(who=mention(user_id)))
            change.reason = "lobby" if live.status == "lobby" else "action"

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"))).snapshot

    async def leave(self, table_id: int, user_id: int) -> TableSnapshot:
        """Lobby: leaves (the host's role passes on; an empty lobby closes).
        Playing: leaves at the end of the hand and is cashed out."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            me = live.player(user_id)
            if me is None:
                raise NotSeated()
            if live.status == "lobby" or me.seat is None:
                live.players.remove(me)
                live.roster_dirty = True
                log(conn, live, "system", "leave", now, user_id=user_id)
                live.add_recent(_("{who} left.").format(who=mention(user_id)))
                change.reason = "lobby" if live.status == "lobby" else "action"
                if live.status == "lobby" and user_id == live.host_id:
                    if live.players:
                        live.host_id = min(live.players, key=lambda p: p.pos).user_id
                        live.add_recent(_("{who} is the host now.").format(who=mention(live.host_id)))
                    else:
                        live.status = "void"
                        change.reason = "end"
                return
            if me.leaving:
                raise NotAllowed(_("You're already leaving at the end of this hand."))
            me.leaving = True
            save_player(conn, live, me)
            log(conn, live, "system", "leave", now, seat=me.seat, user_id=user_id)
            live.add_recent(_("{who} will leave at the end of the hand.").format(who=mention(user_id)))

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"))).snapshot

    async def set_options(
        self, table_id: int, user_id: int, *, preset: str | None = None, changes: dict[str, Any] | None = None
    ) -> TableSnapshot:
        """Host, lobby only; validated by ``game.Options``."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            game = live.game
            options = live.options
            name = live.preset
            if preset is not None:
                if preset not in game.presets:
                    raise NotAllowed(_("{game} has no variant called {name!r}.").format(game=game.title, name=preset))
                options, name = game.presets[preset], preset
            if changes:
                try:
                    options = game.Options.model_validate({**options.model_dump(), **changes})
                except ValidationError as err:
                    first = err.errors()[0]
                    where = ".".join(str(p) for p in first.get("loc", ())) or _("option")
                    raise NotAllowed(f"{where}: {first.get('msg', 'invalid value')}.") from err
                name = next((k for k, v in game.presets.items() if v == options), None)
            live.options, live.preset = options, name
            live.settings_dirty = True
            log(conn, live, "system", "options:" + dumps(options.model_dump(mode="json")), now, user_id=user_id)
            live.add_recent(_("Variant: {name}.").format(name=game.describe_options(options)))
            change.reason = "lobby"

        return (await self._mutate(table_id, work, statuses=("lobby",))).snapshot

    async def start(self, table_id: int, user_id: int) -> StartResult:
        """Host; checks the player count; buy-ins move wallet → escrow (refused users listed)."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            game = live.game
            low, high = game.seat_limits(live.options)
            if not low <= len(live.players) <= high:
                raise BadPhase(_("This game needs {low}–{high} players.").format(low=low, high=high))
            settings = load_settings(conn, live.guild_id)
            players = sorted(live.players, key=lambda p: p.pos)
            if game.uses_chips:
                players = flow.buy_in(conn, live, players, settings, now, change, hand_no=1)
                if len(players) < low:
                    names = ", ".join(mention(u) for u, _why in change.refused)
                    raise InsufficientChips(
                        _(
                            "Not enough players could pay the {n}-chip buy-in ({names}). They can claim free chips"
                            " with /daily, or you can reopen with a smaller buy-in (/table end, then /play … buy_in:)."
                        ).format(n=live.buy_in, names=names)
                    )
            for i, p in enumerate(players):
                p.seat = i
            live.roster_dirty = True
            live.status = "playing"
            dealer = Rng(live.seed).derive("dealer").below(len(players))[0]
            log(conn, live, "system", "start", now, user_id=user_id)
            flow.deal(conn, live, now, dealer=dealer, carry=None, change=change)
            change.reason = "hand"

        result = await self._mutate(table_id, work, statuses=("lobby",))
        return StartResult(result.snapshot, tuple(result.change.refused))

    # ================================================================= play
    async def act(self, table_id: int, user_id: int, action: str, *, seq: int | None) -> ActResult:
        """Applies one action. ``seq`` = the prompt's sequence number (``None``: no staleness check).

        A prompt is stale when its seat has acted since ``seq``, a new hand was
        dealt since, or the action is no longer legal; then nothing changes.
        """

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            seat = self._seat(live, user_id)
            game = live.game
            if live.pause is not None:
                raise BadPhase(
                    _("The next deal starts in a moment. Press **Next deal** if you're ready.")
                    if live.pause.kind == "deal"
                    else _("The next hand starts in a moment. Press **Next hand** if you're ready.")
                )
            if live.state is None or game.outcome(live.state) is not None:
                raise BadPhase(_("This hand is over."))
            if seq is not None and seq != live.seq:
                if seq > live.seq or seq < live.hand_start_seq or live.acted.get(seat, -1) > seq:
                    raise StalePrompt()
                if seat in game.to_act(live.state) and not game.is_legal(live.state, seat, action):
                    raise StalePrompt()
            state, events = game.apply(live.state, seat, action)
            me = live.player(user_id)
            assert me is not None
            if me.timeouts:
                me.timeouts = 0
                save_player(conn, live, me)
            flow.advance(conn, live, seat, action, "action", state, events, now, change)

        result = await self._mutate(table_id, work, statuses=("playing",), not_found_status=BadPhase)
        return ActResult(result.snapshot, result.change.events, result.change.hand_finished)

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
                if live.deadline is None or live.deadline > when or live.state is None:
                    raise _NothingToDo()
                if live.pause is not None:  # the beat between hands is over: nobody timed out
                    log(conn, live, "system", "next", now_s)
                    flow.end_pause(conn, live, now_s, change)
                    return
                game = live.game
                settings = load_settings(conn, live.guild_id)
                change.reason = "timeout"
                for seat in sorted(game.to_act(live.state)):
                    if live.state is None or seat not in game.to_act(live.state) or game.outcome(live.state):
                        continue
                    hand_before = live.hand_no
                    action = game.timeout_action(live.state, seat)
                    state, events = game.apply(live.state, seat, action)
                    player = live.player(live.user_at(seat))
                    assert player is not None
                    player.timeouts += 1
                    note = _("{who} ran out of time.").format(who=mention(player.user_id))
                    if player.timeouts >= settings.max_timeouts and not player.leaving:
                        player.leaving = True
                        note += " " + _("{n} timeouts in a row: leaving at the end of the hand.").format(
                            n=player.timeouts
                        )
                    save_player(conn, live, player)
                    live.add_recent(note)
                    flow.advance(conn, live, seat, action, "timeout", state, events, now_s, change)
                    if live.hand_no != hand_before or live.status != "playing":
                        break

            try:
                result = await self._mutate(table_id, work, statuses=("playing",), now=when)
            except (_NothingToDo, GameError):
                return None
            except Exception:
                log_.exception("timeout on table %s failed", table_id)
                return None
            return ActResult(result.snapshot, result.change.events, result.change.hand_finished)

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
            live.pause = replace(pause, ready=(*pause.ready, user_id))
            log(conn, live, "system", "ready", now, user_id=user_id)
            change.reason = "lobby"
            if all(p.user_id in live.pause.ready for p in live.seated()):
                flow.end_pause(conn, live, now, change)

        return (await self._mutate(table_id, work, statuses=("playing",))).snapshot

    # ================================================================== end
    async def end(self, table_id: int, user_id: int, *, is_admin: bool) -> TableSnapshot:
        """Host or admin: the interrupted hand is refunded exactly (escrow still holds the
        stacks from its deal), a carried pot is split among its players, and all is cashed out."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            if live.status == "lobby":
                live.status = "void"
                log(conn, live, "system", "cancel", now, user_id=user_id)
            else:
                if live.state is not None and live.game.outcome(live.state) is None:
                    conn.execute(
                        "UPDATE hands SET status='void', ended_at=? WHERE table_id=? AND hand_no=? AND status='playing'",
                        (now, live.id, live.hand_no),
                    )
                log(conn, live, "system", "end", now, user_id=user_id)
                if live.game.hand_by_hand or (live.state is not None and live.game.outcome(live.state) is None):
                    flow.ended_early(conn, live)
                flow.close(conn, live, now, code="refund")
            live.add_recent(_("{who} ended the table.").format(who=mention(user_id)))
            change.reason = "end"

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"))).snapshot

    async def cancel(self, table_id: int, user_id: int, *, is_admin: bool) -> TableSnapshot:
        """Host or admin, lobby only."""

        def work(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            live.status = "void"
            log(conn, live, "system", "cancel", now, user_id=user_id)
            live.add_recent(_("{who} cancelled the table.").format(who=mention(user_id)))
            change.reason = "end"

        return (await self._mutate(table_id, work, statuses=("lobby",))).snapshot

    # ============================================================ internals
    class _Result:
        def __init__(self, snapshot: TableSnapshot, change: Change) -> None:
            self.snapshot = snapshot
            self.change = change

    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def _ensure(self, table_id: int) -> Live | None:
        """The cached open table, loading (and if need be repairing) it on first use."""
        live = self._live.get(table_id)
        if live is not None:
            return live
        async with self._loading:
            live = self._live.get(table_id)
            if live is not None:
                return live
            row = await self.db.fetchone(
                "SELECT * FROM tables WHERE id=? AND status IN ('lobby','playing')", (table_id,)
            )
            if row is None:
                return None
            now = iso(self.clock())
            try:
                live = await self.db.read_sync(live_from_row, row)
            except Exception:
                log_.exception("table %s can't be read; voiding it", table_id)
                await self.db.run(self._void_raw, row, now or "")
                return None
            if row["state_json"] is None:
                self._live[table_id] = live
                return live
            same_rules = row["rules_version"] == live.game.rules_version
            state = await self.db.read_sync(self._restore_state, live, row["state_json"]) if same_rules else None
            if state is None:
                log_.error("table %s: snapshot and replay both failed; voiding and refunding", table_id)
                live.add_recent(_("This table couldn't be restored after a restart; every chip was refunded."))
                await self.db.run(self._void, live, now or "")
                live._snap = None
                await self._notify(live, "end")
                return None
            live.state = state
            self._live[table_id] = live
            return live

    async def _need(self, table_id: int) -> Live:
        live = await self._ensure(table_id)
        if live is None:
            if await self.db.scalar("SELECT 1 FROM tables WHERE id=?", (table_id,)) is None:
                raise NoTable()
            raise BadPhase(_("This table is closed."))
        return live

    @staticmethod
    def _restore_state(conn: sqlite3.Connection, live: Live, state_json: str) -> Any:
        """The snapshot, or the hand replayed from its record and log, or None."""
        game = live.game
        try:
            return game.load(state_json)
        except Exception:
            log_.warning("table %s: snapshot doesn't decode; replaying the log", live.id)
        try:
            hand = conn.execute(
                "SELECT * FROM hands WHERE table_id=? AND hand_no=?", (live.id, live.hand_no)
            ).fetchone()
            record = HandRecord(
                game=game.id,
                options=json.loads(hand["options_json"]),
                seats=len(json.loads(hand["users_json"])),
                seed=hand["seed"],
                dealer=hand["dealer"],
                carry=None if hand["carry_json"] is None else json.loads(hand["carry_json"]),
                actions=tuple(hand_actions(conn, live.id, hand["start_seq"])),
            )
            if game.uses_stacks:
                state = game.new_state(  # type: ignore[call-arg]
                    game.options_from(record.options), record.seats, record.seed, dealer=record.dealer,
                    carry=record.carry, stacks=tuple(json.loads(hand["stacks_json"] or "[]")) or None,
                )
                for seat, action in record.actions:
                    state, _events = game.apply(state, seat, action)
                return state
            return replay(game, record)
        except Exception:
            log_.exception("table %s: replay failed", live.id)
            return None

    def _void(self, conn: sqlite3.Connection, live: Live, now: str) -> None:
        """A table that can't be restored: refund everything and close it as void."""
        expected = live.seq
        # Append after whatever the log holds, even if the table row lags behind it.
        logged = conn.execute("SELECT MAX(seq) FROM table_log WHERE table_id=?", (live.id,)).fetchone()[0]
        live.seq = max(live.seq, logged or 0)
        conn.execute(
            "UPDATE hands SET status='void', ended_at=? WHERE table_id=? AND status='playing'", (now, live.id)
        )
        log(conn, live, "system", "void", now)
        flow.close(conn, live, now, code="refund", status="void")
        live.state = None
        save(conn, live, expected, now, ended=True)

    @staticmethod
    def _void_raw(conn: sqlite3.Connection, row: sqlite3.Row, now: str) -> None:
        """Last resort when even the table row can't be read into a table: refund every escrow."""
        table_id, guild_id = row["id"], row["guild_id"]
        for (user_id,) in conn.execute(
            "SELECT user_id FROM accounts WHERE kind='escrow' AND table_id=?", (table_id,)
        ).fetchall():
            ledger.cash_out(conn, guild_id, table_id, user_id, f"void:{table_id}:{user_id}", at=now, code="refund")
        conn.execute("UPDATE tables SET status='void', deadline=NULL, ended_at=?, updated_at=? WHERE id=?",
                     (now, now, table_id))

    async def _mutate(
        self,
        table_id: int,
        work: Callable[[sqlite3.Connection, Live, str, Change], None],
        *,
        statuses: tuple[str, ...],
        now: datetime | None = None,
        not_found_status: type[Exception] = BadPhase,
    ) -> TableService._Result:
        """Runs ``work`` on a copy of the table inside one transaction, then swaps it in and notifies."""
        await self._need(table_id)
        async with self._lock(table_id):
            live = self._live.get(table_id)
            if live is None:
                raise NoTable()
            if live.status not in statuses:
                raise not_found_status(_("That isn't possible at this point of the game."))
            when = now or self.clock()
            now_s = iso(when) or ""
            draft = live.clone()
            change = Change()

            def txn(conn: sqlite3.Connection) -> None:
                expected = draft.seq
                work(conn, draft, now_s, change)
                ended = draft.status in ("finished", "void")
                if ended:
                    draft.deadline = None
                save(conn, draft, expected, now_s, ended=ended)

            await self.db.run(txn)
            if draft.status in ("finished", "void"):
                self._live.pop(table_id, None)
            else:
                self._live[table_id] = draft
        snapshot = draft.snapshot()
        await self._notify(draft, change.reason)
        return TableService._Result(snapshot, change)

    async def _notify(self, live: Live, reason: str) -> None:
        if self.on_change is None:
            return
        try:
            await self.on_change(live.snapshot(), reason)
        except Exception:  # a rendering problem must not undo or block a committed change
            log_.exception("on_change failed for table %s (%s)", live.id, reason)

    @staticmethod
    def _seat(live: Live, user_id: int) -> int:
        me = live.player(user_id)
        if me is None:
            raise NotSeated()
        if me.seat is None:
            raise NotSeated(_("You're in from the next hand."))
        return me.seat

    @staticmethod
    def _host_only(live: Live, user_id: int, *, is_admin: bool) -> None:
        if user_id != live.host_id and not is_admin:
            raise NotHost()


class _NothingToDo(Exception):
    """A timeout that was overtaken by a player's action."""


__all__ = ["TableService", "mention", "utcnow"]
