"""Rage (the Fundex "FOLD" rules): bid your tricks exactly over ten shrinking deals.

The whole game (ten deals of 10, 9, … 1 cards) is one state with a score
sheet. Action cards can change the trump in the middle of a trick, so the
trick is judged only when it is complete, with the trump as it stands then.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar, TypedDict

from pydantic import BaseModel

from ..core.game import Carry, Event, Game, Outcome
from ..core.i18n import N_, _
from ..core.rng import Rng
from ..core.sheet import ScoreSheet, deal, remember
from ..core.tricks import TrickPlay, must_follow
from ..core.views import SeatView, seat_name
from ..core.wording import plus_minus
from .cards import (
    BONUS,
    CHANGE,
    COLOUR_OF,
    COLOURS,
    MAD,
    OUT,
    WILD,
    colour_label,
    label,
)
from .state import RageOptions, RageState, trick_winner
from .view import final_summary


class _PlayChanges(TypedDict):
    """What playing a card changes besides the trick's led colour and calls."""

    play: TrickPlay
    stock: tuple[str, ...]
    trump: str
    trump_card: str
    trump_out: bool


class Rage(Game):
    id: ClassVar[str] = "rage"
    title: ClassVar[str] = "Rage"
    card_faces: ClassVar[str] = "rage"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    uses_chips: ClassVar[bool] = False
    hand_by_hand: ClassVar[bool] = False
    Options: ClassVar[type[BaseModel]] = RageOptions
    presets: ClassVar = MappingProxyType({"standard": RageOptions(), "short": RageOptions(first_hand=5)})
    preset_labels: ClassVar = MappingProxyType({"standard": N_("Standard"), "short": N_("Short game: five deals")})
    state_type: ClassVar[type] = RageState
    action_help: ClassVar = MappingProxyType(
        {
            "bid:N": "bid N tricks (0 to the hand size)",
            "play:CARD": "play a card, e.g. play:B15 or play:OUT",
            "play:WILD=C": "play a Wild Rage as colour C (R O Y G B P)",
            "play:CHANGE=C": "play a Change Rage making C the new trump",
        }
    )

    # ------------------------------------------------------------- dealing
    def new_state(
        self,
        options: BaseModel | None,
        seats: int,
        seed: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
        dealer: int = 0,
        carry: Carry | None = None,
    ) -> RageState:
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, RageOptions)
        start = RageState(
            options=opts,
            seats=seats,
            seed=seed,
            deal_no=0,
            dealer=dealer % seats,
            phase="bid",
            turn=0,
            bids=(),
            play=TrickPlay.start(((),) * seats, 0),
            stock=(),
            trump="",
            trump_card="",
            trump_out=False,
            led="",
            calls=(),
            last_calls=(),
            sheet=ScoreSheet.empty(seats),
        )
        state, events = self._deal(start, 0, dealer % seats, hands=hands, stock=stock)
        return replace(state, recent=remember((), events))

    def _deal(
        self,
        state: RageState,
        deal_no: int,
        dealer: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
    ) -> tuple[RageState, tuple[Event, ...]]:
        n = state.seats
        size = state.options.first_hand - deal_no
        rng = Rng(state.seed).derive(f"rage-deal-{deal_no}")
        dealt, pile = deal(state.options.deck(), n, size, rng, hands=hands, stock=stock)
        # Turn cards from the trump pile until a colour shows (action cards are flipped past).
        trump = trump_card = ""
        for i, card in enumerate(pile):
            if card in COLOUR_OF:
                trump, trump_card, pile = COLOUR_OF[card], card, pile[:i] + pile[i + 1 :]
                break
        first = (dealer + 1) % n
        new = replace(
            state,
            deal_no=deal_no,
            dealer=dealer,
            phase="bid",
            turn=first,
            bids=(-1,) * n,
            play=TrickPlay.start(dealt, first),
            stock=tuple(pile),
            trump=trump,
            trump_card=trump_card,
            trump_out=False,
            led="",
            calls=(),
            last_calls=(),
        )
        trump_text = colour_label(trump) if trump else _("none")
        text = _("Deal {k}: {cards} each, {dealer} deals. Trump: {trump}.").format(
            k=deal_no + 1,
            cards=_("1 card") if size == 1 else _("{n} cards").format(n=size),
            dealer=seat_name(dealer),
            trump=trump_text,
        )
        return new, (Event(text),)

    # ------------------------------------------------------------ contract
    def to_act(self, state: RageState) -> frozenset[int]:
        if state.phase == "bid":
            return frozenset((state.turn,))
        if state.phase == "play":
            return frozenset((state.play.to_play,))
        return frozenset()

    def _playable(self, state: RageState, seat: int) -> tuple[str, ...]:
        """Cards (codes) that may be played: follow the led colour, else anything."""
        return must_follow(state.play.hands[seat], state.led or None, COLOUR_OF.get)

    def _legal_actions(self, state: RageState, seat: int) -> tuple[str, ...]:
        if state.phase == "bid":
            return tuple(f"bid:{n}" for n in range(len(state.play.hands[seat]) + 1))
        actions: dict[str, None] = {}
        for card in self._playable(state, seat):
            if card == WILD:
                for c in COLOURS:
                    actions[f"play:WILD={c}"] = None
            elif card == CHANGE:
                for c in COLOURS:
                    if c != state.trump:
                        actions[f"play:CHANGE={c}"] = None
            else:
                actions[f"play:{card}"] = None
        return tuple(actions)

    def _apply(self, state: RageState, seat: int, action: str) -> tuple[RageState, tuple[Event, ...]]:
        if action.startswith("bid:"):
            return self._bid(state, seat, int(action[4:]))
        card, _sep, call = action[5:].partition("=")
        return self._play(state, seat, card, call)

    def _bid(self, state: RageState, seat: int, amount: int) -> tuple[RageState, tuple[Event, ...]]:
        bids = list(state.bids)
        bids[seat] = amount
        events = [Event(_("{who} bids {n}.").format(who=seat_name(seat), n=amount), seat)]
        nxt = (seat + 1) % state.seats
        if -1 in bids:
            return self._remember(state, events, bids=tuple(bids), turn=nxt)
        events.append(Event(_("{who} leads.").format(who=seat_name(state.play.to_play))))
        return self._remember(state, events, bids=tuple(bids), phase="play")

    def _play(self, state: RageState, seat: int, card: str, call: str) -> tuple[RageState, tuple[Event, ...]]:
        trump, trump_card, out, stock = state.trump, state.trump_card, state.trump_out, state.stock
        events: list[Event] = []
        if card == OUT:
            out = True
            text = _("{who} plays Out Rage: no trump for the rest of the deal.")
        elif card == CHANGE:
            # The player searches the pile for a card of the chosen colour and turns it up.
            if trump_card:
                stock = (*stock, trump_card)
            trump, out, trump_card = call, False, ""
            for i, c in enumerate(stock):
                if COLOUR_OF.get(c) == call:
                    trump_card, stock = c, stock[:i] + stock[i + 1 :]
                    break
            text = _("{who} plays Change Rage: trump is now {colour}.")
        elif card == WILD:
            text = _("{who} plays Wild Rage as {colour}.")
        else:
            text = _("{who} plays {card}.")
        colour = colour_label(call) if call else ""
        events.append(Event(text.format(who=seat_name(seat), colour=colour, card=label(card)), seat))
        led = state.led or (call if card == WILD else COLOUR_OF.get(card, ""))
        calls = (*state.calls, call)
        judge_trump = "" if out else trump
        winner = partial(trick_winner, calls=calls, trump=judge_trump, led=led)
        play = state.play.play(seat, card, winner)
        changes: _PlayChanges = {
            "play": play, "stock": stock, "trump": trump, "trump_card": trump_card, "trump_out": out
        }
        if play.trick.plays:
            return self._remember(state, events, led=led, calls=calls, **changes)
        won = play.last_winner
        events.append(Event(_("{who} wins the trick.").format(who=seat_name(won)), won))
        if not play.done:
            return self._remember(state, events, led="", calls=(), last_calls=calls, **changes)
        return self._end_deal(replace(state, led="", calls=(), last_calls=calls, **changes), events)

    def deal_points(self, state: RageState) -> tuple[int, ...]:
        """This deal's points per seat, from the tricks and action cards taken and the bids."""
        o = state.options
        points = []
        for s in range(state.seats):
            won, bid, taken = state.play.tricks[s], state.bids[s], state.play.taken[s]
            p = won + 5 * taken.count(BONUS) - 5 * taken.count(MAD)
            if won == bid:
                p += o.exact_zero if bid == 0 else o.exact_bid
            else:
                p -= o.miss_penalty
            points.append(p)
        return tuple(points)

    def _end_deal(self, state: RageState, events: list[Event]) -> tuple[RageState, tuple[Event, ...]]:
        points = self.deal_points(state)
        sheet = state.sheet.add(points)
        scored = ", ".join(f"{seat_name(s)} {plus_minus(p)}" for s, p in enumerate(points))
        text = _("Deal {k} scores: {scored}.").format(k=state.deal_no + 1, scored=scored)
        events.append(Event(text, ends_deal=True))
        state = replace(state, sheet=sheet)
        if state.deal_no + 1 >= state.options.first_hand:
            state = replace(state, phase="over")
            events.append(Event(final_summary(state)))
            return self._remember(state, events)
        nxt, more = self._deal(state, state.deal_no + 1, (state.dealer + 1) % state.seats)
        events.extend(more)
        return self._remember(nxt, events)

    def _remember(
        self, state: RageState, events: Sequence[Event], **changes: Any
    ) -> tuple[RageState, tuple[Event, ...]]:
        """The new state (one ``replace``: this is the hot path) with the public events remembered."""
        return replace(state, recent=remember(state.recent, events), **changes), tuple(events)

    def outcome(self, state: RageState) -> Outcome | None:
        if state.phase != "over":
            return None
        return state.sheet.outcome(final_summary(state))

    # ---------------------------------------------------------------- views
    def sample_hidden(self, state: RageState, seat: int, rng: random.Random) -> RageState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: RageState, seat: int) -> frozenset[str]:
        """Codes only ``seat`` can see. A duplicated action card that someone else also
        holds, or that lies face up, reveals nothing by its code, so it is not private."""
        elsewhere: set[str] = {state.trump_card, *state.play.trick.cards}
        if state.play.last is not None:
            elsewhere.update(state.play.last.cards)
        for s, hand in enumerate(state.play.hands):
            if s != seat:
                elsewhere.update(hand)
        return frozenset(c for c in state.play.hands[seat] if c not in elsewhere)

    def view(self, state: RageState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)
