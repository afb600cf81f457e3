"""Game positions worth a picture, found by random play: shared by ``tools.pictures`` and the image benchmark.

Each scene plays random legal moves of a registered game from a seed until a
predicate holds (a trick half played, melds on the table, up cards showing…).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from games.core.game import Game
from games.core.views import SeatView
from games.registry import get_game

Wanted = Callable[[Game, Any], bool]


@dataclass(frozen=True)
class Scene:
    name: str
    game: Game
    state: Any
    seat: int  # whose hand to show

    def view(self) -> SeatView:
        return self.game.view(self.state, self.seat)


def positions(game: Game, seats: int, seed: int, preset: str | None = None) -> Iterator[Any]:
    """Every state of one random hand, from the deal to the end."""
    options = game.presets[preset] if preset else None
    state = game.start(options, seats, seed)
    rng = random.Random(seed)
    for _ in range(5_000):
        yield state
        if game.outcome(state) is not None:
            return
        seat = rng.choice(sorted(game.to_act(state)))
        state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def find(name: str, game_id: str, seats: int, wanted: Wanted, *, seat: int = 0, seeds: int = 40) -> Scene:
    game = get_game(game_id)
    for seed in range(seeds):
        for state in positions(game, seats, seed):
            if wanted(game, state):
                return Scene(name, game, state, seat)
    raise LookupError(f"no position of {game_id} fits {name}")


def _public(game: Game, state: Any) -> Any:
    return game.view(state, None).public


def trick_of(n: int) -> Wanted:
    def ok(game: Game, state: Any) -> bool:
        return any(p.plays and not p.taken and len(p.cards) >= n for p in _public(game, state).piles)
    return ok


def hand_with(check: Callable[[tuple[str, ...]], bool], seat: int = 0) -> Wanted:
    def ok(game: Game, state: Any) -> bool:
        return check(game.view(state, seat).hand)
    return ok


def melds_of(n: int) -> Wanted:
    def ok(game: Game, state: Any) -> bool:
        return sum(len(p.runs) for p in _public(game, state).piles) >= n
    return ok


def up_cards(n: int) -> Wanted:
    def ok(game: Game, state: Any) -> bool:
        return sum(len(s.cards) for s in _public(game, state).seats) >= n
    return ok


def showcase() -> list[Scene]:
    """The positions the docs show (``docs/images``) and the benchmark draws."""
    action = {"WILD", "CHANGE", "OUT", "BONUS", "MAD"}
    return [
        find("renfield-hand", "renfield", 4, hand_with(lambda h: len(h) >= 6)),
        find("rage-hand", "rage", 4, hand_with(lambda h: len(h) >= 8 and len(action & set(h)) >= 2)),
        find("renfield-trick", "renfield", 4, trick_of(3)),
        find("reversis-trick", "reversis", 4, trick_of(3)),
        find("samba-melds", "samba", 4, melds_of(5), seeds=80),
        find("burraco-hand", "burraco", 4, hand_with(lambda h: len(h) >= 11)),
        find("razz-table", "razz", 6, up_cards(12)),
        find("kabu-hand", "kabu", 4, hand_with(lambda h: len(h) >= 3)),
        find("samba-hand", "samba", 4, hand_with(lambda h: len(h) >= 15)),
        find("fuenfzehnern-hand", "fuenfzehnern", 4, hand_with(lambda h: len(h) >= 8)),
        find("fairmarket-stations", "fairmarket", 4, lambda g, s: len(_public(g, s).piles) >= 4),
        find("tresotti-trick", "tresotti", 4, trick_of(3)),
    ]
