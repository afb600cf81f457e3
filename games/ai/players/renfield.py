"""Renfield's (and Scurro's) computer player: the determinized search, without the plainly bad actions.

What it leaves out (``blunders``, listed in docs/ai.md): folding in Draw's betting when a check
is free, a bid for the lead above three times the price the dealer pays when nobody bids, and,
as the last to play to a trick, taking it while already holding a bug when a card would let
it go and the trick holds a bug or costs something (Blaze, where the most bugs win, the other
way round: letting a trick go when a card takes it). Draw's discards are weighed only among the hand's four
worst cards, and bids only a few steps above the lowest (``shortlist``). It reads the seat's view, plus what is public at the table:
the options and the phase.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.ai.baselines.renfield import Baseline
from games.ai.endgame import solver
from games.ai.policy import Policy
from games.ai.pruned import PrunedSearch, without
from games.ai.renfield_reading import _after, bugs_of, family
from games.ai.search import Strength
from games.ai.seen import cards_of, current_trick
from games.core.game import Game
from games.renfield import Renfield, Scurro
from games.renfield.rules import RenfieldFamily
from games.renfield.state import AUCTION, BETTING, BID, DISCARD, PLAY, FamilyState, RenfieldState, ScurroState

from . import _renfield
from ._guided import GuidedSearch, tuned

_GAMES: dict[type, RenfieldFamily] = {RenfieldState: Renfield(), ScurroState: Scurro()}

#: A lead bid above this many times the dealer's forced price is plainly too dear.
DEAR = 3


def lead_cap(game: Game, state: Any) -> int:
    options, profile = state.options, family(game).profile
    forced = profile.flatline_forced_bid if options.flatline else profile.forced_bid
    return int(DEAR * forced)


def blunders(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> frozenset[str]:
    """The plainly bad actions among ``legal`` for ``seat`` (docs/ai.md, Renfield and Scurro)."""
    phase, options = state.phase, state.options
    if phase == BETTING:
        return frozenset({"fold"}) if "check" in legal else frozenset()
    if phase == BID and not options.blaze:
        cap = lead_cap(game, state)
        return frozenset(a for a in legal if a.startswith("bid:") and int(a[4:]) > cap)
    if phase != PLAY:
        return frozenset()
    view = game.view(state, seat)
    trick = current_trick(view)
    still_in = [line for line in view.public.seats if not line.out]
    if not trick.plays or len(trick.plays) != len(still_in) - 1:
        return frozenset()
    cards = cards_of(legal)
    before = view.public.seats[seat].text
    outcomes = {a: _after(game, state, seat, a) for a in cards.values()}
    taking = {a for a, (took, _line) in outcomes.items() if took}
    letting = set(cards.values()) - taking
    if not taking or not letting:
        return frozenset()
    if options.blaze:
        return frozenset(letting)
    held = bugs_of(view, seat)
    if held is None or held == 0:
        return frozenset()
    # a free trick (no bug, no cost: the seat's line unchanged) is no loss
    return frozenset(a for a in taking if outcomes[a][1] != before)


def shortlist(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    """Draw's discards worth weighing: keeping the hand, or throwing some of its four worst cards
    (the highest, which take tricks; Blaze, the lowest). Sixty-odd discards would leave each
    a sample or two; these sixteen hold every sensible one. Bids: ``bid_steps``."""
    if state.phase in (BID, AUCTION):
        return bid_steps(legal)
    if state.phase != DISCARD:
        return legal
    rank = family(game).profile.rank
    hand = game.view(state, seat).hand
    worst = set(sorted(hand, key=lambda c: rank[c], reverse=not state.options.blaze)[:4])
    return tuple(a for a in legal if all(c in worst for c in a[8:].split(",") if c))


#: The raises over the lowest bid worth weighing: a bid decides who leads (and, in Blaze, the bugs
#: to take), where one dollar or bug more changes little and thirty bids would leave each a sample or two.
STEPS = (0, 1, 2, 4, 7)


def bid_steps(legal: tuple[str, ...]) -> tuple[str, ...]:
    """Every action but the bids, and the bids ``STEPS`` above the lowest."""
    amounts = [int(a[4:]) for a in legal if a.startswith("bid:")]
    if not amounts:
        return legal
    low = min(amounts)
    kept = {f"bid:{low + step}" for step in STEPS}
    return tuple(a for a in legal if not a.startswith("bid:") or a in kept)


def prune(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    return without(shortlist(game, state, seat, legal), blunders(game, state, seat, legal))


#: The strong player's sampled deals a decision (its clock budget, 1 s, caps it under load).
STRONG_SAMPLES = 64
#: The normal player's sampled deals a decision: a level below strong, not the best it could do.
NORMAL_SAMPLES = 3
#: The strong player solves a sampled deal exactly once at most this many cards remain to play
#: (two tricks at four seats), within ``SOLVE_NODES`` positions (beyond: a playout instead).
SOLVE_LEFT = 8
SOLVE_NODES = 400
_solvers = {
    kind: solver(
        game, _renfield.left, SOLVE_LEFT, playing=_renfield.playing, key=_renfield.key, order=_renfield.order,
        cap=SOLVE_NODES,
    )
    for kind, game in _GAMES.items()
}


def engine_of(state: FamilyState) -> RenfieldFamily:
    """The engine that plays ``state`` (Renfield or Scurro: one rule set, two decks), from its type."""
    return _GAMES[type(state)]


#: How often the easy player takes a sensible action at random instead of its rule's.
EASY_NOISE = 0.3


class RulesOfThumb:
    """The easy player: the baseline's rules of thumb (``games.ai.baselines.renfield``), but now and
    then (``EASY_NOISE``) any action the shortlist keeps, so never a listed blunder. Quick, and a
    deliberately simpler player than the searches: it neither looks ahead nor weighs bids."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and rng.random() < EASY_NOISE:
            kept = prune(game, state, seat, legal)
            return kept[rng.randrange(len(kept))]
        return Baseline().choose(game, state, seat, rng)


def player(strength: Strength, clock: Callable[[], float] | None = None) -> Policy:
    """Easy: ``RulesOfThumb``. Normal: the pruned flat search on a few sampled deals (``NORMAL_SAMPLES``), random (never folding) playouts.
    Strong: the same search with more samples and the last two tricks of each sampled deal solved
    exactly (``_renfield``, ``games.ai.endgame``)."""
    if strength.name == "easy":
        return RulesOfThumb(strength.name)
    if strength.name != "strong":
        return PrunedSearch(replace(strength, samples=min(strength.samples, NORMAL_SAMPLES)), clock, prune)

    def candidates(state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
        return prune(engine_of(state), state, seat, legal)

    def play(state: Any, seat: int, rng: random.Random) -> str:
        return _renfield.playout(engine_of(state), state, seat, rng)

    def solve(world: Any, seat: int, actions: Sequence[str]) -> list[float] | None:
        return _solvers[type(world)](world, seat, actions)

    chosen = tuned(strength, min(strength.samples, STRONG_SAMPLES))  # a test may ask for fewer
    return GuidedSearch(chosen, clock, candidates, play, solve)
