"""The Razz engine: seven-card stud, A-5 low, fixed limit with a bring-in.

The state is a frozen value; betting is the shared ``BettingRound``. Each seat's
cards are kept in the order dealt (down, down, up, up, up, up, down), so which
cards are face up never needs storing. PHH lines are written as the hand goes,
so a finished hand exports as a pokerkit hand history without replaying it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import add, sub
from typing import Any, ClassVar, cast

from games.core.betting import BettingRound
from games.core.errors import IllegalAction, NotYourTurn
from games.core.fastvalue import builder
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import _, language
from games.core.poker import phh
from games.core.poker.lowball import low_hand, low_key
from games.core.poker.pots import side_pots, split_amount
from games.core.poker.ui import bet_choice, card_labels, pot_headline, seat_name
from games.core.rng import RNG_ALGO
from games.core.views import Choice, SeatView
from games.core.wording import sentences

from .deal import next_street, stock_for, third_street
from .options import PRESET_LABELS, PRESETS, RazzOptions
from .state import (
    _PLAYER_NUMBERS,
    _SAT_OUT,
    OVER,
    RECENT,
    RazzDeal,
    RazzState,
    _details,
    _down,
    _from_left,
    _live_from_left,
    _opener,
    _player_numbers,
    final_stacks,
)
from .texts import BY_LANGUAGE, _label, _said, _show_lines, announcements, build

_state = builder(RazzState)  # hot-path constructors (games/core/fastvalue.py)
_deal_of = builder(RazzDeal)
_event = builder(Event)
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(8))  # frozensets are values: share them
_name = seat_name
_labels = card_labels


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
    preset_labels: ClassVar = PRESET_LABELS
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
        opts = options if type(options) is RazzOptions else cast(RazzOptions, self.options_from(options))
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
            return _state(deal, idle, (), (), (text,), (0,) * n, (False,) * n, text, (_(_SAT_OUT),) * n)
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
        said = (BY_LANGUAGE.get(language()) or build()).said  # this language's bets said before
        line, text, events = said.get(key) or _said(key, said)
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
            text = announcements().brings_in[opener][cards[opener][2]]
            bet, bring_in = opts.small_bet, opts.bring_in
        else:
            board = _labels(cards[opener][2:6])
            if street == 7 and deal.community:
                text = _(
                    "7th street: too few cards left, so {card} is dealt face up for everyone. {who} ({board}) opens."
                ).format(card=_label(deal.community), who=_name(opener), board=board)
            else:
                before, after = announcements().opens[street][opener]
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
            summary = text = announcements().folded_to[w]
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
            text = sentences(*texts, summary)
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
    def sample_hidden(self, state: RazzState, seat: int, rng: random.Random) -> RazzState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def rollout_action(self, state: RazzState, seat: int, rng: random.Random) -> str | None:
        from games.ai.rollouts import no_fold

        return no_fold(self.legal_actions(state, seat), rng)

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

