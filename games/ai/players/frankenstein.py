"""Frankenstein's computer players: easy and strong on the betting player of ``games/ai/poker.py``,
normal by a competent casual player's rules.

Strong judges its bets by checking the hand down against sampled holdings, the Zombie included (it is
dealt from everyone's discards in each sample, so a hand that may lose to it, and then match the pot,
is valued as such): every action is checked down, everyone answering by a player's rule (``reply``:
junk folds to a bet, a strong hand bets), so a bet that makes the others fold wins the antes with no
Zombie to beat; each sample is weighed by the opponents' betting (``weigh``) and each opponent's range
narrowed by its draw (``sample_ranged``), and its draw is weighed on sampled deals (``Drawer``).

Normal plays the rules of ``games.ai.baselines.frankenstein`` (jacks or better bet before the draw, two
pair or better after it, the textbook draw). The same search at 80 samples without the ranges and the
weighed draw (``JUDGED``) measured no better than those rules, before the draw or after it (docs/ai.md,
Frankenstein): at this game a search that strong can't outplay isn't a level of its own.

Easy only checks its hand down against any holding, with few samples and no bluffs. The draw is the
textbook one (``draw_rule``) for all but strong: keep any made hand (pat on a straight or better), four
to a flush or to an open straight throws one, trips and two pair throw their kickers, a pair throws the
rest, nothing keeps its two highest. A premium start (jacks or better) is never folded before the draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.ai.baselines.frankenstein import Baseline, draw_rule, four_to_something, open_straight
from games.ai.poker import BettingPlayer, Style, estimate_each
from games.ai.search import Strength
from games.core.game import Game
from games.core.poker.highhand import HIGH_RANK, PAIR, STRAIGHT, TWO_PAIR, high_key
from games.frankenstein.state import FrankensteinState

TRIES = 60  # hands tried per opponent for one that throws as many cards as it did
NOTHING = 0.15  # a bettor or caller holding nothing: that much less likely (a bluff, or a loose call)
ONE_PAIR = 0.5  # after the draw, a bettor or caller holding one pair
DRAW_SAMPLES = 120  # strong's sampled deals for weighing its draws (each candidate checked down in each)
DRAW_MARGIN = 0.15  # chips a draw must be worth more than the sound one to be taken instead
MIX_SLACK = 0.4  # strong bluffs and semi-bluffs only where the bet is judged to cost at most this many chips
RAISED = 0.4  # and one who put in two bets or more this round holding less than jacks (before) or two pair


def draw_candidates(hand: Sequence[str], most: int) -> list[tuple[str, ...]]:
    """The throws worth weighing: the sound draw's first, then standing pat and throwing the 1, 2 or 3 lowest
    unpaired cards (never a card of a pair or trips, never a made straight or better broken)."""
    rule = draw_rule(hand, most)
    if high_key(hand)[0] >= STRAIGHT:
        return [rule]
    ranks = [HIGH_RANK[c[0]] for c in hand]
    odd = sorted((c for c, r in zip(hand, ranks, strict=True) if ranks.count(r) == 1), key=lambda c: HIGH_RANK[c[0]])
    found = [rule]
    for k in range(min(most, len(odd)) + 1):
        low = set(odd[:k])
        throw = tuple(c for c in hand if c in low)
        if throw not in found:
            found.append(throw)
    return found


class Drawer:
    """Strong's draw: each candidate throw (``draw_candidates``) checked down on the same sampled deals (its
    completions from the stock, the others' hands as their draws so far fit), the Zombie built from everyone's
    throws; the sound draw unless another is worth ``DRAW_MARGIN`` chips more.

    The textbook draw ignores the Zombie: keeping a kicker, or standing pat on two pair, feeds it fewer cards,
    and a hand that won't be the best may do better to keep its chances of a small pot than to chase it.
    """

    def __init__(self, style: Style, clock: Callable[[], float] | None, samples: int = DRAW_SAMPLES) -> None:
        self.style = replace(style, samples=samples)
        self.clock = clock

    def __call__(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        options = ["discard:" + ",".join(t) for t in draw_candidates(state.hands[seat], state.options.max_discard)]
        if len(options) == 1:
            return options[0]
        deadline = None
        if self.clock is not None and self.style.budget is not None:
            clock, stop = self.clock, self.clock() + self.style.budget

            def deadline() -> bool:
                return clock() >= stop

        est = estimate_each(game, state, seat, rng, self.style, pot, tuple(options), deadline)
        best = max(options, key=lambda a: est[a].result)
        return best if est[best].result > est[options[0]].result + DRAW_MARGIN else options[0]


def draw_action(game: Game, state: Any, seat: int, rng: random.Random) -> str:
    thrown = draw_rule(state.hands[seat], state.options.max_discard)
    return "discard:" + ",".join(thrown)


def premium(state: FrankensteinState, seat: int) -> bool:
    """Jacks or better, or any better hand, before the draw."""
    if state.phase != "bet1":
        return False
    key = high_key(state.hands[seat])
    return key[0] > PAIR or (key[0] == PAIR and key[1] >= 11)


def _drawn(state: FrankensteinState, s: int) -> bool:
    """Has seat ``s`` drawn this deal (its count of cards thrown is then public)?"""
    return state.phase == "bet2" or (state.phase == "draw" and s not in state.drawing)


def _predraw(pool: list[str], k: int, most: int, rng: random.Random) -> tuple[str, ...]:
    """Five cards from ``pool`` from which the sound draw throws exactly ``k`` (else the likeliest try).

    Rejection sampling: a throw of three (a pair, or nothing) takes a try or two; standing pat (a straight or
    better, under 1% of hands) may not be found in ``TRIES``: then the best hand tried stands in for it, and
    for a throw of one or two the best tried that throws at most three.
    """
    best: tuple[str, ...] = ()
    best_key: tuple[int, ...] = ()
    for _ in range(TRIES):
        hand = tuple(rng.sample(pool, 5))
        if min(throws(hand), most) == k:
            return hand
        key = high_key(hand)
        if key > best_key:
            best, best_key = hand, key
    return best


def throws(hand: Sequence[str]) -> int:
    """How many cards ``draw_rule`` throws from five (at most three), counted fast for the sampler."""
    ranks = [HIGH_RANK[c[0]] for c in hand]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if counts[0] >= 3:
        return 0 if counts[0] == 4 or counts[1] == 2 else 2
    if counts[0] == 2:
        return 1 if counts[1] == 2 else 3
    suits = [c[1] for c in hand]
    flush = max(suits.count(s) for s in set(suits))
    low = sorted(ranks)
    if flush == 5 or low[4] - low[0] == 4 or low == [2, 3, 4, 5, 14]:
        return 0
    if flush == 4 or open_straight(hand):
        return 1
    return 3


def sample_ranged(game: Game, state: FrankensteinState, seat: int, rng: random.Random) -> FrankensteinState:
    """``sample_hidden``, then each opponent who drew gets a hand its draw fits (range narrowing).

    A player who stood pat holds a made hand, one who threw one two pair or a four-card draw, one who threw
    three a pair or nothing: each such opponent's hand before the draw is sampled so the sound draw throws
    as many cards as it threw, its throw becomes its part of the Zombie, and it draws that many from the rest.
    """
    world: FrankensteinState = game.sample_hidden(state, seat, rng)
    if state.zombie_shown:
        return world
    ranged = [s for s in range(state.n) if s != seat and state.live[s] and _drawn(state, s)
              and not (state.shown and state.shown[s])]
    if not ranged:
        return world
    pool = list(world.stock)
    for s in ranged:
        pool += world.hands[s] + world.discards[s]
    hands, discards = list(world.hands), list(world.discards)
    most = state.options.max_discard
    for s in ranged:
        k = len(state.discards[s])
        before = _predraw(pool, k, most, rng)
        thrown = draw_rule(before, k) if k else ()
        if len(thrown) < k:  # the stand-in threw fewer: throw its lowest cards to make up the count
            rest = sorted((c for c in before if c not in thrown), key=lambda c: HIGH_RANK[c[0]])
            thrown = (*thrown, *rest[: k - len(thrown)])
        for c in before:
            pool.remove(c)
        new = tuple(rng.sample(pool, k))
        for c in new:
            pool.remove(c)
        hands[s] = tuple(c for c in before if c not in thrown) + new
        discards[s] = thrown
    rng.shuffle(pool)
    return replace(world, hands=tuple(hands), discards=tuple(discards), stock=tuple(pool))


def weigh(world: FrankensteinState, seat: int) -> float:
    """How well the opponents' sampled hands fit their betting this round (1: fits, less: doesn't).

    An opponent who has put chips in this round (bet, raised or called) is less likely to hold nothing
    (before the draw: no pair and no four-card draw; after it: less than a pair, and a pair less than two pair);
    one who put in two bets or more (raised, or called a raise) less likely still to hold less than jacks
    before the draw, or than two pair after it (``RAISED``).
    """
    weight = 1.0
    committed = world.round.committed
    for s in range(world.n):
        if s == seat or not world.live[s] or committed[s] == 0:
            continue
        hand = world.hands[s]
        key = high_key(hand)
        raised = committed[s] >= 2 * world.round.bet_size
        if world.phase == "bet1":
            if key[0] < PAIR and not four_to_something(hand):
                weight *= NOTHING
            if raised and not premium(world, s):
                weight *= RAISED
        elif key[0] < PAIR:
            weight *= NOTHING
        elif key[0] == PAIR:
            weight *= ONE_PAIR * (RAISED if raised else 1.0)
    return weight


def reply(game: Game, state: FrankensteinState, seat: int, rng: random.Random, own: bool) -> str | None:
    """A player's rule in the check-down (``games.ai.poker.Style.reply``): a strong hand bets when checking
    is free (before the draw jacks or better, after it two pair or better; not the deciding seat, ``own``,
    which only checks), junk folds to a bet (before the draw no pair and no four-card draw, after it less
    than a pair), anything else calls; an opponent who has put chips in this round stays in.

    Without it every caller stays to the showdown, with its throw in the Zombie, and the seat calls every bet
    down: a pair facing a bet looked worse than it is (pairs of tens were folded before the draw), and a bet
    won no folds.
    """
    legal = game.legal_actions(state, seat)
    hand = state.hands[seat]
    key = high_key(hand)
    if state.phase == "bet1":
        made, strong = key[0] >= PAIR or four_to_something(hand), premium(state, seat)
    else:
        made, strong = key[0] >= PAIR, key[0] >= TWO_PAIR
    if "check" in legal:
        return "bet" if strong and not own and "bet" in legal else None
    if "fold" not in legal or "call" not in legal or (state.round.committed[seat] > 0 and not own):
        return None
    return "call" if made else "fold"


def value(game: Game, end: FrankensteinState, seat: int) -> float:
    """The seat's worth of a finished deal: its payoff and its even share of a pot the Zombie carried.

    The carried pot goes to the next deal's winner, whoever it is: a seat's share is worth about as much to it
    as to anyone (``games.ai.search.advantage``, the duplicate yardstick, is this less the others' average, up
    to a scale). Without it a Zombie win was valued as all loss, so a hand behind the would-be winner looked
    worse than it is, and folding (which loses the share too when the others get beaten) looked better.
    """
    assert end.payoffs is not None
    return end.payoffs[seat] + end.carried_out / end.n


def may_raise(state: FrankensteinState, seat: int) -> bool:
    """No bet or raise with less than a pair after the draw: the others' folds can't win it a pot the Zombie
    still contests, and a caller beats it."""
    return state.phase != "bet2" or high_key(state.hands[seat])[0] >= PAIR


def pot(state: FrankensteinState) -> int:
    return state.pot


def last_round(state: FrankensteinState) -> bool:
    return state.phase == "bet2"


#: The judged search strong is built on (80 samples; normal's until 2 Dec 2026, see the module's docstring).
JUDGED = Style(samples=80, budget=0.1, bluff=0.08, semi=0.06, premium=premium, passive_other=draw_action, weigh=weigh,
               reply=reply, judge_bets=True, value=value, fold_check=True, may_raise=may_raise)
STYLES = {
    "easy": Style(samples=12, budget=0.02, premium=premium, passive_other=draw_action),
    "strong": replace(JUDGED, samples=300, budget=0.5, bluff=0.1, semi=0.08, mix_slack=MIX_SLACK, sample=sample_ranged),
}


class RulePlayer(Baseline):
    """Normal: the competent casual player's rules (``games.ai.baselines.frankenstein.Baseline``), which
    read only the seat's view, under the strength's name."""

    name = "normal"


def player(strength: Strength, clock: Callable[[], float] | None) -> Any:
    if strength.name == "normal":
        return RulePlayer()
    style = STYLES[strength.name]
    other = Drawer(style, clock) if strength.name == "strong" else draw_action
    return BettingPlayer(strength.name, style, clock, pot, last_round, other=other)


__all__ = [
    "JUDGED", "STYLES", "Drawer", "RulePlayer", "draw_action", "draw_candidates", "draw_rule", "four_to_something",
    "player", "premium",
]
