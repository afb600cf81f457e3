"""The 💡 Hint table option in the lobby: a tick among the house rules, and a line in the lobby's embed.

The host ticks or unticks it with the game's own on/off rules (one select, ``value`` ``HINTS``);
until the host does, it follows the computer players (on while one is seated: ``TableCore.hints``
"auto"). Everyone reads it in the lobby with the table's other options.
"""

from __future__ import annotations

import discord

from bot.service.models import TableSnapshot
from games.core.i18n import _

from .options import show_value

#: The select option's value (not a field name: game options are identifiers, this is not one).
HINTS = "@hints"


def hints_option(snap: TableSnapshot) -> discord.SelectOption:
    """The tick for the host's select of house rules."""
    return discord.SelectOption(
        label=_("💡 Hints"),
        value=HINTS,
        description=_("A 💡 Hint button on the hand panels. Hands played with hints count for chips, not ratings."),
        default=snap.hints_on,
    )


def hints_shown(snap: TableSnapshot) -> str:
    """The option's value as everyone reads it in the lobby."""
    if snap.hints != "auto":
        return show_value(snap.hints_on)
    if snap.hints_on:
        return _("on (the table has computer players)")
    return _("off (on once a computer player joins)")


__all__ = ["HINTS", "hints_option", "hints_shown"]
