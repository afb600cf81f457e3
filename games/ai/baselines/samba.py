"""Samba's rule-based baseline: a competent casual player that sees only its own seat.

It takes the pile whenever the rules let it (the top card always melds then), melds everything it
can (lay-offs, sets, escaleras, a pair with a wild; never black 3s, which meld only when going out),
goes out when the engine allows, and discards its least useful card, never one the opponents' melds
take or a wild while another card will do. Asked "May I go out?", it says yes unless it holds many
points. The play itself is ``games.ai.rummy``'s, shared with Burraco.
"""

from __future__ import annotations

from games.ai.rummy import Knobs, RummyBot, Spec
from games.core.rummy.melds import RUN, Meld
from games.samba.state import CLEAN_BONUS, MIXED_BONUS, RULES, is_black3, is_red3, is_wild, value


def _bonus(meld: Meld) -> int:
    return CLEAN_BONUS if meld.kind == RUN or meld.clean else MIXED_BONUS  # a samba: 500 in the text's rules


SPEC = Spec(RULES, value, is_wild, dead=is_black3, laid_out=is_red3, book_bonus=_bonus)


class Baseline(RummyBot):
    """``RummyBot`` with the table-only caution."""

    def __init__(self) -> None:
        super().__init__(SPEC, Knobs("baseline", caution=1.0))
