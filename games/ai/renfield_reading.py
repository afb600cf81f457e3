"""What a Renfield or Scurro seat reads off the table: bugs taken, who takes the trick, the engine.

Shared by the baseline (``games.ai.baselines.renfield``) and the computer players
(``games.ai.players.renfield``), which also uses the baseline as its easy player: these helpers live
apart so neither imports the other's module for them.
"""

from __future__ import annotations

import re
from typing import Any

from games.core.game import Game
from games.renfield.rules import RenfieldFamily

_COUNT = re.compile(r"^\s*(\d+)")


def bugs_of(view: Any, seat: int) -> int | None:
    """The bugs (points) ``seat`` has taken, from its seat line ("3 bugs · paid $4 · …")."""
    found = _COUNT.match(view.public.seats[seat].text)
    return int(found.group(1)) if found else None


def takes(game: Game, state: Any, seat: int, action: str) -> bool:
    """Whether ``seat`` is winning the trick (or, as its last card, takes it) once it plays ``action``.

    Only the cards on the table and ``action`` decide it, so the answer is public: it is
    read off the seat's view after the play (the trick judged by the engine's own rule,
    wild cards and Death Cards included).
    """
    return _after(game, state, seat, action)[0]


def _after(game: Game, state: Any, seat: int, action: str) -> tuple[bool, str]:
    """(``takes``, the seat's line once it has played ``action``: its bugs and what it paid)."""
    after, _events = game.apply(state, seat, action)
    public = game.view(after, seat).public
    running = [p for p in public.piles if p.plays and not p.taken]
    took = running[0].winner == seat if running else any(p.taken and p.winner == seat for p in public.piles)
    return took, public.seats[seat].text


def family(game: Game) -> RenfieldFamily:
    """``game`` as the Renfield engine (its deck profile has the prices and card values)."""
    assert isinstance(game, RenfieldFamily)
    return game
