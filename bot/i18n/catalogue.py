"""Reading the PO files of a language into the mapping ``games.core.i18n`` speaks from.

A language's translations may be split over several PO files (one per part of
the bot, so translators work side by side); they are read with Babel and merged.
Untranslated and fuzzy entries are left out, so ``_()`` falls back to English
for them rather than showing an empty or doubtful text.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from games.core import i18n

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: Every language the bot speaks; English is the source text itself.
LANGUAGES: tuple[str, ...] = ("en", "ja")
#: gettext's separator between a message's context and its text (``pgettext``).
_CONTEXT_SEPARATOR = "\x04"


def context_key(context: str | None, text: str) -> str:
    """The catalogue key of ``text`` said in ``context`` (slash command names need one: "hand" the
    command and "hand" the noun may translate differently)."""
    return f"{context}{_CONTEXT_SEPARATOR}{text}" if context else text


@cache
def load_language(code: str, directory: Path = LOCALE_DIR) -> Mapping[str, str]:
    """English text (with its context) → translation, from every ``<directory>/<code>/*.po``."""
    table: dict[str, str] = {}
    for path in sorted((directory / code).glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
        for message in catalog:
            if not message.id or message.fuzzy or not isinstance(message.id, str):
                continue
            if isinstance(message.string, str) and message.string:
                table[context_key(message.context, message.id)] = message.string
    return table


def install_catalogues(directory: Path = LOCALE_DIR) -> dict[str, int]:
    """Installs every language but English; returns the number of translated texts per language."""
    counts: dict[str, int] = {}
    for code in LANGUAGES:
        if code == "en":
            continue
        table = load_language(code, directory)
        i18n.install(code, table)
        counts[code] = len(table)
    return counts
