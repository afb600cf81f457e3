"""Razz: seven-card stud, ace-to-five lowball, fixed limit."""

from .game import Razz
from .options import RazzOptions
from .state import RazzState

__all__ = ["Razz", "RazzOptions", "RazzState"]
