"""``python -m bot``: read the settings, open the database, then run the bot until stopped.

Every way start-up can fail for a reason the operator can fix ends with ONE
line on stderr, starting ``cardroom:``, and its own exit code — never a
traceback (a traceback means a bug in Cardroom). The codes (``ExitCode`` in
``bot/settings.py``):

====  ==================================================================
0     stopped on purpose (Ctrl-C or SIGTERM)
1     unexpected error (a bug: the traceback is printed)
2     a setting is missing or malformed (DISCORD_TOKEN not set yet, …)
3     Discord refused the bot token (401 at login)
4     Discord can't be reached (no network, DNS, refused, timeout, 5xx)
5     the database can't be opened or migrated (CARDROOM_DB): a wrong path,
      password, user or database name — not retried
6     PostgreSQL can't be reached (down, restarting, network) for
      CARDROOM_DB_GIVE_UP_SECONDS, at start or while running — restarted
====  ==================================================================

The database is opened and migrated *before* the bot talks to Discord, so a
database problem is reported before any network use, and a first start with
a wrong token still leaves a ready database behind.

``CARDROOM_DISCORD_API`` (undocumented on purpose, for tests only) replaces
Discord's API base URL with a loopback one, so the start-up failures above
can be tested without a network; any other host is refused.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from .client import CardroomBot
    from .settings import Settings, StartupError

#: Test-only: a loopback base URL that stands in for ``https://discord.com/api/v10``.
API_OVERRIDE_ENV = "CARDROOM_DISCORD_API"
_LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def main(argv: list[str] | None = None) -> int:
    from .settings import ExitCode, StartupError, load_settings

    try:
        settings = load_settings()
        api_base = _api_override(os.environ.get(API_OVERRIDE_ENV, ""))
    except StartupError as exc:
        return _fail(exc)

    from .logsetup import quiet_voice_support, setup_logging

    quiet_voice_support()  # first: it must run before discord.py is imported
    import discord

    from data.pgfaults import Retry

    from .client import make_bot

    setup_logging(settings.log_level_number, fmt=settings.log_format, shards=settings.shards)
    if api_base:
        discord.http.Route.BASE = api_base
    bot = make_bot(
        settings.shards, db_path=settings.db_path, dev_guild=settings.dev_guild,
        db_retry=Retry(give_up=settings.db_give_up_seconds),
    )
    try:
        asyncio.run(_serve(bot, settings))
    except StartupError as exc:
        return _fail(exc)
    except (KeyboardInterrupt, asyncio.CancelledError):
        # Ctrl-C / SIGTERM: ``async with bot`` has already closed the gateway and the database.
        pass
    return ExitCode.STOPPED


def _fail(exc: StartupError) -> int:
    print(f"cardroom: {exc}", file=sys.stderr)
    return int(exc.exit_code)


async def _serve(bot: CardroomBot, settings: Settings) -> None:
    """Database first, then Discord; known failures become a ``StartupError``.

    ``async with bot`` closes the bot (HTTP session, gateway, database) on every
    way out, so a failed login leaves no "Unclosed client session" warning.
    """
    import aiohttp
    import discord

    from .settings import ExitCode, StartupError
    from .stopping import stop_on_signals

    task = asyncio.current_task()
    if task is not None:
        # Ctrl-C and a service manager's stop close the bot cleanly (the DB included), even when a
        # cancellation is lost on the way (bot/stopping.py).
        stop_on_signals(task, code=ExitCode.STOPPED)
    async with bot:
        await bot.open_database()
        try:
            await bot.start(settings.discord_token.get_secret_value())
        except discord.LoginFailure:
            raise StartupError(
                "Discord refused the bot token (DISCORD_TOKEN). Reset it in the Developer Portal "
                "(Bot → Reset Token) and paste it into .env.",
                exit_code=ExitCode.TOKEN_REFUSED,
            ) from None
        except discord.DiscordServerError as exc:
            raise StartupError(
                f"Discord is having trouble (HTTP {exc.status}). Try again in a few minutes.",
                exit_code=ExitCode.UNREACHABLE,
            ) from None
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            raise StartupError(
                f"can't reach Discord ({_short_reason(exc)}). Check the network and try again.",
                exit_code=ExitCode.UNREACHABLE,
            ) from None
        if bot.fatal is not None:  # the bot stopped itself: the database stayed away too long
            raise bot.fatal


def _short_reason(exc: BaseException) -> str:
    """A few words on a network failure, without aiohttp's long, repetitive wording."""
    import aiohttp

    if isinstance(exc, TimeoutError):
        return "no answer in time"
    if isinstance(exc, aiohttp.ClientConnectorError):
        cause = exc.os_error
        host = f"{exc.host}:{exc.port}"
        if isinstance(cause, ConnectionRefusedError):
            return f"connection to {host} refused"
        text = (cause.strerror or str(cause)) if isinstance(cause, OSError) else str(cause)
        return f"{host}: {text}" if text else host
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return " ".join(str(text).split())[:120]


def _api_override(value: str) -> str | None:
    """Test-only API base URL; only loopback hosts, so it can never send the token elsewhere."""
    from .settings import SettingsError

    value = value.strip()
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or parts.hostname not in _LOOPBACK_HOSTS:
        raise SettingsError(f"Setting {API_OVERRIDE_ENV} is for tests only and must be a loopback URL.")
    return value.rstrip("/")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C while still importing: nothing to close yet.
        sys.exit(0)
