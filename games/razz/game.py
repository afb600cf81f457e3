"""The Razz engine: seven-card stud, A-5 low, fixed limit with a bring-in.

The state is a frozen value; betting is the shared ``BettingRound``. Each seat's
cards are kept in the order dealt (down, down, up, up, up, up, down), so which
cards are face up never needs storing. PHH lines are written as the hand goes,
so a finished hand exports as a pokerkit hand history without replaying it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import add, sub
from typing import Any, ClassVar

from games.core.betting import BettingRound
from games.core.cards import STANDARD_DECK
from games.core.errors import IllegalAction, NotYourTurn
from games.core.fastvalue import builder
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import _
from games.core.poker import phh
from games.core.poker.lowball import LOW_RANK, best_showing, low_hand, low_key
from games.core.poker.pots import side_pots, split_amount
from games.core.poker.ui import LABELS, bet_choice, card_labels, pot_headline, seat_name
from games.core.rng import RNG_ALGO
from games.core.views import Choice, SeatView

from .deal import next_street, stock_for, third_street
from .options import PRESETS, RazzOptions

SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}  # spades > hearts > diamonds > clubs
STREET_NAMES = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street", 7: "7th street"}
OVER = 8
RECENT = 6


@dataclass(frozen=True, slots=True)
class RazzDeal:
    """What changes only between streets (kept apart so a bet copies little)."""

    options: RazzOptions
    n: int
    dealer: int
    street: int  # 3..7 while playing; OVER when the hand is finished
    cards: tuple[tuple[str, ...], ...]  # each seat's cards in the order dealt
    community: str  # the shared 7th-street card when the stub ran short, else ""
    queues: tuple[tuple[str, ...], ...]  # stacked cards not dealt yet (tests, replays)
    stock: tuple[str, ...]
    start_stacks: tuple[int, ...] | None  # chips behind before the ante; None = unlimited
    banked: tuple[int, ...]  # chips each seat put in on earlier streets (antes included)
    opener: int  # who brought in / opened this street
    pk: tuple[int, ...]  # PHH player number of each seat dealt in (1 = first from the dealer's left), 0 if out
    history: tuple[str, ...] = ()  # PHH lines up to this street's betting (all of them once the hand is over)


@dataclass(frozen=True, slots=True)
class RazzState:
    deal: RazzDeal
    round: BettingRound  # this street's betting; live seats and stacks live here
    legal: tuple[str, ...] = ()  # what the seat to act may do
    phh_street: tuple[str, ...] = ()  # PHH lines of this street's betting (the rest: deal.history)
    recent: tuple[str, ...] = ()
    payoffs: tuple[int, ...] | None = None  # net per seat once the hand is over
    shown: tuple[bool, ...] = ()  # hands revealed at showdown
    summary: str = ""
    details: tuple[str, ...] = ()  # per seat, once the hand is over: its low, or why it has none

    # read-only conveniences (not stored)
    @property
    def phh(self) -> tuple[str, ...]:
        """The PHH action lines so far (kept in two parts so a bet copies only its street's)."""
        return self.deal.history + self.phh_street if self.phh_street else self.deal.history

    @property
    def live(self) -> tuple[bool, ...]:
        return self.round.live

    @property
    def stacks(self) -> tuple[int, ...] | None:
        return self.round.stacks

    @property
    def contributed(self) -> tuple[int, ...]:
        return _contributed(self)

    @property
    def cards(self) -> tuple[tuple[str, ...], ...]:
        return self.deal.cards

    @property
    def community(self) -> str:
        return self.deal.community

    @property
    def street(self) -> int:
        return self.deal.street


_state = builder(RazzState)  # hot-path constructors (games/core/fastvalue.py)
_deal_of = builder(RazzDeal)
_event = builder(Event)
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(8))  # frozensets are values: share them
_name = seat_name
_labels = card_labels
#: how bad a door card is: rank (aces low) then suit (spades > hearts > diamonds > clubs)
_DOOR = {c: LOW_RANK[c[0]] * 4 + SUIT_ORDER[c[1]] for c in STANDARD_DECK.cards}


