"""The Fairmarket engine (Crab Fragment Labs, Beta Rules V1.1), the base game, one hand per state.

Every player antes one coin into each of five stations (two with two players), and
coins a station carried from the last hand return to it. Five cards each, five
table cards face up, one per station. Every player then sets their hand: puts the
five cards in station order, secretly and at the same time (every seat is in
``to_act`` until it confirms; a confirmed order is final). When all are set, the
stations are played out in turn (``stations.py``) and the hand is over.

Setting a hand is built step by step so the actions stay few: ``place:<card>`` puts
a card on the next station (the last card goes on its own), ``reset`` takes the
cards back, ``confirm`` makes the order final, and ``asis`` sets the rest in the
order shown and confirms at once (also what a player who times out does).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import N_, _
from games.core.rng import dealt_from
from games.core.views import SeatView, seat_name

from . import cards as fm
from .entering import LAST, UNVOTE_NOTE, VOTE_NOTE, fees, newcomers, voters
from .jackpot import grew_text, grow
from .options import BUY_IN, BUY_IN_TWO, PRESET_LABELS, PRESETS, FairmarketOptions
from .state import (
    CARRIED_BACK,
    DEALT,
    ORDER_CLEARED,
    PLACED,
    RECENT,
    SETS,
    STATIONS,
    FairmarketState,
)
from .stations import play_out

PLACE, RESET, CONFIRM, ASIS, VOTE, UNVOTE = "place", "reset", "confirm", "asis", "vote", "unvote"
_NOBODY: frozenset[int] = frozenset()


class Fairmarket(Game):
    id: ClassVar[str] = "fairmarket"
    title: ClassVar[str] = "Fairmarket"
    card_faces: ClassVar[str] = "fairmarket"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    uses_chips: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    counts_tenure: ClassVar[bool] = True  # the entry fee and the last-hand vote
    Options: ClassVar[type[FairmarketOptions]] = FairmarketOptions
    presets: ClassVar = PRESETS
    preset_labels: ClassVar = PRESET_LABELS
    state_type: ClassVar[type] = FairmarketState
    unit_note: ClassVar[str] = N_("1 coin = 1 chip")
    action_help: ClassVar = {
        "place:<card>": "Put this card on the next station of your order.",
        RESET: "Take your placed cards back and start the order again.",
        CONFIRM: "Make your order final (it cannot change afterwards).",
        ASIS: "Set the rest of your cards in the order shown and make the order final.",
        VOTE: "Vote to make the next hand the last (until you confirm your order).",
        UNVOTE: "Withdraw your vote for a last hand.",
    }

    def seat_limits(self, options: Any) -> tuple[int, int]:
        """Two to six players; a two-player table (the option) seats exactly two."""
        opts = self.options_from(options)
        assert isinstance(opts, FairmarketOptions)
        return (2, 2) if opts.two_players else (self.min_players, self.max_players)

    def suggested_buy_in(self, options: Any, seats: int) -> int | None:
        """The text's 30-50 coins per player (40), twice that with two players (FMV-2)."""
        return BUY_IN_TWO if seats == 2 else BUY_IN

    # ------------------------------------------------------------ setup
    def new_state(
        self,
        options: Any,
        seats: int,
        seed: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
        dealer: int = 0,
        carry: Carry | None = None,
    ) -> FairmarketState:
        """A hand from ``seed``, or stacked: ``hands`` (up to five cards per seat, the rest dealt from
        the stock), ``stock`` (top first: the seats' missing cards from the dealer's left, then the
        five table cards, then the undealt cards). ``carry``: ``{"stations": [5 ints], "hands": k}``."""
        opts = options if type(options) is FairmarketOptions else self.options_from(options)
        assert isinstance(opts, FairmarketOptions)
        self.check_seats(opts, seats)
        n, dealer = seats, dealer % seats
        got = read_carry(carry)
        carried, jackpot = got.stations, got.jackpot
        dealt, jack, table, rest = deal(n, dealer, seed, hands, stock, opts.seaside)
        ante = 2 if n == 2 else 1
        recent = [_(DEALT[ante - 1])]
        if got.last:
            recent.append(_(LAST))
        if any(carried):
            recent.append(_(CARRIED_BACK).format(carry=carry_text(carried)))
        new = newcomers(got.seating, n)
        paid, fee_in, fee_lines = fees(new, sum(carried) + jackpot + got.jack)
        recent += fee_lines
        if opts.jackpot:
            carried, jackpot, grew = grow(carried, jackpot, n)
            if grew >= 0:
                recent.append(grew_text(grew, jackpot))
        may = voters(got.seating, n)
        return FairmarketState(
            opts, n, dealer, ante, dealt, table, rest, carried, got.hands,
            ((),) * n, (False,) * n, recent=tuple(recent[-RECENT:]), jackpot=jackpot, jackpot_out=jackpot,
            jack=jack, jack_in=got.jack, jack_out=got.jack, fees=paid, fee_in=fee_in,
            voters=may, votes=(False,) * n, last_hand=got.last,
        )

    # ------------------------------------------------------------ turn
    def to_act(self, state: FairmarketState) -> frozenset[int]:
        if state.over:
            return _NOBODY
        return frozenset(s for s in range(state.n) if not state.confirmed[s])

    def _legal_actions(self, state: FairmarketState, seat: int) -> tuple[str, ...]:
        placed = state.order[seat]
        if len(placed) == STATIONS:
            out = [CONFIRM, RESET]
        else:
            out = [f"{PLACE}:{c}" for c in state.hands[seat] if c not in placed]
            out.append(ASIS)
            if placed:
                out.append(RESET)
        if state.voters[seat] and not state.last_hand:
            out.append(UNVOTE if state.votes[seat] else VOTE)
        return tuple(out)

    def timeout_action(self, state: FairmarketState, seat: int) -> str:
        return CONFIRM if len(state.order[seat]) == STATIONS else ASIS

    def _apply(self, state: FairmarketState, seat: int, action: str) -> tuple[FairmarketState, tuple[Event, ...]]:
        placed = state.order[seat]
        events: list[Event] = []
        if action == RESET:
            return _with_order(state, seat, ()), (Event(_(ORDER_CLEARED), seat, private_to=seat),)
        if action in (VOTE, UNVOTE):
            votes = tuple(action == VOTE if s == seat else v for s, v in enumerate(state.votes))
            note = _(VOTE_NOTE if action == VOTE else UNVOTE_NOTE)
            return _with(state, votes=votes), (Event(note, seat, private_to=seat),)
        if action.startswith(PLACE + ":"):
            card = action.split(":", 1)[1]
            new = (*placed, card)
            left = [c for c in state.hands[seat] if c not in new]
            if len(left) == 1:  # the last card can only go on the last station
                new = (*new, left[0])
            for k in range(len(placed), len(new)):
                text = _(PLACED).format(card=fm.label(new[k]), k=k + 1)
                events.append(Event(text, seat, private_to=seat))
            return _with_order(state, seat, new), tuple(events)
        if action == ASIS:
            placed = (*placed, *(c for c in fm.natural(state.hands[seat]) if c not in placed))  # as shown
            state = _with_order(state, seat, placed)
        return _confirm(state, seat)

    # ------------------------------------------------------------ the end
    def outcome(self, state: FairmarketState) -> Outcome | None:
        if not state.over:
            return None
        shares = state.shares or (0,) * state.n
        payoffs = tuple(
            t + w + sh - state.paid(s) for s, (t, w, sh) in enumerate(zip(state.taken, state.won, shares, strict=True))
        )
        stations = {str(k + 1): c for k, c in enumerate(state.carried_out)}
        carry = {
            "stations": stations, "hands": state.hands_played + 1, "jackpot": state.jackpot_out,
            "jack": state.jack_out, "last": state.agreed,
        }
        return Outcome(
            payoffs,
            placings_from(payoffs),
            carry=carry,
            carried_in=sum(state.carried_in) + state.jackpot + state.jack_in,
            carried_out=sum(state.carried_out) + state.jackpot_out + state.jack_out,
            summary=state.summary,
            scores=state.taken,
            extra={"stations": tuple(state.carried_out), "jackpot": state.jackpot_out, "jack": state.jack_out},
            details=state.details,
            table_over=state.last_hand,
        )

    # ------------------------------------------------------------ views
    def sample_hidden(self, state: FairmarketState, seat: int, rng: random.Random) -> FairmarketState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: FairmarketState, seat: int) -> frozenset[str]:
        return frozenset() if state.over else frozenset(state.hands[seat])

    def view(self, state: FairmarketState, seat: int | None) -> SeatView:
        from .view import render

        return render(state, seat)


