"""Samba's computer players: the shared rummy play (``games.ai.rummy``) with knobs per strength.

Easy is blind to what its discard gives and careless about which card goes; normal judges discards by
the table and eight determinizations of the next player's hand (the risk weighing more as the pile
grows); strong uses sixteen and also searches its take-or-draw and its discard
(``games.ai.rummy_search``: determinizations, a few turns of quick play, the table scored with Samba's
own terms: red 3s and the going-out bonus, ``table_extra``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.ai.baselines.samba import SPEC as BASE_SPEC
from games.ai.policy import Policy
from games.ai.rummy_search import rummy_player
from games.ai.search import Strength
from games.core.rummy.melds import is_book
from games.samba.state import BOOKS_TO_GO_OUT, OUT_BONUS, RED3_ALL, RED3_EACH, RULES

KNOBS: dict[str, dict[str, Any]] = {
    "easy": dict(caution=0.0, samples=0, sloppy=3, wilds_on_melds=False),
    "normal": dict(caution=1.0, samples=8, pile_weight=0.5),
    "strong": dict(caution=1.0, samples=16, pile_weight=0.5),
}
#: Determinizations per candidate of the searched choices (take or draw, the discard), per strength.
SEARCH = {"strong": 16}
#: Strong keeps the rule's (normal's) take-or-draw and discard unless the search finds another better by
#: this many standard errors: a noisy "best" mean made strong worse than normal's rule.
MARGIN = 0.5
#: A team is close to going out when it has its books and one of its hands is down to this many cards.
CLOSE = 4


def table_extra(state: Any, team: int) -> float:
    """Samba's terms of a team's table mid-deal that melds and hands miss: its red 3s (counted for the
    team with two books, against it without, as the deal's end scores them) and, when the team is close
    to going out, half the going-out bonus (a play-out of four turns rarely reaches the end, and without
    it the search undervalues the cards and books that let the team go out)."""
    books = sum(1 for m in state.melds[team] if is_book(m, RULES))
    reds = len(state.red3s[team])
    red = RED3_ALL if reds == 6 else RED3_EACH * reds
    total = float(red if books >= BOOKS_TO_GO_OUT else -red)
    if books >= BOOKS_TO_GO_OUT and min(len(state.hands[s]) for s in range(team, len(state.hands), 2)) <= CLOSE:
        total += OUT_BONUS / 2
    return total


SPEC = replace(BASE_SPEC, extra=table_extra)


def player(strength: Strength, clock: Callable[[], float] | None = None) -> Policy:
    return rummy_player(SPEC, KNOBS, SEARCH, strength, clock, MARGIN)