#: "Seat 2 has the highest door card (K♠) and must bring in.", by seat and card
_BRINGS_IN = tuple(
    {
        c: _("{who} has the highest door card ({card}) and must bring in.").format(who=seat_name(s), card=LABELS[c])
        for c in STANDARD_DECK.cards
    }
    for s in range(8)
)


def _around(template: str, field: str, **values: object) -> tuple[str, str]:
    """``template`` filled with ``values``, cut where ``field`` goes: (before, after)."""
    before, after = template.format(**values, **{field: "\0"}).split("\0")
    return before, after


#: "4th street: Seat 3 shows the best board (" and ") and opens.", by street and seat
_OPENS = {
    street: tuple(
        _around(_("{street}: {who} shows the best board ({board}) and opens."), "board", street=name, who=seat_name(s))
        for s in range(8)
    )
    for street, name in STREET_NAMES.items()
}
#: "Everyone else folded: Seat 3 wins the pot.", by seat
_FOLDED_TO = tuple(_("Everyone else folded: {who} wins the pot.").format(who=seat_name(s)) for s in range(8))


def _label(card: str) -> str:
    return LABELS[card]


class Razz(Game):
    id: ClassVar[str] = "razz"
    title: ClassVar[str] = "Razz"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    uses_chips: ClassVar[bool] = True
    uses_stacks: ClassVar[bool] = True
    versioned_deal: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[RazzOptions]] = RazzOptions
    presets: ClassVar = PRESETS
    state_type: ClassVar[type] = RazzState
    history_suffix: ClassVar[str] = ".phh"
    action_help: ClassVar = {
        "bring-in": "Post the forced bring-in (the highest door card must).",
        "complete": "Make the bring-in a full small bet.",
        "check": "Pass without betting.",
        "bet": "Bet the fixed amount for this street.",
        "call": "Match the current bet.",
        "raise": "Raise by the fixed amount.",
        "fold": "Give up the hand (only when facing a bet).",
    }

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
        stacks: Sequence[int] | None = None,
        rng_algo: int = RNG_ALGO,
    ) -> RazzState:
        """A hand dealt from ``seed`` by generator version ``rng_algo`` (the table's: ``tables.rng_algo``)."""
        # the usual call passes RazzOptions (pydantic's isinstance is slow) and a seat count in range
        opts = options if type(options) is RazzOptions else self.options_from(options)
        if not (type(seats) is int and self.min_players <= seats <= self.max_players):
            self.check_seats(opts, seats)
        queues, deck = stock_for(seats, seed, hands, stock, rng_algo)
        n = seats
        dealer %= n
        if stacks is not None:
            if len(stacks) != n or any(s < 0 for s in stacks):
                raise IllegalAction(_("Every seat needs a stack of 0 or more chips."))
            stacks = tuple(int(s) for s in stacks)
        # a seat with no chips sits this hand out: no ante, no cards
        dealt_in = (True,) * n if stacks is None else tuple(s > 0 for s in stacks)
        order = _live_from_left(dealer, dealt_in)
        pk = _PLAYER_NUMBERS.get((dealer, dealt_in)) or _player_numbers(dealer, dealt_in)
        start = stacks
        if stacks is None:
            antes = (opts.ante,) * n
        else:
            antes = tuple(min(opts.ante, s) for s in stacks)
            stacks = tuple(s - a for s, a in zip(stacks, antes, strict=True))
        if len(order) < 2:
            deal = _deal_of(opts, n, dealer, OVER, ((),) * n, "", queues, deck, start, (0,) * n, -1, pk, ())
            idle = BettingRound(opts.small_bet, opts.cap, (0,) * n, dealt_in, (), 0, start)
            text = _("Not enough players with chips to deal a hand.")
            return _state(deal, idle, (), (), (text,), (0,) * n, (False,) * n, text, (_SAT_OUT,) * n)
        dealt, queues, deck, lines = third_street(n, order, pk, queues, deck)
        opener = _opener(3, dealt, dealt_in, dealer)
        deal = _deal_of(opts, n, dealer, 3, dealt, "", queues, deck, start, antes, opener, pk, lines)
        return self._open_street(deal, dealt_in, stacks, (), ())[0]

    # ------------------------------------------------------------ turn
    # ``apply`` and ``legal_actions`` do exactly the base class's checks, in fewer
    # steps: the legal actions of the seat to act are kept in the state. ``apply``
    # also does the action itself (the hot path saves a call); ``_apply`` is the hook.
    def apply(self, state: RazzState, seat: int, action: str) -> tuple[RazzState, tuple[Event, ...]]:
        # ``state.legal`` is empty unless the hand runs and ``pending[0]`` is to act, so
        # one test lets every legal move through; anything else gets the base class's error
        if action not in state.legal or seat != state.round.pending[0]:
            _refuse(state, seat, action)
        deal = state.deal
        r, put, legal = state.round.advance(seat, action)
        stacks = r.stacks
        all_in = stacks is not None and put > 0 and stacks[seat] == 0
        key = (action, seat, deal.pk[seat], put, r.committed[seat], all_in)
        line, text, events = _SAID_BEFORE.get(key) or _said(key)
        recent = state.recent[1 - RECENT:] + text
        street_lines = state.phh_street + line
        if action == "fold" and r.live.count(True) == 1:  # only a fold can leave one player
            return self._finish(deal, r, deal.history + street_lines, recent, events)
        if not legal:  # nobody left to act this round
            return self._next_street(deal, r, deal.history + street_lines, recent, events)
        return _state(deal, r, legal, street_lines, recent, None, (), "", ()), events

    def legal_actions(self, state: RazzState, seat: int) -> tuple[str, ...]:
        legal = state.legal  # empty unless the hand runs and pending[0] is to act
        if legal and seat == state.round.pending[0]:
            return legal
        return ()

    def to_act(self, state: RazzState) -> frozenset[int]:
        if not state.legal:  # the hand is over (or nobody can act)
            return _NOBODY
        return _ONLY[state.round.pending[0]]

    def _legal_actions(self, state: RazzState, seat: int) -> tuple[str, ...]:
        return state.legal

    def is_legal(self, state: RazzState, seat: int, action: str) -> bool:
        return action in self.legal_actions(state, seat)

    def timeout_action(self, state: RazzState, seat: int) -> str:
        legal = state.legal
        for gentle in ("check", "fold"):
            if gentle in legal:
                return gentle
        return legal[0]

    def _apply(self, state: RazzState, seat: int, action: str) -> tuple[RazzState, tuple[Event, ...]]:
        return self.apply(state, seat, action)  # its checks pass: the action is legal

    # ------------------------------------------------------------ streets
    def _next_street(
        self,
        deal: RazzDeal,
        r: BettingRound,
        phh_lines: tuple[str, ...],
        recent: tuple[str, ...],
        events: tuple[Event, ...],
    ) -> tuple[RazzState, tuple[Event, ...]]:
        """The betting round is over: deal the next street, or show down."""
        if deal.street == 7 or (
            r.stacks is not None and sum(1 for lv, st in zip(r.live, r.stacks, strict=True) if lv and st > 0) <= 1
        ):
            finish = self._finish if deal.street == 7 else self._run_out
            return finish(deal, r, phh_lines, recent, events)
        deal = self._deal(deal, r.live, tuple(map(add, deal.banked, r.committed)), phh_lines, opening=True)
        return self._open_street(deal, r.live, r.stacks, recent, events)

    def _run_out(
        self,
        deal: RazzDeal,
        r: BettingRound,
        phh_lines: tuple[str, ...],
        recent: tuple[str, ...],
        events: tuple[Event, ...],
    ) -> tuple[RazzState, tuple[Event, ...]]:
        """Nobody can bet any more: show down now and deal the rest (pokerkit's order)."""
        text = _("No more betting: the rest of the cards are dealt.")
        phh_lines = (*phh_lines, *_show_lines(deal, r.live, phh_lines))
        contributed = tuple(map(add, deal.banked, r.committed))
        while deal.street < 7:
            deal = self._deal(deal, r.live, contributed, phh_lines)
            phh_lines = deal.history
            # the chips are banked in the deal now; the round starts from nothing
            r = BettingRound(r.bet_size, r.cap, (0,) * deal.n, r.live, (), 0, r.stacks)
        return self._finish(deal, r, phh_lines, (*recent[1 - RECENT:], text), (*events, Event(text)))

    def _deal(
        self,
        deal: RazzDeal,
        live: tuple[bool, ...],
        contributed: tuple[int, ...],
        history: tuple[str, ...],
        *,
        opening: bool = False,
    ) -> RazzDeal:
        """Deal the next street to every live seat, from the dealer's left; its PHH lines follow ``history``.

        ``opening``: betting follows, so the new deal names who opens it.
        """
        dealer, street = deal.dealer, deal.street + 1
        dealt, community, queues, deck, lines = next_street(deal, live, _live_from_left(dealer, live))
        opener = _opener(street, dealt, live, dealer) if opening else -1
        return _deal_of(
            deal.options, deal.n, dealer, street, dealt, community, queues, deck, deal.start_stacks,
            contributed, opener, deal.pk, history + lines,
        )

    def _open_street(
        self,
        deal: RazzDeal,
        live: tuple[bool, ...],
        stacks: tuple[int, ...] | None,
        recent: tuple[str, ...],
        events: tuple[Event, ...],
    ) -> tuple[RazzState, tuple[Event, ...]]:
        """Start this street's betting (``deal`` names the opener): the bring-in on 3rd street, else the best board."""
        opts, n, cards, opener = deal.options, deal.n, deal.cards, deal.opener
        street = deal.street
        if street == 3:
            text = _BRINGS_IN[opener][cards[opener][2]]
            bet, bring_in = opts.small_bet, opts.bring_in
        else:
            board = _labels(cards[opener][2:6])
            if street == 7 and deal.community:
                text = _(
                    "7th street: too few cards left, so {card} is dealt face up for everyone. {who} ({board}) opens."
                ).format(card=_label(deal.community), who=_name(opener), board=board)
            else:
                before, after = _OPENS[street][opener]
                text = before + board + after
            bet, bring_in = (opts.small_bet if street == 4 else opts.big_bet), 0
        r = BettingRound.open(
            n, opener, live, bet, opts.cap, stacks=stacks, bring_in=bring_in,
            heads_up_uncapped=opts.heads_up_uncapped,
        )
        recent = (*recent[1 - RECENT:], text)
        events = (*events, _event(text, opener, None, False))
        if len(r.pending) <= 1:  # at most one seat can still bet: nothing to decide
            return self._run_out(deal, r, deal.history, recent, events)
        return _state(deal, r, r.legal(r.pending[0]), (), recent, None, (), "", ()), events

    # ------------------------------------------------------------ the end
    def _finish(
        self,
        deal: RazzDeal,
        r: BettingRound,
        lines: tuple[str, ...],
        recent: tuple[str, ...],
        events: tuple[Event, ...],
    ) -> tuple[RazzState, tuple[Event, ...]]:
        """The hand is over (one player left, or the showdown): settle the pots."""
        n, dealer = deal.n, deal.dealer
        live = r.live
        contributed = tuple(map(add, deal.banked, r.committed))
        winnings = [0] * n
        live_seats = _live_from_left(dealer, live)
        if len(live_seats) == 1:
            w = live_seats[0]
            winnings[w] = sum(contributed)
            summary = text = _FOLDED_TO[w]
            shown = (False,) * n
            lows: dict[int, str] = {}
        else:
            texts = []
            # after an all-in run-out pokerkit asks again for the hole cards dealt since
            # (unless the last card was a board card, which needs no showing)
            if not (lines[-1].startswith("d db") and any(" sm " in line for line in lines)):
                lines = (*lines, *_show_lines(deal, live, lines))
            keys = {s: low_key(deal.cards[s]) for s in live_seats}
            lows = {s: low_hand(keys[s]) for s in live_seats}
            shows = _("{who} shows {cards}: {low}.")
            for s in live_seats:
                texts.append(shows.format(who=_name(s), cards=_labels(deal.cards[s]), low=lows[s]))
            won = []
            for pot in side_pots(contributed, live):
                eligible = pot.eligible
                best = min([keys[s] for s in eligible])
                winners = [s for s in live_seats if s in eligible and keys[s] == best]
                for s, share in split_amount(pot.amount, winners, deal.options.odd_chips):
                    winnings[s] += share
                won.append((winners, low_hand(best)))
            summary = pot_headline(won)
            text = " ".join((*texts, summary))
            shown = live
        payoffs = tuple(map(sub, winnings, contributed))
        deal = _deal_of(
            deal.options, n, dealer, OVER, deal.cards, deal.community, deal.queues, deal.stock,
            deal.start_stacks, deal.banked, deal.opener, deal.pk, lines,
        )
        details = _details(deal, live, lows)
        state = _state(deal, r, (), (), (*recent[1 - RECENT:], text), payoffs, shown, summary, details)
        return state, (*events, _event(text, None, None, False))

    def outcome(self, state: RazzState) -> Outcome | None:
        if state.payoffs is None:
            return None
        return Outcome(
            state.payoffs,
            placings_from(state.payoffs),
            summary=state.summary,
            extra={"stacks": final_stacks(state)} if state.round.stacks is not None else {},
            details=state.details,
        )

    # ------------------------------------------------------------ views
    def private_cards(self, state: RazzState, seat: int) -> frozenset[str]:
        if state.shown and state.shown[seat]:
            return frozenset()
        return frozenset(_down(state, seat))

    def view(self, state: RazzState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)

    def default_prompt(self, state: RazzState, seat: int) -> tuple[Choice, ...]:
        r = state.round
        if state.payoffs is not None or not r.pending or seat != r.pending[0]:
            return ()
        return tuple(bet_choice(r, seat, a) for a in state.legal)

    # ------------------------------------------------------------ history
    def history_text(self, state: RazzState) -> str | None:
        """The finished hand as PHH (pokerkit's "FR" variant); player 1 is the dealer's left."""
        deal = state.deal
        if state.payoffs is None or not state.phh:
            return None
        opts, n = deal.options, deal.n
        order = [s for s in _from_left(deal.dealer, n) if deal.pk[s]]
        start = [phh.UNLIMITED] * len(order) if deal.start_stacks is None else [deal.start_stacks[s] for s in order]
        finish = [start[i] + state.payoffs[s] for i, s in enumerate(order)]
        return phh.dumps(
            variant="FR",
            antes=[opts.ante] * len(order),
            fields={"bring_in": opts.bring_in, "small_bet": opts.small_bet, "big_bet": opts.big_bet},
            starting_stacks=start,
            actions=state.phh,
            players=[_name(s) for s in order],
            finishing_stacks=finish,
        )


