"""Which language a reader or a table speaks.

A private reply follows the reader's Discord language (``interaction.locale``);
a table's public messages follow the language fixed when it opened: the
server's ``/admin settings language``, or, on "auto", the server's preferred
locale (Community servers set it; others report English).
"""

from __future__ import annotations

from .catalogue import LANGUAGES


def language_of(locale: object) -> str:
    """A Discord locale (``discord.Locale`` or its string, "ja", "en-US") → a language we speak."""
    value = str(getattr(locale, "value", locale) or "")
    code = value.split("-")[0].lower()
    return code if code in LANGUAGES else "en"


def table_language(setting: str, server_locale: object) -> str:
    """The language a new table speaks: the server's setting, or its preferred locale on "auto"."""
    return setting if setting in LANGUAGES else language_of(server_locale)
