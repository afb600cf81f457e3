"""Écarté: two players, 32 cards, an exchange instead of bidding, a game to 5 points."""

from .game import Ecarte
from .state import EcarteOptions, EcarteState

__all__ = ["Ecarte", "EcarteOptions", "EcarteState"]
