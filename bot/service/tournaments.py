"""``Tournaments``: creating an event, its sign-up, cancelling it, its standings and its payouts (no Discord).

The rules of each step are in ``tournament_books`` (one transaction each, restart-safe, keyed
transfers); the pure planning in ``events`` (payout table, formats, seating, levels). This module
checks what a host asks for and wraps the steps for the bot's event loop. Running the tables
(seating, balancing, the level clock) is the next step: docs/events.md.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection
from datetime import datetime, timedelta

import games
from bot.i18n.readers import table_language
from data.store import Conn, Database
from games.core.i18n import N_

from . import tournament_books as books
from .errors import NotAllowed
from .events import formats
from .events.formats import Format
from .events.payouts import MAX_ENTRANTS
from .guilds import load_settings
from .live import dumps
from .table_lobby import preset_options
from .tables import utcnow
from .tournament_rows import Tournament

#: Sign-up may run at most a week; late registration at most four hours.
MAX_START_MINUTES = 7 * 24 * 60
MAX_LATE_MINUTES = 240
#: Open (signing up or running) tournaments one server may have at once.
MAX_OPEN_PER_GUILD = 10
#: Most rounds of a rounds event, and most deals a round.
MAX_ROUNDS = 10
MAX_DEALS = 24

#: The refusal for a format the game doesn't play, by format.
_WRONG_FORMAT = {
    "knockout": N_("{game} can't be played as a knockout: that needs a poker game whose stakes rise (Razz, Frankenstein)."),
    "rounds": N_("{game} is played as a knockout, not in rounds."),
}


class Tournaments:
    def __init__(
        self, db: Database, *, clock: Callable[[], datetime] = utcnow, seed_source: Callable[[], int] | None = None
    ) -> None:
        self.db = db
        self.clock = clock
        self._seed = seed_source or (lambda: secrets.randbits(62))

    async def create(
        self, guild_id: int, channel_id: int, host_id: int, game_id: str, *,
        format: Format, max_players: int, buy_in: int = 0, preset: str | None = None,
        starts_in_minutes: int | None = None, late_registration_minutes: int = 0, computers_fill: bool = False,
        is_admin: bool = False, host_roles: Collection[int] = (), server_locale: str | None = None,
        rounds: int | None = None, deals_per_round: int | None = None,
    ) -> Tournament:
        """Opens the sign-up (``starts_in_minutes`` None: the event starts when full). ``NotAllowed``
        with one readable line for anything the host can't ask for. ``rounds`` and
        ``deals_per_round`` (a rounds event; None: ``formats``' defaults) are ignored by a knockout."""
        game = games.get_game(game_id)  # ``UnknownGame`` for a crafted id
        options = preset_options(game, preset)
        if format not in formats.FORMATS:
            raise NotAllowed(N_("A tournament is a knockout or played in rounds."))
        if not formats.supports(game, options, format):
            raise NotAllowed(_WRONG_FORMAT[format], game=game.shown_title)
        if not 2 <= max_players <= MAX_ENTRANTS:
            raise NotAllowed(N_("A tournament takes between 2 and {n} players."), n=MAX_ENTRANTS)
        if not 0 <= buy_in <= 1_000_000_000:
            raise NotAllowed(N_("The buy-in must be between 0 and 1,000,000,000 chips."))
        if starts_in_minutes is not None and not 1 <= starts_in_minutes <= MAX_START_MINUTES:
            raise NotAllowed(N_("The start must be between 1 minute and a week from now."))
        if not 0 <= late_registration_minutes <= MAX_LATE_MINUTES:
            raise NotAllowed(N_("Late registration can last at most {n} minutes."), n=MAX_LATE_MINUTES)
        if format == "rounds" and late_registration_minutes:
            raise NotAllowed(N_("A tournament in rounds has no late registration: everyone plays every round."))
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise NotAllowed(N_("A tournament plays between 1 and {n} rounds."), n=MAX_ROUNDS)
        if deals_per_round is not None and not 1 <= deals_per_round <= MAX_DEALS:
            raise NotAllowed(N_("A round plays between 1 and {n} deals."), n=MAX_DEALS)
        now = self.clock()
        starts_at = None if starts_in_minutes is None else (now + timedelta(minutes=starts_in_minutes)).isoformat()
        seed = self._seed()

        def work(conn: Conn) -> Tournament:
            settings = load_settings(conn, guild_id)
            role = settings.tournament_host_role
            if role and not is_admin and role not in host_roles:
                raise NotAllowed(N_("Only members with this server's tournament host role can create tournaments."))
            open_now = conn.execute(
                "SELECT COUNT(*) FROM tournaments WHERE guild_id=? AND status IN ('signup','running')", (guild_id,)
            ).fetchone()[0]
            if open_now >= MAX_OPEN_PER_GUILD:
                raise NotAllowed(N_("This server already has {n} open tournaments. Wait for one to finish."), n=MAX_OPEN_PER_GUILD)
            in_rounds = format == "rounds"
            row = conn.execute(
                """INSERT INTO tournaments (guild_id, channel_id, host_id, game_id, preset, options_json, format,
                   max_players, buy_in, starting_stack, table_size, level_minutes, deals_per_round, rounds, starts_at,
                   late_registration_minutes, computers_fill, status, seed, locale, created_at)
                   VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,'signup',?,?,?) RETURNING id""",
                (guild_id, channel_id, host_id, game.id, preset, dumps(options.model_dump(mode="json")), format,
                 max_players, buy_in, formats.starting_stack(game, options), formats.table_size(game, options),
                 formats.LEVEL_MINUTES, (deals_per_round or formats.DEALS_PER_ROUND) if in_rounds else None,
                 (rounds or formats.ROUNDS) if in_rounds else None,
                 starts_at, late_registration_minutes, int(computers_fill), seed,
                 table_language(settings.language, server_locale), now.isoformat()),
            ).fetchone()
            return books.need(conn, int(row[0]), None)

        return await self.db.run(work)

    async def get(self, tournament_id: int, *, guild_id: int | None = None) -> Tournament:
        """The tournament (``NoTournament`` if it isn't ``guild_id``'s): what /tournament standings shows."""
        return await self.db.read_sync(books.need, tournament_id, guild_id)

    standings = get

    async def open_in(self, guild_id: int) -> list[Tournament]:
        """The server's tournaments still signing up or running, oldest first."""
        def work(conn: Conn) -> list[Tournament]:
            ids = conn.execute(
                "SELECT id FROM tournaments WHERE guild_id=? AND status IN ('signup','running') ORDER BY id", (guild_id,)
            ).fetchall()
            return [books.need(conn, int(i[0]), None) for i in ids]

        return await self.db.read_sync(work)

    async def join(self, tournament_id: int, user_id: int, *, guild_id: int | None = None) -> Tournament:
        return await self.db.run(books.join, tournament_id, guild_id, user_id, self.clock())

    async def leave(self, tournament_id: int, user_id: int, *, guild_id: int | None = None) -> Tournament:
        return await self.db.run(books.leave, tournament_id, guild_id, user_id, self.clock())

    async def cancel(
        self, tournament_id: int, user_id: int, *, is_admin: bool, guild_id: int | None = None
    ) -> Tournament:
        return await self.db.run(books.cancel, tournament_id, guild_id, user_id, is_admin, self.clock())

    async def begin(self, tournament_id: int) -> Tournament:
        return await self.db.run(books.begin, tournament_id, self.clock())

    async def pay_out(self, tournament_id: int, places: list[int]) -> Tournament:
        return await self.db.run(books.pay_out, tournament_id, places, self.clock())

    async def board(self, guild_id: int, limit: int = 10) -> list[tuple[int, int, int, int]]:
        """The server's tournament board: (user, events finished, wins, prizes won), by prizes then
        wins. Each entrant's finish is kept in ``tournament_entries`` (place, prize) for good."""
        rows = await self.db.fetchall(
            "SELECT e.user_id, COUNT(*), SUM(CASE WHEN e.finished_place = 1 THEN 1 ELSE 0 END), SUM(e.prize)"
            " FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id"
            " WHERE t.guild_id=? AND t.status='finished' GROUP BY e.user_id"
            " ORDER BY SUM(e.prize) DESC, SUM(CASE WHEN e.finished_place = 1 THEN 1 ELSE 0 END) DESC, e.user_id LIMIT ?",
            (guild_id, max(1, min(int(limit), 100))),
        )
        return [(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Records the sign-up message, so it is edited (not posted again) after a restart."""
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE tournaments SET message_id=? WHERE id=?", (message_id, tournament_id))


__all__ = ["MAX_DEALS", "MAX_LATE_MINUTES", "MAX_OPEN_PER_GUILD", "MAX_ROUNDS", "MAX_START_MINUTES", "Tournaments"]
