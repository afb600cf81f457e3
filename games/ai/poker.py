"""A fixed-limit poker betting player: hand strength against sampled holdings, pot odds, mixed play.

The generic search judges a bet by random playouts, where opponents fold and bet at random; that
makes a weak hand look good and a good one look bad (the issue's Razz fold of 3-5/2 to a bring-in).
This player asks one question the way a card player does: *if I just check and call from here,
what do I win on average?* It samples the others' hidden cards consistent with what the seat sees
(``Game.sample_hidden``), plays the hand down with everyone checking and calling (the game's
``passive`` continuation), and averages its result. Then:

* **facing a bet**: call when calling is worth more than folding (the pot odds, exactly: the average
  result of calling and checking down against the chips already lost by folding), raise when its share
  of the final pot is well above an even share;
* **checking is free**: bet for value above an even share; otherwise check, never fold;
* a **mixed strategy**: now and then (``Style.bluff``, ``Style.semi``; drawn from the caller's rng) it bets
  or raises a hand that would check or call, so its bets can't be read as strength alone.

A game may weigh each sample by how well the others' sampled cards fit their betting so far
(``Style.weigh``: an opponent who raised more likely holds a good hand), and may name starting hands
it never folds to the opening bet (``Style.premium``). Pure: randomness from the rng, time from the
caller's clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.game import Game

PASSIVE = ("check", "call", "bring-in")
MAX_LEVEL = 4  # the usual cap: a bet and three raises
SURE = 0.97  # a share of the pot that close to all of it raises on past the cap
AGGRESSIVE = ("complete", "bet", "raise")


@dataclass(frozen=True, slots=True)
class Style:
    """How one strength plays: how many samples, how it mixes, what the game adds."""

    samples: int  # sampled deals at most per decision
    budget: float | None  # seconds at most (with a clock)
    bluff: float = 0.0  # chance of betting a weak hand when checking is free (before the last round)
    semi: float = 0.0  # chance of raising a hand worth only a call (a semi-bluff)
    value_margin: float = 0.15  # bet when the pot share exceeds an even share by this much of the rest
    raise_margin: float = 0.3  # raise when it exceeds it by this much
    #: a sample's weight given the seat (an opponent's sampled cards fitting their bets weigh more)
    weigh: Callable[[Any, int], float] | None = None
    #: hands that never fold to the opening bet (a premium start)
    premium: Callable[[Any, int], bool] | None = None
    #: the sampler of hidden cards (default ``game.sample_hidden``): a game's range narrowing, e.g. hands
    #: that fit each opponent's draw
    sample: Callable[[Game, Any, int, random.Random], Any] | None = None
    #: the continuation for a non-betting decision (a draw) in the check-down; None: first legal
    passive_other: Callable[[Game, Any, int, random.Random], str] | None = None


@dataclass(frozen=True, slots=True)
class Estimate:
    """What checking and calling down is worth to the seat, averaged over the samples."""

    result: float  # the seat's chips at the end (its payoff), on average
    share: float  # its share of the final pot, on average
    samples: int


def passive_action(game: Game, state: Any, seat: int, rng: random.Random, style: Style) -> str:
    legal = game.legal_actions(state, seat)
    for action in PASSIVE:
        if action in legal:
            return action
    if style.passive_other is not None:
        return style.passive_other(game, state, seat, rng)
    return legal[0]


def check_down(game: Game, state: Any, rng: random.Random, style: Style) -> Any:
    """Play the hand out with every seat checking or calling (never folding)."""
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, passive_action(game, state, seat, rng, style))
    return state


def estimate(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    style: Style,
    pot_of: Callable[[Any], int],
    deadline: Callable[[], bool] | None = None,
) -> Estimate:
    """Sample the hidden cards, take the passive action now, check down; average the seat's result."""
    first = passive_action(game, state, seat, rng, style)
    total = share = weights = 0.0
    done = 0
    for i in range(style.samples):
        if deadline is not None and i >= 4 and deadline():
            break
        world = style.sample(game, state, seat, rng) if style.sample is not None else game.sample_hidden(state, seat, rng)
        w = style.weigh(world, seat) if style.weigh is not None else 1.0
        after, _events = game.apply(world, seat, first)
        end = check_down(game, after, rng, style)
        out = game.outcome(end)
        assert out is not None
        pay = out.payoffs[seat]
        pot = pot_of(end)
        won = pay + end.contributed[seat]
        total += w * pay
        share += w * (won / pot if pot else 0.0)
        weights += w
        done += 1
    if weights <= 0:
        return Estimate(0.0, 0.0, done)
    return Estimate(total / weights, share / weights, done)


def decide(
    legal: tuple[str, ...],
    est: Estimate,
    fold_value: float,
    live: int,
    rng: random.Random,
    style: Style,
    premium: bool,
    last_round: bool,
    level: int = 0,
) -> str:
    """The betting action from the estimate (see the module's docstring).

    ``level``: bets and raises so far this round; past ``MAX_LEVEL`` (heads-up play has no cap) only a
    hand sure to win at least its share raises again, so two players never raise each other for ever.
    """
    even = 1.0 / max(live, 1)
    value = even + style.value_margin * (1 - even)
    strong = even + style.raise_margin * (1 - even)
    up = next((a for a in AGGRESSIVE if a in legal), None)
    if level >= MAX_LEVEL and est.share < SURE:
        up = None
    if "check" in legal:
        if up is not None and (est.share > value or (not last_round and rng.random() < style.bluff)):
            return up
        return "check"
    if "bring-in" in legal:  # the forced opening: bring it in, or complete with a strong hand
        return up if up is not None and est.share > strong else "bring-in"
    facing = "call" in legal
    if facing and "fold" in legal and not premium and est.result < fold_value:
        # a semi-bluff raise instead of a fold, now and then, with a hand that still has chances
        if up is not None and not last_round and est.share > even / 2 and rng.random() < style.semi:
            return up
        return "fold"
    if up is not None and (est.share > strong or (not last_round and rng.random() < style.semi)):
        return up
    return "call" if facing else legal[0]


class BettingPlayer:
    """A game's betting player of one strength (see the module's docstring)."""

    def __init__(
        self,
        name: str,
        style: Style,
        clock: Callable[[], float] | None,
        pot_of: Callable[[Any], int],
        last_round: Callable[[Any], bool],
        other: Callable[[Game, Any, int, random.Random], str] | None = None,
    ) -> None:
        self.name = name
        self.style = style
        self.clock = clock
        self.pot_of = pot_of
        self.last_round = last_round
        self.other = other  # decisions that aren't bets (a draw): the game's own

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        if len(legal) == 1:
            return legal[0]
        if not any(a in legal for a in (*PASSIVE, *AGGRESSIVE)):
            if self.other is None:
                return legal[rng.randrange(len(legal))]
            return self.other(game, state, seat, rng)
        deadline: Callable[[], bool] | None = None
        clock, budget = self.clock, self.style.budget
        if clock is not None and budget is not None:
            stop = clock() + budget

            def deadline() -> bool:
                return clock() >= stop

        est = estimate(game, state, seat, rng, self.style, self.pot_of, deadline)
        premium = self.style.premium is not None and self.style.premium(state, seat)
        fold_value = -float(state.contributed[seat])
        live = sum(1 for x in state.round.live if x)
        return decide(
            legal, est, fold_value, live, rng, self.style, premium, self.last_round(state), state.round.level
        )


__all__ = ["BettingPlayer", "Estimate", "Style", "check_down", "decide", "estimate"]
