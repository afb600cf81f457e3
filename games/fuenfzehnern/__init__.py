"""Fünfzehnern (Fifteens): the old German trick game of the lead rule and zwang."""

from .game import Fuenfzehnern
from .state import FuenfOptions, FuenfState

__all__ = ["FuenfOptions", "FuenfState", "Fuenfzehnern"]
