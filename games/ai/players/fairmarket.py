"""Fairmarket's computer player: an expected-value order, found by playing the stations against
sampled opponents' orders.

A hand is one decision made in secret: which of the five cards goes on which station (120 orders).
The player samples what it cannot see (``Game.sample_hidden``: the others' hands, Jack's cards, the
stock), gives every opponent an order from a model of how people set a hand (``_opponent_order``: the
greedy order a casual player uses, the EV order a careful one finds, now and then an arbitrary one),
and scores its own orders on those worlds.

What a seat's order is worth is its coins taken plus a ``1/n`` share of every coin that stays on the
table (a carried pot is won by somebody in a later hand): the same yardstick as the duplicate
harness's ``advantage``, which is ``n/(n-1)`` times it, up to a constant. In the base game a card's
worth on a station does not depend on the other stations, so the samples fill a 5×5 matrix (card ×
station) and the best of the 120 orders is exact for the sampled worlds (``_linear``). The Jackpot,
Seaside Jack's purse and the Allben story cards tie the stations together (a total taken, a Put, a
Quit), so the orders that matrix ranks best are played out whole by the engine (``play_out``) on the
same worlds and the best average is kept (``_exact``).

Strengths: easy samples a few worlds and takes the opponents' orders as arbitrary; normal samples
more and models the opponents as greedy or careful players; strong samples many more, and also plays
out its shortlist exactly in the base game's variants. Once an order is chosen, the player places its
cards one by one and confirms; it never votes for a last hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from games.ai.baselines.fairmarket import plan as greedy_plan
from games.ai.search import Strength
from games.core.game import Game
from games.fairmarket import cards as fm
from games.fairmarket.state import STATIONS, FairmarketState
from games.fairmarket.stations import play_out

PLACE, CONFIRM, ASIS = "place", "confirm", "asis"
Key = tuple[bool, int]


@dataclass(frozen=True, slots=True)
class Level:
    """How hard a strength thinks: worlds sampled, how the opponents are modelled, the exact shortlist."""

    samples: int  # worlds for the card × station matrix (at three seats; fewer with more opponents)
    greedy: float  # share of opponents' orders that are the casual greedy order
    careful: float  # share that are the careful (matrix against greedy opponents) order; the rest arbitrary
    shortlist: int  # orders played out whole by the engine (variants only; 0: the matrix decides)
    exact_samples: int  # worlds those orders are played out on
    budget: float  # seconds at most on the bot's clock (a cap under load; the samples decide)

    def worlds(self, n: int) -> int:
        """Samples at ``n`` seats: each opponent's order costs a model, so the work stays about even."""
        return max(1, min(self.samples, 2 * self.samples // max(1, n - 1)))


LEVELS = {
    "easy": Level(samples=3, greedy=0.0, careful=0.0, shortlist=0, exact_samples=0, budget=0.04),
    "normal": Level(samples=40, greedy=0.75, careful=0.0, shortlist=4, exact_samples=12, budget=0.25),
    "strong": Level(samples=240, greedy=0.5, careful=0.35, shortlist=8, exact_samples=24, budget=1.0),
}


def pots_of(state: FairmarketState) -> tuple[int, ...]:
    return tuple(state.pot(k) for k in range(STATIONS))


def station_worth(table_card: str, others: Sequence[str], pot: int, n: int, mine: str, stories: bool = False) -> float:
    """What ``mine`` on one station is worth to its player (coins taken, plus 1/n of what the table
    keeps), against the other cards there (stations.play_station). ``stories`` (Allben): a player's
    lone story card acts and takes nothing, story cards played together and the table's rank zero;
    what the story cards do (a Put, a Cut, a Quit) is left to the exact play-out."""
    high = fm.suit(table_card)
    zero = _zero(table_card, others, mine) if stories else frozenset()
    table = (True, 0) if stories and fm.rank(table_card) in _STORY else fm.key(table_card, high)
    keys = [(fm.suit(c) == high, 0) if fm.rank(c) in zero else fm.key(c, high)
            for c in others if not (stories and fm.rank(c) in _STORY and fm.rank(c) not in zero)]
    acting = stories and fm.rank(mine) in _STORY and fm.rank(mine) not in zero
    me = (fm.suit(mine) == high, 0) if fm.rank(mine) in zero else fm.key(mine, high)
    field = keys if acting else [me, *keys]
    top = max(table, *field)
    bottom = min(table, *field)
    lows = (table == bottom) + sum(k == bottom for k in field)
    left = pot - min(lows, pot)
    kept = (1 if table == bottom and pot else 0) + (left if table == top else 0)
    if acting:
        return kept / n
    took = (1 if me == bottom and pot >= lows else 0) + (left if me == top else 0)
    return took + kept / n


_STORY = frozenset({"P", "C", "Q"})


def _zero(table_card: str, others: Sequence[str], mine: str) -> frozenset[str]:
    """The story ranks played together by players on a station (they counterfeit: rank zero)."""
    ranks = [fm.rank(c) for c in (*others, mine) if fm.rank(c) in _STORY]
    return frozenset(r for r in ranks if ranks.count(r) > 1)


def _matrix(
    hand: Sequence[str], table: Sequence[str], pots: Sequence[int], n: int, others: Sequence[Sequence[str]],
    stories: bool = False,
) -> list[list[float]]:
    """worth[station][card index] on one world: ``others[k]`` are the other cards on station k."""
    return [[station_worth(table[k], others[k], pots[k], n, c, stories) for c in hand] for k in range(STATIONS)]


def _orders(hand: Sequence[str], prefix: Sequence[str]) -> list[tuple[int, ...]]:
    """Every order of the hand (as card indices, station 1 first) that starts with ``prefix``."""
    fixed = [hand.index(c) for c in prefix]
    rest = [i for i in range(len(hand)) if i not in fixed]
    return [(*fixed, *p) for p in permutations(rest)]


def best_orders(worth: list[list[float]], orders: list[tuple[int, ...]], k: int) -> list[tuple[int, ...]]:
    """The ``k`` orders with the highest summed worth (ties: the first listed)."""
    scored = sorted(orders, key=lambda o: -sum(worth[s][i] for s, i in enumerate(o)))
    return scored[:k]


def careful_order(
    hand: Sequence[str], table: Sequence[str], pots: Sequence[int], n: int, rng: random.Random,
    unseen: Sequence[str], worlds: int = 6,
) -> tuple[str, ...]:
    """A careful player's order, cheaply: the best order against a few random deals of the cards it
    cannot see, the others playing the greedy order (what a thoughtful casual player does)."""
    total = [[0.0] * len(hand) for _ in range(STATIONS)]
    pool = list(unseen)
    for _ in range(worlds):
        rng.shuffle(pool)
        hands = [pool[5 * i: 5 * i + 5] for i in range(n - 1)]
        placed = [greedy_plan(tuple(h), tuple(table), tuple(pots)) for h in hands]
        m = _matrix(hand, table, pots, n, [[o[k] for o in placed] for k in range(STATIONS)])
        for k in range(STATIONS):
            for i in range(len(hand)):
                total[k][i] += m[k][i]
    (best,) = best_orders(total, _orders(hand, ()), 1)
    return tuple(hand[i] for i in best)


class MarketPlayer:
    """The expected-value order of one strength, placed card by card and confirmed."""

    def __init__(self, name: str, level: Level, clock: Callable[[], float] | None = None) -> None:
        self.name = name
        self.level = level
        self.clock = clock
        self._plans: dict[tuple[Any, ...], tuple[str, ...]] = {}

    def choose(self, game: Game, state: FairmarketState, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        if CONFIRM in legal:
            return CONFIRM
        placed = state.order[seat]
        order = self.order_for(game, state, seat, rng)
        card = order[len(placed)]
        action = f"{PLACE}:{card}"
        return action if action in legal else ASIS

    def order_for(self, game: Game, state: FairmarketState, seat: int, rng: random.Random) -> tuple[str, ...]:
        """The chosen order (remembered for the hand, so placing card after card follows one plan)."""
        placed = state.order[seat]
        key = (seat, state.hands[seat], state.table, pots_of(state), state.jackpot, state.jack_in, state.options)
        known = self._plans.get(key)
        if known is not None and known[: len(placed)] == placed:
            return known
        if len(self._plans) > 64:
            self._plans.clear()
        chosen = self.decide(game, state, seat, rng, placed)
        self._plans[key] = chosen
        return chosen

    def decide(
        self, game: Game, state: FairmarketState, seat: int, rng: random.Random, prefix: Sequence[str]
    ) -> tuple[str, ...]:
        hand = state.hands[seat]
        level = self.level
        stop = self.clock() + level.budget if self.clock is not None else None
        pots, n = pots_of(state), state.n
        orders = _orders(hand, prefix)
        total = [[0.0] * len(hand) for _ in range(STATIONS)]
        worlds: list[FairmarketState] = []
        for i in range(level.worlds(n)):
            world = self.world(game, state, seat, rng)
            if i < level.exact_samples:
                worlds.append(world)
            others = [[o[k] for s, o in enumerate(world.order) if s != seat] for k in range(STATIONS)]
            if world.jack:
                for k, c in enumerate(world.jack_order()):
                    others[k].append(c)
            m = _matrix(hand, state.table, pots, n, others, state.options.allben)
            for k in range(STATIONS):
                row, add = total[k], m[k]
                for j in range(len(hand)):
                    row[j] += add[j]
            if stop is not None and self.clock is not None and i >= 1 and self.clock() >= stop:
                break
        opts = state.options
        tied = opts.allben or opts.jackpot or opts.seaside
        if not tied or level.shortlist <= 1:
            return tuple(hand[i] for i in best_orders(total, orders, 1)[0])
        shortlist = best_orders(total, orders, level.shortlist)
        return tuple(hand[i] for i in self.exact(state, seat, shortlist, worlds, stop))

    def world(self, game: Game, state: FairmarketState, seat: int, rng: random.Random) -> FairmarketState:
        """One sampled deal with every opponent's whole order drawn from the model."""
        world: FairmarketState = game.sample_hidden(state, seat, rng)
        level, pots = self.level, pots_of(state)
        orders = list(world.order)
        for s in range(state.n):
            if s == seat:
                continue
            hand = world.hands[s]
            roll = rng.random()
            if roll < level.greedy:
                orders[s] = greedy_plan(hand, state.table, pots)
            elif roll < level.greedy + level.careful:
                unseen = [*world.stock, *world.jack, *(c for t, h in enumerate(world.hands) if t != s for c in h)]
                orders[s] = careful_order(hand, state.table, pots, state.n, rng, unseen)
            else:
                shuffled = list(hand)
                rng.shuffle(shuffled)
                orders[s] = tuple(shuffled)
        return replace(world, order=tuple(orders))

    def exact(
        self, state: FairmarketState, seat: int, shortlist: list[tuple[int, ...]], worlds: list[FairmarketState],
        stop: float | None = None,
    ) -> tuple[int, ...]:
        """The shortlisted order with the best average when the whole hand is played out (the matrix's
        best first: when the clock runs out, the orders not yet played out are left aside)."""
        hand = state.hands[seat]
        confirmed = (True,) * state.n
        best, best_value = shortlist[0], float("-inf")
        for order in shortlist:
            cards = tuple(hand[i] for i in order)
            value = 0.0
            for world in worlds:
                orders = tuple(cards if s == seat else o for s, o in enumerate(world.order))
                done, _lines = play_out(replace(world, order=orders, confirmed=confirmed))
                value += _worth(done, seat)
            if value > best_value:
                best, best_value = order, value
            if stop is not None and self.clock is not None and self.clock() >= stop:
                break
        return best


def _worth(done: FairmarketState, seat: int) -> float:
    """A played-out hand's worth to ``seat``: its coins, and 1/n of all that stays on the table."""
    share = done.shares[seat] if done.shares else 0
    kept = sum(done.carried_out) + done.jackpot_out + done.jack_out
    return done.taken[seat] + done.won[seat] + share + kept / done.n


def player(strength: Strength, clock: Callable[[], float] | None) -> MarketPlayer:
    """The strength's level; its own clock cap (``Level.budget``), since an order is one decision a hand."""
    return MarketPlayer(strength.name, LEVELS[strength.name], clock)


__all__ = ["LEVELS", "Level", "MarketPlayer", "best_orders", "careful_order", "player", "station_worth"]
