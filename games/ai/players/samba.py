"""Samba's computer players: the shared rummy play (``games.ai.rummy``) with knobs per strength.

Easy is blind to what its discard gives and careless about which card goes; normal judges discards by
the table and eight determinizations of the next player's hand (the risk weighing more as the pile
grows); strong uses sixteen and also searches its take-or-draw and its discard
(``games.ai.rummy_search``: determinizations, a few turns of quick play, the table scored).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ai.baselines.samba import SPEC
from games.ai.policy import Policy
from games.ai.rummy_search import rummy_player
from games.ai.search import Strength

KNOBS: dict[str, dict[str, Any]] = {
    "easy": dict(caution=0.0, samples=0, sloppy=3, wilds_on_melds=False),
    "normal": dict(caution=1.0, samples=8, pile_weight=0.5),
    "strong": dict(caution=1.0, samples=16, pile_weight=0.5),
}
#: Determinizations per candidate of the searched choices (take or draw, the discard), per strength.
SEARCH = {"strong": 6}
#: Strong keeps the rule's take-or-draw and discard unless the search finds another better by this many
#: standard errors (six play-outs are noisy: an unfiltered search did worse than normal's rule).
MARGIN = 1.0


def player(strength: Strength, clock: Callable[[], float] | None = None) -> Policy:
    return rummy_player(SPEC, KNOBS, SEARCH, strength, clock, MARGIN)
