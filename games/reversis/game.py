"""Reversis: four players avoid taking aces and face cards; aces and the Quinola (J♥) pay as they
fall, the pots carry from hand to hand, and whoever takes the first nine tricks is on for the reversis.

One state is one hand (``hand_by_hand``); the pots, the remise count and the deals played
carry to the next hand through ``Outcome.carry``. The deal: eleven cards each, a twelfth to the
dealer, a face-down card before each other player; the exchange; eleven tricks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel

from ..core.exchange import parse_pick, pick_actions
from ..core.game import Carry, Event, Game, Outcome, placings_from
from ..core.i18n import N_, _
from ..core.pots import Pots
from ..core.rng import Rng
from ..core.sheet import remember
from ..core.tricks import Trick, TrickPlay
from ..core.views import SeatView, seat_name
from .cards import ACES, CARDS, QUINOLA, label
from .ending import points
from .play import legal_cards, play_card
from .state import ANTE, DONE, EXCHANGE, HAND, PLAY, SEATS, ReversisOptions, ReversisState, evolve

DISCARD = "discard"


def carried_pots(carry: Carry | None) -> tuple[tuple[int, ...], int, int]:
    """(pots, remises paid since they were formed, deals played) from the last hand's carry.

    The pots travel as text ("55,60"): the runtime drops a carry's lists when the players change,
    and the pots belong to the table, not to seats.
    """
    if not carry:
        return (), 0, 0
    text = str(carry.get("pots", ""))
    pots = tuple(int(p) for p in text.split(",") if p.strip())
    return pots, int(carry.get("remises", 0)), int(carry.get("deals", 0))


class Reversis(Game):
    id: ClassVar[str] = "reversis"
    title: ClassVar[str] = "Reversis"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    uses_chips: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[BaseModel]] = ReversisOptions
    presets: ClassVar[Mapping[str, BaseModel]] = MappingProxyType(
        {"standard": ReversisOptions(), "historical": ReversisOptions(historical_talon=True)}
    )
    preset_labels: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"standard": N_("Standard"), "historical": N_("Historical talon count")}
    )
    state_type: ClassVar[type] = ReversisState
    action_help: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "discard:CARD": "the exchange: discard CARD (and draw your face-down card, unless you deal)",
            "discard:": "the exchange: keep your hand (and look at your face-down card)",
            "play:CARD": "play a card, e.g. play:Jh",
        }
    )

    def suggested_buy_in(self, options: BaseModel, seats: int) -> int | None:
        """The text: each player should start with at least 100 credits."""
        return 100

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
    ) -> ReversisState:
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, ReversisOptions)
        dealer %= SEATS
        dealt, face_down = _deal(Rng(seed).derive("reversis-deal"), dealer, hands, stock)
        carried, remises, played = carried_pots(carry)
        pots = Pots.carried(SEATS, carried, remises)
        k = played + 1
        events = [Event(_("Deal {k} of {n}: {dealer} deals.").format(k=k, n=opts.deals, dealer=seat_name(dealer)))]
        if pots.pots:
            pots = pots.ante(dealer, 5, ANTE)
            text = _("{dealer} antes 5 to Pot {i}, which now holds {n}.").format(
                dealer=seat_name(dealer), i=len(pots.pots), n=pots.latest
            )
        else:
            pots = pots.form(tuple(10 if s == dealer else 5 for s in range(SEATS)), ANTE)
            text = _("Everyone antes 5 and {dealer} 10: the pot holds {n}.").format(
                dealer=seat_name(dealer), n=pots.latest
            )
        events.append(Event(text))
        return ReversisState(
            options=opts, seed=seed, dealer=dealer, deal_no=k, phase=EXCHANGE, turn=dealer,
            play=TrickPlay.start(dealt, (dealer + 1) % SEATS), face_down=face_down, talon=(),
            discarded=("",) * SEATS, peeked=("",) * SEATS, pots=pots, recent=remember((), events),
            last=k >= opts.deals,
        )

    # ------------------------------------------------------------ contract
    def to_act(self, state: ReversisState) -> frozenset[int]:
        if state.phase == EXCHANGE:
            return frozenset((state.turn,))
        if state.phase == PLAY:
            return frozenset((state.play.to_play,))
        return frozenset()

    def _legal_actions(self, state: ReversisState, seat: int) -> tuple[str, ...]:
        if state.phase == EXCHANGE:
            low = 1 if seat == state.dealer else 0
            return pick_actions(DISCARD, state.play.hands[seat], low, 1)
        return tuple("play:" + c for c in legal_cards(state, seat))

    def _apply(self, state: ReversisState, seat: int, action: str) -> tuple[ReversisState, tuple[Event, ...]]:
        if state.phase != EXCHANGE:
            new, events = play_card(state, seat, action[5:])
            return new, tuple(events)
        new, events = self._exchange(state, seat, action)
        return evolve(new, recent=remember(state.recent, events)), tuple(events)

    def _exchange(self, state: ReversisState, seat: int, action: str) -> tuple[ReversisState, list[Event]]:
        """The dealer discards one card; each other player discards one and draws the face-down
        card, or keeps the hand and may look at it (DECISIONS RV-3: dealer first, then to the left)."""
        hand = state.play.hands[seat]
        picked = parse_pick(action, DISCARD, hand, 0, 1) or ()
        who = seat_name(seat)
        hands = list(state.play.hands)
        face_down, discarded, peeked = list(state.face_down), list(state.discarded), list(state.peeked)
        if seat == state.dealer:
            card = picked[0]
            hands[seat] = tuple(c for c in hand if c != card)
            talon = (*state.talon, card)
            events = [
                Event(_("{who} discards a card to the talon.").format(who=who), seat),
                Event(_("You discard {card}.").format(card=label(card)), seat, private_to=seat),
            ]
        elif picked:
            card, drawn = picked[0], face_down[seat]
            hands[seat] = (*(c for c in hand if c != card), drawn)
            talon = (*state.talon, card)
            events = [
                Event(_("{who} discards a card and draws the face-down card.").format(who=who), seat),
                Event(
                    _("You discard {card} and draw {drawn}.").format(card=label(card), drawn=label(drawn)),
                    seat, private_to=seat,
                ),
            ]
        else:
            card, peeked[seat] = "", face_down[seat]
            talon = (*state.talon, face_down[seat])
            events = [
                Event(_("{who} keeps their hand; the face-down card goes to the talon.").format(who=who), seat),
                Event(
                    _("You keep your hand. Your face-down card was {card}; it goes to the talon.").format(
                        card=label(face_down[seat])
                    ),
                    seat, private_to=seat,
                ),
            ]
        face_down[seat], discarded[seat] = "", card
        play = replace(state.play, hands=tuple(hands))
        nxt = (seat + 1) % SEATS
        new = evolve(
            state, play=play, face_down=tuple(face_down), talon=talon, discarded=tuple(discarded),
            peeked=tuple(peeked), turn=nxt,
        )
        if nxt != state.dealer:
            return new, events
        return self._begin_play(new, events)

    @staticmethod
    def _begin_play(state: ReversisState, events: list[Event]) -> tuple[ReversisState, list[Event]]:
        eligible = -1
        for s, hand in enumerate(state.play.hands):
            aces = sum(1 for c in hand if c in ACES)
            if aces == 4 or (aces == 3 and QUINOLA in hand):
                eligible = s
        leader = (state.dealer + 1) % SEATS
        events.append(Event(_("The exchange is over. {who} leads.").format(who=seat_name(leader))))
        if eligible >= 0:
            events.append(
                Event(
                    _("You may go for the espagnolette: renounce at least once in the first nine tricks "
                      "and take no trick."),
                    eligible, private_to=eligible,
                )
            )
        play = replace(state.play, trick=Trick(leader))
        return evolve(state, phase=PLAY, turn=-1, play=play, mark=state.pots.mark, eligible=eligible), events

    # -------------------------------------------------------------- outcome
    def outcome(self, state: ReversisState) -> Outcome | None:
        if state.phase != DONE:
            return None
        pots = state.pots
        carry: dict[str, Any] | None = None
        if not state.last:
            carry = {"pots": ",".join(map(str, pots.pots)), "remises": pots.remises, "deals": state.deal_no}
        return Outcome(
            payoffs=pots.net,
            placings=placings_from(pots.net),
            carry=carry,
            carried_in=pots.carried_in,
            carried_out=pots.total,
            summary=state.summary,
            scores=points(state),
            extra={"winner": state.winner, "loser": state.loser, "pots": list(pots.pots)},
            details=state.details,
            table_over=state.last,
        )

    # ---------------------------------------------------------------- views
    def sample_hidden(self, state: ReversisState, seat: int, rng: random.Random) -> ReversisState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def rollout_action(self, state: ReversisState, seat: int, rng: random.Random) -> str | None:
        from .rollout import rollout_action

        return rollout_action(state, seat)

    def private_cards(self, state: ReversisState, seat: int) -> frozenset[str]:
        if state.phase == DONE:
            return frozenset()
        known = {*state.play.hands[seat], state.discarded[seat], state.peeked[seat]}
        known.discard("")
        return frozenset(known)

    def view(self, state: ReversisState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)


def _deal(
    rng: Rng, dealer: int, hands: Sequence[Sequence[str]] | None, stock: Sequence[str] | None
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Eleven cards each and a twelfth to the dealer; a face-down card before each other player
    (RV-2). Stacked: ``hands`` by seat (the dealer's of 12), ``stock`` the face-down cards from the
    dealer's left; unstacked cards are shuffled."""
    if hands is None:
        if stock is not None:
            raise ValueError("a stacked stock needs stacked hands")
        order, _rng = rng.shuffled_batched(CARDS)
        dealt, i = [], 0
        for s in range(SEATS):
            size = HAND + (1 if s == dealer else 0)
            dealt.append(tuple(order[i : i + size]))
            i += size
        rest = tuple(order[i:])
    else:
        dealt = [tuple(h) for h in hands]
        if len(dealt) != SEATS or any(len(h) != HAND + (s == dealer) for s, h in enumerate(dealt)):
            raise ValueError("stacked hands: 11 cards each, 12 for the dealer")
        used = [c for h in dealt for c in h] + list(stock or ())
        if len(set(used)) != len(used) or not set(used) <= set(CARDS):
            raise ValueError("stacked cards are not in the deck (or appear twice)")
        left = [c for c in CARDS if c not in set(used)]
        rest = tuple(stock) if stock is not None else rng.shuffled_batched(left)[0]
        if len(rest) != SEATS - 1:
            raise ValueError("the stock is the three face-down cards")
    face_down = ["", "", "", ""]
    for i in range(SEATS - 1):
        face_down[(dealer + 1 + i) % SEATS] = rest[i]
    return tuple(dealt), tuple(face_down)
