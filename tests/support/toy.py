"""A toy game for runtime tests: one click decides each hand; the table plays an agreed number of hands.

It exists to test what the runtime does for every game alike — a table that ends
by itself (``Outcome.table_over``) and a stake the host may turn on or off
(``Game.plays_for_chips``) — without depending on any real game's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from games.core.game import Carry, Event, Game, Outcome
from games.core.views import SeatLine, SeatView, TableView, seat_name


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    hands: int = Field(2, ge=1, le=10, description="Hands in a game")
    stake: int = Field(0, ge=0, le=100, description="Chips the loser of a hand pays each winner")


@dataclass(frozen=True, slots=True)
class ToyState:
    n: int
    dealer: int
    played: int  # hands played before this one
    hands: int
    stake: int
    winner: int | None = None


class Toy(Game):
    id: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    uses_chips: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[BaseModel]] = ToyOptions
    presets: ClassVar[dict[str, BaseModel]] = {"standard": ToyOptions()}
    state_type: ClassVar[type] = ToyState

    def plays_for_chips(self, options: BaseModel) -> bool:
        assert isinstance(options, ToyOptions)
        return options.stake > 0

    def suggested_buy_in(self, options: BaseModel, seats: int) -> int | None:
        return 10 + 15 * seats  # Kabu's rule, as an example of a buy-in that depends on the players

    def new_state(
        self, options: BaseModel | None, seats: int, seed: int, *,
        hands: Sequence[Sequence[str]] | None = None, stock: Sequence[str] | None = None,
        dealer: int = 0, carry: Carry | None = None,
    ) -> ToyState:
        o = self.options_from(options)
        assert isinstance(o, ToyOptions)
        played = int(carry.get("played", 0)) if carry else 0
        return ToyState(n=seats, dealer=dealer, played=played, hands=o.hands, stake=o.stake)

    def to_act(self, state: ToyState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({(state.dealer + 1) % state.n})

    def _legal_actions(self, state: ToyState, seat: int) -> tuple[str, ...]:
        return ("win",)

    def _apply(self, state: ToyState, seat: int, action: str) -> tuple[ToyState, tuple[Event, ...]]:
        return replace(state, winner=seat), (Event(f"{seat_name(seat)} wins.", seat),)

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        w, n, stake = state.winner, state.n, state.stake
        payoffs = tuple(stake * (n - 1) if s == w else -stake for s in range(n))
        placings = tuple(1 if s == w else 2 for s in range(n))
        played = state.played + 1
        return Outcome(
            payoffs, placings, carry={"played": played}, summary=f"{seat_name(w)} wins.",
            table_over=played >= state.hands,
        )

    def view(self, state: ToyState, seat: int | None) -> SeatView:
        public = TableView(
            self.title, f"Hand {state.played + 1} of {state.hands}.",
            tuple(SeatLine(s, "", to_act=s in self.to_act(state)) for s in range(state.n)),
        )
        prompt: Any = self.default_prompt(state, seat) if seat is not None else ()
        return SeatView(public, seat, prompt=prompt)

    def private_cards(self, state: ToyState, seat: int) -> frozenset[str]:
        return frozenset()


class ToyNoRebuys(Toy):
    """The toy game, where a player at zero plays on instead of buying in again (as in Kabu)."""

    id: ClassVar[str] = "toy_norebuy"
    rebuys: ClassVar[bool] = False


class ToyTenure(Toy):
    """The toy game, told how long each player has sat at the table (as Fairmarket is)."""

    id: ClassVar[str] = "toy_tenure"
    counts_tenure: ClassVar[bool] = True
