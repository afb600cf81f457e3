"""The e2e tests' table driver; it lives in ``tools.simtable`` so ``tools.transcript`` plays the same way."""

from __future__ import annotations

from tools.simtable import (
    ACTION_PREFIXES,
    MENTION,
    NEXT_HAND,
    Control,
    Table,
    action_controls,
    components_of,
    in_place,
)

__all__ = [
    "ACTION_PREFIXES",
    "MENTION",
    "NEXT_HAND",
    "Control",
    "Table",
    "action_controls",
    "components_of",
    "in_place",
]
