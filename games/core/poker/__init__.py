"""Shared poker pieces: hand evaluation, pots, and hand-history (PHH) export.

Razz and Frankenstein (and any later poker game) use these, so ranking and pot
splitting are written once and checked once against pokerkit.
"""

from .highhand import high_key, high_name
from .lowball import board_key, low_hand, low_key, low_name
from .pots import Pot, side_pots, split_amount

__all__ = [
    "Pot",
    "board_key",
    "high_key",
    "high_name",
    "low_hand",
    "low_key",
    "low_name",
    "side_pots",
    "split_amount",
]
