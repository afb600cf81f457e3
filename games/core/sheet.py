"""Games scored on a sheet over several deals (Rage, Tresotti): dealing, the sheet, the result.

These games are one state from the first deal to the last, so each deal is
dealt inside ``apply``; the first deal can be stacked for tests. The sheet
keeps every deal's row so the table can show it, and turns the totals into
placings for the leaderboards (payoffs stay zero: no chips change hands).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .game import Event, Outcome, placings_from
from .i18n import _
from .rng import Rng
from .views import ScoreSheet as SheetView
from .wording import count_of


def deal(
    cards: Sequence[str],
    seats: int,
    size: int,
    rng: Rng,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    stock: Sequence[str] | None = None,
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """``size`` cards to each seat and the undealt rest (top first).

    Stacked ``hands`` (and optionally the ``stock`` order) replace the shuffle;
    cards are counted, not set-compared, because some decks hold duplicates.
    """
    if hands is None:
        if stock is not None:
            raise ValueError("a stacked stock needs stacked hands")
        order, _rng = rng.shuffled_batched(cards)
        dealt = tuple(order[i * size : (i + 1) * size] for i in range(seats))
        return dealt, order[seats * size :]
    if len(hands) != seats or any(len(h) != size for h in hands):
        raise ValueError(f"stacked hands must be {seats} hands of {size} cards")
    dealt = tuple(tuple(h) for h in hands)
    left = Counter(cards)
    left.subtract(c for h in dealt for c in h)
    if stock is not None:
        left.subtract(stock)
    if any(v < 0 for v in left.values()):
        raise ValueError("stacked cards are not in the deck (or appear too often)")
    if stock is not None:
        return dealt, tuple(stock)
    rest: list[str] = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            rest.append(c)
    shuffled, _rng = rng.shuffled_batched(rest)
    return dealt, shuffled


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Running totals and one row per scored deal (the points each seat actually gained)."""

    totals: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def empty(cls, seats: int) -> ScoreSheet:
        return cls((0,) * seats)

    def add(self, points: Sequence[int], *, floor: int | None = None) -> ScoreSheet:
        """Record a deal; with ``floor`` no total drops below it (the row shows the real change)."""
        totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        if floor is not None:
            totals = [max(floor, t) for t in totals]
        row = tuple(new - old for new, old in zip(totals, self.totals, strict=True))
        return ScoreSheet(tuple(totals), (*self.rows, row))

    def view(self, title: str = "", *, teams: tuple[tuple[int, ...], ...] = ()) -> SheetView | None:
        """The sheet for the table: a row per deal ("Deal 1", …, a value per seat) and the totals.

        Structured, so the front end can head each column with its player's name;
        None before the first deal is scored (all totals are still zero).
        """
        if not self.rows:
            return None
        rows = tuple((_("Deal {k}").format(k=k), tuple(row)) for k, row in enumerate(self.rows, 1))
        return SheetView(rows, self.totals, title or _("Score sheet"), teams)

    def outcome(self, summary: str, *, winner: int | None = None) -> Outcome:
        """Zero payoffs; placings by total (ties share), a declared ``winner`` alone in first.

        Each seat's detail is its final total: on a sheet, that is what decided it.
        """
        n = len(self.totals)
        keys = [2 * t + (1 if s == winner else 0) for s, t in enumerate(self.totals)]
        return Outcome(
            payoffs=(0,) * n,
            placings=placings_from(keys),
            summary=summary,
            scores=self.totals,
            details=tuple(count_of(t, _("{n} point"), _("{n} points")) for t in self.totals),
        )


def remember(recent: tuple[str, ...], events: Iterable[Event], keep: int = 6) -> tuple[str, ...]:
    """The last ``keep`` public event texts, kept in the state for the table's "recent" lines.

    A whole-game state outlives many actions, so the view cannot rebuild them from one step.
    """
    return (*recent, *(e.text for e in events if e.private_to is None))[-keep:]
