"""How errors reach a user: one friendly ephemeral line, never a traceback.

A ``GameError`` (engine or service) carries a text that is safe to show, so it
is shown as it is. A write the database refused for a passing reason (a lock
held by another process, a full disk: ``data.faults.StorageFault``) is shown as
``SaveFailed``'s line, with no traceback: the database logs one line per fault
episode. Anything else is a bug: it is logged with a short reference id, and
the user sees only that id, so a report can be matched to the log.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import discord
import pydantic
from discord import app_commands

from bot.foreground import Foreground
from bot.service.errors import DatabaseUnreachable, SaveFailed
from data.faults import DatabaseUnavailable, StorageFault
from games import GameError
from games.core.i18n import _

log = logging.getLogger("cardroom.errors")

P = ParamSpec("P")


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately whether or not the interaction was already answered.

    An expired or unknown interaction (the user waited too long, or the bot
    restarted) is logged and dropped: there is no one left to tell.
    """
    text = text[:2000]
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True)
    except discord.NotFound:
        log.info("interaction %s expired before we could answer", interaction.id)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


def friendly_text(error: BaseException) -> str | None:
    """The text for errors a user caused, or None for bugs."""
    if isinstance(error, GameError):
        return str(error)
    if isinstance(error, StorageFault):  # logged once per episode by the database (``data.faults``)
        return str(SaveFailed())
    if isinstance(error, DatabaseUnavailable):  # the server is away; the engine is reconnecting
        return str(DatabaseUnreachable())
    if isinstance(error, pydantic.ValidationError):
        first = next(iter(error.errors()), None)
        where = ".".join(str(p) for p in first["loc"]) if first else ""
        # pydantic's own explanation is English only; it is kept, as the most precise there is.
        return _("Check **{where}**: {problem}.").format(
            where=where or "value", problem=first["msg"] if first else _("that value isn't allowed")
        )
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("This command only works in a server channel.")
    if isinstance(error, app_commands.MissingPermissions):
        return _("You need the **Manage Server** permission for that.")
    if isinstance(error, app_commands.CommandOnCooldown):
        return _("Slow down — try again in {s} s.").format(s=f"{error.retry_after:.0f}")
    if isinstance(error, app_commands.CheckFailure):
        return _("You can't use this command here.")
    return None


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Show a user error, or log a bug with a reference id the user sees."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.__cause__ or error.original
    elif isinstance(error, app_commands.TransformerError):
        error = error.__cause__ or error
    text = friendly_text(error)
    if text is None:
        ref = secrets.token_hex(3)
        name = interaction.command.qualified_name if interaction.command else interaction.data and interaction.data.get("custom_id")
        log.error("unexpected error (ref %s) in %s", ref, name, exc_info=error)
        text = _("Something went wrong (ref {ref}).").format(ref=ref)
    await send_ephemeral(interaction, text)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """``CommandTree.on_error``: every slash command failure ends here."""
    try:
        await report(interaction, error)
    finally:
        _answered(interaction)


def _answered(interaction: discord.Interaction) -> None:
    """Background edits waiting for this answer may go (``bot.foreground``)."""
    foreground = getattr(interaction.client, "foreground", None)
    if isinstance(foreground, Foreground):
        foreground.answered(interaction)


def guarded(
    fn: Callable[P, Awaitable[Any]],
) -> Callable[P, Awaitable[Any]]:
    """Component and modal callbacks: the first argument is the interaction; errors are reported."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> Any:
        interaction = args[0]
        assert isinstance(interaction, discord.Interaction)
        try:
            return await fn(*args, **kwargs)
        except Exception as error:
            await report(interaction, error)
            return None
        finally:
            _answered(interaction)

    return wrapper
