"""The Jackpot rules: its growth at the start of a round, and who wins it at the end of a hand.

Growth (FM-1, FM-2): if a station carried more than one coin per player into this round
(five coins or more with two players), one coin moves from the largest such carry (the
lower-numbered station on a tie) to the Jackpot; at most one coin a round.
Winning (FM-3, FM-4): a player who took no more coins in the hand than the Jackpot holds
(after this round's growth) qualifies; the fewest coins taken wins; the Jackpot and every
carried pot of the hand are pooled and split evenly among tied winners, odd coins staying
on the Jackpot; the station carries are then empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core.i18n import N_, _
from games.core.wording import by_count

from .state import STATIONS

GREW = N_("The Jackpot takes a coin from station {k}; it now holds {n}.")
WON_ONE = N_("{who} took {t} (the Jackpot held {j}) and wins the Jackpot with the carried pots: {n} coins.")
WON_TIE = N_("{who} took {t} each (the Jackpot held {j}) and split the Jackpot with the carried pots: {n} coins each.")
ODD_STAYS = N_("{n} odd coins stay on the Jackpot.")
ODD_STAYS_ONE = N_("1 odd coin stays on the Jackpot.")


def threshold(n: int) -> int:
    """The smallest carry that feeds the Jackpot: more than one coin per player; five with two (FM-2)."""
    return 5 if n == 2 else n + 1


def grow(carried: Sequence[int], jackpot: int, n: int) -> tuple[tuple[int, ...], int, int]:
    """The growth step: (station carries, Jackpot, the station that gave a coin or -1)."""
    big = max(carried)
    if big < threshold(n):
        return tuple(carried), jackpot, -1
    k = list(carried).index(big)  # the lower-numbered station on a tie
    out = tuple(c - 1 if i == k else c for i, c in enumerate(carried))
    return out, jackpot + 1, k


@dataclass(frozen=True, slots=True)
class Award:
    won: tuple[int, ...]  # what each seat won from the Jackpot and the carried pots
    jackpot: int  # what the Jackpot holds afterwards
    carried: tuple[int, ...]  # what each station still carries afterwards
    text: str  # the line the table reads ("" when nobody qualified)


def award(
    taken: Sequence[int], eligible: Sequence[bool], jackpot: int, carried: Sequence[int]
) -> Award:
    """Who wins the Jackpot this hand (a player must be eligible, see Lenders)."""
    qualified = [s for s, t in enumerate(taken) if eligible[s] and t <= jackpot]
    if not qualified or not jackpot + sum(carried):  # nobody, or nothing to win
        return Award((0,) * len(taken), jackpot, tuple(carried), "")
    fewest = min(taken[s] for s in qualified)
    winners = tuple(s for s in qualified if taken[s] == fewest)
    pool = jackpot + sum(carried)
    share, odd = divmod(pool, len(winners))
    won = tuple(share if s in winners else 0 for s in range(len(taken)))
    text = by_count(winners, _(WON_ONE), _(WON_TIE), t=fewest, j=jackpot, n=share)
    if odd:
        text += " " + (_(ODD_STAYS_ONE) if odd == 1 else _(ODD_STAYS).format(n=odd))
    return Award(won, odd, (0,) * STATIONS, text)


def grew_text(k: int, jackpot: int) -> str:
    return _(GREW).format(k=k + 1, n=jackpot)

