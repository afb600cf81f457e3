"""Burraco's rule-based baseline: a competent casual player that sees only its own seat.

It takes the pile when the top card melds (or the pile is big: Burraco's pile is free to take), melds
everything it can (lay-offs, sets, runs, a pair with a wild), goes down to its pozzetto and closes when
the engine allows, and discards its least useful card, never one the opponents' melds take or a wild
while another card will do. The play itself is ``games.ai.rummy``'s, shared with Samba.
"""

from __future__ import annotations

from games.ai.rummy import Knobs, RummyBot, Spec
from games.burraco.state import CLEAN_BONUS, DIRTY_BONUS, RULES, is_wild, value

SPEC = Spec(RULES, value, is_wild, book_bonus=lambda m: CLEAN_BONUS if m.clean else DIRTY_BONUS)


class Baseline(RummyBot):
    """``RummyBot`` with the table-only caution and a taste for piles of four or more."""

    def __init__(self) -> None:
        super().__init__(SPEC, Knobs("baseline", caution=1.0, big_pile=4))
