"""Fünfzehnern's own computer player: the determinized search with a rule prior and rule playouts.

What the generic search got wrong (issue 25): void in the suit led it threw A♠ (5 points) onto an
opponent's trick while holding 8♠. Random playouts throw counters about at random, so a search
built on them barely sees what a counter costs. Here:

* the plainly bad cards (``blunders``, listed in docs/ai.md) are never tried: a counter thrown to
  a trick the seat cannot win while a card with fewer points could go;
* playouts follow the baseline's rules (``games.ai.baselines.fuenfzehnern``): counters go where a
  competent player puts them, so each card's average result says what it is worth.
* easy is those rules played straight on the real state (``RulePlayer``), a fifth of its cards a
  random pick among the candidates (never a blunder): clearly below the search.
* strong solves the last four tricks of each sampled deal exactly (16 deals there, 64 before);
  normal weighs two deals played out by the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.ai import endgame
from games.ai.baselines.fuenfzehnern import best_on, rule_card
from games.ai.search import Strength
from games.fuenfzehnern.cards import ORDER, POINTS, SUIT_OF
from games.fuenfzehnern.game import Fuenfzehnern
from games.fuenfzehnern.state import FuenfState

from ._guided import GuidedSearch, RulePlayer, tuned
from ._tuning import Staged, deeper

GAME = Fuenfzehnern()
STRONG_SAMPLES = 64
NORMAL_SAMPLES = 2  # normal: a plainer search (two deals, rule play to the end), still well above the baseline
ENDGAME_CARDS = 12  # strong solves each sampled deal exactly from this many cards left (the last four tricks at three seats)
ENDGAME_NODES = 3000  # a solve past this many positions gives up: that world is played out instead
#: Strong's sampled deals by cards left: 16 where the last four tricks are solved (a solve there costs
#: up to tens of ms), 48 for the last three (a few ms each); 64 while the deal is played out by the rules.
DEEP_SAMPLES = ((ENDGAME_CARDS, 16), (9, 48))
EASY_NOISE = 0.2  # easy: the rules, a fifth of its decisions a random sensible pick


def blunders(state: FuenfState, seat: int, legal: Sequence[str]) -> set[str]:
    """Cards that give points away for nothing: the trick is lost whatever the seat plays, and a
    card with fewer points is playable."""
    trick = state.play.trick.cards
    if not trick:
        return set()
    cards = [a[5:] for a in legal]
    top = ORDER[best_on(trick)]
    suit = SUIT_OF[trick[0]]
    if any(SUIT_OF[c] == suit and ORDER[c] > top for c in cards):
        return set()  # the seat could take the trick: giving a counter may be the price
    fewest = min(POINTS[c] for c in cards)
    return {f"play:{c}" for c in cards if POINTS[c] > fewest}


def candidates(state: FuenfState, seat: int, legal: tuple[str, ...]) -> list[str]:
    bad = blunders(state, seat, legal)
    return [a for a in legal if a not in bad]


def playout(state: FuenfState, seat: int, rng: random.Random) -> str:
    """The baseline's rules on the determinized state (zwang is left to the search)."""
    legal = GAME.legal_actions(state, seat)
    playable = [a[5:] for a in legal if a.startswith("play:")]
    trick = state.play.trick.cards
    return "play:" + rule_card(playable, trick, len(trick) == state.seats - 1)


def player(strength: Strength, clock: Callable[[], float] | None = None) -> GuidedSearch | RulePlayer:
    """Fünfzehnern's player at ``strength`` (strong: 64 sampled deals a decision, 16 once it solves the
    last four tricks exactly; within its budget)."""
    if strength.name == "easy":
        return RulePlayer(strength, candidates, playout, EASY_NOISE)
    if strength.name == "strong":
        exact = endgame.solver(GAME, cards_left, ENDGAME_CARDS, cap=ENDGAME_NODES)
        return Staged(tuned(strength, STRONG_SAMPLES), clock, candidates, playout, exact,
                      stage=deeper(cards_left, DEEP_SAMPLES))
    return GuidedSearch(replace(tuned(strength, STRONG_SAMPLES), samples=NORMAL_SAMPLES), clock, candidates, playout)


def cards_left(state: Any) -> int:
    """The cards still in all the hands."""
    return sum(len(hand) for hand in state.play.hands)

