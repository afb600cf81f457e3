"""Frankenstein: five-card draw against the Zombie, the hand built from everyone's discards."""

from .game import Frankenstein
from .options import FrankensteinOptions
from .state import FrankensteinState

__all__ = ["Frankenstein", "FrankensteinOptions", "FrankensteinState"]
