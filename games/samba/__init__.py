"""Samba: partnership rummy with three decks, sets and escaleras, canastas and sambas, to 10,000."""

from .game import Samba
from .state import SambaOptions, SambaState

__all__ = ["Samba", "SambaOptions", "SambaState"]