_SAID = {
    "fold": ("f", _("{who} folds.")),
    "check": ("cc", _("{who} checks.")),
    "call": ("cc", _("{who} calls {amount}.")),
    "bring-in": ("pb", _("{who} brings in for {amount}.")),
    "bet": ("cbr", _("{who} bets {amount}.")),
    "raise": ("cbr", _("{who} raises to {total}.")),
    "complete": ("cbr", _("{who} completes to {total}.")),
}


#: ``_said`` answers already given, by their key (a plain dict: cheaper to ask than an lru_cache)
_SAID_BEFORE: dict[tuple[str, int, int, int, int, bool], tuple[tuple[str], tuple[str], tuple[Event, ...]]] = {}
_SAID_SIZE = 8192


def _said(key: tuple[str, int, int, int, int, bool]) -> tuple[tuple[str], tuple[str], tuple[Event, ...]]:
    """The PHH line, text and event of a betting action ``(action, seat, pk, put, total, all_in)``.

    Values, so they are shared (and kept); in 1-tuples, to be appended.
    """
    action, seat, pk, put, total, all_in = key
    code, template = _SAID[action]
    line = f"p{pk} {code} {total}" if code == "cbr" else f"p{pk} {code}"
    text = template.format(who=_name(seat), amount=put, total=total)
    if all_in:
        text += " " + _("All in.")
    said = (line,), (text,), (Event(text, seat),)
    if len(_SAID_BEFORE) >= _SAID_SIZE:  # start over, keeping what is in play
        _SAID_BEFORE.clear()
    _SAID_BEFORE[key] = said
    return said


