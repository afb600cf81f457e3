"""Tresotti's rule-based baseline: bid what a simple count of the hand says, lead trump
from the top, win a trick as cheaply as the last player (as high as possible before),
and throw the lowest card without face value on a trick it cannot win.

``rule_action`` is the rule itself on plain values (hand, trick, trump), so the computer
players' playouts (``games.ai.players.tresotti``) play the same rule on a sampled deal;
``estimate`` and ``wins_so_far`` are shared with the players' blunder rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.ai import seen
from games.ai.seen import TableTrick, cards_of, current_trick
from games.core.game import Game
from games.core.tricks import Trick
from games.tresotti.cards import BASIC, DEARWORTH, GAME_VALUE, SUIT_LABELS, SUIT_OF, Reading, suit_label
from games.tresotti.state import trick_winner


def table_facts(view: Any) -> tuple[str, Reading]:
    """The trump suit ("" before the first lead) and the rule set's reading, from the view's facts
    (read in the language they were written in: the one spoken now)."""
    facts = dict(view.public.facts)
    by_label = {suit_label(suit): suit for suit in SUIT_LABELS}
    trump = next((by_label[v] for v in facts.values() if v in by_label), "")
    reading = DEARWORTH if DEARWORTH.shown() in facts.values() else BASIC
    return trump, reading


def estimate(hand: Sequence[str], seats: int, reading: Reading) -> float:
    """Points a bidder expects from ``hand``: its best suit as trump, top cards elsewhere, and
    the game point when it holds most of the doubles' face value. A casual player's count."""
    top = len(reading.courses) - 1
    best = 0.0
    for trump in SUIT_LABELS:
        total = 0.0
        trumps = [c for c in hand if SUIT_OF[c] == trump]
        for c in hand:
            high = reading.course[c] == top
            if SUIT_OF[c] == trump:
                total += 0.85 if high else 0.55
            elif high and reading.order[c] >= reading.order[f"{SUIT_OF[c]}Q"]:
                total += 0.45
        total += 0.3 * max(0, len(trumps) - 3)
        best = max(best, total)
    scale = min(1.0, (4 / seats) ** 0.5)
    doubles: int = sum(GAME_VALUE.get(c, 0) for c in hand)
    return float(best * scale + (0.5 if doubles >= 120 else 0.0))


def wins_so_far(trick: TableTrick | Trick, seat: int, card: str, trump: str, reading: Reading) -> bool:
    """Whether ``card`` would be winning the trick once ``seat`` plays it."""
    plays = (*trick.plays, (seat, card))
    leader = plays[0][0]
    return trick_winner(Trick(leader, plays), trump or SUIT_OF[plays[0][1]], reading) == seat


def rule_action(
    legal: Sequence[str],
    hand: Sequence[str],
    trick: TableTrick | Trick,
    seat: int,
    trump: str,
    reading: Reading,
    seats: int,
) -> str:
    """The baseline's action among ``legal`` (a real choice) for ``seat`` holding ``hand``."""
    bids = [int(a[4:]) for a in legal if a.startswith("bid:")]
    if bids:
        want = round(estimate(hand, seats, reading))
        if want < min(bids):
            return "pass"
        dearworth = len(reading.courses) == 2  # an exact bid scores double: say the count
        return f"bid:{min(max(bids), want) if dearworth else min(bids)}"
    cards = cards_of(tuple(legal))
    return cards[rule_card(tuple(cards), trick, seat, trump, reading, seats)]


def rule_card(
    cards: Sequence[str], trick: TableTrick | Trick, seat: int, trump: str, reading: Reading, seats: int
) -> str:
    """The baseline's card among the playable ``cards``: lead trump from the top (the longest
    suit's best card names trump), win as cheaply as the last player or as high as possible
    before, else throw the lowest card without face value."""
    order = reading.order
    if not trick.plays:
        trumps = [c for c in cards if SUIT_OF[c] == trump] if trump else []
        if not trump:  # the lead names trump: the longest suit, then its best card
            longest = max(cards, key=lambda c: (sum(SUIT_OF[d] == SUIT_OF[c] for d in cards), order[c]))
            trumps = [c for c in cards if SUIT_OF[c] == SUIT_OF[longest]]
        pool = trumps or list(cards)
        return max(pool, key=lambda c: (reading.course[c], order[c]))
    rank = ranker(trick.plays[0][1], trump, reading)
    best = max(rank(c) for _s, c in trick.plays)
    winning = [c for c in cards if rank(c) > best]
    if winning:
        last = len(trick.plays) == seats - 1
        return min(winning, key=lambda c: order[c]) if last else max(winning, key=lambda c: order[c])
    return min(cards, key=lambda c: (c in GAME_VALUE, GAME_VALUE.get(c, 0), order[c]))


def ranker(lead: str, trump: str, reading: Reading) -> Callable[[str], tuple[bool, bool, bool, int]]:
    """How a card ranks in a trick led by ``lead``: ``trick_winner``'s order (trump, the suit
    led, the led card's course, then rank) as one key, so a playout compares cards without
    building a trick for each (tests/engine/test_ai_blunders_tresotti.py holds them equal)."""
    trump = trump or SUIT_OF[lead]
    led_suit, led_course = SUIT_OF[lead], reading.course[lead]
    order, course = reading.order, reading.course

    def rank(c: str) -> tuple[bool, bool, bool, int]:
        s = SUIT_OF[c]
        return (s == trump, s == led_suit, course[c] == led_course, order[c])

    return rank


class Baseline(seen.Baseline):
    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        view = game.view(state, seat)
        trump, reading = table_facts(view)
        return rule_action(legal, view.hand, current_trick(view), seat, trump, reading, len(view.public.seats))
