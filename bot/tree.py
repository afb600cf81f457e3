"""The bot's slash-command tree: every command answers in its reader's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import language_of
from games.core.i18n import set_language


class CardroomTree(app_commands.CommandTree[Any]):
    """``interaction_check`` runs in the command's own task, before the command and its error
    handler, so setting the language there reaches every reply the command makes."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        set_language(language_of(interaction.locale))
        return True
