"""Rage's own computer player: bids near what the hand is worth, chosen by playouts that try to make them.

What the generic search got wrong (issue 25): its bids barely followed the hand (a correlation of
0.2–0.3 with a simple trick count; strong bid 10 holding two trumps), because random playouts
neither try to make a bid nor to stay under it, so every bid looks about as good. Here:

* bids are searched only near the rule estimate (``games.ai.baselines.rage.estimate``, ± 2), and
  never more than ``BID_SLACK`` from the simple trick count of docs/ai.md (``simple_count``);
* playouts follow the baseline's rules: each seat plays to make its own bid exactly, so a bid's
  average result says how often it is made.
* easy is those rules played straight on the real state (``RulePlayer``), a fifth of its decisions
  a random pick among the candidates: legal and sensible, clearly below the search.
* strong and normal differ where Rage is won, the bid: strong weighs each bid near the estimate
  on 128 deals drawn so the others' bids fit their hands (``sample``); normal bids the rule
  estimate, as a competent player does (``rule_bids``). On cards strong weighs 64 deals against
  normal's 24, and solves the last cards exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.ai import endgame
from games.ai.baselines.rage import estimate, rule_play
from games.ai.deal import weighed
from games.ai.search import Strength
from games.rage.cards import COLOUR_OF, RANK_OF, WILD
from games.rage.game import Rage
from games.rage.state import RageState

from ._guided import GuidedSearch, RulePlayer, tuned
from ._tuning import Staged

GAME = Rage()
STRONG_SAMPLES = 64
STRONG_BID_SAMPLES = 128  # strong judges a bid (where Rage is won) on twice its deals for a card
UNLIKELY = 0.2  # strong: how often a world the others' bids make unlikely is kept
TRIES = 8  # strong: redraws looking for a world the others' bids fit
ENDGAME_CARDS = 7  # strong solves each sampled deal exactly from this many cards left (all hands)
ENDGAME_NODES = 1500  # a solve past this many positions gives up: that world is played out instead
EASY_NOISE = 0.2  # easy: the rules, a fifth of its decisions a random sensible pick
BID_SLACK = 3  # a bid further than this from the simple count is a blunder (docs/ai.md)
SEARCH_SPREAD = 2  # bids searched either side of the estimate


def simple_count(hand: Sequence[str], trump: str) -> int:
    """Trumps of 8 and up, plain 14s and 15s, and Wild Rages: the yardstick of docs/ai.md."""
    def counts(card: str) -> bool:
        if card == WILD:
            return True
        colour = COLOUR_OF.get(card)
        if colour is None:
            return False
        return RANK_OF[card] >= (8 if colour == trump else 14)

    return sum(1 for c in hand if counts(c))


def candidates(state: RageState, seat: int, legal: tuple[str, ...]) -> list[str]:
    """All the legal cards; bids near the estimate and never far from the simple count."""
    if state.phase != "bid":
        return list(legal)
    hand = state.play.hands[seat]
    guess = estimate(hand, state.trump, state.seats)
    count = simple_count(hand, state.trump)
    sane = [a for a in legal if abs(int(a[4:]) - count) <= BID_SLACK]  # never empty: the count is a bid
    return [a for a in sane if abs(int(a[4:]) - guess) <= SEARCH_SPREAD] or sane


def rule_bids(state: RageState, seat: int, legal: tuple[str, ...]) -> list[str]:
    """Normal's candidates: the rule estimate's bid (a competent player's), and every card in the
    play. Strong's bid search, on deals the others' bids fit, is where it pulls ahead."""
    if state.phase != "bid":
        return list(legal)
    ruled = playout(state, seat, random.Random(0))  # the rule bid draws nothing
    return [ruled] if ruled in legal else candidates(state, seat, legal)


def playout(state: RageState, seat: int, rng: random.Random) -> str:
    """The baseline's rules on the determinized state."""
    hand = state.play.hands[seat]
    if state.phase == "bid":
        return f"bid:{estimate(hand, state.trump, state.seats)}"
    trump = "" if state.trump_out else state.trump
    trick = list(zip(state.play.trick.cards, state.calls, strict=False))
    want = state.play.tricks[seat] < state.bids[seat]
    last = len(trick) == state.seats - 1
    return rule_play(GAME.legal_actions(state, seat), trick, trump, state.led, want, last)


def fits(state: RageState, seat: int) -> bool:
    """Whether ``seat``'s hand fits its bid: the rule estimate of the hand within one trick of the
    tricks it still wants (a seat yet to bid fits any hand)."""
    bid = state.bids[seat]
    if bid < 0:
        return True
    wanted = max(0, bid - state.play.tricks[seat])
    return abs(estimate(state.play.hands[seat], state.trump, state.seats) - wanted) <= 1


def sample(state: RageState, seat: int, rng: random.Random) -> RageState:
    """``sample_hidden`` weighed by the others' bids: a seat that bid 3 seldom holds a hand worth
    none, so a world where some other seat's hand is far from the tricks it still wants is
    redrawn (up to ``TRIES`` times; kept anyway at ``UNLIKELY``)."""
    others = [s for s in range(state.seats) if s != seat and state.bids[s] >= 0]
    return weighed(
        lambda: GAME.sample_hidden(state, seat, rng),
        lambda world: 1.0 if all(fits(world, s) for s in others) else UNLIKELY,
        rng, TRIES,
    )


def bidding(samples: int) -> Callable[[RageState], int | None]:
    """A ``Staged`` stage: ``samples`` sampled deals for a bid, the strength's own for a card."""

    def stage(state: RageState) -> int | None:
        return samples if state.phase == "bid" else None

    return stage


def player(strength: Strength, clock: Callable[[], float] | None = None) -> GuidedSearch | RulePlayer:
    """Rage's player at ``strength`` (strong: 64 sampled deals a card and 128 a bid, deals the
    others' bids fit, within its budget; normal: 24 a card, the rule estimate's bid)."""
    if strength.name == "easy":
        return RulePlayer(strength, candidates, playout, EASY_NOISE)
    if strength.name == "strong":
        exact = endgame.solver(GAME, cards_left, ENDGAME_CARDS, cap=ENDGAME_NODES, playing=_playing)
        return Staged(tuned(strength, STRONG_SAMPLES), clock, candidates, playout, exact, sample=sample,
                      stage=bidding(STRONG_BID_SAMPLES))
    return GuidedSearch(tuned(strength, STRONG_SAMPLES), clock, rule_bids, playout)


def cards_left(state: Any) -> int:
    """The cards still in all the hands."""
    return sum(len(hand) for hand in state.play.hands)


def _playing(state: Any) -> bool:
    return bool(state.phase == "play")

