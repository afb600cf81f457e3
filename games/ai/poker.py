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

A game may also give a rule for the check-down's decisions (``Style.reply``: junk folds to a bet, as players
do) and have the player judge a bet or raise by checking down after it as well (``Style.judge_bets``): then
it takes whichever of folding, the passive action and the bet is worth the most, so a bet's worth includes
the folds it wins. An easy player may be a loose caller (``Style.loose``: it calls unless calling loses more
than a share of the pot against folding, a beginner's leak).

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
    #: a rule for the check-down's decisions (``own``: the seat deciding, after its first action), None: check
    #: or call; e.g. junk folds to a bet and a strong hand bets, as players do, so a pot isn't judged against
    #: callers (and their discards) that wouldn't be there, nor the seat's hand as if it called every bet down
    reply: Callable[[Game, Any, int, random.Random, bool], str | None] | None = None
    #: a loose caller's slack (an easy player's leak): it calls rather than folds unless calling loses more
    #: than this share of the current pot against folding
    loose: float = 0.0
    #: also check down after its own bet or raise (the others answering by ``reply``) and take whichever of
    #: fold, check or call, and bet or raise is worth the most: a bet's worth includes the folds it wins
    judge_bets: bool = False
    #: the seat's worth of a finished deal (default: its payoff), e.g. with its share of a pot carried to the
    #: next deal, which the seat may win there as well as anyone
    value: Callable[[Game, Any, int], float] | None = None
    #: with ``judge_bets``: judge folding by checking the hand down after it too, on the same sampled deals
    #: (where the others playing on still moves the seat's worth: a pot they lose to the house or carry)
    fold_check: bool = False
    #: may the seat bet or raise here (None: always)? A game's rule against plainly bad bets, e.g. junk after
    #: the last draw, which nothing but folds could win and the others' folds can't when a hand must still beat
    #: something (Frankenstein's Zombie)
    may_raise: Callable[[Any, int], bool] | None = None
    #: with ``fold_check``: mix in a bluff or semi-bluff only where the bet or raise is judged to cost at most this
    #: many chips against the passive action (None: wherever the passive action is best)
    mix_slack: float | None = None


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


def check_down(game: Game, state: Any, rng: random.Random, style: Style, me: int | None = None) -> Any:
    """Play the hand out with every seat checking or calling, or by the style's ``reply`` where it has one
    (``me``: the seat deciding)."""
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        action = style.reply(game, state, seat, rng, seat == me) if style.reply is not None else None
        if action is None:
            action = passive_action(game, state, seat, rng, style)
        state, _events = game.apply(state, seat, action)
    return state


def estimate(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    style: Style,
    pot_of: Callable[[Any], int],
    deadline: Callable[[], bool] | None = None,
    first: str | None = None,
) -> Estimate:
    """Sample the hidden cards, take ``first`` now (default: the passive action), check down; average the
    seat's result."""
    if first is None:
        first = passive_action(game, state, seat, rng, style)
    return estimate_each(game, state, seat, rng, style, pot_of, (first,), deadline)[first]


def _worth(
    game: Game, world: Any, seat: int, first: str, rng: random.Random, style: Style, pot_of: Callable[[Any], int]
) -> tuple[float, float]:
    """In one sampled deal: take ``first``, check down; the seat's worth (``Style.value``, default its payoff)
    and its share of the final pot."""
    after, _events = game.apply(world, seat, first)
    end = check_down(game, after, rng, style, seat)
    out = game.outcome(end)
    assert out is not None
    pay = out.payoffs[seat]
    pot = pot_of(end)
    won = pay + end.contributed[seat]
    return (style.value(game, end, seat) if style.value is not None else pay), (won / pot if pot else 0.0)


def estimate_each(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    style: Style,
    pot_of: Callable[[Any], int],
    firsts: tuple[str, ...],
    deadline: Callable[[], bool] | None = None,
) -> dict[str, Estimate]:
    """``estimate`` of each of ``firsts`` on the same sampled deals (every action checked down in each), so
    their differences aren't the noise of different samples."""
    firsts = tuple(dict.fromkeys(firsts))
    totals = dict.fromkeys(firsts, 0.0)
    shares = dict.fromkeys(firsts, 0.0)
    weights = 0.0
    done = 0
    for i in range(style.samples):
        if deadline is not None and i >= 4 and deadline():
            break
        world = style.sample(game, state, seat, rng) if style.sample is not None else game.sample_hidden(state, seat, rng)
        w = style.weigh(world, seat) if style.weigh is not None else 1.0
        for first in firsts:
            value, part = _worth(game, world, seat, first, rng, style, pot_of)
            totals[first] += w * value
            shares[first] += w * part
        weights += w
        done += 1
    if weights <= 0:
        return {a: Estimate(0.0, 0.0, done) for a in firsts}
    return {a: Estimate(totals[a] / weights, shares[a] / weights, done) for a in firsts}


def judge(
    legal: tuple[str, ...],
    passive: Estimate,
    aggressive: Estimate,
    up: str,
    fold_value: float,
    rng: random.Random,
    style: Style,
    premium: bool,
    last_round: bool,
) -> str:
    """The action worth the most of folding (facing a bet, unless ``premium``), the passive one and ``up``
    (``Style.judge_bets``); now and then (``Style.bluff`` when checking is free, ``Style.semi`` facing a bet,
    never in the last round) ``up`` instead of a passive action, so a bet isn't always strength."""
    calm = next(a for a in (*PASSIVE, *legal) if a in legal)
    worth = {calm: passive.result, up: aggressive.result}
    if "fold" in legal and "check" not in legal and not premium:
        worth["fold"] = fold_value
    best = max(worth, key=lambda a: worth[a])  # ties: the passive action (first in the dict)
    mix = style.bluff if "check" in legal else style.semi
    if best == calm and not last_round and rng.random() < mix:
        return up
    return best


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
    slack: float = 0.0,
) -> str:
    """The betting action from the estimate (see the module's docstring).

    ``level``: bets and raises so far this round; past ``MAX_LEVEL`` (heads-up play has no cap) only a
    hand sure to win at least its share raises again, so two players never raise each other for ever.
    ``slack``: chips of expected loss a call may cost against folding (``Style.loose``).
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
    if facing and "fold" in legal and not premium and est.result < fold_value - slack:
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
        premium = self.style.premium is not None and self.style.premium(state, seat)
        if self.style.judge_bets and self.style.fold_check:
            return self._judge_all(game, state, seat, rng, legal, premium)
        fold_value = -float(state.contributed[seat])
        up = next((a for a in AGGRESSIVE if a in legal), None)
        if self.style.judge_bets and up is not None and state.round.level < MAX_LEVEL:
            # the same sampled deals for both actions (one seed), so their difference isn't sampling noise
            seed = rng.random()
            calm = estimate(game, state, seat, random.Random(seed), self.style, self.pot_of, self._deadline(0.5))
            bold = estimate(game, state, seat, random.Random(seed), self.style, self.pot_of, self._deadline(0.5), up)
            return judge(legal, calm, bold, up, fold_value, rng, self.style, premium, self.last_round(state))
        est = estimate(game, state, seat, rng, self.style, self.pot_of, self._deadline(1.0))
        live = sum(1 for x in state.round.live if x)
        return decide(
            legal, est, fold_value, live, rng, self.style, premium, self.last_round(state), state.round.level,
            self.style.loose * self.pot_of(state),
        )

    def _judge_all(
        self, game: Game, state: Any, seat: int, rng: random.Random, legal: tuple[str, ...], premium: bool
    ) -> str:
        """``Style.fold_check``: the passive action, the bet or raise (where ``Style.may_raise`` allows it, under
        the cap) and folding (facing a bet, unless ``premium``) each checked down on the same sampled deals; the
        one worth the most, with ``judge``'s mixing."""
        style = self.style
        calm = next(a for a in (*PASSIVE, *legal) if a in legal)
        firsts = [calm]
        up = next((a for a in AGGRESSIVE if a in legal), None)
        if up is not None and state.round.level < MAX_LEVEL and (style.may_raise is None or style.may_raise(state, seat)):
            firsts.append(up)
        if "fold" in legal and "check" not in legal and not premium:
            firsts.append("fold")
        est = estimate_each(game, state, seat, rng, style, self.pot_of, tuple(firsts), self._deadline(1.0))
        best = max(firsts, key=lambda a: est[a].result)  # ties: the passive action (first)
        mix = style.bluff if "check" in legal else style.semi
        if up is None or up not in est or best != calm or self.last_round(state):
            return best
        if style.mix_slack is not None and est[up].result < est[calm].result - style.mix_slack:
            return best
        return up if rng.random() < mix else best

    def _deadline(self, share: float) -> Callable[[], bool] | None:
        """True once ``share`` of the style's budget has passed on the clock (None without a clock)."""
        clock, budget = self.clock, self.style.budget
        if clock is None or budget is None:
            return None
        stop = clock() + share * budget

        def deadline() -> bool:
            return clock() >= stop

        return deadline


__all__ = ["BettingPlayer", "Estimate", "Style", "check_down", "decide", "estimate", "estimate_each", "judge"]
