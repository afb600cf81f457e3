"""Rage, the Fundex "FOLD" rules: a bidding trick game with action cards."""

from .game import Rage
from .state import RageOptions, RageState

__all__ = ["Rage", "RageOptions", "RageState"]
