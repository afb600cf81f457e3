"""Fairmarket: five cards set in secret against five stations, for coins that may carry over."""

from .game import Fairmarket
from .options import FairmarketOptions
from .state import FairmarketState

__all__ = ["Fairmarket", "FairmarketOptions", "FairmarketState"]
