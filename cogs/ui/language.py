"""Which language a reply is written in: the reader's for private replies, the table's in public.

Every interaction handler starts by speaking its reader's Discord language
(``interaction.locale``): the tree does it for slash commands, the dynamic
items and modals for clicks and submits. Public table messages are rendered
inside ``speaking(snapshot.locale)`` (the language fixed when the table
opened), so a reader's language never leaks into what everyone sees.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_of
from games.core.i18n import set_language


def readers_language(interaction: discord.Interaction[Any]) -> str:
    """The language the person behind ``interaction`` reads (their Discord client's)."""
    return language_of(interaction.locale)


def server_language(interaction: discord.Interaction[Any]) -> str | None:
    """The server's preferred locale, as Discord reports it (None outside a server)."""
    locale = interaction.guild_locale
    return None if locale is None else str(locale.value)


def speak_to_reader(interaction: discord.Interaction[Any]) -> bool:
    """Speaks the reader's language for the rest of this handler; True, so it can be an interaction check."""
    set_language(readers_language(interaction))
    return True
