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
  on average over the deals the seat cannot tell apart;
* strong also decides its exchanges ("I play" or propose, accept or refuse, the discard) by the
  deal points each wins over sampled deals with that exact card play (``settle``), on deals
  weighed by what the other's own exchange choices say of its hand (``sample``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from games.ai.baselines.ecarte import keeps_hand, rule_card, rule_discard, trumps_in, weakest_first
from games.ai.deal import weighed
from games.ai.search import Strength
from games.ecarte.cards import SUIT_OF, legal_plays, second_wins
from games.ecarte.flow import deal_points
from games.ecarte.game import Ecarte
from games.ecarte.state import DISCARD, PLAY, EcarteState

from ._guided import GuidedSearch, tuned
from ._tuning import Budgeted

GAME = Ecarte()


def _is_low_plain(card: str, trump: str) -> bool:
    return SUIT_OF[card] != trump and card[0] in "T987"


def discard_cards(action: str) -> frozenset[str]:
    """The cards a ``discard:`` action throws (none for an empty discard)."""
    listed = action.removeprefix("discard:")
    return frozenset(listed.split(",")) if listed else frozenset()


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
            gone = discard_cards(action)
            kept_low = any(_is_low_plain(c, trump) for c in hand if c not in gone)
            if kept_low and any(SUIT_OF[c] == trump or c[0] == "K" for c in gone):
                bad.add(action)
    return bad


def candidates(state: EcarteState, seat: int, legal: tuple[str, ...]) -> list[str]:
    """The legal actions worth searching: no blunder, and in an exchange only the k weakest plain cards."""
    bad = blunders(state, seat, legal)
    if state.phase != DISCARD:
        return [a for a in legal if a not in bad]
    by_cards = {discard_cards(a): a for a in legal}
    order = weakest_first(state.play.hands[seat], state.trump)
    out = [by_cards[frozenset(order[:k])] for k in range(len(order) + 1) if frozenset(order[:k]) in by_cards]
    return [a for a in out if a not in bad] or out


def rule_exchanges(state: EcarteState, seat: int, legal: tuple[str, ...]) -> list[str]:
    """Normal's candidates: the baseline's exchange rule ("I play" or refuse on a classic playing
    hand, discard the plain cards below the queen) and, once the cards are played, every sensible
    card. Its exchanges are a competent player's; strong's search of them is where it pulls ahead."""
    if state.phase == PLAY:
        return candidates(state, seat, legal)
    ruled = playout(state, seat, random.Random(0))  # the rule draws nothing outside the card play
    if state.phase == DISCARD:  # the same cards, in the order the legal action lists them
        cards = discard_cards(ruled)
        same = [a for a in legal if discard_cards(a) == cards]
        return same[:1] or candidates(state, seat, legal)
    return [ruled] if ruled in legal else candidates(state, seat, legal)


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


Hands = tuple[tuple[str, ...], tuple[str, ...]]


