"""Fünfzehnern (Fifteens): 3–4 players, eight tricks a deal, points − 15 paid through the pool.

One state is one deal; a match is a fixed number of deals (``deals``), played
hand by hand: the runtime settles each deal's chips and hands the match so
far (``carry``: deals played, totals, the sheet's rows) to the next deal. The
lead rule (a seat that takes the lead from another must keep leading that
suit, unbeatable cards exempt) and zwang come from ``games.core.leads``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel

from ..core.game import Carry, Event, Game, Outcome, placings_from
from ..core.i18n import _
from ..core.leads import Duties, Force, forced_follow, legal_leads, may_force
from ..core.rng import Rng
from ..core.sheet import deal, remember
from ..core.tricks import TrickPlay, must_follow
from ..core.views import SeatView, seat_name
from .cards import HAND, RANKING, SUIT_NAME, SUIT_OF, TARGET, label, pack, points, suit_label
from .state import PRESET_LABELS, PRESETS, FuenfOptions, FuenfState, match_from, trick_winner
from .texts import deal_summary, seat_details


class Fuenfzehnern(Game):
    id: ClassVar[str] = "fuenfzehnern"
    title: ClassVar[str] = "Fünfzehnern"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    uses_chips: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[BaseModel]] = FuenfOptions
    presets: ClassVar = PRESETS
    preset_labels: ClassVar = PRESET_LABELS
    state_type: ClassVar[type] = FuenfState
    action_help: ClassVar = MappingProxyType(
        {
            "play:CARD": "lead or play a card, e.g. play:Qs",
            "zwang:CARD": "lead a queen and declare zwang (you hold its king; its ace is still out)",
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
    ) -> FuenfState:
        """A deal of the match; ``carry`` (deals played, totals, rows) places it in the match.

        Stacked ``hands`` (eight cards each, the whole pack) replace the shuffle.
        """
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, FuenfOptions)
        if stock:
            raise ValueError("Fünfzehnern deals the whole pack: there is no stock")
        deal_no, totals, rows = match_from(carry, seats, opts.deals)
        dealer %= seats
        rng = Rng(seed).derive(f"fuenfzehnern-deal-{deal_no}")
        dealt, _rest = deal(pack(seats), seats, HAND, rng, hands=hands)
        first = (dealer + 1) % seats
        text = _("Deal {k} of {n}: {dealer} deals and {first} leads.").format(
            k=deal_no, n=opts.deals, dealer=seat_name(dealer), first=seat_name(first)
        )
        return FuenfState(
            options=opts,
            seats=seats,
            seed=seed,
            dealer=dealer,
            deal_no=deal_no,
            totals=totals,
            rows=rows,
            play=TrickPlay.start(dealt, first),
            duties=Duties.none(seats),
            recent=(text,),
        )

    # ------------------------------------------------------------ contract
    def to_act(self, state: FuenfState) -> frozenset[int]:
        if state.play.done:
            return frozenset()
        return frozenset((state.play.to_play,))

    @staticmethod
    def gone(state: FuenfState) -> frozenset[str]:
        """The cards played so far this deal (the whole pack is dealt: those in no hand)."""
        held = {c for hand in state.play.hands for c in hand}
        return frozenset(c for c in pack(state.seats) if c not in held)

    def duty(self, state: FuenfState, seat: int) -> str | None:
        """The suit ``seat`` must lead now (None: free)."""
        return state.duties.binding(seat, state.play.hands[seat], SUIT_OF)

    def leads(self, state: FuenfState, seat: int) -> tuple[str, ...]:
        """The cards ``seat`` may lead now (the lead rule, unbeatable cards exempt)."""
        hand = state.play.hands[seat]
        duty = self.duty(state, seat)
        if duty is None:
            return hand
        return legal_leads(hand, duty, RANKING, self.gone(state))

    def zwang_leads(self, state: FuenfState, seat: int, leads: Sequence[str]) -> tuple[str, ...]:
        """The queens among ``leads`` that may be led with zwang: K held, A still out in another hand."""
        hand = state.play.hands[seat]
        out = []
        gone: frozenset[str] | None = None
        for card in leads:
            if card[0] != "Q":
                continue
            suit = card[1]
            if f"K{suit}" not in hand:
                continue
            gone = self.gone(state) if gone is None else gone
            if may_force(hand, card, f"K{suit}", f"A{suit}", gone):
                out.append(card)
        return tuple(out)

    def _legal_actions(self, state: FuenfState, seat: int) -> tuple[str, ...]:
        play = state.play
        hand = play.hands[seat]
        if not play.trick.plays:
            leads = self.leads(state, seat)
            plays = tuple(f"play:{c}" for c in leads)
            return plays + tuple(f"zwang:{c}" for c in self.zwang_leads(state, seat, leads))
        cards = forced_follow(hand, state.force)
        if cards is None:
            cards = must_follow(hand, SUIT_OF[play.trick.plays[0][1]], SUIT_OF.get)
        return tuple(f"play:{c}" for c in cards)

    def _apply(self, state: FuenfState, seat: int, action: str) -> tuple[FuenfState, tuple[Event, ...]]:
        kind, card = action.split(":", 1)
        force = state.force
        if kind == "zwang":
            force = Force(f"A{card[1]}", seat)
            # the ace by name, not as a card label: who holds it stays hidden until it is played
            text = _("{who} leads {card} and declares zwang: whoever holds the Ace of {suit} must play it.").format(
                who=seat_name(seat), card=label(card), suit=_(SUIT_NAME[card[1]])
            )
        elif not state.play.trick.plays:
            text = _("{who} leads {card}.").format(who=seat_name(seat), card=label(card))
        elif force is not None and card == force.card:
            text = _("{who} plays {card}, forced by the zwang.").format(who=seat_name(seat), card=label(card))
        else:
            text = _("{who} plays {card}.").format(who=seat_name(seat), card=label(card))
        events = [Event(text, seat)]
        play = state.play.play(seat, card, trick_winner)
        if play.trick.plays:
            return self._remember(state, events, play=play, force=force)
        return self._end_trick(state, play, events)

    def _end_trick(
        self, state: FuenfState, play: TrickPlay, events: list[Event]
    ) -> tuple[FuenfState, tuple[Event, ...]]:
        last = play.last
        assert last is not None
        leader, winner = last.leader, play.last_winner
        won = points(last.cards)
        events.append(
            Event(
                _("{who} takes the trick ({n} points in it).").format(who=seat_name(winner), n=won)
                if won != 1
                else _("{who} takes the trick (1 point in it).").format(who=seat_name(winner)),
                winner,
            )
        )
        duties = state.duties.after_trick(leader, winner, SUIT_OF[last.plays[0][1]])
        if winner != leader and play.hands[winner]:
            events.append(
                Event(
                    _("{who} took the lead from {other} and must keep leading {suit} while holding any.").format(
                        who=seat_name(winner), other=seat_name(leader), suit=suit_label(duties.suits[winner] or "")
                    ),
                    winner,
                )
            )
        state = replace(state, play=play, duties=duties, force=None)
        if play.done:
            events.append(Event(deal_summary(state, self.scores(state))))
        return self._remember(state, events)

    @staticmethod
    def _remember(state: FuenfState, events: list[Event], **changes: Any) -> tuple[FuenfState, tuple[Event, ...]]:
        return replace(state, recent=remember(state.recent, events), **changes), tuple(events)

    # -------------------------------------------------------------- scoring
    @staticmethod
    def taken_points(state: FuenfState) -> tuple[int, ...]:
        """Points in each seat's won-tricks pile so far (A 5, K 4, Q 3, J 2, 10 1)."""
        return tuple(points(t) for t in state.play.taken)

    def scores(self, state: FuenfState) -> tuple[int, ...]:
        """Each seat's score for the deal: points taken − 15."""
        return tuple(p - TARGET for p in self.taken_points(state))

    def outcome(self, state: FuenfState) -> Outcome | None:
        if not state.play.done:
            return None
        scores = self.scores(state)
        cpp = state.options.chips_per_point
        totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
        rows = (*state.rows, scores)
        return Outcome(
            payoffs=tuple(s * cpp for s in scores),
            placings=placings_from(scores),
            carry={"deal": state.deal_no, "totals": list(totals), "rows": [list(r) for r in rows]},
            summary=deal_summary(state, scores),
            scores=scores,
            extra={"points": self.taken_points(state), "deal": state.deal_no, "totals": totals},
            details=seat_details(self.taken_points(state), scores, totals),
            table_over=state.last_deal,
        )

    # ---------------------------------------------------------------- views
    def sample_hidden(self, state: FuenfState, seat: int, rng: random.Random) -> FuenfState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: FuenfState, seat: int) -> frozenset[str]:
        return frozenset(state.play.hands[seat])

    def view(self, state: FuenfState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)
