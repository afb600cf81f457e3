"""The message catalogues: English in the code, every other language in ``bot/locale/<code>/*.po``.

Engines and cogs write English whole sentences in ``_()`` (``games.core.i18n``);
this package loads the translations with Babel's PO reader and installs them,
so ``speaking("ja")`` makes ``_()`` answer in Japanese. ``tools/catalog.py``
extracts the English texts (and the slash commands' names and descriptions)
and keeps the PO files in step; ``tests/i18n`` fails on a text missing in a
language or a translation whose placeholders differ from the English.
"""

from __future__ import annotations

from .catalogue import LANGUAGES, LOCALE_DIR, context_key, install_catalogues, load_language
from .readers import language_of, table_language

__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "context_key",
    "install_catalogues",
    "language_of",
    "load_language",
    "table_language",
]
