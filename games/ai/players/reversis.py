"""Reversis' computer player: the determinized search, without the plainly bad plays.

What it leaves out (``blunders``, listed in docs/ai.md): the J♥ played to a heart lead when
another heart would do (20 chips to the leader and a remise), an ace played to its own suit's
lead when another card of the suit would do (it pays the leader and usually takes the trick),
keeping the J♥ when void in the suit led (thrown, it is paid 5 and takes a pot), and taking
a trick with points as the last to play when a card would duck it. None applies while a
reversis is on or to a seat that has taken every trick so far (it may be going for one), nor
to a seat going for the espagnolette. Everything is read off the seat's view.

Normal and strong weigh the rest (and, in the exchange, keeping the hand or shedding one of the
most dangerous cards: ``exchanges``) by playing each sampled hand out with the baseline's
exchange and the game's playout card, the engine settling every payment; normal weighs a few
hands, strong many more (``Budgeted``: fewer when the candidates are many) and solves the last two
tricks of each exactly (``_endplay``). Easy is the generic search with two samples, less the blunders.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from games.ai.baselines.reversis import danger, ducks, exchange_action, most_dangerous
from games.ai.pruned import PrunedSearch, without
from games.ai.search import Strength
from games.ai.seen import cards_of, current_trick
from games.core.game import Game
from games.reversis.cards import POINTS, QUINOLA, SUIT_OF, is_ace
from games.reversis.game import Reversis
from games.reversis.rollout import rollout_action
from games.reversis.state import EXCHANGE, PLAY, SEATS, ReversisState

from ._endplay import end_solver
from ._guided import GuidedSearch
from ._tuning import Budgeted, capped

GAME = Reversis()
#: Sampled deals a decision plays out, at most (a playout is a whole deal through the engine).
NORMAL_SAMPLES, STRONG_SAMPLES = 4, 48
#: The strong player's playouts a decision (samples × candidates), and its fewest samples.
STRONG_PLAYOUTS, STRONG_LEAST = 288, 24
#: The exchanges the search weighs: keeping the hand and discarding one of this many most dangerous cards.
EXCHANGES = 4

_COUNT = re.compile(r"^\s*(\d+)")


def tricks_taken(view: Any) -> tuple[int, ...] | None:
    """Tricks each seat has taken, from the seat lines ("3 tricks · …"); None when they don't say."""
    counts = []
    for line in view.public.seats:
        found = _COUNT.match(line.text)
        if found is None:
            return None
        counts.append(int(found.group(1)))
    return tuple(counts)


def chasing(view: Any, seat: int) -> bool:
    """Whether the reversis is on, or ``seat`` has taken every trick so far (it may go for one)."""
    if any(key == "Reversis" for key, _value in view.public.facts):
        return True
    taken = tricks_taken(view)
    return taken is not None and sum(taken) > 0 and taken[seat] == sum(taken)


def blunders(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> frozenset[str]:
    """The plainly bad actions among ``legal`` for ``seat`` (docs/ai.md, Reversis)."""
    cards = cards_of(legal)
    if not cards:
        return frozenset()  # the exchange
    view = game.view(state, seat)
    trick = current_trick(view)
    if not trick.plays or chasing(view, seat):
        return frozenset()
    led = SUIT_OF[trick.cards[0]]
    follow = [c for c in cards if SUIT_OF[c] == led]
    if follow and len(follow) < len(cards):
        return frozenset()  # the espagnolette: it may renounce
    bad: set[str] = set()
    if follow:
        safe = [c for c in follow if c != QUINOLA and not is_ace(c)]
        if safe:
            bad |= {cards[c] for c in follow if c == QUINOLA or is_ace(c)}
        if len(trick.plays) == 3 and any(ducks(trick, c) for c in follow):
            points = sum(POINTS[c] for c in trick.cards)
            bad |= {cards[c] for c in follow if not ducks(trick, c) and points + POINTS[c] > 0}
    elif QUINOLA in cards:
        bad |= {a for c, a in cards.items() if c != QUINOLA}
    return frozenset(bad)


def exchanges(hand: tuple[str, ...], legal: tuple[str, ...]) -> tuple[str, ...]:
    """The exchanges worth weighing: keeping the hand (where allowed) or discarding one of the (at
    most four) most dangerous cards that threaten anything; never a low card that costs nothing."""
    worst = most_dangerous(hand)
    shed = [c for c in worst[:EXCHANGES] if danger(c, hand) > 0] or worst[:1]
    shortlist = {"discard:", *(f"discard:{c}" for c in shed)}
    return tuple(a for a in legal if a in shortlist) or legal


def prune(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    """The actions the search weighs: no blunder in the play, a shortlist in the exchange."""
    if not cards_of(legal):
        return exchanges(game.view(state, seat).hand, legal)
    return without(legal, blunders(game, state, seat, legal))


def candidates(state: ReversisState, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    return prune(GAME, state, seat, legal) if len(legal) > 1 else legal


def playout(state: ReversisState, seat: int, rng: random.Random) -> str:
    """The baseline's exchange and the game's playout card (duck, shed what pays when void)."""
    if state.phase == EXCHANGE:
        return exchange_action(state.play.hands[seat], seat != state.dealer)
    action = rollout_action(state, seat)
    assert action is not None  # the play has a card for every seat to play
    return action


def _playing(state: ReversisState) -> bool:
    return state.phase == PLAY


def _two_tricks(state: ReversisState) -> int:
    return 2 * SEATS


def player(strength: Strength, clock: Callable[[], float] | None = None) -> PrunedSearch | GuidedSearch:
    """Reversis' player at ``strength``: easy, the generic search's two samples less the blunders;
    normal, a few sampled hands; strong, many (fewer when the candidates are many: ``Budgeted``),
    the last two tricks of each solved exactly."""
    if strength.name == "easy":
        return PrunedSearch(strength, clock, prune)
    chosen = capped(strength, NORMAL_SAMPLES, STRONG_SAMPLES)
    if strength.name != "strong":
        return GuidedSearch(chosen, clock, candidates, playout)
    solve = end_solver(GAME, _playing, _two_tricks)
    return Budgeted(chosen, clock, candidates, playout, solve, playouts=STRONG_PLAYOUTS, least=STRONG_LEAST)
