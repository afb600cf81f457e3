"""Rule-based baseline players: what a competent casual player does, seeing only its own seat.

The yardstick the computer players are measured against (``games.ai.duplicate``): one module per
game id (``games/ai/baselines/<game_id>.py``) exposing ``class Baseline`` (a ``Policy``). A baseline
reads nothing but ``game.view(state, seat)`` and ``game.legal_actions(state, seat)``: the no-peeking
test swaps the other seats' hidden cards and checks its decisions don't change.
"""

from __future__ import annotations

from games.ai.policy import Policy, policy_in


def baseline_for(game_id: str) -> Policy | None:
    """A fresh baseline player for ``game_id``, or None when the game has none yet."""
    return policy_in(__name__, game_id, "Baseline")


__all__ = ["baseline_for"]
