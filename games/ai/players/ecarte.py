"""Écarté's own computer player: the determinized search with a rule prior, rule playouts and an exact card-play solve.

What the generic search got wrong (issue 25): it discarded kings and trumps while keeping an
eight, said "I play" with no trump, and lost to a rule player. Here:

* the plainly bad choices (``blunders``, listed in docs/ai.md) are never tried: the king of
  trumps is shown at once, nobody plays or refuses without a trump while an exchange is there to
  be had, and the discards tried are only the weakest plain cards (the k weakest, for each k);
* playouts follow the baseline's rules (``games.ai.baselines.ecarte``), not random play, so a
  strong hand's value shows;
* in the card play every sampled deal is solved exactly (two hands of at most five cards: a
  small minimax over the tricks, scored in deal points), so the card chosen is the best one
  on average over the deals the seat cannot tell apart.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.ai.baselines.ecarte import keeps_hand, rule_card, rule_discard, trumps_in, weakest_first
from games.ai.search import Strength
from games.ecarte.cards import SUIT_OF, legal_plays, second_wins
from games.ecarte.flow import deal_points
from games.ecarte.game import Ecarte
from games.ecarte.state import DISCARD, PLAY, EcarteState

from ._guided import GuidedSearch, tuned

GAME = Ecarte()


def _is_low_plain(card: str, trump: str) -> bool:
    return SUIT_OF[card] != trump and card[0] in "T987"


def blunders(state: EcarteState, seat: int, legal: Sequence[str]) -> set[str]:
    """The plainly bad actions among ``legal`` (docs/ai.md, "Écarté")."""
    hand, trump = state.play.hands[seat], state.trump
    bad: set[str] = set()
    if "king" in legal:
        bad.update(a for a in legal if a != "king")  # playing a card first forfeits the point
    if trumps_in(hand, trump) == 0:
        if "propose" in legal:
            bad.add("play")
        if "accept" in legal and state.exchanges == 0:
            bad.add("refuse")
    if state.phase == DISCARD:
        for action in legal:
            gone = set(action[8:].split(",")) if action[8:] else set()
            kept_low = any(_is_low_plain(c, trump) for c in hand if c not in gone)
            if kept_low and any(SUIT_OF[c] == trump or c[0] == "K" for c in gone):
                bad.add(action)
    return bad


def candidates(state: EcarteState, seat: int, legal: tuple[str, ...]) -> list[str]:
    """The legal actions worth searching: no blunder, and in an exchange only the k weakest plain cards."""
    bad = blunders(state, seat, legal)
    if state.phase != DISCARD:
        return [a for a in legal if a not in bad]
    by_cards = {frozenset(a[8:].split(",")) if a[8:] else frozenset(): a for a in legal}
    order = weakest_first(state.play.hands[seat], state.trump)
    out = [by_cards[frozenset(order[:k])] for k in range(len(order) + 1) if frozenset(order[:k]) in by_cards]
    return [a for a in out if a not in bad] or out


def playout(state: EcarteState, seat: int, rng: random.Random) -> str:
    """The baseline's rules, on the determinized state."""
    hand, trump = state.play.hands[seat], state.trump
    phase = state.phase
    if phase == PLAY:
        if GAME.may_show_king(state, seat):
            return "king"
        trick = state.play.trick
        led = trick.plays[0][1] if trick.plays else None
        return "play:" + rule_card(hand, legal_plays(hand, led, trump), led, trump)
    if phase == DISCARD:
        low, high = GAME.discard_limits(state)
        return "discard:" + ",".join(rule_discard(hand, trump, low, high))
    keep = keeps_hand(hand, trump)
    if phase == "accept":
        return "refuse" if keep else "accept"
    return "play" if keep or not state.stock else "propose"


def solve(world: EcarteState, seat: int, actions: Sequence[str]) -> list[float] | None:
    """Each card's exact value (the seat's deal points less the other's) on one sampled deal, or
    None outside the card play."""
    if world.phase != PLAY or not all(a.startswith("play:") for a in actions):
        return None
    trump, vulnerable, denexa = world.trump, world.vulnerable, world.options.denexa_scoring
    memo: dict[tuple[Any, ...], float] = {}

    def final(tricks: tuple[int, int]) -> float:
        winner, points, _vole, _against = deal_points(tricks, vulnerable, denexa)
        return float(points if winner == seat else -points)

    def lead(hands: tuple[tuple[str, ...], tuple[str, ...]], leader: int, tricks: tuple[int, int]) -> float:
        if not hands[leader]:
            return final(tricks)
        key = (hands, leader, tricks)
        if key in memo:
            return memo[key]
        pick = max if leader == seat else min
        value = pick(follow(hands, leader, card, tricks) for card in hands[leader])
        memo[key] = value
        return value

    def follow(hands: tuple[tuple[str, ...], tuple[str, ...]], leader: int, led: str, tricks: tuple[int, int]) -> float:
        other = 1 - leader
        rest = tuple(c for c in hands[leader] if c != led)
        pick = max if other == seat else min
        values = []
        for card in legal_plays(hands[other], led, trump):
            taker = other if second_wins(led, card, trump) else leader
            after = (rest, tuple(c for c in hands[other] if c != card))
            if leader == 1:
                after = (after[1], after[0])
            won = (tricks[0] + (taker == 0), tricks[1] + (taker == 1))
            values.append(lead(after, taker, won))
        return pick(values)

    play = world.play
    hands = (tuple(sorted(play.hands[0])), tuple(sorted(play.hands[1])))
    tricks = (play.tricks[0], play.tricks[1])
    trick = play.trick
    out = []
    for action in actions:
        card = action[5:]
        if trick.plays:
            leader, led = trick.plays[0]
            taker = seat if second_wins(led, card, trump) else leader
            after = tuple(tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands))
            won = (tricks[0] + (taker == 0), tricks[1] + (taker == 1))
            out.append(lead((after[0], after[1]), taker, won))
        else:
            out.append(follow(hands, seat, card, tricks))
    return out


STRONG_SAMPLES = 96


def player(strength: Strength, clock: Callable[[], float] | None = None) -> GuidedSearch:
    """Écarté's player at ``strength`` (strong: 96 sampled deals a decision, within its budget)."""
    return GuidedSearch(tuned(strength, STRONG_SAMPLES), clock, candidates, playout, solve)
