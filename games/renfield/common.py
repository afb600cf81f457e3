"""Numbers and names that the rules and the views of the Renfield family both use.

A module of its own so that the dependency runs one way: the rules import
the view (``render``), and neither imports the other for a constant.
"""

from __future__ import annotations

from games.core.views import seat_name

TRICKS = 6  # tricks in a hand, whatever the hand size
MAX_DISCARD = 4  # Draw: the most cards a seat may discard
RECENT = 8  # lines of the table's short log

#: Seat names as the log says them, computed once: they go into many texts per hand.
SEATS = tuple(seat_name(s) for s in range(8))
