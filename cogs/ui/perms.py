"""Who may do what on a server, from an interaction alone (a leaf module: the replay buttons need it,
and ``flows`` imports the components that import them)."""

from __future__ import annotations

import discord


def is_admin(interaction: discord.Interaction) -> bool:
    """Whether the user manages the server (Manage Server, or Administrator) where they clicked."""
    perms = interaction.permissions
    return bool(perms and (perms.manage_guild or perms.administrator))


__all__ = ["is_admin"]
