"""Errors the service raises; every text is one friendly line, safe to show the user."""

from __future__ import annotations

from games import GameError
from games.core.i18n import N_, _


class ServiceError(GameError):
    """Base of the runtime's refusals (a ``GameError``, so the cogs show ``str(err)``)."""

    default = N_("That can't be done right now.")

    def __init__(self, text: str | None = None, /, **values: object) -> None:
        """``text``: an English template marked with ``N_`` (else the class's ``default``), filled
        with ``values`` when shown. A refusal is often raised inside a table's transaction, which
        speaks the table's language; it is worded only when shown, in its reader's language."""
        self.template = text or self.default
        self.values = values
        super().__init__(self.template)

    def __str__(self) -> str:
        text = _(self.template)
        return text.format(**self.values) if self.values else text


class StalePrompt(ServiceError):
    """The prompt was rendered before something changed (e.g. a double click)."""

    default = N_("That prompt is out of date — press **My hand** again.")


class NotSeated(ServiceError):
    default = N_("You're not seated at this table.")


class NotHost(ServiceError):
    default = N_("Only the table's host can do that.")


class TableFull(ServiceError):
    default = N_("This table is full.")


class TableAlreadyOpen(ServiceError):
    default = N_("There's already an open table in this channel.")


class TooManyLobbies(ServiceError):
    """The member already hosts the server's ``max_lobbies_per_user`` open lobbies."""

    default = N_("You already have as many open tables as this server allows. Start or cancel one first.")


class HintUnavailable(ServiceError):
    """The 💡 Hint's search gave no answer in time (a flooded or broken worker pool); nothing was counted."""

    default = N_("The computer couldn't work out a hint in time. Try again in a moment.")


class TooManyWatchers(ServiceError):
    """The table already has the server's ``max_watchers`` live spectator panels."""

    default = N_("This table has as many watchers as this server allows. Try again when someone stops watching.")


class NoTable(ServiceError):
    default = N_("There's no open table here.")


class ForeignTable(NoTable):
    """Another server's table, or a table click from outside any server (``bot.service.callers``).

    Worded as a stale button, the refusal a crafted id gets anyway: whether
    the other server has that table stays unknown."""

    default = N_("That button is no longer valid.")


class InsufficientChips(ServiceError):
    default = N_("You don't have enough chips for that.")


class AlreadyClaimed(InsufficientChips):
    """``/daily`` twice in one UTC day; the text names the next reset."""

    default = N_("You've already claimed your daily chips today.")


class BadPhase(ServiceError):
    default = N_("That isn't possible at this point of the game.")


class TableElsewhere(ServiceError):
    """Another of the bot's processes drives this table (shards), or is handing it over."""

    default = N_("This table is being run by another part of the bot right now. Try again in a moment.")


class SaveFailed(ServiceError):
    """The SQLite file refused the write for a passing reason (another process holds its lock, the
    disk is full, an I/O error: ``data.faults.StorageFault``); the transaction was rolled back whole."""

    default = N_("Couldn't save that just now; nothing was changed — try again in a moment.")


class DatabaseUnreachable(ServiceError):
    """The database server is away (restarting, a connection cut): nothing was done; the bot reconnects."""

    default = N_("The bot can't reach its database right now; nothing was changed — try again in a moment.")


class NotAllowed(ServiceError):
    default = N_("You're not allowed to do that.")


__all__ = [
    "AlreadyClaimed",
    "BadPhase",
    "DatabaseUnreachable",
    "ForeignTable",
    "HintUnavailable",
    "InsufficientChips",
    "NoTable",
    "NotAllowed",
    "NotHost",
    "NotSeated",
    "SaveFailed",
    "ServiceError",
    "StalePrompt",
    "TableAlreadyOpen",
    "TableElsewhere",
    "TableFull",
    "TooManyLobbies",
    "TooManyWatchers",
]
