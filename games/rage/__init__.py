"""Rage, the Fundex "FOLD" rules: a bidding trick game with action cards."""

from .game import Rage, RageOptions, RageState

__all__ = ["Rage", "RageOptions", "RageState"]
