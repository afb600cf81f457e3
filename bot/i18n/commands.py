"""Slash commands in the reader's language, through discord.py's ``app_commands.Translator``.

Discord shows each user the command names, descriptions, options and choices
in their client's language when the bot syncs localized ones; discord.py asks
this translator for each string and language at sync. Names are looked up
under a context ("command name", …) so a command called "hand" and the word
"hand" in a sentence can translate differently.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from games.core import i18n

from .catalogue import context_key, load_language
from .readers import language_of

#: Discord's rule for command, option and choice-free names (lower case where the script has case).
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")

CONTEXTS: dict[app_commands.TranslationContextLocation, str] = {
    app_commands.TranslationContextLocation.command_name: "command name",
    app_commands.TranslationContextLocation.group_name: "command name",
    app_commands.TranslationContextLocation.parameter_name: "option name",
    app_commands.TranslationContextLocation.command_description: "command description",
    app_commands.TranslationContextLocation.group_description: "command description",
    app_commands.TranslationContextLocation.parameter_description: "option description",
    app_commands.TranslationContextLocation.choice_name: "choice",
}


class CatalogueTranslator(app_commands.Translator):
    """Answers from the same PO catalogues as every other text (None: Discord shows the English)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translated(string.message, language_of(locale), CONTEXTS.get(context.location))


def translated(text: str, code: str, context: str | None) -> str | None:
    """``text`` in ``code`` under ``context`` (None for English or a missing entry)."""
    if code == "en" or code not in i18n.known_languages():
        return None
    return load_language(code).get(context_key(context, text))
