"""Reading a button's custom id back: every number in range, every word well formed.

Custom ids come back from Discord as the client sent them, so a crafted one
must be refused here (``InvalidId``) before it reaches a query.

A custom id comes back from the client, so it is untrusted input: anyone can
send an interaction with a hand-made id. ``from_custom_id`` therefore checks
that every number could name a row (SQLite integers are signed 64-bit, so a
larger one would raise ``OverflowError`` deep in a query) and that every
action/kind is well formed; an id that fails, or a ``cr:`` id no template
matches at all (``UnknownItem``), answers "That button is no longer valid."
privately and touches nothing — no traceback, no ERROR log line.
"""

from __future__ import annotations

import re

PREFIX = "cr"
CUSTOM_ID_MAX = 100
#: SQLite's INTEGER is signed 64-bit: a table id or seq beyond this can name no row.
SQLITE_INT_MAX = 2**63 - 1
#: A message has at most 5 action rows, so at most 5 selects; 25 leaves room.
SELECT_INDEX_MAX = 24
#: Action strings are ≤ 60 characters by contract (tests/engine/test_conformance.py).
ACTION_MAX = 60
_KIND = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,59}")


def _check(custom_id: str) -> str:
    if len(custom_id) > CUSTOM_ID_MAX:
        raise ValueError(f"custom_id too long ({len(custom_id)}): {custom_id[:40]}…")
    return custom_id


class InvalidId(ValueError):
    """A custom id that no button we ever posted could carry."""


def _number(text: str, *, low: int, high: int) -> int:
    """A number from a custom id, written the way we write it (ASCII, no leading zero), in range.

    The templates use ``\\d``, which also matches non-ASCII digits; and a
    21-digit "table id" must not reach SQLite. Checked before ``int()``.
    """
    if not text.isascii() or not text.isdigit() or len(text) > 19 or (len(text) > 1 and text[0] == "0"):
        raise InvalidId("malformed number")
    n = int(text)
    if not low <= n <= high:
        raise InvalidId("number out of range")
    return n


def _table(text: str) -> int:
    return _number(text, low=1, high=SQLITE_INT_MAX)


def _seq(text: str) -> int:
    return _number(text, low=0, high=SQLITE_INT_MAX)


def _index(text: str) -> int:
    return _number(text, low=0, high=SELECT_INDEX_MAX)


def _action(text: str) -> str:
    """An action as games write them: short, printable, no spaces (``play:AS``, ``bid:12``)."""
    if not 0 < len(text) <= ACTION_MAX or not text.isprintable() or any(ch.isspace() for ch in text):
        raise InvalidId("malformed action")
    return text


def _kind(text: str) -> str:
    """An amount/pick kind or an option field name: a short ASCII identifier (``bid``, ``discard``)."""
    if not _KIND.fullmatch(text):
        raise InvalidId("malformed kind")
    return text
