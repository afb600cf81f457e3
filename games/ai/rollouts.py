"""Cheap playout policies a game can hand the search (``Game.rollout_action``), read off the action names.

A playout runs on a determinized state, so it can't leak anything; what matters is that it
is cheap and closer to how people play than picking any legal action at random, so an
action's average playout result says more about it. Each policy returns None where it has
no preference (the search then picks at random).
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def _any(actions: Sequence[str], rng: random.Random) -> str:
    return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def passive(legal: Sequence[str], rng: random.Random) -> str | None:
    """Betting that never gives up: check, else call (a playout to the showdown values the cards)."""
    for action in ("check", "call"):
        if action in legal:
            return action
    return None


def no_fold(legal: Sequence[str], rng: random.Random) -> str | None:
    """Betting at random but never folding: a random playout folds a third of the time it faces a
    bet, which makes any bet look like it wins the pot; a search that trusts that bluffs too much."""
    kept = [a for a in legal if a != "fold"]
    return _any(kept, rng) if kept and len(kept) < len(legal) else None
