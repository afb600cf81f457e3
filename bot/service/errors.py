"""Errors the service raises; every text is one friendly line, safe to show the user."""

from __future__ import annotations

from games import GameError
from games.core.i18n import _


class ServiceError(GameError):
    """Base of the runtime's refusals (a ``GameError``, so the cogs show ``str(err)``)."""

    default = "That can't be done right now."

    def __init__(self, text: str | None = None) -> None:
        super().__init__(text or _(self.default))


class StalePrompt(ServiceError):
    """The prompt was rendered before something changed (e.g. a double click)."""

    default = "That prompt is out of date — press **My hand** again."


class NotSeated(ServiceError):
    default = "You're not seated at this table."


class NotHost(ServiceError):
    default = "Only the table's host can do that."


class TableFull(ServiceError):
    default = "This table is full."


class TableAlreadyOpen(ServiceError):
    default = "There's already an open table in this channel."


class NoTable(ServiceError):
    default = "There's no open table here."


class InsufficientChips(ServiceError):
    default = "You don't have enough chips for that."


class AlreadyClaimed(InsufficientChips):
    """``/daily`` twice in one UTC day; the text names the next reset."""

    default = "You've already claimed your daily chips today."


class BadPhase(ServiceError):
    default = "That isn't possible at this point of the game."


class NotAllowed(ServiceError):
    default = "You're not allowed to do that."


__all__ = [
    "AlreadyClaimed",
    "BadPhase",
    "InsufficientChips",
    "NoTable",
    "NotAllowed",
    "NotHost",
    "NotSeated",
    "ServiceError",
    "StalePrompt",
    "TableAlreadyOpen",
    "TableFull",
]
