"""Tresotti's rule-based baseline: bid what a simple count of the hand says, lead trump
from the top, win a trick as cheaply as the last player (as high as possible before),
and throw the lowest card without face value on a trick it cannot win."""

from __future__ import annotations

from typing import Any

from games.ai import seen
from games.ai.players.tresotti import estimate, table_facts, wins_so_far
from games.ai.seen import cards_of, current_trick
from games.core.game import Game
from games.tresotti.cards import GAME_VALUE, SUIT_OF


class Baseline(seen.Baseline):
    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        view = game.view(state, seat)
        trump, reading = table_facts(view)
        seats = len(view.public.seats)
        bids = [int(a[4:]) for a in legal if a.startswith("bid:")]
        if bids:
            want = round(estimate(view.hand, seats, reading))
            if want < min(bids):
                return "pass"
            dearworth = len(reading.courses) == 2  # an exact bid scores double: say the count
            return f"bid:{min(max(bids), want) if dearworth else min(bids)}"
        cards = cards_of(legal)
        order = reading.order
        trick = current_trick(view)
        if not trick.plays:
            trumps = [c for c in cards if SUIT_OF[c] == trump] if trump else []
            if not trump:  # the lead names trump: the longest suit, then its best card
                longest = max(cards, key=lambda c: (sum(SUIT_OF[d] == SUIT_OF[c] for d in cards), order[c]))
                trumps = [c for c in cards if SUIT_OF[c] == SUIT_OF[longest]]
            pool = trumps or list(cards)
            return cards[max(pool, key=lambda c: (reading.course[c], order[c]))]
        winning = [c for c in cards if wins_so_far(trick, seat, c, trump, reading)]
        if winning:
            last = len(trick.plays) == seats - 1
            pick = min(winning, key=lambda c: order[c]) if last else max(winning, key=lambda c: order[c])
            return cards[pick]
        return cards[min(cards, key=lambda c: (c in GAME_VALUE, GAME_VALUE.get(c, 0), order[c]))]
