"""The Allben story cards (option ``allben``), with Lighton and Lenders.

The Page, Consort and Queen are story cards. Played by the table they are rank 0 (in
the station's high suit, DECISIONS §3.2 #8). Played by a player they act and are
blanks (take nothing): the Page (the Put) makes the player play random cards from
the deck for the rest of the hand (FM-8: the top of the undealt stock, one per later
station); the Consort (the Cut) defers half the pot, rounded down, into the station's
carry before any other card acts (FM-5); the Queen (the Quit) takes the player out of
the round with a tithe of one coin from each later pot. Several of one story card
played together by players (FM-7: not the table's) counterfeit: no effect, rank 0.
Per station the order is Cut → tithes → low → high, each taking what is left (FM-6).

Lighton: an acting Page also takes one coin as the low, whatever its suit (it is the
low: no other card takes the low coin). Lenders: counterfeit Queens still quit, but
without tithes, and those players cannot win the Jackpot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.core.i18n import N_, _
from games.core.views import seat_name

from . import cards as fm
from .options import FairmarketOptions
from .seaside import names, say
from .state import JACK, STATIONS, TABLE, StationResult

STORY = frozenset({"P", "C", "Q"})

PAGE_PUT = N_("{who} plays the Page, {card}: the Put. They play random cards from the deck for the rest of the hand.")
PAGE_LIGHTON = N_("{who} plays the Page, {card}: the Put, and in Lighton it takes a coin as the low.")
CONSORT_CUT = N_("{who} plays the Consort, {card}: the Cut. {n} of the pot is deferred to the next hand.")
QUEEN_QUIT = N_("{who} plays the Queen, {card}: the Quit. They are out of the round, with a tithe of one coin from each later pot.")
QUEEN_LAST = N_("{who} plays the Queen, {card}, as their last card: she takes nothing.")
COUNTERFEIT = N_("{cards} counterfeit each other: no effect, they play as rank zero.")
LENDERS_OUT = N_("In Lenders the counterfeit Queens still take {who} out of the round, with no tithes and no claim on the Jackpot.")
RANDOM_CARD = N_("{who} plays a random card from the deck: {card}.")
TITHE = N_("{who} takes a tithe of {n}.")
TITHE_JACK = N_("Jack takes a tithe of {n}.")
PAGE_JACK = N_("Jack plays the Page, {card}: his cards are random already, so the Put is ignored.")
PAGE_JACK_LIGHTON = N_("Jack plays the Page, {card}: the Put is ignored, and in Lighton it takes a coin as the low.")
CONSORT_JACK = N_("Jack plays the Consort, {card}: the Cut. {n} of the pot is deferred to the next hand.")
QUEEN_JACK = N_("Jack plays the Queen, {card}: the Quit. He is out of the round, with a tithe of one coin from each later pot.")
QUEEN_LAST_JACK = N_("Jack plays the Queen, {card}, as his last card: she takes nothing.")


def is_story(card: str) -> bool:
    return fm.rank(card) in STORY


def story_key(card: str, high_suit: str, zero: bool) -> tuple[bool, int]:
    """A card's place in a station; a rank-zero card keeps its suit."""
    return (fm.suit(card) == high_suit, 0) if zero else fm.key(card, high_suit)


@dataclass(frozen=True, slots=True)
class Effects:
    paged: frozenset[int]  # seats that play random cards from now on
    quit: frozenset[int]  # seats out of the round from the next station
    tithes: bool  # whether those quitters take tithes (not after a Lenders counterfeit)


def settle(
    shown: Sequence[tuple[int, tuple[bool, int]]], pot: int, low_seat: int | None = None
) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int]:
    """Low(s) take one coin each, the high card the rest: (low, low paid, high, high paid, table keeps)."""
    keys = [k for _s, k in shown]
    highest = max(keys)
    high = next(s for s, k in shown if k == highest)
    low = (low_seat,) if low_seat is not None else tuple(s for s, k in shown if k == min(keys))
    left, low_paid = pot, []
    for _seat in low:
        paid = min(1, left)
        low_paid.append(paid)
        left -= paid
    kept = sum(p for s, p in zip(low, low_paid, strict=True) if s == TABLE)
    if high == TABLE:
        kept += left
    return low, tuple(low_paid), high, left, kept


