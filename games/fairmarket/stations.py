"""Playing out the five stations once every hand is set, and the hand's result.

Per station (DECISIONS §3.2 #7, #9; FM-6): the table card's suit is high; the lowest
card takes one coin (off-suit cards of the same rank tie, and each takes one); the
highest card takes the rest. Each payee takes what is left, so the pot never pays
more than it holds. A table low or a table high keeps its coins on the station for
the next hand.
"""

from __future__ import annotations

from dataclasses import replace

from games.core.i18n import _
from games.core.wording import by_count, sentences, signed

from . import cards as fm
from .allben import TITHE, TITHE_JACK, play_stations
from .entering import last_high, share_out, shared_text, votes_text
from .jackpot import award
from .seaside import award_jack, names, say
from .state import (
    ALL_SET,
    BEST_ONE,
    BEST_SEVERAL,
    CARRY_NONE,
    CARRY_ONE,
    CARRY_SOME,
    DETAIL,
    DETAIL_FEE,
    DETAIL_JACK,
    DETAIL_JACKPOT,
    DETAIL_SHARE,
    HIGH_JACK,
    HIGH_ONE,
    HIGH_TABLE,
    JACK,
    LOW_JACK,
    LOW_ONE,
    LOW_TABLE,
    LOW_TIE,
    NOTHING_LEFT,
    RECENT,
    STATION_SHOWN,
    STATIONS,
    TABLE,
    FairmarketState,
    StationResult,
)


def play_station(station: int, table_card: str, plays: tuple[tuple[int, str], ...], pot: int) -> StationResult:
    """Reveal one station and pay its pot: low card(s) first, then the high card."""
    high_suit = fm.suit(table_card)
    shown: list[tuple[int, str]] = [(TABLE, table_card), *plays]
    keys = [fm.key(card, high_suit) for _seat, card in shown]
    lowest, highest = min(keys), max(keys)
    low = tuple(seat for (seat, _card), k in zip(shown, keys, strict=True) if k == lowest)
    high = next(seat for (seat, _card), k in zip(shown, keys, strict=True) if k == highest)
    left = pot
    low_paid: list[int] = []
    for _seat in low:
        paid = min(1, left)
        low_paid.append(paid)
        left -= paid
    carried = sum(p for s, p in zip(low, low_paid, strict=True) if s == TABLE)
    if high == TABLE:
        carried += left
    return StationResult(station, table_card, plays, pot, low, tuple(low_paid), high, left, carried)


def station_text(r: StationResult) -> str:
    """What the table reads when a station is revealed."""
    card_of = dict(r.plays)
    card_of[TABLE] = r.table_card
    parts = [_(STATION_SHOWN).format(k=r.station + 1, card=fm.label(r.table_card), pot=r.pot), *r.notes]
    parts += [say(s, TITHE, TITHE_JACK, n=n) for s, n in r.tithes]
    if r.low == (TABLE,):
        parts.append(_(LOW_TABLE).format(n=r.low_paid[0]))
    else:
        players = tuple(s for s in r.low if s != TABLE)
        values = {"card": fm.label(card_of[players[0]]), "n": r.low_paid[0]}
        if len(players) == 1:
            parts.append(say(players[0], LOW_ONE, LOW_JACK, **values))
        else:
            parts.append(_(LOW_TIE).format(who=names(players), **values))
    if not r.high_paid:  # a Cut, tithes and lows took it all (also when the table card is high)
        parts.append(_(NOTHING_LEFT))
    elif r.high == TABLE:
        parts.append(_(HIGH_TABLE).format(n=r.high_paid))
    else:
        parts.append(say(r.high, HIGH_ONE, HIGH_JACK, card=fm.label(card_of[r.high]), n=r.high_paid))
    return sentences(*parts)


