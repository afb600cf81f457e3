"""Who may do what on a server, from an interaction alone (a leaf module: the replay buttons need it,
and ``flows`` imports the components that import them)."""

from __future__ import annotations

import discord

from bot.service.errors import NotAllowed
from games.core.i18n import _


def is_admin(interaction: discord.Interaction) -> bool:
    """Whether the user manages the server (Manage Server, or Administrator) where they clicked."""
    perms = interaction.permissions
    return bool(perms and (perms.manage_guild or perms.administrator))


def require_admin(interaction: discord.Interaction) -> None:
    """Refuses (privately, changing nothing) a command only Manage Server may use."""
    if not is_admin(interaction):
        raise NotAllowed(_("You need the **Manage Server** permission for that."))


__all__ = ["is_admin", "require_admin"]
