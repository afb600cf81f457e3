"""Player-facing text in the reader's language, with the engines kept pure.

Engines wrap every sentence a player reads in ``_()`` (English, with
``str.format`` placeholders, always a whole sentence). Which language ``_()``
answers in is a context variable set by the caller around the work: the
service speaks a table's language while it applies an action, the Discord
layer the reader's language while it renders a private reply. The catalogue
itself is loaded and installed by ``bot/i18n`` (reading files is I/O, which
``games/`` never does); here a language is only a mapping from the English
text to its translation.

``N_()`` marks a text for the catalogue without translating it, for values
built when a module is imported (a table of labels): translate them where
they are shown, ``_(LABELS[key])``. A test fails on any ``_()`` call that runs
at import time, because it would freeze the text in English.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

#: The language spoken now: English text → translation (None: English).
_speaking: ContextVar[Mapping[str, str] | None] = ContextVar("cardroom_speaking", default=None)
#: Its code ("en", "ja"), for the few places that format numbers or pick a resource per language.
_code: ContextVar[str] = ContextVar("cardroom_language", default="en")
#: The installed catalogues: language code → English text → translation (``bot/i18n`` fills it).
_catalogues: dict[str, Mapping[str, str]] = {}


def _(text: str) -> str:
    """``text`` in the language spoken now (English when it has no translation)."""
    table = _speaking.get()
    if table is None:
        return text
    return table.get(text) or text


def N_(text: str) -> str:  # gettext's conventional name for "mark only"
    """Marks ``text`` for the catalogue; translate it later with ``_()`` where it is shown."""
    return text


def install(code: str, translations: Mapping[str, str]) -> None:
    """Makes a language available to ``speaking`` (``bot/i18n`` calls this with a loaded catalogue)."""
    _catalogues[code] = translations


def language() -> str:
    """The code of the language spoken now."""
    return _code.get()


def known_languages() -> tuple[str, ...]:
    return ("en", *sorted(c for c in _catalogues if c != "en"))


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Within the block, ``_()`` answers in ``code`` (unknown or None: English)."""
    table = _catalogues.get(code or "en")
    token = _speaking.set(table)
    token_code = _code.set(code if code and table is not None else "en")
    try:
        yield
    finally:
        _code.reset(token_code)
        _speaking.reset(token)


def set_language(code: str | None) -> None:
    """Speaks ``code`` for the rest of the current task (an interaction's handler sets its reader's)."""
    table = _catalogues.get(code or "en")
    _speaking.set(table)
    _code.set(code if code and table is not None else "en")
