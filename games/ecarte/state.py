"""Écarté's options and state: one game to 5 points, deal after deal, as one frozen value.

A table plays a match of such games hand by hand: the match score, the games
played and the next dealer travel in ``Outcome.carry`` (see ``game.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.fastvalue import builder
from ..core.sheet import ScoreSheet
from ..core.tricks import Trick, TrickPlay
from .cards import second_wins

GAME_POINTS = 5
HAND = 5

# Phases of a deal.
PROPOSE = "propose"  # the non-dealer: "I play" or "I propose"
ACCEPT = "accept"  # the dealer: accept the proposal or refuse it
DISCARD = "discard"  # one seat discards and draws back to five
PLAY = "play"  # the five tricks
OVER = "over"  # the game is decided


class EcarteOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    denexa_scoring: bool = Field(
        False,
        title=N_("Denexa scoring"),
        description=N_("The Denexa text's scoring: the vole and a vulnerable opponent each add a point (up to 3)."),
    )
    empty_exchange: bool = Field(
        False,
        title=N_("Empty exchange"),
        description=N_("An accepted exchange may discard no card (so proposing avoids vulnerability)."),
    )
    match_games: int = Field(
        1, ge=1, le=5, title=N_("Games to win the match"), description=N_("Games to win the match (1 = a single game; 2 = best of three)."),
        json_schema_extra=labels(changed=N_("First to win {value} games")),
    )
    stake: int = Field(0, ge=0, le=1_000_000, title=N_("Stake per game"), description=N_("Chips the loser of each game pays the winner (0 = none)."))


@dataclass(frozen=True, slots=True)
class EcarteState:
    options: EcarteOptions
    seed: int
    deal_no: int  # 0-based, within this game
    dealer: int
    phase: str
    play: TrickPlay  # the hands (also during the exchange) and the tricks
    stock: tuple[str, ...]  # face down, top first; the upcard is not in it
    upcard: str
    exchanges: int  # accepted exchanges this deal
    discarding: int  # the seat to discard (phase DISCARD), else -1
    drew: tuple[int, ...]  # cards each seat drew in the current exchange (-1: not yet)
    vulnerable: int  # the seat that prevented the exchange, else -1
    king_shown: int  # the seat that showed the king of trumps this deal, else -1
    pending: tuple[int, ...]  # points scored this deal, not yet on the sheet
    sheet: ScoreSheet  # totals (from the carried scores) and one row per finished deal
    opening: tuple[int, ...]  # the scores this state started from (a later deal of a game)
    first_deal: int  # 0-based number of the first deal played in this state
    match: tuple[int, ...]  # games won per seat in this match, before this game
    games: int  # games played before this one
    winner: int = -1
    recent: tuple[str, ...] = ()

    @property
    def trump(self) -> str:
        return self.upcard[1]

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Points so far in this game, this deal's included."""
        return tuple(t + p for t, p in zip(self.sheet.totals, self.pending, strict=True))


def trick_winner(trick: Trick, trump: str) -> int:
    """The seat that takes (or is winning) ``trick``: the leader unless the second card beats it."""
    plays = trick.plays
    if len(plays) == 2 and second_wins(plays[0][1], plays[1][1], trump):
        return plays[1][0]
    return plays[0][0]


def _evolver() -> Callable[..., EcarteState]:
    """``dataclasses.replace`` for ``EcarteState``, written out once (``replace`` looks the fields
    up on every call, and a new state is made per action): ``evolve(state, phase=PLAY)``."""
    names = [f.name for f in fields(EcarteState)]
    env: dict[str, Any] = {"_build": builder(EcarteState), "_M": object()}
    params = ", ".join(f"{n}=_M" for n in names)
    args = ", ".join(f"s.{n} if {n} is _M else {n}" for n in names)
    exec(f"def evolve(s, *, {params}):\n    return _build({args})", env)
    evolve: Callable[..., EcarteState] = env["evolve"]
    return evolve


evolve = _evolver()