_FIELDS = tuple(f.name for f in fields(FairmarketState))


def _with(state: FairmarketState, **changes: Any) -> FairmarketState:
    """``dataclasses.replace`` for the few fields an action changes, without re-running ``__init__``
    over the state's many fields (a third of a random playout's time)."""
    new = object.__new__(FairmarketState)
    for name in _FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


def _with_order(state: FairmarketState, seat: int, placed: tuple[str, ...]) -> FairmarketState:
    order = tuple(placed if s == seat else o for s, o in enumerate(state.order))
    return _with(state, order=order)


def _confirm(state: FairmarketState, seat: int) -> tuple[FairmarketState, tuple[Event, ...]]:
    confirmed = tuple(True if s == seat else c for s, c in enumerate(state.confirmed))
    text = _(SETS).format(who=seat_name(seat))
    state = _with(state, confirmed=confirmed, recent=(*state.recent, text)[-RECENT:])
    events = [Event(text, seat)]
    if all(confirmed):
        state, lines = play_out(state)
        events.extend(Event(line) for line in lines)
    return state, tuple(events)


@dataclass(frozen=True, slots=True)
class CarryIn:
    stations: tuple[int, ...]  # coins each station carries in
    hands: int  # hands played before this one
    jackpot: int
    jack: int  # Seaside Jack's purse
    last: bool  # this is the last hand (agreed in the hand before)
    seating: Mapping[str, Any] | None  # from the runtime (Game.counts_tenure)


