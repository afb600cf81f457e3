"""Game-specific reasons for the 💡 Hint (``games.ai.advice``): ``<game_id>.explain`` per game.

A module here gives the sentence a player of that game would say ("Stand on 7: drawing makes it
worse more often than better"), worked out from the seat's own view only; a game without one gets
the generic reason built from the search's statistics.
"""
