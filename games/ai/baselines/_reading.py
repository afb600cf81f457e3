"""What a betting baseline reads off its seat's view: the amounts on its buttons, the bets this round.

Read from the view only (never the state), in any language: the numbers, not the words.
"""

from __future__ import annotations

import re

from games.core.views import SeatView

_NUMBER = re.compile(r"\d+")


def amount(view: SeatView, action: str) -> int:
    """The chips on ``action``'s button ("Call 4" → 4), 0 when it has none."""
    for choice in view.prompt:
        if getattr(choice, "action", None) == action:
            found = _NUMBER.search(getattr(choice, "label", ""))
            return int(found.group()) if found else 0
    return 0


def bets_this_round(view: SeatView) -> int:
    """Bets and raises so far this round (the "Bets this round" fact, ``2/4``)."""
    for _key, value in view.public.facts:
        head, _slash, tail = value.partition("/")
        if head.isdigit() and (tail.isdigit() or tail == "∞"):
            return int(head)
    return 0
