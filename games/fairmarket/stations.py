"""Playing out the five stations once every hand is set, and the hand's result.

Per station (DECISIONS §3.2 #7, #9; FM-6): the table card's suit is high; the lowest
card takes one coin (off-suit cards of the same rank tie, and each takes one); the
highest card takes the rest. Each payee takes what is left, so the pot never pays
more than it holds. A table low or a table high keeps its coins on the station for
the next hand.
"""

from __future__ import annotations

from dataclasses import replace

from games.core.views import seat_name
from games.core.wording import by_count, signed

from . import cards as fm
from .allben import TITHE, play_stations
from .jackpot import award
from .state import (
    ALL_SET,
    BEST_ONE,
    BEST_SEVERAL,
    CARRY_NONE,
    CARRY_ONE,
    CARRY_SOME,
    DETAIL,
    DETAIL_JACKPOT,
    HIGH_ONE,
    HIGH_TABLE,
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
    parts = [STATION_SHOWN.format(k=r.station + 1, card=fm.label(r.table_card), pot=r.pot), *r.notes]
    parts += [TITHE.format(who=seat_name(s), n=n) for s, n in r.tithes]
    if r.low == (TABLE,):
        parts.append(LOW_TABLE.format(n=r.low_paid[0]))
    else:
        players = tuple(s for s in r.low if s != TABLE)
        parts.append(by_count(players, LOW_ONE, LOW_TIE, card=fm.label(card_of[players[0]]), n=r.low_paid[0]))
    if not r.high_paid and r.high != TABLE:
        parts.append(NOTHING_LEFT)
    elif r.high == TABLE:
        parts.append(HIGH_TABLE.format(n=r.high_paid))
    else:
        parts.append(HIGH_ONE.format(who=seat_name(r.high), card=fm.label(card_of[r.high]), n=r.high_paid))
    return " ".join(parts)


def _results(state: FairmarketState) -> tuple[tuple[StationResult, ...], tuple[bool, ...]]:
    pots = [state.pot(k) for k in range(STATIONS)]
    if state.options.allben:
        return play_stations(state.n, state.order, state.table, state.stock, pots, state.options)
    results = tuple(
        play_station(k, state.table[k], tuple((s, state.order[s][k]) for s in range(state.n)), pots[k])
        for k in range(STATIONS)
    )
    return results, (True,) * state.n


def _taken(n: int, results: tuple[StationResult, ...]) -> list[int]:
    taken = [0] * n
    for r in results:
        for seat, paid in (*zip(r.low, r.low_paid, strict=True), *r.tithes, (r.high, r.high_paid)):
            if seat != TABLE:
                taken[seat] += paid
    return taken


def play_out(state: FairmarketState) -> tuple[FairmarketState, list[str]]:
    """Every hand is set: the five stations in turn, then the hand's result."""
    results, eligible = _results(state)
    taken = _taken(state.n, results)
    lines = [ALL_SET, *(station_text(r) for r in results)]
    carried_out = tuple(r.carried for r in results)
    won, jackpot_out = (0,) * state.n, state.jackpot
    if state.options.jackpot:
        prize = award(taken, eligible, state.jackpot, carried_out)
        won, jackpot_out, carried_out = prize.won, prize.jackpot, prize.carried
        if prize.text:
            lines.append(prize.text)
    stake = state.ante * STATIONS
    nets = [t + w - stake for t, w in zip(taken, won, strict=True)]
    summary = _headline(nets, sum(carried_out))
    lines.append(summary)
    details = tuple(
        DETAIL_JACKPOT.format(taken=t, won=w, ante=stake) if w else DETAIL.format(taken=t, ante=stake)
        for t, w in zip(taken, won, strict=True)
    )
    recent = (*state.recent, *lines)[-RECENT:]
    done = replace(
        state, results=results, taken=tuple(taken), carried_out=carried_out, won=won,
        jackpot_out=jackpot_out, recent=recent, summary=summary, details=details,
    )
    return done, lines


def _headline(nets: list[int], carried: int) -> str:
    best = max(nets)
    winners = tuple(s for s, v in enumerate(nets) if v == best)
    text = by_count(winners, BEST_ONE, BEST_SEVERAL, net=signed(best))
    if not carried:
        tail = CARRY_NONE
    elif carried == 1:
        tail = CARRY_ONE
    else:
        tail = CARRY_SOME.format(n=carried)
    return f"{text} {tail}"
