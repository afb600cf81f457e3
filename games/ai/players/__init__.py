"""Game-specific computer players, one module per game id (``games/ai/players/<game_id>.py``).

A module here exposes ``player(strength: Strength, clock) -> Policy``; ``games.ai.search.computer_player``
uses it for that game instead of the generic determinized search. A game without a module keeps the
generic search, so a family of games can be improved one game at a time without touching the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any


def module_for(game_id: str) -> ModuleType | None:
    """The game's own player module, or None when it has none."""
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise  # the module exists but something it imports is missing: a bug, not "no player"
        return None


def factory_for(game_id: str) -> Callable[..., Any] | None:
    """``player(strength, clock)`` of the game's own module, if it has one."""
    module = module_for(game_id)
    made = getattr(module, "player", None) if module is not None else None
    return made if callable(made) else None


__all__ = ["factory_for", "module_for"]
