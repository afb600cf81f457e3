"""The decisions, each a short rule over the equity model and the hand's worth.

The player keeps one thing between decisions, the tricks of the hand it has seen, so one instance
plays one seat of one deal (``duplicate_match`` makes a fresh one each time).
"""

from __future__ import annotations

import random
from typing import Any

from games.core.game import Game

from .cards import trick_cost
from .equity import Evaluator
from .odds import dangers
from .reading import Memory, read
from .table import Ctx
from .worth import best_order


class Independent:
    """The player: ``choose`` reads the seat's view and picks a legal action."""

    name = "independent"

    # tunables (checked in self-play duplicate matches; the results are flat near these)
    W_FOLLOW = 0.45  # chance a later seat with a choice overtakes (the generic estimate)
    W_VOID = 0.4  # chance a later seat void in the led suit trumps
    BID_GAIN = 1.0  # coins of bid per coin of hand value that my best order adds
    BID_BASE = 1.0  # coins the lead itself is worth
    BID_MAX = 16
    FOLD_MARGIN = -0.5  # fold when the best play's equity is below this
    FCOST = 0.6  # share of the expected future trick costs that counts (folding can save the rest)

    def __init__(self) -> None:
        self.memory = Memory()

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = list(game.legal_actions(state, seat))
        if not legal:
            raise ValueError("no legal action for this seat")
        x = read(game, state, seat, self.memory)  # always, to keep the memory of the tricks up to date
        if len(legal) == 1:
            return legal[0]
        if any(a.startswith("play:") for a in legal):
            return self._play(x, legal)
        if any(a.startswith("order:") for a in legal):
            a = "order:" + best_order(x.hand)[0]
            return a if a in legal else legal[0]
        bids = [a for a in legal if a.startswith("bid:")]
        if bids:
            return self._bid(x, legal, bids)
        if any(a.startswith("discard:") for a in legal):
            return self._discard(x, legal)
        offers = [a for a in legal if a.startswith("offer:")]
        if offers:  # Auction: sell the card I least want
            dl = dangers(x, [a[6:] for a in offers], self.W_FOLLOW, self.W_VOID)
            return offers[max(range(len(offers)), key=lambda i: (dl[i], offers[i]))]
        return self._betting(x, legal)

    # ---------------------------------------------------------------- the tricks
    def _play(self, x: Ctx, legal: list[str]) -> str:
        plays = [a for a in legal if a.startswith("play:")]
        ident: dict[str, str] = {}  # identity played -> action (a wild card's declarations)
        for a in plays:
            body = a[5:]
            idn = body.split("=")[1] if "=" in body else body
            ident.setdefault(idn, a)
        ev = Evaluator(x, self.W_FOLLOW, self.W_VOID, self.FCOST).run(list(ident))
        best = max(sorted(ident), key=lambda c: (round(ev[c], 6), -x.strength(c, None)))
        if "fold" in legal and x.scores[x.me] >= 1 and ev[best] < self.FOLD_MARGIN:
            return "fold"
        if "buy" in legal:  # Buying the Trick: out now for the cards on the table
            price = trick_cost([c for _s, c in x.plays])
            if ev[best] < -price + self.FOLD_MARGIN:
                return "buy"
        return ident[best]

    # ------------------------------------------------------------- bidding, betting
    def _bid(self, x: Ctx, legal: list[str], bids: list[str]) -> str:
        amounts = sorted(int(a[4:]) for a in bids)
        low = amounts[0]
        if low <= 2 and amounts[-1] <= 10:  # an Auction lot: stay out
            return "pass" if "pass" in legal else bids[0]
        if low < 5 and "pass" in legal:  # Blaze (points) or Flatline (lead only): stay out
            return "pass"
        _best, v, mean = best_order(x.hand)
        # what my best order adds over an order chosen for someone else's hand, plus the lead;
        # bid the least that tops the table, never above that worth
        limit = min(self.BID_MAX, int(self.BID_BASE + self.BID_GAIN * (v - mean)))
        if low <= limit and f"bid:{low}" in legal:
            return f"bid:{low}"
        return "pass" if "pass" in legal else bids[0]

    def _betting(self, x: Ctx, legal: list[str]) -> str:
        """Draw's fixed-limit poker round, judged on the hand's best order (before the draw)."""
        v = best_order(x.hand)[1]
        if v >= 9.3:  # about the top fifth of hands: bet or raise
            for a in ("raise", "bet", "complete", "call", "check"):
                if a in legal:
                    return a
        if v < 4.2 and "fold" in legal and "check" not in legal:  # the bottom fifth: don't pay to draw
            return "fold"
        for a in ("check", "call"):
            if a in legal:
                return a
        return "fold" if "fold" in legal else legal[0]

    def _discard(self, x: Ctx, legal: list[str]) -> str:
        """Draw: throw the cards likeliest to take tricks (at most four)."""
        if not x.order:
            x.order = best_order(x.hand)[0]
        dl = dangers(x, x.hand, self.W_FOLLOW, self.W_VOID)
        want = {c for c, d in sorted(zip(x.hand, dl, strict=False), key=lambda t: -t[1]) if d > 0.5}
        want = set(sorted(want, key=lambda c: -dl[x.hand.index(c)])[:4])
        for a in legal:
            body = a[len("discard:"):]
            if (set(body.split(",")) if body else set()) == want:
                return a
        return "discard:" if "discard:" in legal else legal[0]
