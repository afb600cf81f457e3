"""Cardroom's game engines: pure Python, no Discord, no database, no asyncio."""

from .core.errors import GameError, IllegalAction, NotYourTurn
from .core.game import Event, Game, Outcome
from .registry import UnknownGame, all_games, game_ids, get_game

__all__ = [
    "Event",
    "Game",
    "GameError",
    "IllegalAction",
    "NotYourTurn",
    "Outcome",
    "UnknownGame",
    "all_games",
    "game_ids",
    "get_game",
]