def play_story_station(
    k: int, table_card: str, plays: tuple[tuple[int, str], ...], pot: int,
    tithe_to: Sequence[int], opts: FairmarketOptions,
) -> tuple[StationResult, Effects]:
    """One station with story cards: counterfeits, effects, the Cut, tithes, then low and high."""
    high_suit = fm.suit(table_card)
    counts = Counter(fm.rank(c) for _s, c in plays if is_story(c))
    acting = {s: fm.rank(c) for s, c in plays if is_story(c) and counts[fm.rank(c)] == 1}
    fake = {s for s, c in plays if is_story(c) and counts[fm.rank(c)] > 1}
    shown = [(TABLE, story_key(table_card, high_suit, is_story(table_card)))]
    shown += [(s, story_key(c, high_suit, s in fake)) for s, c in plays if s not in acting]
    cut = pot // 2 if "C" in acting.values() else 0
    notes = _story_notes(k, plays, acting, fake, opts, cut)
    left = pot - cut
    tithes = []
    for s in tithe_to:
        tithes.append((s, min(1, left)))
        left -= tithes[-1][1]
    page = next((s for s, r in acting.items() if r == "P"), None)
    low, low_paid, high, high_paid, kept = settle(shown, left, page if opts.lighton else None)
    paged = frozenset(s for s, r in acting.items() if r == "P" and s != JACK)  # Jack's Put is ignored
    quit_ = frozenset(s for s, r in acting.items() if r == "Q")
    lenders = frozenset(s for s in fake if fm.rank(dict(plays)[s]) == "Q") if opts.lenders else frozenset()
    result = StationResult(
        k, table_card, plays, pot, low, low_paid, high, high_paid, kept + cut,
        cut=cut, tithes=tuple(tithes), notes=tuple(notes),
    )
    return result, Effects(paged, quit_ | lenders, not lenders)


def _story_notes(
    k: int, plays: tuple[tuple[int, str], ...], acting: dict[int, str], fake: set[int],
    opts: FairmarketOptions, cut: int,
) -> list[str]:
    card_of = dict(plays)
    notes = []
    for s, r in acting.items():
        card = fm.label(card_of[s])
        if r == "P":
            template = (PAGE_JACK_LIGHTON, PAGE_LIGHTON) if opts.lighton else (PAGE_JACK, PAGE_PUT)
            notes.append(say(s, template[1], template[0], card=card))
        elif r == "C":
            notes.append(say(s, CONSORT_CUT, CONSORT_JACK, card=card, n=cut))
        elif k == STATIONS - 1:
            notes.append(say(s, QUEEN_LAST, QUEEN_LAST_JACK, card=card))
        else:
            notes.append(say(s, QUEEN_QUIT, QUEEN_JACK, card=card))
    if fake:
        notes.append(_(COUNTERFEIT).format(cards=fm.labels(card_of[s] for s in sorted(fake))))
        queens = [s for s in sorted(fake) if fm.rank(card_of[s]) == "Q"]
        if opts.lenders and queens and k < STATIONS - 1:
            notes.append(_(LENDERS_OUT).format(who=names(queens)))
    return notes


def play_stations(
    n: int, orders: Mapping[int, Sequence[str]], table: Sequence[str], stock: Sequence[str],
    pots: Sequence[int], opts: FairmarketOptions,
) -> tuple[tuple[StationResult, ...], tuple[bool, ...]]:
    """The five stations with story cards (``orders``: each seat's order, and Jack's under JACK);
    also who may still win the Jackpot or Jack's purse (Lenders)."""
    paged: set[int] = set()
    tithed: list[int] = []  # quitters with a tithe, in the order they quit
    out: set[int] = set()
    barred: set[int] = set()
    top = 0
    results = []
    for k in range(STATIONS):
        plays, drawn = [], []
        for s, order in orders.items():
            if s in out:
                continue
            if s in paged and top < len(stock):
                plays.append((s, stock[top]))
                drawn.append(_(RANDOM_CARD).format(who=seat_name(s), card=fm.label(stock[top])))
                top += 1
            else:
                plays.append((s, order[k]))
        r, fx = play_story_station(k, table[k], tuple(plays), pots[k], tithed, opts)
        results.append(replace(r, notes=(*drawn, *r.notes)))
        paged |= fx.paged
        out |= fx.quit
        if fx.tithes:
            tithed += sorted(fx.quit, key=lambda s: (s == JACK, s))
        else:
            barred |= fx.quit
    return tuple(results), tuple(s not in barred for s in range(n))
