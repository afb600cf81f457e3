"""Melds with the rules as data: sets and runs, wild cards, books of seven.

A game describes its melds with a ``MeldRules`` value (Burraco: sets and runs,
one wild per meld, a 2 may sit as itself in a run, an unused wild at the low
end; Samba: sets with two wilds, clean escaleras from 4 to the ace, books closed
at seven) and asks the pure functions here whether picked cards form a new meld
(``check_new``) or extend one (``check_add``). A meld keeps its cards in
display order (a run low to high, each wild in the place it stands for) and
which cards act as wilds, so views, scores and clean/dirty need no search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .cards import ACE_HIGH, JOKER, POSITION, RANK_AT, SUITS

SET, RUN = "set", "run"


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Everything a game says about its melds."""

    sets: bool = True
    runs: bool = True
    min_size: int = 3
    #: No meld may grow past this (Samba's canastas close at seven); None: no cap.
    max_size: int | None = None
    #: Most wild cards acting as wilds in one meld (sets; runs too unless ``run_wilds`` says).
    max_wilds: int = 1
    run_wilds: int | None = None
    #: Fewest natural cards a set needs.
    min_naturals: int = 2
    jokers_wild: bool = True
    wild_ranks: frozenset[str] = frozenset({"2"})
    #: A wild-rank card of the run's suit may sit at its own place and count as natural (Burraco 2s).
    wild_natural_in_runs: bool = True
    aces: Literal["high", "low", "both"] = "both"
    #: The lowest run position a meld may reach (ace low = 1; Samba's escaleras start at 4).
    run_lowest: int = 1
    #: Faces never melded (Samba's black 3s), except when going out if ``forbidden_going_out``.
    forbidden: frozenset[str] = frozenset()
    forbidden_going_out: bool = False
    #: A team may hold only one set of each rank.
    one_set_per_rank: bool = True
    #: Whether a wild in a run may change the place it stands for (moved up, replaced by the natural).
    wilds_move: bool = True
    #: A run's wild that fills no gap sits at the low end (else at the high end).
    wild_low: bool = True
    #: A meld this long is a book (a canasta, a burraco).
    book: int = 7
    #: Every face that is wild under these rules (derived once: the hot loops test membership).
    wild_faces: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        wild = {r + s for r in self.wild_ranks for s in SUITS}
        object.__setattr__(self, "wild_faces", frozenset(wild | ({JOKER} if self.jokers_wild else set())))

    def wild_face(self, face: str) -> bool:
        return face in self.wild_faces

    @property
    def most_run_wilds(self) -> int:
        return self.max_wilds if self.run_wilds is None else self.run_wilds


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table: its kind, cards in display order, its rank (set) or suit (run)."""

    kind: str
    cards: tuple[str, ...]
    key: str
    #: The cards acting as wilds (a 2 at its own place in a run is natural, not listed here).
    wilds: tuple[str, ...] = ()
    #: Runs: the position of ``cards[0]`` (1 = ace low … 14 = ace high); each next card is one up.
    low: int = 0

    @property
    def clean(self) -> bool:
        return not self.wilds

    def stands_for(self, card: str) -> str:
        """The face a card of this meld represents: a set's rank, or the run's place."""
        if self.kind == SET:
            return self.key
        return RANK_AT[self.low + self.cards.index(card)] + self.key


def is_book(meld: Meld, rules: MeldRules) -> bool:
    """A book (canasta, burraco): at least ``rules.book`` cards."""
    return len(meld.cards) >= rules.book


def meld_points(cards: Sequence[str], points: Callable[[str], int]) -> int:
    """The card values of ``cards`` by face (``points`` takes a card id)."""
    return sum(points(c) for c in cards)


# ------------------------------------------------------------------- sets

_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


def _suit_first(card: str) -> tuple[int, str]:
    return (_SUIT_ORDER[card[1]], card)


class _SuitKeys(dict[str, tuple[int, str]]):
    """``_suit_first`` of each card id, made once (a set is sorted whenever a card joins it)."""

    def __missing__(self, card: str) -> tuple[int, str]:
        key = self[card] = _suit_first(card)
        return key


_SUIT_KEYS = _SuitKeys()



def arrange_set(cards: Sequence[str], rules: MeldRules) -> Meld | None:
    """``cards`` as a set of one rank, or None. Wilds stand for the rank; a set of wilds is no set."""
    rank = ""
    naturals: list[str] = []
    wilds: list[str] = []
    wild = rules.wild_faces
    for c in cards:
        if c[:2] in wild:
            wilds.append(c)
            continue
        if not rank:
            rank = c[0]
        elif c[0] != rank:
            return None
        naturals.append(c)
    if not rank or len(wilds) > rules.max_wilds or len(naturals) < rules.min_naturals:
        return None
    naturals.sort(key=_SUIT_KEYS.__getitem__)
    wilds.sort()
    return Meld(SET, (*naturals, *wilds), rank, tuple(wilds))


# ------------------------------------------------------------------- runs


def _ace_places(rules: MeldRules) -> tuple[int, ...]:
    return {"both": (1, ACE_HIGH), "low": (1,), "high": (ACE_HIGH,)}[rules.aces]


def _bounds(rules: MeldRules) -> tuple[int, int]:
    low = max(rules.run_lowest, 1 if rules.aces != "high" else 2)
    high = ACE_HIGH if rules.aces != "low" else 13
    return low, high


def _place(places: dict[int, str], wilds: list[str], suit: str, rules: MeldRules) -> Meld | None:
    """Naturals at their places, wilds in the gaps, any left over at the low (or high) end."""
    lo, hi = min(places), max(places)
    gaps = [p for p in range(lo, hi + 1) if p not in places]
    if len(gaps) > len(wilds):
        return None
    floor, ceiling = _bounds(rules)
    slots = dict(places)
    for p, w in zip(gaps, wilds, strict=False):
        slots[p] = w
    for w in wilds[len(gaps):]:
        lo, hi = min(slots), max(slots)
        # At the low end, but never as an ace below a 2 when the top has room (2-3-4♥-★).
        down = rules.wild_low and lo - 1 >= floor and not (lo - 1 == 1 and hi + 1 <= ceiling)
        if down or hi + 1 > ceiling:
            slots[lo - 1] = w
        else:
            slots[hi + 1] = w
    lo, hi = min(slots), max(slots)
    if lo < floor or hi > ceiling or hi - lo > 12:  # one ace at most: never both ends
        return None
    order = tuple(slots[p] for p in range(lo, hi + 1))
    return Meld(RUN, order, suit, tuple(sorted(wilds)), lo)


def _split_run(cards: Sequence[str], rules: MeldRules) -> tuple[str, list[str], list[str], list[str]] | None:
    """(suit, naturals, wilds that must act as wilds, wild-rank cards of the suit that may be natural)."""
    suit = ""
    naturals: list[str] = []
    fixed: list[str] = []
    flex: list[str] = []
    for c in cards:
        face = c[:2]
        if not rules.wild_face(face):
            if not suit:
                suit = face[1]
            elif face[1] != suit:
                return None
            naturals.append(c)
        elif face != JOKER and rules.wild_natural_in_runs:
            flex.append(c)
        else:
            fixed.append(c)
    if not suit:
        return None
    fixed.extend(c for c in flex if c[1] != suit)
    return suit, naturals, sorted(fixed), sorted(c for c in flex if c[1] == suit)


def arrange_run(cards: Sequence[str], rules: MeldRules, *, keep_wild: Sequence[str] = ()) -> Meld | None:
    """``cards`` as a run of one suit, the most natural reading first, or None.

    ``keep_wild``: cards that must go on acting as wilds (the wild already in a meld).
    """
    split = _split_run(cards, rules)
    if split is None:
        return None
    suit, naturals, fixed, flex = split
    choices: list[str | None] = []
    choices.extend(c for c in flex if c not in keep_wild)
    del choices[1:]
    choices.append(None)
    for own in choices:
        wilds = fixed + [c for c in flex if c != own]
        if len(wilds) > rules.most_run_wilds:
            continue
        nats = [*naturals, own] if own else naturals
        aces = [c for c in nats if c[0] == "A"]
        if len(aces) > 1:
            return None
        for ace in _ace_places(rules) if aces else (0,):
            places: dict[int, str] = {}
            for c in nats:
                p = ace if c[0] == "A" else POSITION[c[0]]
                if p in places:
                    places = {}
                    break
                places[p] = c
            if not places:
                continue
            meld = _place(places, sorted(wilds), suit, rules)
            if meld is not None:
                return meld
    return None


# ------------------------------------------------------------ the checks


def _size_ok(n: int, rules: MeldRules) -> bool:
    return n >= rules.min_size and (rules.max_size is None or n <= rules.max_size)


def _allowed_faces(cards: Sequence[str], rules: MeldRules, going_out: bool) -> bool:
    forbidden = rules.forbidden
    if not forbidden or (going_out and rules.forbidden_going_out):
        return True
    for c in cards:  # noqa: SIM110 - a loop: any() over a generator is slower here
        if c[:2] in forbidden:
            return False
    return True


def check_new(
    cards: Sequence[str], rules: MeldRules, team_melds: Sequence[Meld] = (), *, going_out: bool = False
) -> Meld | None:
    """The meld ``cards`` form on their own (a set first, else a run), or None if they form none."""
    if not _size_ok(len(cards), rules) or len(set(cards)) != len(cards):
        return None
    if not _allowed_faces(cards, rules, going_out):
        return None
    if rules.sets:
        meld = arrange_set(cards, rules)
        if meld is not None:
            if rules.one_set_per_rank and any(m.kind == SET and m.key == meld.key for m in team_melds):
                return None
            return meld
    return arrange_run(cards, rules) if rules.runs else None


def check_add(meld: Meld, cards: Sequence[str], rules: MeldRules, *, going_out: bool = False) -> Meld | None:
    """``meld`` with ``cards`` added (wilds moved or replaced as the rules allow), or None."""
    if not cards or (rules.max_size is not None and len(meld.cards) + len(cards) > rules.max_size):
        return None
    if _off_key(meld, cards, rules):
        return None
    union = (*meld.cards, *cards)
    if len(set(union)) != len(union) or not _size_ok(len(union), rules):
        return None
    if not _allowed_faces(cards, rules, going_out):
        return None
    if meld.kind == SET:
        new = arrange_set(union, rules)
        return new if new is not None and new.key == meld.key else None
    # The most natural reading first (a wild 2 replaced into its own place turns natural);
    # else the one that keeps the meld's wild a wild (a second 2 of the suit as the natural one).
    for keep in ((), meld.wilds):
        grown = arrange_run(union, rules, keep_wild=keep)
        if grown is not None and _run_growth_ok(meld, grown, rules):
            return grown
    return None


def can_add(meld: Meld, cards: Sequence[str], rules: MeldRules, *, going_out: bool = False) -> bool:
    """``check_add(...) is not None``, without building the meld in the usual cases: wilds and
    naturals of a set's rank joining it, or more wilds than a run may hold (a legal list needs
    only the yes or no)."""
    key, wild = meld.key, rules.wild_faces
    added = 0  # wild cards among ``cards``
    fits_set = meld.kind == SET and bool(cards)
    for c in cards:
        if c[:2] in wild:
            added += 1
        elif c[0] != key:
            fits_set = False
    if fits_set:
        return _set_takes(meld, cards, added, rules, going_out)
    if meld.kind == RUN and not rules.wild_natural_in_runs and added > rules.most_run_wilds:
        return False  # (``arrange_run`` gives up on every reading: each wild face acts as a wild)
    return check_add(meld, cards, rules, going_out=going_out) is not None


def _set_takes(meld: Meld, cards: Sequence[str], added: int, rules: MeldRules, going_out: bool) -> bool:
    """Whether ``arrange_set`` accepts the set with ``cards`` (each a wild or of its rank) added."""
    have, key, wild = meld.cards, meld.key, rules.wild_faces
    if not _size_ok(len(have) + len(cards), rules) or not _allowed_faces(cards, rules, going_out):
        return False
    naturals, wilds = len(cards) - added, added
    for c in have:  # as ``arrange_set`` reads the union: one rank (the set's), the wilds counted
        if c[:2] in wild:
            wilds += 1
        elif c[0] != key:
            return False
        else:
            naturals += 1
    if not naturals or wilds > rules.max_wilds or naturals < rules.min_naturals:
        return False
    return len({*have, *cards}) == len(have) + len(cards)


def _off_key(meld: Meld, cards: Sequence[str], rules: MeldRules) -> bool:
    """A quick no: a natural card of another rank (a set) or another suit (a run) never fits."""
    at = 0 if meld.kind == SET else 1
    key = meld.key
    wild = rules.wild_faces
    for c in cards:  # noqa: SIM110 - a loop: any() over a generator is slower here
        if c[at] != key and c[:2] not in wild:
            return True
    return False


def check_combine(a: Meld, b: Meld, rules: MeldRules) -> Meld | None:
    """Two sets of one rank combined into one (Samba), or None: every cap applies to the result.

    Runs are never merged (both games forbid it); a set is never split.
    """
    if a.kind != SET or b.kind != SET or a.key != b.key or not _size_ok(len(a.cards) + len(b.cards), rules):
        return None
    union = (*a.cards, *b.cards)
    if len(set(union)) != len(union) or not _size_ok(len(union), rules):
        return None
    new = arrange_set(union, rules)
    return new if new is not None and new.key == a.key else None


def _run_growth_ok(meld: Meld, new: Meld, rules: MeldRules) -> bool:
    if new.key != meld.key:
        return False
    came = [w for w in new.wilds if w not in meld.cards]
    freed = [w for w in meld.wilds if w not in new.wilds]
    if came and freed:  # a wild may not replace another wild (to free a 2 as a natural)
        return False
    if rules.wilds_move:
        return True
    return all(meld.stands_for(w) == new.stands_for(w) for w in meld.wilds if w in new.wilds)

__all__ = [
    "RUN", "SET", "Meld", "MeldRules", "arrange_run", "arrange_set", "can_add", "check_add", "check_combine", "check_new", "is_book",
    "meld_points",
]
