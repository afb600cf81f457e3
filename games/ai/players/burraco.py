"""Burraco's computer players: the shared rummy play (``games.ai.rummy``) with knobs per strength.

Easy plays like a beginner (blind to what its discard gives and a little careless about which card
goes); normal judges discards by the table and a few determinizations of the next player's hand;
strong uses more of them (and so avoids feeding the next player more reliably).
"""

from __future__ import annotations

from collections.abc import Callable

from games.ai.baselines.burraco import SPEC
from games.ai.policy import Policy
from games.ai.rummy import Knobs, RummyBot
from games.ai.rummy_search import SearchingBot
from games.ai.search import Strength

#: Determinizations per candidate of the searched choices (take or draw, the discard), per strength.
SEARCH = {"strong": 6}

KNOBS = {
    "easy": dict(caution=0.0, samples=0, big_pile=6, sloppy=3, wilds_on_melds=False),
    "normal": dict(caution=1.0, samples=4, big_pile=3),
    "strong": dict(caution=1.0, samples=16, big_pile=3),
}


def player(strength: Strength, clock: Callable[[], float] | None = None) -> Policy:
    """The player at ``strength`` (its samples are fixed: far below any budget, so no clock is needed)."""
    knobs = Knobs(strength.name, **KNOBS[strength.name])  # type: ignore[arg-type]
    samples = SEARCH.get(strength.name, 0)
    if samples:
        return SearchingBot(SPEC, knobs, samples=samples, budget=strength.budget, clock=clock)
    return RummyBot(SPEC, knobs)
