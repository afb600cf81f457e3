"""Tresotti (Fairmarket Game 2) with the Sellersport and Dearworth rules."""

from .game import Tresotti
from .state import TresottiOptions, TresottiState

__all__ = ["Tresotti", "TresottiOptions", "TresottiState"]
