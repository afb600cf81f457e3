"""Seaside Jack (option ``seaside``, instead of the Jackpot): a dummy player and his purse.

Jack gets his own five cards, dealt in the same sequence as the players (after the
dealer in each round of the deal, FMS-1), and plays them blind in reverse deal order:
his last card dealt is station 1's. His cards take the low and the high like a
player's; what he takes goes into his purse (``carry["jack"]``), which starts empty.
A player who takes fewer coins this hand than Jack takes wins all of his purse (this
hand's coins included); the fewest coins wins, a tie splits, odd coins stay with Jack.
The carried pots are never won this way. With the Allben story cards Jack's cards act
as a player's (his Page's Put is ignored, it still counterfeits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core.i18n import N_, _
from games.core.views import seat_name
from games.core.wording import by_count, money

from .state import JACK

JACK_NAME = N_("Jack")
WON_ONE = N_("{who} took {t}, fewer coins than Jack's {j}, and wins Jack's purse: {n}.")
WON_TIE = N_("{who} took {t} each, fewer coins than Jack's {j}, and split Jack's purse: {n} each.")
ODD_ONE = N_("1 odd coin stays with Jack.")
ODD_MANY = N_("{n} odd coins stay with Jack.")
KEEPS = N_("Jack took {j} and nobody took fewer: his purse holds {n}.")
TOO_SMALL = N_("{who} took fewer coins than Jack, but his purse of {n} cannot be split among them: it stays with Jack.")
KEEPS_NOTHING = N_("Jack took nothing, so nobody can win his purse: it holds {n}.")


def coins(n: int) -> str:
    return money(n, "coin")


def name_of(seat: int) -> str:
    """A seat's placeholder, or Jack's name."""
    return _(JACK_NAME) if seat == JACK else seat_name(seat)


def names(seats: Sequence[int]) -> str:
    """Seats (Jack last) as a list: ``A``, ``A and Jack``, ``A, B and Jack``."""
    listed = [name_of(s) for s in seats if s != JACK] + ([_(JACK_NAME)] if JACK in seats else [])
    if len(listed) <= 1:
        return "".join(listed)
    return _("{rest} and {last}").format(rest=_(", ").join(listed[:-1]), last=listed[-1])


def say(seat: int, for_seat: str, for_jack: str, **values: object) -> str:
    """A sentence about one seat or about Jack: each its own whole template (marked with ``N_``)."""
    if seat == JACK:
        return _(for_jack).format(**values)
    return _(for_seat).format(who=seat_name(seat), **values)


@dataclass(frozen=True, slots=True)
class JackAward:
    won: tuple[int, ...]  # what each seat won from Jack's purse
    purse: int  # Jack's purse afterwards
    text: str


def award_jack(taken: Sequence[int], eligible: Sequence[bool], purse_in: int, jack_took: int) -> JackAward:
    """Who wins Jack's purse: a player (eligible, see Lenders) who took fewer coins than Jack this hand."""
    purse = purse_in + jack_took
    qualified = [s for s, t in enumerate(taken) if eligible[s] and t < jack_took]
    nobody = (0,) * len(taken)
    if not qualified:
        text = _(KEEPS).format(j=coins(jack_took), n=coins(purse)) if jack_took else _(KEEPS_NOTHING).format(n=coins(purse))
        return JackAward(nobody, purse, text)
    fewest = min(taken[s] for s in qualified)
    winners = tuple(s for s in qualified if taken[s] == fewest)
    share, odd = divmod(purse, len(winners))
    if not share:  # too few coins to split: they stay with Jack
        return JackAward(nobody, purse, _(TOO_SMALL).format(who=names(winners), n=coins(purse)))
    won = tuple(share if s in winners else 0 for s in range(len(taken)))
    text = by_count(winners, _(WON_ONE), _(WON_TIE), t=fewest, j=coins(jack_took), n=coins(share))
    if odd:
        text += " " + (_(ODD_ONE) if odd == 1 else _(ODD_MANY).format(n=odd))
    return JackAward(won, odd, text)
