"""The error family every engine raises.

A ``GameError`` text is shown to the player as it is, so it must be short,
friendly and free of hidden information.
"""

from __future__ import annotations


class GameError(ValueError):
    """A problem caused by a player's input; ``str(err)`` is safe to show."""


class IllegalAction(GameError):
    """The action is malformed, or not allowed in this position."""


class NotYourTurn(GameError):
    """The seat may not act now."""
