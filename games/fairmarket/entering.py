"""Entering with a fee ("pay the pots") and the last hand by unanimous vote.

The runtime tells the engine (``Game.counts_tenure``) the hand's number and, per seat,
how many hands in a row that player was dealt just before this one
(``carry["seating"]``). A seat with none after the table's first hand is a newcomer:
it pays the carried coins (station carries, the Jackpot or Jack's purse, FM-10)
divided by the players already seated (FM-9), rounded up, on top of its ante,
spread over the stations as evenly as possible from station 1. Leaving costs
nothing (FM-12).

Players who joined within the last five hands (fewer than five hands in a row, and
not seated since the first hand) have no vote on the last hand; if that leaves
nobody, everyone votes (FME-3). When every voter has voted, the next hand is the
last: it is played normally, then the leftovers (FM-11) are shared among its
players, odd coins to the player who took the very last high card (FME-5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.i18n import N_, _
from games.core.views import seat_name
from games.core.wording import money, seat_list

from .state import STATIONS, StationResult

NEW_HANDS = 5  # "new players (those who joined the game within the last five rounds)"

PAYS = N_("{who} pays the pots to enter: {n} ({spread}).")
VOTED = N_("{who} voted for a last hand, but not everyone did: play goes on.")
AGREED = N_("Everyone agreed: the next hand is the last.")
LAST = N_("This is the last hand: the coins left over are shared when it ends.")
SHARED = N_("Last hand: {n} left over, shared {each} each.")
SHARED_ODD = N_("Last hand: {n} left over, shared {each} each; {who} took the very last high card and gets the odd {odd}.")
SHARED_ROUND = N_("Last hand: {n} left over, shared {each} each; nobody took a high card, so the odd {odd} go one each from the dealer's left.")
NOTHING_LEFT = N_("Last hand: nothing is left over to share.")
VOTE_NOTE = N_("You vote for a last hand. You can withdraw it until you confirm your order.")
UNVOTE_NOTE = N_("You withdrew your vote for a last hand.")


def _tenure(seating: Mapping[str, Any] | None, n: int) -> tuple[int, tuple[int, ...]] | None:
    if not seating:
        return None
    tenure = tuple(int(t) for t in seating.get("tenure", ()))
    if len(tenure) != n:
        return None
    return int(seating.get("hand", 1)), tenure


def newcomers(seating: Mapping[str, Any] | None, n: int) -> tuple[bool, ...]:
    """Seats that just joined (no hand here before this one), after the table's first hand."""
    told = _tenure(seating, n)
    if told is None or told[0] <= 1:
        return (False,) * n
    return tuple(t == 0 for t in told[1])


def voters(seating: Mapping[str, Any] | None, n: int) -> tuple[bool, ...]:
    """Who may vote for a last hand: not new (five hands in a row, or seated since hand 1)."""
    told = _tenure(seating, n)
    if told is None:
        return (True,) * n
    hand, tenure = told
    may = tuple(t >= NEW_HANDS or t >= hand - 1 for t in tenure)
    return may if any(may) else (True,) * n


def entry_fee(carried: int, seated: int) -> int:
    """The carried coins divided by the players already seated, rounded up (FM-9)."""
    return -(-carried // seated) if seated and carried > 0 else 0


def spread(fee: int) -> tuple[int, ...]:
    """A fee over the five stations, as evenly as possible, starting at station 1."""
    each, extra = divmod(fee, STATIONS)
    return tuple(each + (1 if k < extra else 0) for k in range(STATIONS))


def fees(new: Sequence[bool], carried: int) -> tuple[tuple[int, ...], tuple[int, ...], list[str]]:
    """Every newcomer pays the same fee on the same total (FME-1): (per seat, per station, lines)."""
    fee = entry_fee(carried, sum(1 for x in new if not x))
    if not fee:
        return (0,) * len(new), (0,) * STATIONS, []
    per_station = spread(fee)
    payers = [s for s, x in enumerate(new) if x]
    where = ", ".join(_("station {k}: {n}").format(k=k + 1, n=c) for k, c in enumerate(per_station) if c)
    lines = [_(PAYS).format(who=seat_name(s), n=_coins(fee), spread=where) for s in payers]
    total = tuple(c * len(payers) for c in per_station)
    return tuple(fee if x else 0 for x in new), total, lines


def last_high(results: Sequence[StationResult]) -> int | None:
    """The player who took the very last high card of the hand: the latest station a player's
    card was high at (FME-5); None if the table or Jack was high at all five."""
    for r in reversed(results):
        if r.high >= 0:
            return r.high
    return None


def share_out(leftover: int, n: int, dealer: int, last: int | None) -> tuple[int, ...]:
    """The leftovers shared evenly; odd coins to the last high card's player, else one each from
    the dealer's left."""
    each, odd = divmod(leftover, n)
    shares = [each] * n
    if last is not None:
        shares[last] += odd
    else:
        for i in range(odd):
            shares[(dealer + 1 + i) % n] += 1
    return tuple(shares)


def _coins(n: int) -> str:
    return money(n, "coin")


def shared_text(leftover: int, shares: Sequence[int], last: int | None) -> str:
    if not leftover:
        return _(NOTHING_LEFT)
    each, odd = divmod(leftover, len(shares))
    values = {"n": _coins(leftover), "each": _coins(each), "odd": _coins(odd)}
    if not odd:
        return _(SHARED).format(**values)
    if last is None:
        return _(SHARED_ROUND).format(**values)
    return _(SHARED_ODD).format(who=seat_name(last), **values)


def votes_text(votes: Sequence[bool], voters: Sequence[bool]) -> str:
    """The line after a hand with votes: everyone agreed, or who voted (names shown at the end)."""
    if all(v for v, may in zip(votes, voters, strict=True) if may):
        return _(AGREED)
    return _(VOTED).format(who=seat_list([s for s, v in enumerate(votes) if v]))

