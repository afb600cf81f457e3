"""What a card is likely to cost: one estimate shared by the exchange, the lead and the discard,
so the three decisions rank danger alike (in chips, a card point counted as about a chip)."""

from __future__ import annotations

from collections.abc import Collection

from games.reversis.cards import POINTS, STRENGTH, SUIT_OF

SEATS = 4
HAND = 11
FIRST_NINE = 9
JH = "Jh"
SUITS = "shdc"


def ace_chips(card: str) -> int:
    return 2 if card == "Ad" else 1


def is_ace(card: str) -> bool:
    return card[0] == "A"


def danger(card: str, hand: tuple[str, ...], unseen: Collection[str]) -> float:
    """How much a card in hand is likely to cost before the hand ends (in chips, a point ~ a chip)."""
    s = SUIT_OF[card]
    if card == JH:
        return 0.0  # judged on its own (quinola_keep)
    base = POINTS[card] + (ace_chips(card) if is_ace(card) else 0)
    if base == 0:
        # a low card is a liability only when nothing else of its suit is left below it
        lower_unseen = sum(1 for c in unseen if SUIT_OF[c] == s and STRENGTH[c] < STRENGTH[card])
        return 0.25 * STRENGTH[card] / 8.0 if lower_unseen == 0 else 0.05 * STRENGTH[card] / 8.0
    lower_mine = sum(1 for c in hand if SUIT_OF[c] == s and STRENGTH[c] < STRENGTH[card] and c != JH)
    higher_unseen = sum(1 for c in unseen if SUIT_OF[c] == s and STRENGTH[c] > STRENGTH[card])
    lower_unseen = sum(1 for c in unseen if SUIT_OF[c] == s and STRENGTH[c] < STRENGTH[card])
    guard = 1.0 / (1.0 + 0.3 * lower_mine)
    top = 1.2 if higher_unseen == 0 else 0.95 - 0.12 * min(higher_unseen, 3)
    if lower_unseen == 0:
        top *= 1.3  # nothing left to go under it: whoever follows with it takes the trick
    return base * guard * top


def quinola_keep(hand: tuple[str, ...], pot: int) -> float:
    """What holding the J♥ through the play is worth: dumped on a void for 5 + the pot, or forced
    out by the others' low heart leads (10 + 5 + 5 to the leader and a remise). It hangs on the
    hearts that guard it and on the shortest side suit (a void to come)."""
    hearts = sum(1 for c in hand if SUIT_OF[c] == "h" and c != JH)
    short = min(sum(1 for c in hand if SUIT_OF[c] == s) for s in "sdc")
    if hearts <= 1:
        ev = -35.0
    elif hearts == 2:
        ev = -8.0 if short <= 1 else -26.0
    elif hearts == 3:
        ev = {0: 18.0, 1: 11.0, 2: -4.0}.get(short, -10.0)
    else:
        ev = 21.0 if short <= 2 else 12.0
    return ev * (pot + 10) / 35.0