def read_carry(carry: Mapping[str, Any] | None) -> CarryIn:
    """The carry of the hand before, and the runtime's seating. The stations are stored by number
    (``{"1": c1, …}``) so the runtime keeps them when the seating changes; a list is read too."""
    if not carry:
        return CarryIn((0,) * STATIONS, 0, 0, 0, False, None)
    raw = carry.get("stations", (0,) * STATIONS)
    if isinstance(raw, Mapping):
        raw = [raw.get(str(k + 1), 0) for k in range(STATIONS)]
    stations = tuple(int(c) for c in raw)
    jackpot, jack = int(carry.get("jackpot", 0)), int(carry.get("jack", 0))
    if len(stations) != STATIONS or any(c < 0 for c in stations) or jackpot < 0 or jack < 0:
        raise IllegalAction(_("A carry needs five stations of 0 or more coins."))
    seating = carry.get("seating")
    return CarryIn(
        stations, int(carry.get("hands", 0)), jackpot, jack, bool(carry.get("last", False)),
        seating if isinstance(seating, Mapping) else None,
    )


def carry_text(carried: Sequence[int]) -> str:
    return ", ".join(
        _("station {k}: {n}").format(k=k + 1, n=c) for k, c in enumerate(carried) if c
    )


def deal(
    n: int, dealer: int, seed: int, hands: Sequence[Sequence[str]] | None, stock: Sequence[str] | None,
    jack: bool = False,
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Five cards to each seat from the dealer's left, one at a time, Seaside Jack's after the dealer's
    in each round (FMS-1), then the five table cards: (hands, Jack's cards in deal order, table, rest).
    A stacked ``hands`` may hold a sixth entry for Jack (in deal order)."""
    stacks = n + 1 if jack else n
    given = [tuple(h) for h in hands] if hands is not None else [()] * n
    given += [()] * (stacks - len(given)) if len(given) == n else []
    if len(given) != stacks or any(len(h) > STATIONS for h in given):
        raise IllegalAction(_("Need one hand of at most five cards per seat."))
    used = [c for h in given for c in h]
    if stock is None:
        taken = set(used)
        rest = [c for c in fm.CARDS if c not in taken]
        deck = list(dealt_from(seed, rest, len(rest)))
    else:
        deck = list(stock)
    fm.check_cards(used + deck)
    got = [list(h) for h in given]
    order = [(dealer + i) % n for i in range(1, n + 1)] + ([n] if jack else [])
    top = 0
    for _round in range(STATIONS):
        for s in order:
            if len(got[s]) < STATIONS:
                if top >= len(deck):
                    raise IllegalAction(_("The deck ran out."))
                got[s].append(deck[top])
                top += 1
    table = tuple(deck[top: top + STATIONS])
    if len(table) < STATIONS:
        raise IllegalAction(_("The deck ran out."))
    jack_hand = tuple(got[n]) if jack else ()
    return tuple(tuple(h) for h in got[:n]), jack_hand, table, tuple(deck[top + STATIONS:])
