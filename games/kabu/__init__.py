"""Kabu: Sid Sackson's Western-deck Kabu — draw towards nine, pay every higher total the difference."""

from .game import Kabu
from .options import KabuOptions
from .state import KabuState

__all__ = ["Kabu", "KabuOptions", "KabuState"]
