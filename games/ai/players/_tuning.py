"""Sample counts for a game whose playouts are too dear for the search's defaults.

``_guided.tuned`` gives strong a fixed sample count whatever it was asked for; a game whose
playout is a whole deal through the engine (Reversis, Tresotti) instead caps what it is asked:
the bot's strong (2000 samples, "as many as the budget allows") becomes the game's own count,
while a test's strong of 32 samples stays 32, so a scan runs in seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.ai.search import Strength
from games.core.game import Game

from ._guided import GuidedSearch

#: The clock budgets (a cap under load): issue 25 allows 300 ms and 1.5 s at p99.
NORMAL_BUDGET, STRONG_BUDGET = 0.2, 1.0


def capped(strength: Strength, normal: int, strong: int) -> Strength:
    """``strength`` with at most ``normal`` / ``strong`` samples and the budgets above (easy as it is)."""
    if strength.name == "normal":
        return replace(strength, samples=min(strength.samples, normal), budget=NORMAL_BUDGET)
    if strength.name == "strong":
        return replace(strength, samples=min(strength.samples, strong), budget=STRONG_BUDGET)
    return strength


class Budgeted(GuidedSearch):
    """``GuidedSearch`` whose sampled deals a decision shrink as its candidates grow: at most
    ``playouts`` playouts a decision (samples × candidates), never fewer than ``least`` samples.

    A whole-deal playout costs the same whatever the decision, so the decisions with the most
    candidates (the first leads, holding ten cards or more) were the slowest by far (Tresotti's
    strong p99 2.7 s on a lightly loaded machine); with few candidates (late in the deal, where
    the choice is closest) it keeps its full sample count. Deterministic: no clock involved.
    """

    def __init__(self, strength: Strength, clock: Callable[[], float] | None, *hooks: Any,
                 playouts: int, least: int, **more: Any) -> None:
        super().__init__(strength, clock, *hooks, **more)
        self.full, self.playouts, self.least = strength, playouts, least

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        kept = max(1, len([a for a in self.candidates(state, seat, legal) if a in legal])) if legal else 1
        samples = min(self.full.samples, max(self.least, self.playouts // kept))
        self.strength = replace(self.full, samples=samples)
        return super().choose(game, state, seat, rng)



class Staged(GuidedSearch):
    """``GuidedSearch`` whose sampled deals a decision depend on the position: ``stage(state)``
    gives the count there (None: the strength's own).

    Two uses: an exact solve of the last tricks is dear on each sampled deal (four tricks at
    three seats: tens of milliseconds, against a fraction of one for a rule playout) and worth
    more than many rule-played deals, so a game solves deeper on fewer deals (``deeper``); and a
    lower level may judge one kind of decision (a bid) more plainly than the rest. Deterministic:
    no clock involved.
    """

    def __init__(self, strength: Strength, clock: Callable[[], float] | None, *hooks: Any,
                 stage: Callable[[Any], int | None], **more: Any) -> None:
        super().__init__(strength, clock, *hooks, **more)
        self.full, self.stage = strength, stage

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        samples = self.stage(state)
        self.strength = replace(self.full, samples=self.full.samples if samples is None else samples)
        return super().choose(game, state, seat, rng)


def deeper(left: Callable[[Any], int], tiers: tuple[tuple[int, int], ...]) -> Callable[[Any], int | None]:
    """A ``Staged`` stage by cards left: ``tiers`` (``(most cards left, samples)``) give the samples
    once at most that many cards are left (the tightest tier that applies), else None."""
    ordered = sorted(tiers)

    def stage(state: Any) -> int | None:
        cards = left(state)
        return next((n for most, n in ordered if cards <= most), None)

    return stage