def _show_lines(deal: RazzDeal, live: tuple[bool, ...], phh_lines: tuple[str, ...]) -> list[str]:
    """PHH lines showing the live hands (a board card dealt as such isn't shown again)."""
    board = deal.community if deal.community and f"d db {deal.community}" in phh_lines else ""
    if board:
        return [
            f"p{deal.pk[s]} sm {''.join([c for c in deal.cards[s] if c != board])}"
            for s in _live_from_left(deal.dealer, live)
        ]
    return [f"p{deal.pk[s]} sm {''.join(deal.cards[s])}" for s in _live_from_left(deal.dealer, live)]


def _refuse(state: RazzState, seat: int, action: object) -> None:
    """Raise what the base class's ``apply`` raises for a move that isn't legal, checked in its order."""
    if not isinstance(action, str):
        raise IllegalAction(_("That action isn't understood."))
    if state.payoffs is not None:
        raise IllegalAction(_("This hand is already over."))
    pending = state.round.pending
    if not pending or seat != pending[0]:
        raise NotYourTurn(_("It's not your turn."))
    raise IllegalAction(_("You can't do that right now."))


def final_stacks(state: RazzState) -> tuple[int, ...] | None:
    """Chips behind each seat after the hand (None: unlimited stacks)."""
    if state.round.stacks is None or state.payoffs is None:
        return state.round.stacks
    start = state.deal.start_stacks
    assert start is not None
    return tuple(s + p for s, p in zip(start, state.payoffs, strict=True))