def _results(state: FairmarketState) -> tuple[tuple[StationResult, ...], tuple[bool, ...]]:
    pots = [state.pot(k) for k in range(STATIONS)]
    orders: dict[int, tuple[str, ...]] = dict(enumerate(state.order))
    if state.seaside:
        orders[JACK] = state.jack_order()
    if state.options.allben:
        return play_stations(state.n, orders, state.table, state.stock, pots, state.options)
    results = tuple(
        play_station(k, state.table[k], tuple((s, o[k]) for s, o in orders.items()), pots[k])
        for k in range(STATIONS)
    )
    return results, (True,) * state.n


def _taken(n: int, results: tuple[StationResult, ...]) -> tuple[list[int], int]:
    """What each seat took, and what Jack took."""
    taken = [0] * n
    jack = 0
    for r in results:
        for seat, paid in (*zip(r.low, r.low_paid, strict=True), *r.tithes, (r.high, r.high_paid)):
            if seat == JACK:
                jack += paid
            elif seat != TABLE:
                taken[seat] += paid
    return taken, jack


def play_out(state: FairmarketState) -> tuple[FairmarketState, list[str]]:
    """Every hand is set: the five stations in turn, then the hand's result."""
    results, eligible = _results(state)
    taken, jack_took = _taken(state.n, results)
    lines = [_(ALL_SET), *(station_text(r) for r in results)]
    carried_out = tuple(r.carried for r in results)
    won, jackpot_out, jack_out = (0,) * state.n, state.jackpot, state.jack_in
    if state.options.jackpot:
        prize = award(taken, eligible, state.jackpot, carried_out)
        won, jackpot_out, carried_out = prize.won, prize.jackpot, prize.carried
        if prize.text:
            lines.append(prize.text)
    if state.seaside:
        purse = award_jack(taken, eligible, state.jack_in, jack_took)
        won, jack_out = purse.won, purse.purse
        lines.append(purse.text)
    shares: tuple[int, ...] = ()
    if state.last_hand:
        leftover = sum(carried_out) + jackpot_out + jack_out
        shares = share_out(leftover, state.n, state.dealer, last_high(results))
        lines.append(shared_text(leftover, shares, last_high(results)))
        carried_out, jackpot_out, jack_out = (0,) * STATIONS, 0, 0
    elif any(state.votes):
        lines.append(votes_text(state.votes, state.voters))
    agreed = not state.last_hand and all(v for v, may in zip(state.votes, state.voters, strict=True) if may)
    got = shares or (0,) * state.n
    nets = [t + w + sh - state.paid(s) for s, (t, w, sh) in enumerate(zip(taken, won, got, strict=True))]
    summary = _headline(nets, sum(carried_out) + jackpot_out + jack_out)
    lines.append(summary)
    recent = (*state.recent, *lines)[-RECENT:]
    done = replace(
        state, results=results, taken=tuple(taken), carried_out=carried_out, won=won,
        jackpot_out=jackpot_out, jack_took=jack_took, jack_out=jack_out, shares=shares, agreed=agreed,
        recent=recent, summary=summary, details=_details(state, taken, won, shares),
    )
    return done, lines


def _details(
    state: FairmarketState, taken: list[int], won: tuple[int, ...], shares: tuple[int, ...]
) -> tuple[str, ...]:
    out = []
    stake = state.ante * STATIONS
    for s, (t, w) in enumerate(zip(taken, won, strict=True)):
        prize = DETAIL_JACK if state.seaside else DETAIL_JACKPOT
        text = _(prize).format(taken=t, won=w, ante=stake) if w else _(DETAIL).format(taken=t, ante=stake)
        if state.fees and state.fees[s]:
            text += _(DETAIL_FEE).format(n=state.fees[s])
        if shares:
            text += _(DETAIL_SHARE).format(n=shares[s])
        out.append(text)
    return tuple(out)


def _headline(nets: list[int], carried: int) -> str:
    best = max(nets)
    winners = tuple(s for s, v in enumerate(nets) if v == best)
    text = by_count(winners, _(BEST_ONE), _(BEST_SEVERAL), net=signed(best))
    if not carried:
        tail = _(CARRY_NONE)
    elif carried == 1:
        tail = _(CARRY_ONE)
    else:
        tail = _(CARRY_SOME).format(n=carried)
    return f"{text} {tail}"
