"""Tresotti's computer player: the determinized search over the sensible actions, playing
each sampled deal out with the baseline's rules.

What it leaves out (``blunders``, listed in docs/ai.md): a bid far above what the hand can
take (``estimate``), a double thrown on a trick the seat cannot win when a card without
face value can go instead (the doubles decide the game point), and letting the trick go as
the last to play when a card would take it (every trick is a point). Bids are weighed only
up to two above the estimate. Everything the rules read is the seat's view, so nothing peeks.

Each candidate is scored by playing the sampled deal to its end with the baseline's rules
(``games.ai.baselines.tresotti.rule_action``) for every seat: a bid is weighed by the tricks
the hand really takes when the deal is played (issue 25), not by a count. Normal weighs a few
deals drawn at random; strong many more, which agree with the auction (``agrees``: the high
bidder's hand worth about its bid), and solves the last two tricks of each exactly (``_endplay``). Easy keeps the generic
search's random playouts with two samples: legal, never plainly bad, and weak.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.ai.baselines.tresotti import estimate, ranker, rule_action, rule_card, table_facts, wins_so_far
from games.ai.deal import taken_tricks
from games.ai.pruned import PrunedSearch, without
from games.ai.search import Strength, deal_mark
from games.ai.seen import cards_of, current_trick
from games.core.game import Game
from games.core.tricks import Trick, TrickPlay
from games.tresotti.cards import GAME_VALUE, SUIT_OF
from games.tresotti.game import Tresotti
from games.tresotti.state import TresottiState

from ._endplay import end_solver
from ._guided import Solve
from ._tuning import Budgeted, capped

__all__ = ["blunders", "estimate", "player", "playout", "prune"]

GAME = Tresotti()
#: How far above the estimate a bid is plainly bad, and how far the search still weighs.
FAR_ABOVE, WEIGHED_ABOVE = 3, 2
#: Sampled deals a decision plays out, at most (a playout is a whole deal through the engine).
NORMAL_SAMPLES, STRONG_SAMPLES = 6, 96
#: The strong player's playouts a decision (samples × candidates), and its fewest samples.
STRONG_PLAYOUTS, STRONG_LEAST = 400, 32
#: Redeals a sample may take to agree with the auction, and the count's slack (points).
DRAWS, SLACK = 8, 1.0


def blunders(
    game: Game, state: Any, seat: int, legal: tuple[str, ...], far: int = FAR_ABOVE
) -> frozenset[str]:
    """The plainly bad actions among ``legal`` for ``seat`` (docs/ai.md, Tresotti)."""
    view = game.view(state, seat)
    trump, reading = table_facts(view)
    seats = len(view.public.seats)
    bids = {a: int(a[4:]) for a in legal if a.startswith("bid:")}
    if bids:
        if len(legal) == 1:
            return frozenset()  # the dealer's forced bid
        cap = estimate(view.hand, seats, reading) + far
        return frozenset(a for a, n in bids.items() if n > max(cap, min(bids.values())))
    cards = cards_of(legal)
    trick = current_trick(view)
    if not trick.plays:
        return frozenset()
    winning = {c for c in cards if wins_so_far(trick, seat, c, trump, reading)}
    bad: set[str] = set()
    if not winning and any(c not in GAME_VALUE for c in cards):
        bad |= {cards[c] for c in cards if c in GAME_VALUE}
    if winning and len(trick.plays) == seats - 1:
        bad |= {cards[c] for c in cards if c not in winning}
    return frozenset(bad)


def prune(game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    """The actions the search weighs: no blunder, and no bid more than two above the estimate."""
    return without(legal, blunders(game, state, seat, legal, far=WEIGHED_ABOVE))


def candidates(state: TresottiState, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    return prune(GAME, state, seat, legal) if len(legal) > 1 else legal


def playout(state: TresottiState, seat: int, rng: random.Random) -> str:
    """The baseline's rule on the sampled deal (it may read the whole of it: it is a guess)."""
    legal = GAME.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    reading = state.options.reading()
    return rule_action(legal, state.play.hands[seat], state.play.trick, seat, state.trump, reading, state.seats)