# ---------------------------------------------------------------- helpers
_SAT_OUT, _FOLDED, _NOT_SHOWN = _("sat out"), _("folded"), _("not shown")


def _details(deal: RazzDeal, live: tuple[bool, ...], lows: dict[int, str]) -> tuple[str, ...]:
    """Per seat, what decided its hand: its low as shown, or why there is none (for ``Outcome.details``)."""
    return tuple(
        lows.get(s) or (_SAT_OUT if not deal.pk[s] else _FOLDED if not live[s] else _NOT_SHOWN)
        for s in range(deal.n)
    )


def _contributed(state: RazzState) -> tuple[int, ...]:
    return tuple(map(add, state.deal.banked, state.round.committed))


def _opener(street: int, cards: tuple[tuple[str, ...], ...], live: tuple[bool, ...], dealer: int) -> int:
    """Who brings in (3rd street: the worst door card) or opens (the best board; ties: first from the left)."""
    opener = -1
    if street == 3:
        worst = -1
        for s in _live_from_left(dealer, live):
            door = _DOOR[cards[s][2]]
            if door > worst:
                opener, worst = s, door
        return opener
    return best_showing(cards, _live_from_left(dealer, live))


@cache
def _from_left(dealer: int, n: int) -> tuple[int, ...]:
    return tuple((dealer + 1 + i) % n for i in range(n))


