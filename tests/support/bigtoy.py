"""A toy game with hands of any size, many copies of each card, big piles, partners and a partner prompt.

It exists to test the generic adapter where rummy games will push it, without
any real game's rules: a seat may hold 108 cards (several decks, so two copies
of the queen of spades are two cards ``QS.1`` and ``QS.2`` with one label), meld
3 to 7 of them onto its team's piles (a pick beyond 25 options), discard one
(a long list of ``cards`` choices), or ask its partner "May I go out?" (a Yes/No
prompt to the partner, whose answer binds). Four players play in two teams,
partners across; the outcome names the teams (``Outcome.extra["teams"]``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome
from games.core.views import (
    CardFace,
    Choice,
    PickCards,
    Pile,
    Prompt,
    SeatLine,
    SeatView,
    TableView,
    seat_name,
)

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER = "JK"


def deck(copies: int) -> list[str]:
    faces = [f"{r}{s}" for s in SUITS for r in RANKS] + [JOKER, JOKER]
    out: list[str] = []
    for copy in range(1, copies + 1):
        seen: dict[str, int] = {}
        for f in faces:
            seen[f] = seen.get(f, 0) + 1
            n = (copy - 1) * 2 + seen[f] if f == JOKER else copy
            out.append(f"{f}.{n}")
    return out


def face_of(card: str) -> CardFace:
    face = card.split(".")[0]
    if face == JOKER:
        return CardFace(card, "🃏", rank_order=99, suit_order=99)
    rank, suit = face[:-1], face[-1]
    return CardFace(card, f"{rank}{SUITS[suit]}", rank, SUITS[suit], RANKS.index(rank), list(SUITS).index(suit))


def label(card: str) -> str:
    return face_of(card).label


class BigToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    hand: int = Field(108, ge=1, le=108, description="Cards dealt to each player")
    piles: int = Field(0, ge=0, le=30, description="Melds already on the table at the start")
    pile_size: int = Field(14, ge=1, le=14, description="Cards in each of those melds")
    turns: int = Field(6, ge=1, le=50, description="Discards before the hand ends")


@dataclass(frozen=True, slots=True)
class BigToyState:
    n: int
    hands: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[int, tuple[str, ...]], ...]  # (team, cards)
    discards: tuple[str, ...]
    turn: int
    turns_left: int
    asking: int | None = None  # the seat that asked its partner "May I go out?"
    refused: bool = False  # the partner said no this turn
    out: int | None = None  # the team that went out


class BigToy(Game):
    id: ClassVar[str] = "bigtoy"
    title: ClassVar[str] = "Big toy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    uses_chips: ClassVar[bool] = False
    hand_by_hand: ClassVar[bool] = False
    Options: ClassVar[type[BaseModel]] = BigToyOptions
    presets: ClassVar[dict[str, BaseModel]] = {
        "standard": BigToyOptions(), "melds": BigToyOptions(piles=30), "small": BigToyOptions(hand=12, turns=8),
    }
    state_type: ClassVar[type] = BigToyState

    def new_state(
        self, options: BaseModel | None, seats: int, seed: int, *,
        hands: Sequence[Sequence[str]] | None = None, stock: Sequence[str] | None = None,
        dealer: int = 0, carry: Carry | None = None,
    ) -> BigToyState:
        o = self.options_from(options)
        assert isinstance(o, BigToyOptions)
        cards = deck(-(-(seats * o.hand + o.piles * o.pile_size) // 54))
        random.Random(seed).shuffle(cards)
        if hands is None:
            hands = [cards[i * o.hand : (i + 1) * o.hand] for i in range(seats)]
        rest = cards[seats * o.hand :]
        melds = tuple((i % 2, tuple(rest[i * o.pile_size : (i + 1) * o.pile_size])) for i in range(o.piles))
        return BigToyState(seats, tuple(tuple(h) for h in hands), melds, (), (dealer + 1) % seats, o.turns)

    @staticmethod
    def team(state: BigToyState, seat: int) -> int:
        return seat % 2 if state.n == 4 else seat

    @staticmethod
    def partner(state: BigToyState, seat: int) -> int | None:
        return (seat + 2) % 4 if state.n == 4 else None

    def to_act(self, state: BigToyState) -> frozenset[int]:
        if state.out is not None or state.turns_left <= 0:
            return frozenset()
        if state.asking is not None:
            partner = self.partner(state, state.asking)
            assert partner is not None
            return frozenset({partner})
        return frozenset({state.turn})

    def _legal_actions(self, state: BigToyState, seat: int) -> tuple[str, ...]:
        if state.asking is not None:
            return ("yes", "no")
        asks = ("ask",) if self.partner(state, seat) is not None and not state.refused else ()
        return (*asks, *(f"discard:{c}" for c in state.hands[seat]))

    def is_legal(self, state: BigToyState, seat: int, action: str) -> bool:
        if action.startswith("meld:") and state.asking is None and seat in self.to_act(state):
            cards = action[5:].split(",")
            return 3 <= len(cards) <= 7 and len(set(cards)) == len(cards) and set(cards) <= set(state.hands[seat])
        return super().is_legal(state, seat, action)

    def _apply(self, state: BigToyState, seat: int, action: str) -> tuple[BigToyState, tuple[Event, ...]]:
        who = seat_name(seat)
        if action == "ask":
            partner = self.partner(state, seat)
            assert partner is not None
            text = f"{who} asks {seat_name(partner)}: may we go out?"
            return replace(state, asking=seat), (Event(text, seat),)
        if action in ("yes", "no"):
            asker = state.asking
            assert asker is not None
            if action == "yes":
                return replace(state, asking=None, out=self.team(state, asker)), (Event(f"{who} says yes.", seat),)
            return replace(state, asking=None, refused=True), (Event(f"{who} says no.", seat),)
        kind, _sep, rest = action.partition(":")
        cards = rest.split(",")
        hand = tuple(c for c in state.hands[seat] if c not in cards)
        hands = tuple(hand if s == seat else h for s, h in enumerate(state.hands))
        if kind == "meld":
            melds = (*state.melds, (self.team(state, seat), tuple(cards)))
            text = f"{who} melds {' '.join(label(c) for c in cards)}."
            return replace(state, hands=hands, melds=melds), (Event(text, seat),)
        if kind == "discard":
            nxt = replace(state, hands=hands, discards=(*state.discards, cards[0]), turn=(seat + 1) % state.n,
                          turns_left=state.turns_left - 1, refused=False)
            return nxt, (Event(f"{who} discards {label(cards[0])}.", seat),)
        raise IllegalAction("That action isn't understood.")

    def teams(self, state: BigToyState) -> list[list[int]]:
        if state.n != 4:
            return [[s] for s in range(state.n)]
        return [[0, 2], [1, 3]]

    def points(self, state: BigToyState) -> list[int]:
        pts = [0] * len(self.teams(state))
        for team, cards in state.melds:
            pts[team] += 10 * len(cards)
        if state.out is not None:
            pts[state.out] += 100
        return pts

    def outcome(self, state: BigToyState) -> Outcome | None:
        if self.to_act(state):
            return None
        pts = self.points(state)
        best = max(pts)
        teams = self.teams(state)
        placings = tuple(1 if pts[self.team(state, s)] == best else 2 for s in range(state.n))
        scores = tuple(pts[self.team(state, s)] for s in range(state.n))
        details = tuple(f"{pts[self.team(state, s)]} points" for s in range(state.n))
        winners = [s for s in range(state.n) if placings[s] == 1]
        summary = " and ".join(seat_name(s) for s in winners) + " win."
        return Outcome((0,) * state.n, placings, scores=scores, summary=summary, details=details,
                       extra={"teams": teams})

    def _team_name(self, state: BigToyState, team: int) -> str:
        return " & ".join(seat_name(s) for s in self.teams(state)[team])

    def public(self, state: BigToyState) -> TableView:
        acting = self.to_act(state)
        if state.asking is not None:
            partner = self.partner(state, state.asking)
            summary = f"{seat_name(state.asking)} asks {seat_name(partner or 0)}: may we go out?"
        else:
            summary = f"{seat_name(state.turn)} to play." if acting else "The hand is over."
        piles = [
            Pile(f"Meld {i + 1}", cards, " ".join(label(c) for c in cards), group=self._team_name(state, team))
            for i, (team, cards) in enumerate(state.melds)
        ]
        top = label(state.discards[-1]) if state.discards else "—"
        piles.append(Pile("Discard pile", state.discards[-1:], f"{len(state.discards)} cards, top {top}"))
        seats = tuple(SeatLine(s, f"{len(h)} cards", to_act=s in acting) for s, h in enumerate(state.hands))
        return TableView(self.title, summary, seats, facts=(("Turns left", str(state.turns_left)),), piles=tuple(piles))

    def view(self, state: BigToyState, seat: int | None) -> SeatView:
        public = self.public(state)
        if seat is None:
            return SeatView(public)
        hand = state.hands[seat]
        prompt: list[Prompt] = []
        notes: tuple[str, ...] = ()
        if seat in self.to_act(state) and state.asking is not None:
            notes = (f"{seat_name(state.asking)} asks you: may we go out?",)
            prompt = [Choice("yes", "Yes", "success"), Choice("no", "No", "danger")]
        elif seat in self.to_act(state):
            labels = tuple(label(c) for c in hand)
            prompt.append(PickCards("meld", "Cards to meld", hand, labels, 3, min(7, len(hand))))
            if "ask" in self.legal_actions(state, seat):
                prompt.append(Choice("ask", "May I go out?", "primary"))
            prompt += [Choice(f"discard:{c}", label(c), group="cards") for c in hand]
        faces = tuple(face_of(c) for c in hand)
        return SeatView(public, seat, hand, "", notes, tuple(prompt), faces)

    def private_cards(self, state: BigToyState, seat: int) -> frozenset[str]:
        return frozenset(state.hands[seat])

    def timeout_action(self, state: BigToyState, seat: int) -> str:
        return self.legal_actions(state, seat)[-1]


__all__ = ["BigToy", "BigToyOptions", "BigToyState", "deck", "face_of"]

