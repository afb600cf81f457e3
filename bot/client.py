"""The Discord client: wires the database, the services, the cogs and the timers.

Everything is created in ``setup_hook`` (after login, before the gateway), so
the same class runs in production and under SimCord, and a restart rebuilds
it all from SQLite: open tables, their turn timers, and (through the dynamic
items) every button already posted. ``python -m bot`` opens the database
earlier, with ``open_database`` before logging in, so a database problem is
reported before any network use; ``setup_hook`` then reuses that connection.

Dependency direction (``tests/test_import_graph.py`` fails on any import circle):

- **bot core → service → data.** ``bot.client`` builds ``bot.service`` (tables,
  economy) over ``data`` (SQLite, migrations, ledger); ``data`` knows nothing
  above it and the service never imports discord.
- **The bot core never imports a cog.** It loads them by name (``COGS``), and
  each extension's ``setup(bot)`` installs what it brings: ``cogs.tables``
  registers the dynamic items (the buttons) and adds the table publisher to
  ``table_listeners``, the small hook this core owns (``bot.hooks``) and calls
  after each committed change and, at ``close()``, to wait for pending edits.
- **cogs → the bot's Protocol.** Cogs see the bot as ``cogs.ui.host.TableHost``
  (its services and the publisher) and never import ``bot.client``, not even
  for type checking.
- **games depend on nothing** of the bot, the cogs or the database: engines
  are pure functions of their state (``tests/test_layering.py``).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import asyncpg
import discord
from discord.ext import commands

from bot.computers import ComputerSeats
from bot.dbkeeper import DatabaseKeeper
from bot.errors import on_tree_error
from bot.foreground import Foreground
from bot.health import TICK as HEALTH_TICK
from bot.health import HealthMonitor
from bot.hooks import TableListener
from bot.i18n import install_catalogues
from bot.i18n.commands import CatalogueTranslator
from bot.service import Economy, TableService, TableSnapshot
from bot.service.personal import Personal
from bot.settings import ExitCode, StartupError
from bot.shards import ShardPlan
from bot.thinking import Thinker
from bot.timers import TurnTimers
from bot.tree import CardroomTree
from data.engines import open_database
from data.migrate import MigrationError
from data.pg import PostgresDatabase
from data.pgfaults import Retry
from data.store import Database, DatabaseUnavailable, redact

log = logging.getLogger("cardroom")

COGS = (
    "cogs.tables", "cogs.replays", "cogs.economy", "cogs.admin", "cogs.settings", "cogs.seasons", "cogs.tournaments",
)


class CardroomBot(commands.Bot):
    def __init__(
        self,
        *,
        db_path: str = "data/cardroom.sqlite3",
        dev_guild: int | None = None,
        clock: Callable[[], datetime] = discord.utils.utcnow,
        seed_source: Callable[[], int] | None = None,
        sync_commands: bool = True,
        computer_pause: float = 1.0,
        thinker: Thinker | None = None,
        health_tick: float | None = HEALTH_TICK,
        shards: ShardPlan | None = None,
        db_retry: Retry | None = None,
        cogs: tuple[str, ...] = COGS,
        **options: Any,  # more of discord.py's Bot options (its own typing of them is private)
    ) -> None:
        # Slash commands and components need no privileged intent.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=CardroomTree,
            **options,
        )
        self.db_path = db_path
        self.cog_names = cogs
        self.dev_guild = dev_guild
        #: The gateway shards this process runs: it drives only the tables of guilds on them.
        #: (Not ``shards``: discord.py's sharded client has that name for its live connections.)
        self.shard_plan = shards or ShardPlan()
        self.clock = clock
        self.seed_source = seed_source
        self.sync_commands = sync_commands
        self.db: Database | None = None
        #: How a PostgreSQL database that goes away is waited for, and for how long (``data.pgfaults``).
        self.db_retry = db_retry or Retry()
        #: Set when the bot stops itself (the database stayed away): ``python -m bot`` exits with it.
        self.fatal: StartupError | None = None
        self.keeper: DatabaseKeeper | None = None
        self._closing: asyncio.Task[None] | None = None
        self.tables: TableService
        self.economy: Economy
        self.personal: Personal
        self.timers: TurnTimers
        self.health: HealthMonitor
        #: Computer players think in worker processes (``bot.thinking``), started on the first decision.
        self.thinker = thinker or Thinker()
        self.computer_pause = computer_pause
        #: Seconds between the health line's loop-lag samples (``bot.health``; None: no health line).
        #: Tests that move SimCord's clock a lot turn it off: every sample is a timer SimCord settles.
        self.health_tick = health_tick
        self.computers: ComputerSeats
        #: Told of every committed table change; the cogs.tables extension adds the publisher.
        self.table_listeners: list[TableListener] = []
        #: Interactions not yet answered: background edits wait for them (``bot.foreground``).
        self.foreground = Foreground()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        # discord.py dispatches "interaction" while parsing the gateway event, before any handler runs.
        if event_name == "interaction" and args and isinstance(args[0], discord.Interaction):
            self.foreground.arrived(args[0])
        elif event_name == "app_command_completion" and args and isinstance(args[0], discord.Interaction):
            self.foreground.answered(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def open_database(self) -> Database:
        """Opens and migrates the database (SQLite file or PostgreSQL) once; a failure is one operator line (``ExitCode.DATABASE``).

        Called by ``python -m bot`` before logging in, and by ``setup_hook`` if
        nobody did (SimCord, tests); ``close()`` closes it.
        """
        delays, began = self.db_retry.delays(), time.monotonic()
        while self.db is None:
            try:
                self.db = await open_database(self.db_path, retry=self.db_retry)
            except DatabaseUnavailable as exc:  # PostgreSQL is down or starting: wait, then let the manager restart us
                if time.monotonic() - began >= self.db_retry.give_up:
                    raise StartupError(
                        f"can't reach the database {redact(self.db_path)} ({exc}) after "
                        f"{self.db_retry.give_up:g} s. Is PostgreSQL running? Exiting to be restarted.",
                        exit_code=ExitCode.DATABASE_AWAY,
                    ) from exc
                log.warning("database %s unreachable (%s); trying again", redact(self.db_path), exc)
                await asyncio.sleep(next(delays))
                continue
            except (OSError, sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, MigrationError) as exc:
                reason = _reason(exc)
                raise StartupError(
                    f"can't open the database {redact(self.db_path)} ({reason}). Check CARDROOM_DB in .env.",
                    exit_code=ExitCode.DATABASE,
                ) from exc
            log.info("database %s ready", redact(self.db_path))
        return self.db

    def _keep(self, db: Database) -> None:
        """PostgreSQL: reconnect in the background, re-take the tables, give up after ``db_retry.give_up``."""
        if isinstance(db, PostgresDatabase):
            self.keeper = DatabaseKeeper(db, self.tables, on_tables=self._resume, on_give_up=self._give_up)
            if self.tables.pending:
                self.keeper.wake()

    def _resume(self, snaps: list[TableSnapshot]) -> None:
        """Tables driven again (leases re-claimed): their timers and computer players go on."""
        for snap in snaps:
            self.timers.poke(snap.deadline)
            self.computers.table_changed(snap, "action")

    def _give_up(self, away: float) -> None:
        message = (
            f"the database {redact(self.db_path)} has been unreachable for {away:.0f} s "
            "(CARDROOM_DB_GIVE_UP_SECONDS); exiting to be restarted."
        )
        log.critical(message)
        self.fatal = StartupError(message, exit_code=ExitCode.DATABASE_AWAY)
        self._closing = asyncio.get_running_loop().create_task(self.close())

    async def setup_hook(self) -> None:
        self.db = await self.open_database()
        self.tables = TableService(
            self.db, clock=self.clock, on_change=self._on_change, seed_source=self.seed_source,
            owns_guild=self.shard_plan.owns,
        )
        self.economy = Economy(self.db, clock=self.clock)
        self.personal = Personal(self.db, clock=self.clock)
        self.computers = ComputerSeats(self.tables, self.thinker, pause=self.computer_pause)
        self.timers = TurnTimers(self.tables, self.clock, choose=self.computers.choose_for_timeout)
        self.health = HealthMonitor(
            self.tables.open_counts, self.foreground.waiting, tick=self.health_tick or HEALTH_TICK,
            shards=self.shard_plan.label(),
        )
        self.tree.error(on_tree_error)
        languages = install_catalogues()
        log.info("languages: %s", ", ".join(f"{code} ({n} texts)" for code, n in languages.items()) or "en")
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.cog_names:
            await self.load_extension(name)
        self.table_listeners.append(self.computers)
        open_tables = await self.tables.load_open_tables()
        log.info("loaded %d open table(s)", len(open_tables))
        self._keep(self.db)
        self.timers.poke()
        if self.health_tick is not None:
            self.health.start()
        for snap in open_tables:  # a computer whose turn it was when the bot stopped plays it now
            self.computers.table_changed(snap, "action")
        if self.sync_commands and self._syncs_commands():
            if self.dev_guild:
                guild = discord.Object(self.dev_guild)
                self.tree.copy_global_to(guild=guild)
                try:
                    await self.tree.sync(guild=guild)
                except (discord.Forbidden, discord.NotFound):
                    # The usual first-day mistake: a server id the bot was never invited to.
                    raise StartupError(
                        f"Discord won't take the slash commands for server {self.dev_guild} "
                        "(CARDROOM_DEV_GUILD): invite the bot there with the applications.commands "
                        "scope, or leave CARDROOM_DEV_GUILD empty in .env.",
                        exit_code=ExitCode.SETTINGS,
                    ) from None
            else:
                await self.tree.sync()

    def _syncs_commands(self) -> bool:
        """Slash commands belong to the application, not a shard: the process with shard 0 syncs them."""
        return self.shard_plan.ids is None or 0 in self.shard_plan.ids

    async def _on_change(self, snap: TableSnapshot, reason: str) -> None:
        """Called by the service after each commit: never blocks (listeners work in the background)."""
        for listener in self.table_listeners:
            try:
                listener.table_changed(snap, reason)
            except Exception:  # one listener's bug must not keep the others or the timers from the change
                log.exception("table listener %r failed on table %s (%s)", listener, snap.id, reason)
        if snap.deadline is not None or reason in ("hand", "end"):
            self.timers.poke(snap.deadline)

    async def close(self) -> None:
        try:
            if self.keeper is not None:
                await self.keeper.stop()
            timers = getattr(self, "timers", None)
            if timers is not None:
                await timers.stop()
            health = getattr(self, "health", None)
            if health is not None:
                await health.stop()
            computers = getattr(self, "computers", None)
            if computers is not None:
                await computers.stop()
                self.table_listeners.remove(computers)
            for listener in list(self.table_listeners):
                close = getattr(listener, "close", None)  # the publisher's paced edits go out now
                if callable(close):
                    close()
                await listener.idle()
        finally:
            self.thinker.close()
            if self.db is not None:
                await self.db.close()
                self.db = None
            await super().close()


def _reason(exc: BaseException) -> str:
    """A database failure in a few words: "Permission denied: /srv/cardroom", not "[Errno 13] …"."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    return " ".join(str(exc).split()) or type(exc).__name__


class ShardedCardroomBot(CardroomBot, commands.AutoShardedBot):
    """The same bot on discord.py's sharded client: one gateway connection per shard of the plan."""


def make_bot(shards: ShardPlan, **options: Any) -> CardroomBot:
    """``python -m bot``'s client: sharded as soon as the plan names a shard count, else one connection."""
    if shards.count is None:
        return CardroomBot(shards=shards, **options)
    ids = list(shards.ids) if shards.ids is not None else None
    return ShardedCardroomBot(shards=shards, shard_count=shards.count, shard_ids=ids, **options)