def _live_from_left(dealer: int, live: tuple[bool, ...]) -> tuple[int, ...]:
    """The live seats from the dealer's left: the order of dealing, showing and odd chips."""
    by_dealer = _LEFT.get(live)
    if by_dealer is None:
        n = len(live)
        by_dealer = _LEFT[live] = tuple(tuple(s for s in _from_left(d, n) if live[s]) for d in range(n))
    return by_dealer[dealer]


_LEFT: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = {}  # live seats -> their order from each dealer's left


def _player_numbers(dealer: int, dealt_in: tuple[bool, ...]) -> tuple[int, ...]:
    """Each seat's PHH player number (1 = first dealt in from the dealer's left; 0 = sitting out)."""
    pk = [0] * len(dealt_in)
    for i, s in enumerate(_live_from_left(dealer, dealt_in)):
        pk[s] = i + 1
    numbers = _PLAYER_NUMBERS[dealer, dealt_in] = tuple(pk)
    return numbers


_PLAYER_NUMBERS: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}  # at most 8 * 2**8


def _up(state: RazzState, seat: int) -> tuple[str, ...]:
    return state.deal.cards[seat][2:6]


def _down(state: RazzState, seat: int) -> tuple[str, ...]:
    cards = state.deal.cards[seat]
    return tuple(c for c in cards[:2] + cards[6:] if c != state.deal.community)
