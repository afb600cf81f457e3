"""Renfield's (and Scurro's) rule-based baseline: a careful casual player.

It checks or calls in Draw's betting and throws its highest cards there, never buys in
the card auction (and offers its worst card), passes in the bidding (Blaze: bids the least
when its hand is rich in bugs), orders the suits so the one it holds highest ranks lowest,
and in the play ducks under the trick with its highest card that does, takes a trick only
when it has no bug yet late in the hand (Blaze: takes whenever it can), and never folds.
"""

from __future__ import annotations

from typing import Any

from games.ai import seen
from games.ai.renfield_reading import bugs_of, family, takes
from games.ai.seen import cards_of, current_trick
from games.core.game import Game
from games.renfield.state import AUCTION, BETTING, BID, DISCARD, OFFER, ORDER


class Baseline(seen.Baseline):
    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        profile = family(game).profile
        blaze = bool(state.options.blaze)
        hand = game.view(state, seat).hand
        rank = profile.rank

        def high(card: str) -> int:
            return int(rank[card.split("=")[-1]])

        phase = state.phase
        if phase == BETTING:
            return next(a for a in ("check", "call", "fold") if a in legal)
        if phase == DISCARD:  # the highest cards take tricks: up to four of the top ones go
            worst = sorted(hand, key=high, reverse=True)[:4]
            keep = [c for c in worst if high(c) >= 12]
            action = f"discard:{','.join(c for c in hand if c in keep)}"
            return action if action in legal else "discard:"
        if phase == AUCTION:
            return "pass" if "pass" in legal else legal[0]
        if phase == OFFER:
            offers = [a for a in legal if a.startswith("offer:")]
            return max(offers, key=lambda a: high(a[6:])) if offers else legal[0]
        if phase == BID:
            bids = [a for a in legal if a.startswith("bid:")]
            rich = sum(profile.bugs.get(c, 0) for c in hand) >= 12
            if blaze and rich and bids:
                return min(bids, key=lambda a: int(a[4:]))
            return "pass" if "pass" in legal else legal[0]
        if phase == ORDER:

            def held(order: str) -> tuple[int, ...]:  # the suit held highest goes last (first in Blaze)
                strength = {s: sum(high(c) for c in hand if profile.deck.suit.get(c) == s) for s in order[6:]}
                ranked = [strength[s] for s in order[6:]]
                return tuple(ranked) if blaze else tuple(-x for x in ranked)

            return max((a for a in legal if a.startswith("order:")), key=held)
        return self._play(game, state, seat, legal, blaze, high)

    @staticmethod
    def _play(game: Game, state: Any, seat: int, legal: tuple[str, ...], blaze: bool, high: Any) -> str:
        cards = cards_of(legal)
        if not cards:
            return next(a for a in legal if a not in ("fold", "buy"))
        view = game.view(state, seat)
        trick = current_trick(view)
        winning = {c for c, a in cards.items() if trick.plays and takes(game, state, seat, a)}
        ducking = [c for c in cards if c not in winning]
        late = len(view.hand) <= 2
        wants = blaze or (late and bugs_of(view, seat) == 0)
        if wants and winning:
            return cards[min(winning, key=high) if not blaze else max(winning, key=high)]
        if not trick.plays:
            return cards[max(cards, key=high) if blaze else min(cards, key=high)]
        if ducking:
            return cards[max(ducking, key=high)]
        return cards[min(cards, key=high)]
