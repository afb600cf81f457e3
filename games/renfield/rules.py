"""The Renfield family engine: one set of rules, parametrised by a deck profile.

Phases run in the order of the texts: (Draw: betting, discards) or (Auction),
then the bid for the lead, the suit order, six tricks, and the settlement.
Each phase has its module (``deal``, ``draw``, ``auction``, ``bidding``,
``tricks``, ``settlement``); this class is the contract's face and sends each
action to its phase. Each phase stores the actions its seat may take in
``state.legal`` when it starts, so a playout computes them once per move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome
from games.core.i18n import _
from games.core.views import SeatView

from . import auction, bidding, draw, settlement, tricks
from .deal import new_hand
from .lookups import Lookups
from .options import FamilyOptions
from .profile import DeckProfile
from .render import render
from .state import AUCTION, BETTING, BID, DISCARD, OFFER, ORDER, PLAY, FamilyState

_ONE = tuple(frozenset({i}) for i in range(8))
_NOBODY: frozenset[int] = frozenset()

Step = tuple[FamilyState, tuple[Event, ...]]


class RenfieldFamily(Game):
    """Shared engine; ``Renfield`` and ``Scurro`` only choose the profile."""

    profile: ClassVar[DeckProfile]
    min_players = 3
    max_players = 8
    uses_chips = True
    hand_by_hand = True
    action_help: ClassVar[dict[str, str]] = {
        "bid:N": "Bid N for the lead (dollars, or bugs in Blaze), or N for the card on auction.",
        "pass": "Pass in any auction.",
        "order:TPS": "Order the suits, highest first.",
        "play:T7": "Play a card.",
        "play:T7=S17": "Play the wild card T7 as the 17 of Stones.",
        "fold": "Fold (needs at least one bug; in Draw's betting round, fold as in poker).",
        "buy": "Buying the Trick: fold with no bugs, paying for the cards already in the trick.",
        "offer:T7": "Auction: put a card from your hand up for auction.",
        "discard:T3,P4": "Draw: discard up to four cards ('discard:' keeps them all).",
        "check/bet/call/raise": "Draw: the poker betting round.",
    }

    def __init__(self) -> None:
        self.lookups = Lookups(self.profile)
        # the phase that takes each action (``DONE`` has none: the hand is over)
        self._phases: dict[str, Callable[[Lookups, FamilyState, int, str], Step]] = {
            PLAY: tricks.apply_play,
            BID: bidding.apply_bid,
            ORDER: bidding.apply_order,
            BETTING: draw.apply_betting,
            DISCARD: draw.apply_discard,
            AUCTION: auction.apply_auction,
            OFFER: auction.apply_offer,
        }

    # -------------------------------------------------------- contract
    def seat_limits(self, options: Any) -> tuple[int, int]:
        return self.min_players, self.lookups.table(options).max_players

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
    ) -> FamilyState:
        opts = cast(FamilyOptions, self.options_from(options))
        self.check_seats(opts, seats)
        return new_hand(
            self.lookups, self.state_type, opts, seats, seed, hands=hands, stock=stock, dealer=dealer, carry=carry
        )

    def to_act(self, state: FamilyState) -> frozenset[int]:
        if state.turn >= 0:
            return _ONE[state.turn]
        if state.phase == DISCARD:
            done = state.side.discarded
            return frozenset(s for s in range(state.n) if state.active[s] and not done[s])
        return _NOBODY

    def _legal_actions(self, state: FamilyState, seat: int) -> tuple[str, ...]:
        if state.turn == seat:
            return state.legal
        if state.phase == DISCARD:
            return draw.discard_actions(state.hands[seat])
        return ()

    def is_legal(self, state: FamilyState, seat: int, action: str) -> bool:
        if state.turn == seat:
            return action in state.legal
        if state.phase == DISCARD:
            return draw.parse_discard(state, seat, action) is not None
        return False

    # The public ``legal_actions`` and ``apply`` answer the common case (one seat to act, whose
    # actions the state holds) at once; anything else goes through ``Game``'s checks, which
    # raise the same errors as ever. Together they were a tenth of a random hand.
    def legal_actions(self, state: FamilyState, seat: int) -> tuple[str, ...]:
        if seat == state.turn:  # a running hand's one seat to act (``turn`` is -1 otherwise)
            return state.legal
        return super().legal_actions(state, seat)

    def apply(self, state: FamilyState, seat: int, action: str) -> Step:
        if seat == state.turn and action in state.legal:  # its turn, and a legal action: a string
            return self._phases[state.phase](self.lookups, state, seat, action)
        return super().apply(state, seat, action)

    def _apply(self, state: FamilyState, seat: int, action: str) -> Step:
        apply = self._phases.get(state.phase)
        if apply is None:
            raise IllegalAction(_("This hand is already over."))
        return apply(self.lookups, state, seat, action)

    def timeout_action(self, state: FamilyState, seat: int) -> str:
        legal = self._legal_actions(state, seat)
        if state.phase == DISCARD:
            return "discard:"
        if state.phase == BETTING:
            return "check" if "check" in legal else "fold"
        if state.phase == ORDER:
            return "order:" + "".join(self.profile.suits)
        if state.phase == PLAY:
            play = self._gentlest_play(legal)
            if play:
                return play
        if "pass" in legal:
            return "pass"
        return legal[0]

    def _gentlest_play(self, legal: tuple[str, ...]) -> str | None:
        """The lowest card; with only wild cards left, one as itself if allowed, else its lowest identity."""
        rank = self.lookups.rank
        plays = [a for a in legal if a.startswith("play:")]
        plain = [a for a in plays if "=" not in a]
        if plain:
            return min(plain, key=lambda a: (rank[a[5:]], a))
        if plays:
            return min(plays, key=lambda a: (a[5:].split("=")[0] != a[5:].split("=")[1], rank[a.split("=")[1]], a))
        return None

    def outcome(self, state: FamilyState) -> Outcome | None:
        return settlement.outcome(self.lookups, state)

    def sample_hidden(self, state: FamilyState, seat: int, rng: random.Random) -> FamilyState:
        from .hidden import sample_hidden

        return sample_hidden(self.lookups, state, seat, rng)

    def rollout_action(self, state: FamilyState, seat: int, rng: random.Random) -> str | None:
        from games.ai.rollouts import no_fold

        return no_fold(self.legal_actions(state, seat), rng)

    def private_cards(self, state: FamilyState, seat: int) -> frozenset[str]:
        up = state.side.up[seat]
        return frozenset(c for c in state.hands[seat] if c not in up)

    def view(self, state: FamilyState, seat: int | None) -> SeatView:
        return render(self, self.lookups, state, seat)
