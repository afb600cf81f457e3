"""What a seat's view says about the trick on the table, for baselines and blunder rules.

Baselines and the rules that name plainly bad actions read only ``game.view(state, seat)``
(so they can't peek); these helpers pick the common facts of a trick-taking game out of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.core.game import Game
from games.core.views import SeatView


@dataclass(frozen=True, slots=True)
class TableTrick:
    """The trick being played as the seat sees it: who played which card, and who is winning."""

    plays: tuple[tuple[int, str], ...]
    winner: int | None

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(card for _seat, card in self.plays)

    @property
    def lead(self) -> str | None:
        return self.plays[0][1] if self.plays else None


def current_trick(view: SeatView) -> TableTrick:
    """The trick on the table (empty when the seat leads), read off the view's untaken trick pile."""
    for pile in view.public.piles:
        if pile.plays and not pile.taken:
            plays = tuple((seat, card) for (seat, _label), card in zip(pile.plays, pile.cards, strict=True))
            return TableTrick(plays, pile.winner)
    return TableTrick((), None)


def cards_of(legal: tuple[str, ...], prefix: str = "play:") -> dict[str, str]:
    """Card → action for the card-playing actions in ``legal``."""
    return {a[len(prefix) :]: a for a in legal if a.startswith(prefix)}


class Baseline:
    """The frame of a rule-based baseline: a forced action is taken at once, anything else ``decide``s."""

    name = "baseline"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        return legal[0] if len(legal) == 1 else self.decide(game, state, seat, legal)

    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        raise NotImplementedError