class CardPlay:
    """The exact minimax of one deal's card play, both hands known: values are ``seat``'s deal
    points less the other's (the majority's 1, the vole's or a vulnerable loser's 2)."""

    def __init__(self, world: EcarteState, seat: int) -> None:
        self.seat, self.trump = seat, world.trump
        self.vulnerable, self.denexa = world.vulnerable, world.options.denexa_scoring
        self.memo: dict[tuple[Any, ...], float] = {}
        self.top = 3.0 if self.denexa else 2.0

    def final(self, tricks: tuple[int, int]) -> float:
        winner, points, _vole, _against = deal_points(tricks, self.vulnerable, self.denexa)
        return float(points if winner == self.seat else -points)

    def lead(self, hands: Hands, leader: int, tricks: tuple[int, int]) -> float:
        """The value with ``leader`` to lead from ``hands``."""
        if not hands[leader]:
            return self.final(tricks)
        key = (hands, leader, tricks)
        if key not in self.memo:
            self.memo[key] = self.best(leader, (self.follow(hands, leader, card, tricks) for card in hands[leader]))
        return self.memo[key]

    def best(self, mover: int, values: Iterable[float]) -> float:
        """The mover's pick of ``values`` (the seat's highest, the other's lowest), stopping at the
        first that no deal can better (``top``: the most points a deal scores)."""
        sign = 1.0 if mover == self.seat else -1.0
        out = -self.top
        for value in values:
            out = max(out, sign * value)
            if out >= self.top:
                break
        return sign * out

    def follow(self, hands: Hands, leader: int, led: str, tricks: tuple[int, int]) -> float:
        """The value once ``leader`` has led ``led`` (still in, or already out of, its hand)."""
        other = 1 - leader
        rest = tuple(c for c in hands[leader] if c != led)

        def values() -> Iterator[float]:
            for card in legal_plays(hands[other], led, self.trump):
                taker = other if second_wins(led, card, self.trump) else leader
                after = (rest, tuple(c for c in hands[other] if c != card))
                if leader == 1:
                    after = (after[1], after[0])
                yield self.lead(after, taker, (tricks[0] + (taker == 0), tricks[1] + (taker == 1)))

        return self.best(other, values())

    def second(self, hands: Hands, leader: int, led: str, card: str, tricks: tuple[int, int]) -> float:
        """The value once the second player has answered ``led`` with ``card``."""
        taker = 1 - leader if second_wins(led, card, self.trump) else leader
        after = tuple(tuple(c for c in h if c != card) for h in hands)
        won = (tricks[0] + (taker == 0), tricks[1] + (taker == 1))
        return self.lead((after[0], after[1]), taker, won)

    def position(self, world: EcarteState) -> float:
        """The value of the card play from where ``world`` stands."""
        play = world.play
        hands = self._hands(world)
        tricks = (play.tricks[0], play.tricks[1])
        if play.trick.plays:
            leader, led = play.trick.plays[0]
            return self.follow(hands, leader, led, tricks)
        return self.lead(hands, play.to_play, tricks)

    @staticmethod
    def _hands(world: EcarteState) -> Hands:
        return (tuple(sorted(world.play.hands[0])), tuple(sorted(world.play.hands[1])))


def solve(world: EcarteState, seat: int, actions: Sequence[str]) -> list[float] | None:
    """Each card's exact value (the seat's deal points less the other's) on one sampled deal, or
    None outside the card play."""
    if world.phase != PLAY or not all(a.startswith("play:") for a in actions):
        return None
    solver = CardPlay(world, seat)
    hands = CardPlay._hands(world)
    tricks = (world.play.tricks[0], world.play.tricks[1])
    trick = world.play.trick
    if trick.plays:
        leader, led = trick.plays[0]
        return [solver.second(hands, leader, led, a[5:], tricks) for a in actions]
    return [solver.follow(hands, seat, a[5:], tricks) for a in actions]


def settle(world: EcarteState, seat: int) -> float | None:
    """The exact value of the rest of the deal on ``reward``'s scale (the score lead, with this
    deal's points and the best card play on this world), once the card play has begun and no king
    is left to show; None before. Strong judges its exchanges by it, not by the rule card play."""
    if world.phase != PLAY or any(GAME.may_show_king(world, s) for s in (0, 1)):
        return None
    totals, pending = world.sheet.totals, world.pending
    lead = (totals[seat] + pending[seat]) - (totals[1 - seat] + pending[1 - seat])
    return lead + CardPlay(world, seat).position(world)


def plausible(hand: Sequence[str], trump: str) -> bool:
    """A hand someone would play without an exchange (or refuse one with): two trumps, or one and
    three plain kings or queens (a looser reading than the baseline's own rule)."""
    trumps = trumps_in(hand, trump)
    high = sum(1 for c in hand if SUIT_OF[c] != trump and c[0] in "KQ")
    return trumps >= 2 or (trumps == 1 and high >= 3)


#: How likely the other's choice is from a hand that goes against it (the chance such a world is
#: kept): "I play" or a refusal without a hand worth playing, a proposal or an acceptance with a
#: classic playing hand (players do propose on fair hands), k cards discarded with fewer than 5 − k
#: trumps or plain kings and queens to keep (hardly anyone keeps a low plain card).
UNLIKELY_PLAY, UNLIKELY_PROPOSE, UNLIKELY_KEPT = 0.2, 0.3, 0.05
TRIES = 16


