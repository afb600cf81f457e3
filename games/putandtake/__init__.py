"""Put and Take: a banking game of pure luck, two rounds of five turned cards."""

from .game import PutAndTake
from .options import PutTakeOptions
from .state import PutTakeState

__all__ = ["PutAndTake", "PutTakeOptions", "PutTakeState"]
