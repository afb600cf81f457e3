"""Standard high poker hands (Frankenstein), best five of any number of cards.

Keys are tuples where BIGGER is better. A hand of fewer than five cards (a small
Zombie) is ranked on what it has: no straight or flush is possible and missing
kickers rank below any card, so a complete hand beats an equal shorter one.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from games.core.i18n import N_, _

HIGH_RANK = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
_CATEGORY_NAMES = (
    N_("high card"), N_("a pair"), N_("two pair"), N_("three of a kind"), N_("a straight"),
    N_("a flush"), N_("a full house"), N_("four of a kind"), N_("a straight flush"),
)


def _straight_top(ranks: set[int]) -> int:
    """Top card of the best straight in ``ranks`` (0: none); the ace also plays low."""
    if 14 in ranks:
        ranks = ranks | {1}
    for top in range(14, 4, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return 0


@cache
def _rank_only(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Best hand ignoring flushes, from ranks sorted high first."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    by_count = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    quads = [r for r, c in by_count if c == 4]
    trips = [r for r, c in by_count if c == 3]
    pairs = [r for r, c in by_count if c == 2]
    if quads:
        q = quads[0]
        return (QUADS, q, *[r for r in ranks if r != q][:1])
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        second = max([*trips[1:], *pairs])
        return (FULL_HOUSE, t, second)
    top = _straight_top(set(ranks)) if len(counts) >= 5 else 0
    if top:
        return (STRAIGHT, top)
    if trips:
        t = trips[0]
        return (TRIPS, t, *[r for r in ranks if r != t][:2])
    if len(pairs) >= 2:
        a, b = pairs[0], pairs[1]
        return (TWO_PAIR, a, b, *[r for r in ranks if r not in (a, b)][:1])
    if pairs:
        p = pairs[0]
        return (PAIR, p, *[r for r in ranks if r != p][:3])
    return (HIGH_CARD, *ranks[:5])


def high_key(cards: Iterable[str]) -> tuple[int, ...]:
    """The best high hand of these cards; bigger is better."""
    cards = tuple(cards)
    ranks = tuple(sorted((HIGH_RANK[c[0]] for c in cards), reverse=True))
    best = _rank_only(ranks)
    if len(cards) < 5 or best[0] >= FULL_HOUSE:
        return best
    suits: dict[str, list[int]] = {}
    for c in cards:
        suits.setdefault(c[1], []).append(HIGH_RANK[c[0]])
    for suited in suits.values():
        if len(suited) < 5:
            continue
        top = _straight_top(set(suited))
        if top:
            best = max(best, (STRAIGHT_FLUSH, top))
        else:
            best = max(best, (FLUSH, *sorted(suited, reverse=True)[:5]))
    return best


#: A rank as a word, and in the plural ("a pair of 8s", "two pair, jacks and 10s"): looked up in the
#: reader's language when a name is built (Japanese names a rank alone: 8, ジャック).
_RANK_WORDS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: N_("jack"),
               12: N_("queen"), 13: N_("king"), 14: N_("ace")}
_PLURALS = {2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("sixes"), 7: N_("7s"), 8: N_("8s"),
            9: N_("9s"), 10: N_("10s"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings"), 14: N_("aces")}


def _word(rank: int) -> str:
    return _(_RANK_WORDS[rank]) if rank > 10 else _RANK_WORDS[rank]


def _plural(rank: int) -> str:
    return _(_PLURALS[rank])


def high_name(key: tuple[int, ...]) -> str:
    """A player-facing name such as "a pair of 8s" or "a straight to the queen", in the language spoken
    now: each category is one whole sentence with the ranks as placeholders ("8のワンペア")."""
    cat, ranks = key[0], key[1:]
    if not ranks:
        return _(_CATEGORY_NAMES[cat])
    if cat == HIGH_CARD:
        return _("{rank} high").format(rank=_word(ranks[0]))
    if cat == PAIR:
        return _("a pair of {ranks}").format(ranks=_plural(ranks[0]))
    if cat == TWO_PAIR:
        return _("two pair, {high} and {low}").format(high=_plural(ranks[0]), low=_plural(ranks[1]))
    if cat == TRIPS:
        return _("three {ranks}").format(ranks=_plural(ranks[0]))
    if cat == STRAIGHT:
        return _("a straight to the {rank}").format(rank=_word(ranks[0]))
    if cat == STRAIGHT_FLUSH:
        return _("a straight flush to the {rank}").format(rank=_word(ranks[0]))
    if cat == FLUSH:
        return _("a flush, {rank} high").format(rank=_word(ranks[0]))
    if cat == FULL_HOUSE:
        return _("a full house, {high} full of {low}").format(high=_plural(ranks[0]), low=_plural(ranks[1]))
    return _("four {ranks}").format(ranks=_plural(ranks[0]))
