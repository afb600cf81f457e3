"""What a player is doing on their panel between two actions: sort order, page, cards picked.

A big hand's card menus don't fit in one message, so picking cards can take
several clicks (turn a page, pick more) before the action is sent. That
in-between state is the player's own and short-lived, so it lives here, in
memory, per (table, player): never in a custom id (which only names the table,
the prompt's seq and a verb) and never in the database. It is kept while the
table is open and forgotten when the table closes or the bot restarts (the
panel then shows the game's first page and no picks, and the sort order goes
back to by-suit — nothing is lost that a click can't redo).

Picks are checked against the current prompt every time they are used: a
card no longer offered (played, melded) simply drops out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .handtext import SortBy


@dataclass
class Draft:
    """One player's panel state at one table."""

    sort: SortBy = "suit"
    #: Which big control the paged menus show ("pick:<kind>" or "cards"); "" = the first one.
    focus: str = ""
    page: int = 0
    #: Cards picked so far, per pick kind, in the order they were picked.
    picks: dict[str, list[str]] = field(default_factory=dict)


class Drafts:
    """Every open panel's ``Draft``, by (table id, user id)."""

    def __init__(self) -> None:
        self._drafts: dict[tuple[int, int], Draft] = {}

    def of(self, table_id: int, user_id: int) -> Draft:
        """The player's draft (a fresh one the first time)."""
        return self._drafts.setdefault((table_id, user_id), Draft())

    def peek(self, table_id: int, user_id: int) -> Draft:
        """The player's draft if they have one, else a default one that is not stored."""
        return self._drafts.get((table_id, user_id)) or Draft()

    def forget_table(self, table_id: int) -> None:
        for key in [k for k in self._drafts if k[0] == table_id]:
            self._drafts.pop(key, None)

    def __len__(self) -> int:
        return len(self._drafts)


__all__ = ["Draft", "Drafts"]
