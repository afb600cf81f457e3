"""Écarté (Denexa Games text, with DECISIONS §4.5 and §5.5): two players, 32 cards.

One state is one game to 5 points, deal after deal (the dealer alternates). Each
deal: the upcard names trumps (a king scores the dealer a point); the non-dealer
plays or proposes, the dealer accepts or refuses, accepted exchanges discard and
draw back to five (the non-dealer first, until the stock runs out); the one who
prevents the first exchange is vulnerable; a player holding the king of trumps may
show it before their first card; then five tricks, follow suit and head the trick,
else trump. A table plays a match of games hand by hand (``Outcome.carry``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel

from ..core.exchange import parse_pick, pick_actions, swap
from ..core.game import Carry, Event, Game, Outcome
from ..core.i18n import N_, _
from ..core.sheet import ScoreSheet, remember
from ..core.tricks import TrickPlay
from ..core.views import Choice, SeatView, seat_name
from .cards import STRENGTH, king_of, label, labels, legal_plays
from .flow import Events, add_points, deal_into, outcome_of, pair, remembered, score_tricks
from .state import (
    ACCEPT,
    DISCARD,
    HAND,
    OVER,
    PLAY,
    PROPOSE,
    EcarteOptions,
    EcarteState,
    evolve,
    trick_winner,
)


class Ecarte(Game):
    id: ClassVar[str] = "ecarte"
    title: ClassVar[str] = "Écarté"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    uses_chips: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[BaseModel]] = EcarteOptions
    presets: ClassVar = MappingProxyType(
        {
            "standard": EcarteOptions(),
            "denexa": EcarteOptions(denexa_scoring=True, empty_exchange=True),
            "best_of_three": EcarteOptions(match_games=2),
        }
    )
    preset_labels: ClassVar = MappingProxyType(
        {"standard": N_("Standard"), "denexa": N_("Denexa rules"), "best_of_three": N_("Best of three games")}
    )
    state_type: ClassVar[type] = EcarteState
    action_help: ClassVar = MappingProxyType(
        {
            "play": "the non-dealer: \"I play\" (no exchange)",
            "propose": "the non-dealer: \"I propose\" an exchange",
            "accept": "the dealer: accept the proposed exchange",
            "refuse": "the dealer: refuse it, and play",
            "discard:CARD,CARD": "discard these cards and draw as many, e.g. discard:7h,8c",
            "king": "show the king of trumps for a point (before your first card)",
            "play:CARD": "play a card, e.g. play:Ks",
        }
    )

    def plays_for_chips(self, options: BaseModel) -> bool:
        assert isinstance(options, EcarteOptions)
        return options.stake > 0

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
    ) -> EcarteState:
        """A game, or a later deal of one: ``carry`` may give ``scores`` (this game's points),
        ``deal`` (0-based deal number), ``dealer``, ``match`` (games won) and ``games`` (played)."""
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, EcarteOptions)
        carry = carry or {}
        scores = pair(carry.get("scores"))
        deal_no = max(0, int(carry.get("deal", 0)))
        first = int(carry.get("dealer", dealer)) % 2
        blank = EcarteState(
            options=opts, seed=seed, deal_no=deal_no, dealer=first, phase=PROPOSE,
            play=TrickPlay.start(((), ()), 0), stock=(), upcard="Ks", exchanges=0, discarding=-1,
            drew=(-1, -1), vulnerable=-1, king_shown=-1, pending=(0, 0),
            sheet=ScoreSheet(scores), opening=scores, first_deal=deal_no,
            match=pair(carry.get("match")), games=max(0, int(carry.get("games", 0))),
        )
        state, events = deal_into(blank, deal_no, first, hands=hands, stock=stock)
        return evolve(state, recent=remember((), events))

    # ------------------------------------------------------------ contract
    def to_act(self, state: EcarteState) -> frozenset[int]:
        phase = state.phase
        if phase == PLAY:
            return frozenset((state.play.to_play,))
        if phase == PROPOSE:
            return frozenset((state.non_dealer,))
        if phase == ACCEPT:
            return frozenset((state.dealer,))
        if phase == DISCARD:
            return frozenset((state.discarding,))
        return frozenset()

    def discard_limits(self, state: EcarteState) -> tuple[int, int]:
        """(fewest, most) cards the seat now exchanging may discard: up to five, never more than
        the stock holds (EC-2); at least one unless the table plays the text's empty exchange."""
        most = min(HAND, len(state.stock))
        return min(0 if state.options.empty_exchange else 1, most), most

    def may_show_king(self, state: EcarteState, seat: int) -> bool:
        """Before their first card of the deal, a player holding the king of trumps may show it (EC-3)."""
        hand = state.play.hands[seat]
        return (
            state.phase == PLAY and state.king_shown != seat and len(hand) == HAND
            and king_of(state.trump) in hand
        )

    def _legal_actions(self, state: EcarteState, seat: int) -> tuple[str, ...]:
        phase = state.phase
        if phase == PLAY:
            return self._plays(state, seat)
        if phase == PROPOSE:
            return ("propose", "play") if state.stock else ("play",)
        if phase == ACCEPT:
            return ("accept", "refuse")
        low, high = self.discard_limits(state)
        return pick_actions("discard", state.play.hands[seat], low, high)

    def _plays(self, state: EcarteState, seat: int) -> tuple[str, ...]:
        trick = state.play.trick
        led = trick.plays[0][1] if trick.plays else None
        plays = tuple(f"play:{c}" for c in legal_plays(state.play.hands[seat], led, state.trump))
        return ("king", *plays) if self.may_show_king(state, seat) else plays

    def is_legal(self, state: EcarteState, seat: int, action: str) -> bool:
        """Discards may name their cards in any order (a multi-select submits them as picked)."""
        if state.phase == DISCARD and isinstance(action, str) and action.startswith("discard:"):
            return seat in self.to_act(state) and self._discards(state, seat, action) is not None
        return super().is_legal(state, seat, action)

    def _discards(self, state: EcarteState, seat: int, action: str) -> tuple[str, ...] | None:
        low, high = self.discard_limits(state)
        return parse_pick(action, "discard", state.play.hands[seat], low, high)

    def timeout_action(self, state: EcarteState, seat: int) -> str:
        """The gentlest choice: play without exchanging, accept, discard the lowest cards, show a king."""
        if state.phase == PROPOSE:
            return "play"
        if state.phase == ACCEPT:
            return "accept"
        if state.phase == DISCARD:
            low, _high = self.discard_limits(state)
            hand = sorted(state.play.hands[seat], key=lambda c: (c[1] == state.trump, STRENGTH[c]))
            return "discard:" + ",".join(hand[:low])
        return self._legal_actions(state, seat)[0]

    def _apply(self, state: EcarteState, seat: int, action: str) -> tuple[EcarteState, tuple[Event, ...]]:
        who = seat_name(seat)
        first = state.exchanges == 0
        if action.startswith("play:"):
            return self._play_card(state, seat, action[5:])
        if action == "propose":
            return remembered(state, [Event(_("{who} proposes an exchange.").format(who=who), seat)], phase=ACCEPT)
        if action == "accept":
            events = [Event(_("{who} accepts the exchange.").format(who=who), seat)]
            changes: dict[str, Any] = {"exchanges": state.exchanges + 1, "drew": (-1, -1)}
            return remembered(state, events, phase=DISCARD, discarding=state.non_dealer, **changes)
        if action in ("play", "refuse"):
            if first:
                text = (
                    _("{who} plays without an exchange and is vulnerable.")
                    if action == "play"
                    else _("{who} refuses the exchange and is vulnerable.")
                )
                return self._start_play(evolve(state, vulnerable=seat), [Event(text.format(who=who), seat)])
            text = _("{who} plays on: no more exchanges.") if action == "play" else _("{who} refuses: play begins.")
            return self._start_play(state, [Event(text.format(who=who), seat)])
        if action == "king":
            return self._show_king(state, seat)
        cards = self._discards(state, seat, action)
        if cards is None:
            raise ValueError(action)  # unreachable: is_legal checked it
        return self._exchange(state, seat, cards)

    # ------------------------------------------------------------ exchange
    def _exchange(self, state: EcarteState, seat: int, cards: tuple[str, ...]) -> tuple[EcarteState, tuple[Event, ...]]:
        hand, stock, drawn = swap(state.play.hands[seat], cards, state.stock)
        hands = tuple(hand if s == seat else h for s, h in enumerate(state.play.hands))
        drew = tuple(len(drawn) if s == seat else d for s, d in enumerate(state.drew))
        state = evolve(state, play=replace(state.play, hands=hands), stock=stock, drew=drew)
        who = seat_name(seat)
        if drawn:
            events = [
                Event(
                    (_("{who} discards 1 card and draws 1.") if len(drawn) == 1
                     else _("{who} discards {n} cards and draws {n}.")).format(who=who, n=len(drawn)),
                    seat,
                ),
                Event(_("You draw {cards}.").format(cards=labels(drawn)), seat, private_to=seat),
            ]
        else:
            events = [Event(_("{who} discards nothing.").format(who=who), seat)]
        if seat == state.non_dealer:
            if not stock:
                events.append(Event(_("The stock is empty: {who} cannot exchange, and play begins.").format(
                    who=seat_name(state.dealer))))
                return self._start_play(state, events)
            return remembered(state, events, discarding=state.dealer)
        if not stock:
            events.append(Event(_("The stock is used up: play begins.")))
            return self._start_play(state, events)
        if drew == (0, 0):
            events.append(Event(_("Neither player changed a card: play begins.")))
            return self._start_play(state, events)
        return remembered(state, events, phase=PROPOSE, discarding=-1)

    def _start_play(self, state: EcarteState, events: Events) -> tuple[EcarteState, tuple[Event, ...]]:
        events.append(Event(_("{who} leads to the first trick.").format(who=seat_name(state.non_dealer))))
        return remembered(state, events, phase=PLAY, discarding=-1)

    # ---------------------------------------------------------------- play
    def _show_king(self, state: EcarteState, seat: int) -> tuple[EcarteState, tuple[Event, ...]]:
        events: Events = [
            Event(_("{who} shows the king of trumps ({card}) and scores 1 point.").format(
                who=seat_name(seat), card=label(king_of(state.trump))), seat)
        ]
        state, events = add_points(evolve(state, king_shown=seat), seat, 1, events)
        return remembered(state, events)

    def _play_card(self, state: EcarteState, seat: int, card: str) -> tuple[EcarteState, tuple[Event, ...]]:
        events: Events = [Event(_("{who} plays {card}.").format(who=seat_name(seat), card=label(card)), seat)]
        trump = state.trump
        play = state.play.play(seat, card, lambda t: trick_winner(t, trump))
        if play.trick.plays:
            return remembered(state, events, play=play)
        taker = play.last_winner
        events.append(Event(_("{who} takes the trick.").format(who=seat_name(taker)), taker))
        if not play.done:
            return remembered(state, events, play=play)
        state, events = score_tricks(evolve(state, play=play), events)
        return remembered(state, events)

    # -------------------------------------------------------------- result
    def outcome(self, state: EcarteState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return outcome_of(state)

    def sample_hidden(self, state: EcarteState, seat: int, rng: random.Random) -> EcarteState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: EcarteState, seat: int) -> frozenset[str]:
        """The seat's hand, less a king of trumps it has shown."""
        hand = frozenset(state.play.hands[seat])
        return hand - {king_of(state.trump)} if state.king_shown == seat else hand

    def view(self, state: EcarteState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)

    def default_prompt(self, state: EcarteState, seat: int) -> tuple[Choice, ...]:
        from .view import prompt

        return tuple(p for p in prompt(self, state, seat) if isinstance(p, Choice))


def carried(scores: tuple[int, int], *, deal: int = 0, dealer: int = 0, match: tuple[int, int] = (0, 0),
            games: int = 0) -> Mapping[str, Any]:
    """A ``carry`` that starts a game at a later deal, from given scores (for tests and tools)."""
    return {"scores": list(scores), "deal": deal, "dealer": dealer, "match": list(match), "games": games}
