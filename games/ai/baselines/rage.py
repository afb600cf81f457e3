"""Rage's rule-based baseline: bid what the hand is worth, then play to make the bid exactly.

* Bid ``estimate``: each card's chance of taking a trick, summed (high trumps and Wild Rages
  nearly always, a plain 15 or 14 often, the rest seldom; plain cards count less at a bigger table).
* Short of the bid: lead the strongest card; follow with a card that takes the trick (the
  cheapest if last to play, else the strongest); a trick that can't be won gets the weakest card
  (a Mad Rage first: its −5 goes to the taker).
* The bid made: play the strongest card that does not take the trick, else the weakest.

The rules are plain functions of the hand and the trick, so the computer player's playouts
(``games/ai/players/rage.py``) use them on a determinized state; ``Baseline`` reads them off
``game.view(state, seat)`` and the legal actions only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.ai import seen
from games.core.game import Game
from games.core.i18n import _
from games.core.views import SeatView
from games.rage.cards import COLOUR_OF, COLOUR_SYMBOLS, MAD, RANK_OF, WILD, WILD_RANK

_COLOUR_BY_SYMBOL = {sym: col for col, sym in COLOUR_SYMBOLS.items()}
Key = tuple[bool, bool, int]


def card_chance(card: str, trump: str, seats: int) -> float:
    """The chance ``card`` takes a trick, roughly."""
    if card == WILD:
        return 0.9
    colour = COLOUR_OF.get(card)
    if colour is None:
        return 0.0
    rank = RANK_OF[card]
    if colour == trump:
        return 1.0 if rank >= 13 else 0.7 if rank >= 10 else 0.4 if rank >= 6 else 0.15
    plain = {15: 0.8, 14: 0.55, 13: 0.3, 12: 0.15}.get(rank, 0.0)
    return plain * min(1.0, 3 / seats)


def estimate(hand: Sequence[str], trump: str, seats: int) -> int:
    """The tricks ``hand`` should take: each card's chance, summed and rounded."""
    return min(len(hand), round(sum(card_chance(c, trump, seats) for c in hand)))


def key(card: str, call: str, trump: str, led: str) -> Key:
    """How strong a card is in the trick: trump, then the led colour, then rank (the engine's order)."""
    colour = call if card == WILD else COLOUR_OF.get(card)
    rank = WILD_RANK if card == WILD else RANK_OF.get(card, -1)
    return (bool(trump) and colour == trump, bool(led) and colour == led, rank)


def rule_play(legal: Sequence[str], trick: Sequence[tuple[str, str]], trump: str, led: str, want: bool, last: bool) -> str:
    """The action among ``legal`` (``play:…``) for a trick of (card, call) plays so far.

    ``want``: the seat still needs tricks; ``last``: it plays the trick's last card.
    """
    powers: dict[str, Key] = {}
    for action in legal:
        card, _sep, call = action[5:].partition("=")
        after = led or (call if card == WILD else COLOUR_OF.get(card, ""))
        powers[action] = key(card, call, trump, after)
    power = powers.__getitem__
    best = max((key(c, k, trump, led) for c, k in trick), default=None)
    wins = [a for a in legal if best is None or powers[a] > best]
    if want:
        if wins and (last or not trick):
            return min(wins, key=power) if trick else max(wins, key=power)
        if wins:
            return max(wins, key=power)
        mad = f"play:{MAD}"
        return mad if mad in powers else min(legal, key=power)
    loses = [a for a in legal if a not in wins]
    if loses:
        return max(loses, key=power)
    return min(legal, key=power)


def _colour_in(text: str) -> str:
    return next((_COLOUR_BY_SYMBOL[ch] for ch in text if ch in _COLOUR_BY_SYMBOL), "")


def read_view(view: SeatView) -> tuple[str, str, list[tuple[str, str]]]:
    """(trump, led colour, the trick's (card, call) plays) from what the seat sees."""
    facts = dict(view.public.facts)
    trump_text = facts.get(_("Trump"), "")
    trump = "" if trump_text.startswith(_("none")) else _colour_in(trump_text)
    led = _colour_in(facts.get(_("Led colour"), ""))
    trick: list[tuple[str, str]] = []
    for pile in view.public.piles:
        if not pile.taken and pile.cards:
            trick = [(card, _colour_in(text) if card == WILD else "") for card, (_seat, text) in zip(pile.cards, pile.plays, strict=True)]
    return trump, led, trick


class Baseline(seen.Baseline):
    """A competent casual Rage player (see the module's rules); reads only its view and legal actions."""

    def decide(self, game: Game, state: Any, seat: int, legal: tuple[str, ...]) -> str:
        view = game.view(state, seat)
        trump, led, trick = read_view(view)
        seats = len(view.public.seats)
        if legal[0].startswith("bid:"):
            return f"bid:{estimate(view.hand, trump, seats)}"
        numbers = [int(n) for n in re.findall(r"\d+", view.public.seats[seat].text)]
        want = numbers[1] < numbers[0] if len(numbers) >= 2 else True  # bid, tricks won
        return rule_play(legal, trick, trump, led, want, len(trick) == seats - 1)
