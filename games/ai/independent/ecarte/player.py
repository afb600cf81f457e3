"""The player itself: a fresh memory per deal, and each decision handed to its module.

A seat with one legal action still looks at the table, so a trick it could not choose in is
remembered all the same.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from games.core.game import Game

from .exchange import accept, discard, propose
from .play import play
from .reading import Memory, Reading, read, remember


class Independent:
    name = "independent"

    def __init__(self) -> None:
        self.mem: Memory | None = None

    def _observe(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[Reading, Memory]:
        seen = read(game.view(state, seat))
        self.mem = remember(self.mem, seen, legal)
        return seen, self.mem

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = tuple(game.legal_actions(state, seat))
        if len(legal) == 1:
            with contextlib.suppress(Exception):  # still keep the memory up to date
                self._observe(game, state, seat, legal)
            return legal[0]
        seen, memory = self._observe(game, state, seat, legal)
        if "king" in legal:
            return "king"
        if "propose" in legal or ("play" in legal and not any(a.startswith("play:") for a in legal)):
            return propose(seen, memory, seat, legal)
        if "accept" in legal:
            return accept(seen, memory, seat)
        if any(a.startswith("discard:") for a in legal):
            return discard(seen, memory, legal)
        return play(seen, memory, seat, legal)
