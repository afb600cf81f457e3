"""Razz's computer player: the betting player of ``games/ai/poker.py`` with Razz's knowledge.

* a **premium start** (three unpaired cards, the highest a 7 or lower) is never folded on 3rd street;
* **strong** weighs each sampled deal by how well the others' sampled down cards fit their betting (range
  inference): an opponent who completed, bet or raised is more likely to hold low unpaired cards down than a
  random deal gives them (each of its down cards above an 8, or pairing one of its cards, makes the sample
  less likely; so does staying in past 3rd street, less), so equity is judged against holdings that fit the
  table's story; normal judges equity against every holding the up cards allow;
* strengths differ by that weighting (strong only), by samples (easy 12, normal 120, strong 600 within their
  time budgets: 20 ms, 100 ms, 500 ms) and by mixing: easy never bluffs, normal and strong bluff and
  semi-bluff at small frequencies (drawn from the rng);
* **easy is a loose caller** (``Style.loose``): it calls unless calling loses more than 30% of the pot against
  folding, and raises only far ahead (the casual player's leak); normal and strong fold by the pot odds exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ai.poker import BettingPlayer, Style
from games.ai.search import Strength
from games.core.poker.lowball import LOW_RANK
from games.razz.state import RazzState

#: Each aggressive action weighs a sample by this per down card that doesn't fit it (high or pairing).
MISFIT = 0.55
#: Staying in past 3rd street (calling) weighs it by this per misfit: a caller has something too.
STAYED = 0.8


def premium(state: RazzState, seat: int) -> bool:
    """Three unpaired cards, 7 or lower, on 3rd street."""
    cards = state.deal.cards[seat]
    if state.deal.street != 3 or len(cards) != 3:
        return False
    ranks = {LOW_RANK[c[0]] for c in cards}
    return len(ranks) == 3 and max(ranks) <= 7


def aggression(state: RazzState) -> dict[int, int]:
    """Completions, bets and raises each seat made this hand (public: the PHH action lines)."""
    by_pk = {pk: s for s, pk in enumerate(state.deal.pk) if pk}
    out: dict[int, int] = {}
    for line in state.phh:
        if line.startswith("p") and " cbr " in line:
            seat = by_pk.get(int(line[1:line.index(" ")]))
            if seat is not None:
                out[seat] = out.get(seat, 0) + 1
    return out


def weigh(world: RazzState, seat: int) -> float:
    """How likely the sampled down cards are given the others' betting (1: fits, less: doesn't)."""
    weight = 1.0
    deal = world.deal
    bets = aggression(world)
    for s in range(deal.n):
        if s == seat or not world.round.live[s]:
            continue
        cards = deal.cards[s]
        ranks = [LOW_RANK[c[0]] for c in cards]
        misfits = 0
        for i in (0, 1, 6):
            if i < len(cards) and cards[i] != deal.community:
                r = ranks[i]
                if r > 8 or ranks.count(r) > 1:
                    misfits += 1
        weight *= MISFIT ** (misfits * min(bets.get(s, 0), 2))
        if deal.street > 3:
            weight *= STAYED**misfits
    return weight


def pot(state: RazzState) -> int:
    return sum(state.contributed)


def last_round(state: RazzState) -> bool:
    return state.deal.street >= 7


STYLES = {
    "easy": Style(samples=12, budget=0.02, premium=premium, raise_margin=0.5, loose=0.3),
    "normal": Style(samples=120, budget=0.1, bluff=0.05, semi=0.04, premium=premium),
    "strong": Style(samples=600, budget=0.5, bluff=0.05, semi=0.04, premium=premium, weigh=weigh),
}


def player(strength: Strength, clock: Callable[[], float] | None) -> Any:
    return BettingPlayer(strength.name, STYLES[strength.name], clock, pot, last_round)


__all__ = ["STYLES", "aggression", "player", "premium", "weigh"]
