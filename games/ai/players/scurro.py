"""Scurro's computer player: Renfield's (one engine, another deck; the player reads which from the state)."""

from __future__ import annotations

from .renfield import blunders, player, prune

__all__ = ["blunders", "player", "prune"]
