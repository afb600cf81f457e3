"""Tresotti (Fairmarket deck, Game 2): bid for the lead, name trump with it, race to 31.

One state is the whole game. Each deal: one bid each from the dealer's left,
the high bidder leads and that lead names trump; tricks rank by trump, then
the led suit, then the led card's *course*, then rank. With the Sellersport
rules the two halves of one shuffle are played as a front and a back hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel

from ..core.bidding import Auction
from ..core.cards import FAIRMARKET_DECK
from ..core.game import Carry, Event, Game, Outcome
from ..core.i18n import N_, _
from ..core.rng import Rng
from ..core.sheet import ScoreSheet, deal, remember
from ..core.tricks import Trick, TrickPlay, must_follow, seats_from
from ..core.views import SeatView, seat_name
from ..core.wording import plus_minus
from .cards import GAME_VALUE, SUIT_OF, label, suit_label
from .state import HAND, MAX_BID, MIN_BID, TresottiOptions, TresottiState, trick_winner
from .view import final_summary


class Tresotti(Game):
    id: ClassVar[str] = "tresotti"
    title: ClassVar[str] = "Tresotti"
    card_faces: ClassVar[str] = "fairmarket"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    uses_chips: ClassVar[bool] = False
    hand_by_hand: ClassVar[bool] = False
    Options: ClassVar[type[BaseModel]] = TresottiOptions
    presets: ClassVar = MappingProxyType(
        {
            "standard": TresottiOptions(),
            "sellersport": TresottiOptions(sellersport=True),
            "dearworth": TresottiOptions(dearworth=True),
        }
    )
    preset_labels: ClassVar = MappingProxyType(
        {"standard": N_("Standard"), "sellersport": N_("Sellersport"), "dearworth": N_("Dearworth")}
    )
    state_type: ClassVar[type] = TresottiState
    action_help: ClassVar = MappingProxyType(
        {
            "pass": "pass in the bidding",
            "bid:N": "bid N points (3–10)",
            "play:CARD": "play a card, e.g. play:B40",
        }
    )

    def seat_limits(self, options: BaseModel) -> tuple[int, int]:
        assert isinstance(options, TresottiOptions)
        return (3, 3) if options.sellersport else (self.min_players, self.max_players)

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
    ) -> TresottiState:
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, TresottiOptions)
        blank = TresottiState(
            options=opts,
            seats=seats,
            seed=seed,
            deal_no=0,
            dealer=dealer % seats,
            phase="bid",
            auction=Auction((0,), MIN_BID),
            bidder=-1,
            bid=0,
            play=TrickPlay.start(((),) * seats, 0),
            trump="",
            back=(),
            front=opts.sellersport,
            sheet=ScoreSheet.empty(seats),
        )
        state, events = self._deal(blank, 0, dealer % seats, hands=hands, stock=stock)
        return replace(state, recent=remember((), events))

    def _deal(
        self,
        state: TresottiState,
        deal_no: int,
        dealer: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
    ) -> tuple[TresottiState, tuple[Event, ...]]:
        n = state.seats
        sellersport = state.options.sellersport
        front = not sellersport or deal_no % 2 == 0
        if sellersport and not front:
            # The back hand: the other half of the last shuffle.
            dealt = tuple(state.back[i * HAND : (i + 1) * HAND] for i in range(n))
            rest: tuple[str, ...] = ()
        else:
            rng = Rng(state.seed).derive(f"tresotti-deal-{deal_no}")
            dealt, rest = deal(FAIRMARKET_DECK.cards, n, HAND, rng, hands=hands, stock=stock)
        first = (dealer + 1) % n
        new = replace(
            state,
            deal_no=deal_no,
            dealer=dealer,
            phase="bid",
            auction=Auction(seats_from(first, n), MIN_BID, MAX_BID),
            bidder=-1,
            bid=0,
            play=TrickPlay.start(dealt, first),
            trump="",
            back=rest if sellersport and front else (),
            front=sellersport and front,
        )
        if sellersport:
            half = _("front hand") if front else _("back hand")
            text = _("Deal {k} ({half}): {dealer} deals.").format(
                k=deal_no + 1, half=half, dealer=seat_name(dealer)
            )
        else:
            text = _("Deal {k}: {dealer} deals.").format(k=deal_no + 1, dealer=seat_name(dealer))
        return new, (Event(text),)

    # ------------------------------------------------------------ contract
    def to_act(self, state: TresottiState) -> frozenset[int]:
        if state.phase == "bid":
            return frozenset((state.auction.order[state.auction.turn],))
        if state.phase == "play":
            return frozenset((state.play.to_play,))
        return frozenset()

    def _dealer_forced(self, state: TresottiState, seat: int) -> bool:
        return seat == state.dealer and state.auction.high is None

    def _legal_actions(self, state: TresottiState, seat: int) -> tuple[str, ...]:
        if state.phase == "bid":
            if self._dealer_forced(state, seat):
                return (f"bid:{MIN_BID}",)
            return ("pass", *(f"bid:{n}" for n in state.auction.bid_range(MAX_BID)))
        hand = state.play.hands[seat]
        plays = state.play.trick.plays
        led = SUIT_OF[plays[0][1]] if plays else None
        return tuple(f"play:{c}" for c in must_follow(hand, led, SUIT_OF.get))

    def _apply(self, state: TresottiState, seat: int, action: str) -> tuple[TresottiState, tuple[Event, ...]]:
        if action == "pass":
            auction = state.auction.pass_(seat)
            events = [Event(_("{who} passes.").format(who=seat_name(seat)), seat)]
        elif action.startswith("bid:"):
            amount = int(action[4:])
            auction = state.auction.bid(seat, amount)
            text = _("{who} must bid {n}.") if self._dealer_forced(state, seat) else _("{who} bids {n}.")
            events = [Event(text.format(who=seat_name(seat), n=amount), seat)]
        else:
            return self._play(state, seat, action[5:])
        if not auction.done:
            return self._remember(state, events, auction=auction)
        bidder, bid = auction.high_seat, auction.high
        assert bidder is not None and bid is not None
        events.append(
            Event(_("{who} wins the bid with {n} and leads.").format(who=seat_name(bidder), n=bid), bidder)
        )
        play = replace(state.play, trick=Trick(bidder))
        return self._remember(state, events, auction=auction, phase="play", bidder=bidder, bid=bid, play=play)

    def _play(self, state: TresottiState, seat: int, card: str) -> tuple[TresottiState, tuple[Event, ...]]:
        events = [Event(_("{who} plays {card}.").format(who=seat_name(seat), card=label(card)), seat)]
        trump = state.trump
        if not trump:
            trump = SUIT_OF[card]
            events.append(Event(_("{suit} are trump.").format(suit=suit_label(trump))))
        winner = partial(trick_winner, trump=trump, reading=state.options.reading())
        play = state.play.play(seat, card, winner)
        if play.trick.plays:
            return self._remember(state, events, play=play, trump=trump)
        events.append(
            Event(_("{who} wins the trick.").format(who=seat_name(play.last_winner)), play.last_winner)
        )
        if not play.done:
            return self._remember(state, events, play=play, trump=trump)
        return self._end_deal(replace(state, play=play, trump=trump), events)

    # -------------------------------------------------------------- scoring
    @staticmethod
    def doubles_taken(state: TresottiState) -> tuple[int, ...]:
        return tuple(sum(GAME_VALUE.get(c, 0) for c in taken) for taken in state.play.taken)

    def game_point(self, state: TresottiState) -> int | None:
        """The seat with the most face value in doubles; a tie (at any level) gives nobody."""
        values = self.doubles_taken(state)
        best = max(values)
        top = [s for s, v in enumerate(values) if v == best]
        return top[0] if len(top) == 1 else None

    def deal_points(self, state: TresottiState) -> tuple[int, ...]:
        """Points written on the sheet this deal (before Dearworth's floor at zero)."""
        game = self.game_point(state)
        points = [t + (1 if s == game else 0) for s, t in enumerate(state.play.tricks)]
        b, made = state.bidder, points[state.bidder]
        if state.options.dearworth:
            if made == state.bid:
                points[b] = 2 * made
            elif made < state.bid:
                points[b] = -state.bid
        elif made < state.bid:
            points[b] = 0
        return tuple(points)

    def _end_deal(self, state: TresottiState, events: list[Event]) -> tuple[TresottiState, tuple[Event, ...]]:
        game = self.game_point(state)
        if game is None:
            events.append(Event(_("Game point: a tie in doubles, nobody scores it.")))
        else:
            events.append(Event(_("Game point: {who}.").format(who=seat_name(game)), game))
        points = self.deal_points(state)
        made = state.play.tricks[state.bidder] + (1 if game == state.bidder else 0)
        said = (
            _("{who} makes the bid of {bid} ({made} points).")
            if made >= state.bid
            else _("{who} falls short of the bid of {bid} ({made} points).")
        )
        events.append(Event(said.format(who=seat_name(state.bidder), bid=state.bid, made=made), state.bidder))
        sheet = state.sheet.add(points, floor=0)
        scored = ", ".join(f"{seat_name(s)} {plus_minus(p)}" for s, p in enumerate(sheet.rows[-1]))
        text = _("Deal {k} scores: {scored}.").format(k=state.deal_no + 1, scored=scored)
        events.append(Event(text, ends_deal=True))
        state = replace(state, sheet=sheet)
        winner = None if state.front else self.winner_after(sheet.totals, state.bidder, state.options.target)
        if winner is not None:
            state = replace(state, phase="over", winner=winner)
            events.append(Event(final_summary(state)))
            return self._remember(state, events)
        if max(sheet.totals) >= state.options.target and not state.front:
            events.append(Event(_("Tied at the top: another deal.")))
        nxt, more = self._deal(state, state.deal_no + 1, (state.dealer + 1) % state.seats)
        events.extend(more)
        return self._remember(nxt, events)

    @staticmethod
    def winner_after(totals: Sequence[int], bidder: int, target: int) -> int | None:
        """First to ``target``; several at once: the highest, then that deal's bidder, else nobody yet."""
        reached = [s for s, t in enumerate(totals) if t >= target]
        if not reached:
            return None
        best = max(totals[s] for s in reached)
        top = [s for s in reached if totals[s] == best]
        if len(top) == 1:
            return top[0]
        return bidder if bidder in top else None

    def _remember(
        self, state: TresottiState, events: Sequence[Event], **changes: Any
    ) -> tuple[TresottiState, tuple[Event, ...]]:
        """The new state (one ``replace``: this is the hot path) with the public events remembered."""
        return replace(state, recent=remember(state.recent, events), **changes), tuple(events)

    def outcome(self, state: TresottiState) -> Outcome | None:
        if state.phase != "over":
            return None
        return state.sheet.outcome(final_summary(state), winner=state.winner)

    # ---------------------------------------------------------------- views
    def sample_hidden(self, state: TresottiState, seat: int, rng: random.Random) -> TresottiState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: TresottiState, seat: int) -> frozenset[str]:
        return frozenset(state.play.hands[seat])

    def view(self, state: TresottiState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)
