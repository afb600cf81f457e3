"""Reversis (the Denexa text, after Parlett): the avoidance trick game with carried pots."""

from .game import Reversis
from .state import ReversisOptions, ReversisState

__all__ = ["Reversis", "ReversisOptions", "ReversisState"]
