"""Burraco: partnership rummy with pozzetti, sets and runs (two decks and four jokers)."""

from .game import Burraco
from .state import BurracoOptions, BurracoState

__all__ = ["Burraco", "BurracoOptions", "BurracoState"]
