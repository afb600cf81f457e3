"""Computer players: pure policies over the game contract (no Discord, no I/O)."""

from .policy import Policy, RandomPolicy

__all__ = ["Policy", "RandomPolicy"]
