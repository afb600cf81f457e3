"""Sample counts for a game whose playouts are too dear for the search's defaults.

``_guided.tuned`` gives strong a fixed sample count whatever it was asked for; a game whose
playout is a whole deal through the engine (Reversis, Tresotti) instead caps what it is asked:
the bot's strong (2000 samples, "as many as the budget allows") becomes the game's own count,
while a test's strong of 32 samples stays 32, so a scan runs in seconds.
"""

from __future__ import annotations

from dataclasses import replace

from games.ai.search import Strength

#: The clock budgets (a cap under load): issue 25 allows 300 ms and 1.5 s at p99.
NORMAL_BUDGET, STRONG_BUDGET = 0.2, 1.0


def capped(strength: Strength, normal: int, strong: int) -> Strength:
    """``strength`` with at most ``normal`` / ``strong`` samples and the budgets above (easy as it is)."""
    if strength.name == "normal":
        return replace(strength, samples=min(strength.samples, normal), budget=NORMAL_BUDGET)
    if strength.name == "strong":
        return replace(strength, samples=min(strength.samples, strong), budget=STRONG_BUDGET)
    return strength