def played_by(state: EcarteState, seat: int) -> list[str]:
    """The cards ``seat`` has played this deal: each taken pair was led then answered, and the
    answer took the trick exactly when it beats the lead."""
    play, out = state.play, [c for s, c in state.play.trick.plays if s == seat]
    for taker, cards in enumerate(play.taken):
        for led, answer in zip(cards[::2], cards[1::2], strict=True):
            by_taker = answer if second_wins(led, answer, state.trump) else led
            out.append(by_taker if taker == seat else (led if by_taker == answer else answer))
    return out


def good_cards(cards: Sequence[str], trump: str) -> int:
    """Trumps and plain kings and queens: the cards anyone keeps in an exchange."""
    return sum(1 for c in cards if SUIT_OF[c] == trump or c[0] in "KQ")


def likelihood(state: EcarteState, seat: int, hand: Sequence[str], shown: Sequence[str]) -> float:
    """How likely the other's public choices this deal are from a world's hand for the other
    (``hand``, with ``shown``, the cards it has played since its last exchange), relative to a
    hand that agrees with them all (1.0):

    * it played or refused the first exchange (vulnerable): the hand is worth playing (``plausible``);
    * it proposed, or accepted, with the hand it holds now: that hand is no classic playing hand;
    * it discarded k cards in the last exchange: it kept 5 − k, and one keeps trumps and plain
      kings and queens, so the hand holds at least 5 − k of those.
    """
    other, trump = 1 - seat, state.trump
    held = [*hand, *shown]
    out = 1.0
    if state.vulnerable == other and not plausible(held, trump):
        out *= UNLIKELY_PLAY
    proposed = state.phase == "accept" and other == state.non_dealer
    accepted = state.phase == DISCARD and state.discarding == seat == state.non_dealer
    if (proposed or accepted) and keeps_hand(hand, trump):
        out *= UNLIKELY_PROPOSE
    took = state.drew[other]
    if took > 0 and good_cards(held, trump) < len(held) - took:
        out *= UNLIKELY_KEPT
    return out


def sample(state: EcarteState, seat: int, rng: random.Random) -> EcarteState:
    """``sample_hidden`` weighed by the other's choices: a world is kept with chance its
    ``likelihood``, else redrawn (rejection sampling, up to ``TRIES`` draws)."""
    other = 1 - seat
    shown = played_by(state, other)
    return weighed(
        lambda: GAME.sample_hidden(state, seat, rng),
        lambda world: likelihood(state, seat, world.play.hands[other], shown),
        rng, TRIES,
    )


#: Strong's sampled deals: up to ``STRONG_SAMPLES`` a decision, ``STRONG_PLAYOUTS`` playouts at most
#: (samples × candidates), never fewer than ``STRONG_LEAST``. "I play" or propose, accept or refuse
#: (two candidates, the decisions that matter most and whose values lie closest) get 160 deals; a
#: discard among five, 72 (what every decision had before, within the 1 s budget).
STRONG_SAMPLES, STRONG_PLAYOUTS, STRONG_LEAST = 160, 360, 72


def player(strength: Strength, clock: Callable[[], float] | None = None) -> GuidedSearch:
    """Écarté's player at ``strength``: easy 2 sampled deals with rule playouts; normal 24 with the
    exact card-play solve, its exchanges the rule's (``rule_exchanges``); strong 72 to 160
    (``Budgeted``), and it alone judges its exchanges by
    the exact card play (``settle``): "I play" or propose, accept or refuse, by the deal points
    each choice wins on average over the sampled deals (a vole counts 2, a vulnerable loss costs 2),
    the discard by the same over sampled completions of the exchange; and it reads the other's
    choices (``sample``: "I play" or a refusal, a proposal or an acceptance, the cards it took)."""
    if strength.name == "strong":
        chosen = tuned(strength, STRONG_SAMPLES)
        return Budgeted(chosen, clock, candidates, playout, solve, settle, sample,
                        playouts=STRONG_PLAYOUTS, least=STRONG_LEAST)
    if strength.name == "easy":  # rule playouts only: no exact solve, so well within its 50 ms
        return GuidedSearch(strength, clock, candidates, playout)
    return GuidedSearch(tuned(strength, STRONG_SAMPLES), clock, rule_exchanges, playout, solve)