def finish_deal(state: TresottiState) -> TresottiState:
    """The deal's card play finished by the baseline's rule for every seat, and scored by the
    engine (``Tresotti._end_deal``): the playout's hot path, without an engine step per card
    (a fifth of the time: the search plays thousands of cards a decision)."""
    play, n = state.play, state.seats
    trump, reading = state.trump, state.options.reading()
    hands = [list(h) for h in play.hands]
    tricks, taken = list(play.tricks), [list(t) for t in play.taken]
    leader, plays = play.trick.leader, list(play.trick.plays)
    while plays or any(hands):
        seat = (leader + len(plays)) % n
        hand = hands[seat]
        follow = [c for c in hand if SUIT_OF[c] == SUIT_OF[plays[0][1]]] if plays else []
        follow = follow or hand
        card = follow[0] if len(follow) == 1 else rule_card(follow, Trick(leader, tuple(plays)), seat, trump, reading, n)
        trump = trump or SUIT_OF[card]
        hand.remove(card)
        plays.append((seat, card))
        if len(plays) == n:
            rank = ranker(plays[0][1], trump, reading)
            leader = max(plays, key=lambda p: rank(p[1]))[0]
            tricks[leader] += 1
            taken[leader].extend(c for _s, c in plays)
            plays = []
    done = TrickPlay(((),) * n, Trick(leader), tuple(tricks), tuple(tuple(t) for t in taken))
    scored, _events = GAME._end_deal(replace(state, play=done, trump=trump), [])
    return scored


def played_by(state: TresottiState) -> list[list[str]]:
    """The cards each seat has played this deal (the finished tricks rebuilt from the cards taken)."""
    n, reading = state.seats, state.options.reading()

    def winning_index(cards: Sequence[str]) -> int:
        rank = ranker(cards[0], state.trump, reading)
        return max(range(len(cards)), key=lambda i: rank(cards[i]))

    out: list[list[str]] = [[] for _ in range(n)]
    for trick in (*taken_tricks(state.play.taken, n, winning_index), state.play.trick):
        for s, c in trick.plays:
            out[s].append(c)
    return out


def agrees(world: TresottiState, seat: int) -> bool:
    """Whether the others' sampled hands could have bid as they did, by the count a casual player
    makes (``estimate``, with a point of slack): the high bidder's hand worth about its bid, a
    passer's hand not worth much more than the bid it passed."""
    auction, high = world.auction, world.auction.high
    if world.phase not in ("bid", "play") or auction.high_seat is None or high is None:
        return True
    n, reading = world.seats, world.options.reading()
    played = played_by(world)
    for s in range(n):
        if s == seat or (s != auction.high_seat and s not in auction.out):
            continue
        count = estimate((*world.play.hands[s], *played[s]), n, reading)
        if s == auction.high_seat:
            forced = s == world.dealer and len(auction.out) == n - 1
            if not forced and count < high - SLACK - 0.5:
                return False
        elif count >= high + SLACK + 0.5:
            return False
    return True


class Inferring(Tresotti):
    """Tresotti whose ``sample_hidden`` prefers deals that agree with the auction (``agrees``):
    up to ``DRAWS`` redeals, else the last one (the others may bid by another rule than ours)."""

    def sample_hidden(self, state: TresottiState, seat: int, rng: random.Random) -> TresottiState:
        world = super().sample_hidden(state, seat, rng)
        for _ in range(DRAWS - 1):
            if agrees(world, seat):
                break
            world = super().sample_hidden(state, seat, rng)
        return world


INFERRING = Inferring()


class TresottiSearch(Budgeted):
    """``GuidedSearch`` whose playouts bid through the engine, then finish the card play at once;
    with ``infer``, its sampled deals agree with the auction (``Inferring``)."""

    def __init__(self, strength: Strength, clock: Callable[[], float] | None, solve: Solve | None = None,
                 *, infer: bool = True, playouts: int = 10**6, least: int = 1) -> None:
        super().__init__(strength, clock, candidates, playout, solve, playouts=playouts, least=least)
        self.infer = infer

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        return super().choose(INFERRING if self.infer else GAME, state, seat, rng)

    def play_out(self, game: Game, state: Any, rng: random.Random, deadline: Callable[[], bool] | None) -> Any:
        mark = deal_mark(state)
        while state.phase == "bid":
            seat = min(game.to_act(state))
            state, _events = game.apply(state, seat, self.playout(state, seat, rng))
        if state.phase != "play" or deal_mark(state) != mark:
            return state
        return finish_deal(state)


def _playing(state: TresottiState) -> bool:
    return state.phase == "play"


def _two_tricks(state: TresottiState) -> int:
    return 2 * state.seats


def player(strength: Strength, clock: Callable[[], float] | None = None) -> PrunedSearch | TresottiSearch:
    """Tresotti's player at ``strength``: easy, the generic search's two samples less the blunders;
    normal, a few sampled deals drawn at random; strong, many (fewer when the candidates are many:
    ``Budgeted``) that agree with the auction, the last two tricks of each solved exactly."""
    if strength.name == "easy":
        return PrunedSearch(strength, clock, prune)
    chosen = capped(strength, NORMAL_SAMPLES, STRONG_SAMPLES)
    if strength.name != "strong":
        return TresottiSearch(chosen, clock, infer=False)
    solve = end_solver(GAME, _playing, _two_tricks)
    return TresottiSearch(chosen, clock, solve, playouts=STRONG_PLAYOUTS, least=STRONG_LEAST)
