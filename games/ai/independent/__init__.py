"""A second yardstick: rule-based players written apart from the computer players.

The baselines (``games.ai.baselines``) were written by the same hands as the players measured against
them, and a player tuned against one opponent can beat it and still lose to another. The issue asks
for the figures to hold against rule players written independently, so these were: each by someone
who read the game's rules text and the engine, and not ``games/ai`` (the Policy protocol and the match
harness aside). One package per game id (``games/ai/independent/<game_id>/``) exposing
``class Independent`` (a ``Policy``); like a baseline it reads nothing but its seat's view and its
legal actions (the no-peeking test covers both), and unlike most baselines it remembers what it saw
earlier in the deal (the view shows only the last trick), so a fresh one is made for every seat of
every deal, as ``duplicate_match`` does.

They are yardsticks only: the bot never seats one. ``python -m benchmarks.ai --matchups
strong-independent,normal-independent`` plays them.
"""

from __future__ import annotations

from games.ai.policy import Policy, policy_in


def independent_for(game_id: str) -> Policy | None:
    """A fresh independent player for ``game_id``, or None when the game has none."""
    return policy_in(__name__, game_id, "Independent")


__all__ = ["independent_for"]
