"""Lobby operations: open a table, join, leave, choose the variant, start, cancel."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ValidationError

import games
from bot.i18n.readers import table_language
from data import ledger
from data.store import INTEGRITY_ERRORS, Conn
from games import Game
from games.core.i18n import N_, _, speaking
from games.core.rng import RNG_ALGO, Rng

from . import handflow as flow
from . import house
from .callers import INTERNAL, Caller
from .computers import mention
from .errors import (
    BadPhase,
    InsufficientChips,
    NoTable,
    NotAllowed,
    NotSeated,
    TableAlreadyOpen,
    TableElsewhere,
    TableFull,
)
from .guilds import load_settings
from .handflow import Change
from .live import Live, Player, dumps, iso, log, save, save_player
from .lobby_limits import check_lobby_quota, idle_deadline
from .models import GuildSettings, StartResult, TableCore, TableSnapshot, hints_from, starting_chips
from .table_base import TableBase


def preset_options(game: Game, preset: str | None) -> BaseModel:
    """The options of a named variant (the game's defaults for None); ``NotAllowed`` for an unknown name."""
    if preset is None:
        return game.Options()
    if preset not in game.presets:
        raise NotAllowed(N_("{game} has no variant called {name!r}."), game=game.shown_title, name=preset)
    return game.presets[preset]


def changed_options(game: Game, options: BaseModel, changes: dict[str, Any]) -> BaseModel:
    """``options`` with ``changes`` applied, validated by ``game.Options`` (one readable line if not)."""
    try:
        return game.Options.model_validate({**options.model_dump(), **changes})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "option"
        raise NotAllowed(N_("{field}: {problem}."), field=where, problem=first.get("msg", "invalid value")) from err


def check_open_args(buy_in: int | None, turn_seconds: int | None, ledger_scope: int | None) -> None:
    """What ``open_table`` is asked for, checked before anything is written."""
    if ledger_scope is not None and ledger_scope >= 0:
        raise ValueError("a ledger scope is a tournament's (negative); a server's tables have none")
    if buy_in is not None and buy_in < 0:
        raise NotAllowed(N_("The buy-in can't be negative."))
    if turn_seconds is not None and not 10 <= turn_seconds <= 86_400:
        raise NotAllowed(N_("The turn timer must be between 10 seconds and a day."))


def check_host_can_pay(conn: Conn, core: TableCore, settings: GuildSettings, now: str) -> None:
    """The host joins their own table, so they must be able to pay its buy-in."""
    wallet = ledger.open_wallet(conn, core.ledger_guild, core.host_id, starting_chips(core, settings), now)
    have = ledger.balance(conn, wallet)
    # At a tournament's table the host brings whatever stack they have (a rounds event's later rounds).
    if have < (min(1, core.buy_in) if core.scoped else core.buy_in):
        raise InsufficientChips(
            N_(
                "The buy-in is {n} chips and you have {have}. Claim free chips with /daily,"
                " or choose a smaller buy-in (/play … buy_in:)."
            ),
            n=core.buy_in, have=have,
        )


def check_joiner_can_pay(conn: Conn, core: TableCore, user_id: int, now: str) -> None:
    """A joiner short of the buy-in gets a wallet (with the server's starting chips) first, then is checked."""
    # At a tournament's table a player brings whatever stack they have (a moved player's chips).
    if ledger.balance_of(conn, ledger.USER, core.ledger_guild, user_id=user_id) >= (1 if core.scoped else core.buy_in):
        return
    settings = load_settings(conn, core.guild_id)
    ledger.open_wallet(conn, core.ledger_guild, user_id, starting_chips(core, settings), now)
    have = ledger.balance_of(conn, ledger.USER, core.ledger_guild, user_id=user_id)
    if have < core.buy_in:
        raise InsufficientChips(
            N_(
                "The buy-in is {n} chips and you have {have}. Claim free chips with /daily,"
                " or ask the host for a smaller buy-in (/play … buy_in:)."
            ),
            n=core.buy_in, have=have,
        )


def seat_joiner(conn: Conn, live: Live, user_id: int, name: str | None, now: str, change: Change) -> None:
    """``user_id`` joins the lobby, or a running table from its next hand (bought in then, at the deal)."""
    core = live.core
    if live.player(user_id) is not None:
        raise NotAllowed(N_("You're already at this table."))
    if core.closing_by is not None:
        raise BadPhase(N_("This table closes after this hand; open a new one with /play."))
    pos = take_seat(live, under_way=N_("This game is already under way; join the next one."))
    if core.chips and core.buy_in:
        check_joiner_can_pay(conn, core, user_id, now)
    live.players.append(Player(user_id, pos, name=name))
    live.busted = live.busted - {user_id}
    live.roster_dirty = True
    follow_players(live)
    log(conn, live, "system", "join", now, user_id=user_id)
    text = _("{who} joined.") if core.status == "lobby" else _("{who} joins from the next hand.")
    live.add_recent(text.format(who=mention(user_id)))
    change.reason = "lobby" if core.status == "lobby" else "action"


def follow_suggested_buy_in(core: TableCore, players: int) -> TableCore:
    """A table opened without a buy-in whose game recommends one (by the number of players) takes it."""
    if not core.buy_in_auto or core.status != "lobby" or not core.chips:
        return core
    game = core.game
    suggested = game.suggested_buy_in(core.options, max(players, game.min_players))
    return core if suggested is None else replace(core, buy_in=suggested)


def take_seat(live: Live, *, under_way: str) -> int:
    """Checks there is room for one more (``under_way``: why not, at a game that is already running)
    and returns the newcomer's place in the join order."""
    core, game = live.core, live.game
    if core.status == "playing" and not game.hand_by_hand:
        raise BadPhase(under_way)
    if len(live.players) >= game.seat_limits(core.options)[1]:
        raise TableFull()
    return max((p.pos for p in live.players), default=-1) + 1


def follow_players(live: Live) -> None:
    core = follow_suggested_buy_in(live.core, len(live.players))
    if core is not live.core:
        live.core = core
        live.settings_dirty = True


def insert_table(conn: Conn, live: Live, now: str) -> int:
    """The new table's row; ``TableAlreadyOpen`` when the channel has one (a unique index says so)."""
    core, game = live.core, live.game
    try:
        cur = conn.execute(
            """INSERT INTO tables (guild_id, channel_id, host_id, game_id, rules_version, options_json, preset,
               seed, rng_algo, status, buy_in, buy_in_auto, turn_seconds, created_at, updated_at, locale,
               ledger_guild)
               VALUES (?,?,?,?,?,?,?,?,?,'lobby',?,?,?,?,?,?,?) RETURNING id""",
            (core.guild_id, core.channel_id, core.host_id, game.id, game.rules_version,
             dumps(core.options.model_dump(mode="json")), core.preset, live.seed, RNG_ALGO, core.buy_in,
             int(core.buy_in_auto), core.turn_seconds, now, now, core.locale, core.ledger_guild),
        )
    except INTEGRITY_ERRORS as err:
        raise TableAlreadyOpen() from err
    return int(cur.fetchone()[0])


class LobbyOps(TableBase):
    """Opening, joining, leaving, options, starting and cancelling (see ``TableService``)."""

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
        server_locale: str | None = None, options: BaseModel | None = None,
        ledger_scope: int | None = None,
    ) -> TableSnapshot:
        """Opens a lobby (it closes when idle: ``lobby_limits``); the host joins. ``TableAlreadyOpen``,
        ``UnknownGame``, ``TooManyLobbies``.

        ``server_locale``: the server's preferred locale ("ja", "en-US"), which fixes the table's
        language when the server's ``language`` setting is "auto". ``options``: an ended table's (Play again).
        ``ledger_scope``: a tournament's scope, whose chips the table plays for (``TableCore.ledger_scope``).
        """
        game = games.get_game(game_id)
        options = preset_options(game, preset) if options is None else game.Options.model_validate(options.model_dump())
        check_open_args(buy_in, turn_seconds, ledger_scope)
        now = iso(self.clock()) or ""
        seed = self._seed_source()

        def work(conn: Conn) -> Live:
            settings = load_settings(conn, guild_id)
            check_lobby_quota(conn, guild_id, host_id, settings)
            core = TableCore(
                id=0, guild_id=guild_id, channel_id=channel_id, message_id=None, host_id=host_id,
                game_id=game.id, options=options, preset=preset, status="lobby",
                # A chosen buy-in is kept even while a stake option leaves chips off (it counts once they're on).
                buy_in=buy_in if buy_in is not None else settings.default_buy_in if game.plays_for_chips(options) else 0,
                turn_seconds=turn_seconds or settings.turn_seconds,
                buy_in_auto=buy_in is None and game.suggested_buy_in(options, game.min_players) is not None,
                locale=table_language(settings.language, server_locale), deadline=idle_deadline(settings, now),
                ledger_scope=ledger_scope,
            )
            core = follow_suggested_buy_in(core, 1)
            if core.chips and core.buy_in:
                check_host_can_pay(conn, core, settings, now)
            live = Live(core, seed=seed, rng_algo=RNG_ALGO)
            live.core = replace(core, id=insert_table(conn, live, now))
            live.players = [Player(host_id, 0, name=host_name)]
            live.roster_dirty = True
            log(conn, live, "system", "open", now, user_id=host_id)
            with speaking(core.locale):
                live.add_recent(_("{who} opened a table of {game}.").format(who=mention(host_id), game=game.shown_title))
            save(conn, live, 0, now)
            return live

        if any(lv.core.channel_id == channel_id for lv in self._live.values()):
            raise TableAlreadyOpen()
        if not self.owns_guild(guild_id):
            raise TableElsewhere()
        live = await self._adopt(await self.db.run(work))
        await self._notify(live, "lobby")
        return live.snapshot()

    async def check_lobby_quota(self, guild_id: int, host_id: int) -> None:
        """``TooManyLobbies`` before anything is made for a new table (``/play`` checks before it opens
        a thread); ``open_table`` checks again in its own transaction."""

        def read(conn: Conn) -> None:
            check_lobby_quota(conn, guild_id, host_id, load_settings(conn, guild_id))

        await self.db.read_sync(read)

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
                live.core = replace(live.core, message_id=message_id)
                live._snap = None

    async def join(
        self, table_id: int, user_id: int, *, name: str | None = None, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """Joins the lobby, or a running hand-by-hand table (seated from the next hand)."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            seat_joiner(conn, live, user_id, name, now, change)

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot

    async def leave(
        self, table_id: int, user_id: int, *, moving: bool = False, guild_id: Caller = INTERNAL
    ) -> TableSnapshot:
        """Lobby: leaves (the host's role passes on; an empty lobby closes).
        Playing: leaves at the end of the hand and is cashed out (``moving``: a tournament moves them)."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            me = live.player(user_id)
            if me is None:
                raise NotSeated()
            if live.core.status == "lobby" or me.seat is None:
                leave_now(conn, live, me, now, change)
                return
            if me.leaving:
                raise NotAllowed(N_("You're already leaving at the end of this hand."))
            me.leaving = True
            save_player(conn, live, me)
            log(conn, live, "system", "leave", now, seat=me.seat, user_id=user_id)
            line = _("{who} moves to another table after this hand.") if moving else _("{who} will leave at the end of the hand.")
            live.add_recent(line.format(who=mention(user_id)))

        return (await self._mutate(table_id, work, statuses=("lobby", "playing"), guild_id=guild_id)).snapshot

    async def set_options(
        self, table_id: int, user_id: int, *, preset: str | None = None, changes: dict[str, Any] | None = None,
        guild_id: Caller = INTERNAL,
    ) -> TableSnapshot:
        """Host, lobby only; validated by ``game.Options``."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            game = live.game
            options, name = live.core.options, live.core.preset
            if preset is not None:
                options, name = preset_options(game, preset), preset
            if changes:
                options = changed_options(game, options, changes)
                name = next((k for k, v in game.presets.items() if v == options), None)
            live.core = replace(live.core, options=options, preset=name, buy_in=self._buy_in_for(conn, live, options))
            follow_players(live)
            live.settings_dirty = True
            log(conn, live, "system", "options:" + dumps(options.model_dump(mode="json")), now, user_id=user_id)
            live.add_recent(_("Variant: {name}.").format(name=game.describe_options(options)))
            change.reason = "lobby"

        return (await self._mutate(table_id, work, statuses=("lobby",), guild_id=guild_id)).snapshot

    @staticmethod
    def _buy_in_for(conn: Conn, live: Live, options: BaseModel) -> int:
        """A stake option can turn chips on or off: the buy-in follows (the server's default when on)."""
        if not live.game.plays_for_chips(options):
            return live.core.buy_in  # not used while chips are off
        suggested = live.game.suggested_buy_in(options, max(len(live.players), live.game.min_players))
        if live.core.buy_in_auto and suggested is not None:
            return suggested
        if live.core.buy_in:
            return live.core.buy_in
        return load_settings(conn, live.core.guild_id).default_buy_in

    async def start(self, table_id: int, user_id: int, *, guild_id: Caller = INTERNAL) -> StartResult:
        """Host; checks the player count; buy-ins move wallet → escrow (refused users listed)."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=False)
            low, high = live.game.seat_limits(live.core.options)
            if not low <= len(live.players) <= high:
                raise BadPhase(N_("This game needs {low}–{high} players."), low=low, high=high)
            players = sorted(live.players, key=lambda p: p.pos)
            follow_players(live)
            if live.core.chips:
                settings = load_settings(conn, live.core.guild_id)
                players = flow.buy_in(conn, live, players, settings, now, change, hand_no=1)
                if len(players) < low:
                    if any(u < 0 for u, _why in change.refused):  # the house couldn't pay: say so
                        house.check(conn, live.core, settings, now)
                    names = ", ".join(mention(u) for u, _why in change.refused)
                    raise InsufficientChips(
                        N_(
                            "Not enough players could pay the {n}-chip buy-in ({names}). They can claim free chips"
                            " with /daily, or you can reopen with a smaller buy-in (/table end, then /play … buy_in:)."
                        ),
                        n=live.core.buy_in, names=names,
                    )
            for i, p in enumerate(players):
                p.seat = i
            live.roster_dirty = True
            # "With computer players" is decided here, once: hints stay as the lobby had them.
            computers = any(p.computer is not None for p in live.players)
            live.core = replace(live.core, status="playing", hints=hints_from(live.core.hints, computers))
            dealer = Rng(live.seed).derive("dealer").below(len(players))[0]
            log(conn, live, "system", "start", now, user_id=user_id)
            flow.deal(conn, live, now, dealer=dealer, carry=None, change=change)
            change.reason = "hand"

        result = await self._mutate(table_id, work, statuses=("lobby",), guild_id=guild_id)
        return StartResult(result.snapshot, tuple(result.change.refused))

    async def cancel(self, table_id: int, user_id: int, *, is_admin: bool, guild_id: Caller = INTERNAL) -> TableSnapshot:
        """Host or admin, lobby only."""

        def work(conn: Conn, live: Live, now: str, change: Change) -> None:
            self._host_only(live, user_id, is_admin=is_admin)
            live.core = replace(live.core, status="void")
            log(conn, live, "system", "cancel", now, user_id=user_id)
            live.add_recent(_("{who} cancelled the table.").format(who=mention(user_id)))
            change.reason = "end"

        return (await self._mutate(table_id, work, statuses=("lobby",), guild_id=guild_id)).snapshot


def leave_now(conn: Conn, live: Live, me: Player, now: str, change: Change, *, said: str | None = None) -> None:
    """A lobby player, or one waiting for the next hand, leaves at once (the host's role passes on);
    ``said``: the table's line instead of "{who} left." (the host removed them)."""
    lobby = live.core.status == "lobby"
    live.players.remove(me)
    live.roster_dirty = True
    follow_players(live)
    log(conn, live, "system", "leave", now, user_id=me.user_id)
    live.add_recent(said or _("{who} left.").format(who=mention(me.user_id)))
    change.reason = "lobby" if lobby else "action"
    if not lobby or me.user_id != live.core.host_id:
        return
    people = [p for p in live.players if p.computer is None]
    if people:
        live.core = replace(live.core, host_id=min(people, key=lambda p: p.pos).user_id)
        live.add_recent(_("{who} is the host now.").format(who=mention(live.core.host_id)))
    else:
        live.core = replace(live.core, status="void")
        change.reason = "end"


__all__ = ["LobbyOps", "changed_options", "follow_players", "leave_now", "preset_options", "take_seat"]
