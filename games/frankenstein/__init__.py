"""Frankenstein: five-card draw against the Zombie, the hand built from everyone's discards."""

from .game import Frankenstein, FrankensteinOptions, FrankensteinState

__all__ = ["Frankenstein", "FrankensteinOptions", "FrankensteinState"]
