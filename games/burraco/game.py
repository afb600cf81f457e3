"""Burraco: partnership rummy with two pozzetti, sets and runs, one wild per meld, to 2,000.

One state is the whole game, deal after deal, scored on a sheet (no chips); the
game ends when a team passes the target (or, a safeguard, after ``max_deals``
deals). A turn is: draw the stock's top card or take the whole discard pile → meld in
small steps (pick cards, then a new meld or a team meld) → discard. The rules of
the melds are data (``RULES``, games.core.rummy); the turn lives in ``turn``,
the scoring in ``scoring``, the picture in ``view``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import ClassVar

from pydantic import BaseModel

from ..core.errors import IllegalAction
from ..core.game import Carry, Event, Game, Outcome
from ..core.i18n import N_, _
from ..core.rng import Rng
from ..core.rummy.cards import label
from ..core.rummy.match import close_deal, game_outcome
from ..core.rummy.turns import CLEAR, DRAW, NEW, OVER, PICK, PLAY, discard_action, parse_pick, pick_action
from ..core.sheet import ScoreSheet, deal, remember
from ..core.teams import per_seat
from ..core.views import SeatView, seat_name
from . import turn
from .scoring import final_summary, score_line, team_score
from .state import DECK, HAND, POZZETTO, SEATS, STOCK_END, BurracoOptions, BurracoState


class Burraco(Game):
    id: ClassVar[str] = "burraco"
    title: ClassVar[str] = "Burraco"
    card_faces: ClassVar[str] = "rummy"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    uses_chips: ClassVar[bool] = False
    hand_by_hand: ClassVar[bool] = False
    Options: ClassVar[type[BaseModel]] = BurracoOptions
    presets: ClassVar = MappingProxyType({"standard": BurracoOptions()})
    preset_labels: ClassVar = MappingProxyType({"standard": N_("Standard")})
    state_type: ClassVar[type] = BurracoState
    action_help: ClassVar = MappingProxyType(
        {
            "draw": "draw the top card of the stock",
            "take": "take the whole discard pile",
            "pick:ID,ID": "add cards of your hand to the meld you are building, e.g. pick:7S.1,8S.2",
            "clear": "put the picked cards back",
            "meld:new": "lay the picked cards down as a new meld",
            "meld:K": "add the picked cards to your team's meld K (0-based)",
            "discard:ID": "discard a card, ending the turn, e.g. discard:QH.2",
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
    ) -> BurracoState:
        """A game; ``carry`` may start it at a later deal: team ``scores`` [a, b], the sheet's
        ``rows`` (one [a, b] per deal so far) and the ``deal`` number (0-based). Tests start any
        deal from any score this way.

        A stacked ``stock`` is read as: pozzetto 1 (11 cards), pozzetto 2, the upcard, then the
        stock from its top (it may be short, to test the end of the stock).
        """
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, BurracoOptions)
        carry = carry or {}
        scores = tuple(int(x) for x in carry.get("scores", (0, 0)))
        rows = tuple(per_seat([int(x) for x in row], SEATS) for row in carry.get("rows", ()))
        blank = BurracoState(
            options=opts, seed=seed, deal_no=int(carry.get("deal", 0)), dealer=dealer % SEATS,
            phase=DRAW, turn=0, hands=((),) * SEATS, stock=(), pile=(), pozzetti=((), ()), taken=(-1, -1),
            face_down=((),) * SEATS, melds=((), ()), sheet=ScoreSheet(per_seat(scores, SEATS), rows),
        )
        state, events = self._deal(blank, blank.deal_no, dealer % SEATS, hands=hands, stock=stock)
        return replace(state, recent=remember((), events))

    def _deal(
        self,
        state: BurracoState,
        deal_no: int,
        dealer: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
    ) -> tuple[BurracoState, list[Event]]:
        rng = Rng(state.seed).derive(f"burraco-deal-{deal_no}")
        dealt, rest = deal(DECK, SEATS, HAND, rng, hands=hands, stock=stock)
        if len(rest) < 2 * POZZETTO + 1:
            raise ValueError("a stacked stock needs two pozzetti and the upcard")
        first = (dealer + 1) % SEATS
        up = rest[2 * POZZETTO]
        new = replace(
            state, deal_no=deal_no, dealer=dealer, phase=DRAW, turn=first, hands=dealt,
            pozzetti=(rest[:POZZETTO], rest[POZZETTO : 2 * POZZETTO]), pile=(up,), stock=rest[2 * POZZETTO + 1 :],
            taken=(-1, -1), face_down=((),) * SEATS, melds=((), ()), selection=(), keep="", one_card_turns=0,
            last_turn=len(rest) - 2 * POZZETTO - 1 <= STOCK_END, closed_by=-1,
        )
        text = _("Deal {k}: {dealer} deals; the upcard is {card}; {first} plays first.").format(
            k=deal_no + 1, dealer=seat_name(dealer), card=label(up), first=seat_name(first)
        )
        return new, [Event(text)]

    # ------------------------------------------------------------ contract
    def to_act(self, state: BurracoState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset((state.turn,))

    def _legal_actions(self, state: BurracoState, seat: int) -> tuple[str, ...]:
        if state.phase == DRAW:
            return (*(("draw",) if state.stock else ()), *(("take",) if state.pile else ()))
        out = [a for a, _m in turn.meld_targets(state, seat)]
        if state.selection:
            out.append(CLEAR)
        out.extend(discard_action(c) for c in turn.discards(state, seat))
        picked = state.selection
        out.extend(pick_action(c) for c in state.hands[seat] if c not in picked)
        return tuple(out)

    def is_legal(self, state: BurracoState, seat: int, action: str) -> bool:
        """Picks of several cards at once (a ``PickCards`` prompt) are legal too, not only the listed ones."""
        if action in self.legal_actions(state, seat):
            return True
        if state.phase != PLAY or seat != state.turn or not action.startswith(PICK + ":"):
            return False
        return parse_pick(action, state.hands[seat], state.selection) is not None

    def timeout_action(self, state: BurracoState, seat: int) -> str:
        """A player out of time draws, then discards their first legal card (melding nothing)."""
        if state.phase == DRAW:
            return self._legal_actions(state, seat)[0]
        return discard_action(turn.discards(state, seat)[0])

    def _apply(self, state: BurracoState, seat: int, action: str) -> tuple[BurracoState, tuple[Event, ...]]:
        how = ""
        if action == "draw":
            new, events = turn.draw(state, seat)
        elif action == "take":
            new, events = turn.take(state, seat)
        elif action.startswith(PICK + ":"):
            picked = parse_pick(action, state.hands[seat], state.selection)
            if picked is None:
                raise IllegalAction(_("You can only pick cards from your hand."))
            return replace(state, selection=(*state.selection, *picked)), ()
        elif action == CLEAR:
            return replace(state, selection=()), ()
        elif action == NEW or action.startswith("meld:"):
            new, events = turn.meld(state, seat, action)
        else:
            (new, events), how = turn.discard(state, seat, action[len("discard:"):])
        if how:
            new, events = self._end_deal(new, events, how)
        return replace(new, recent=remember(state.recent, events)), tuple(events)

    # ------------------------------------------------------------ scoring
    def _end_deal(self, state: BurracoState, events: list[Event], how: str) -> tuple[BurracoState, list[Event]]:
        reason = {
            "close": _("The hand is closed."),
            "stock": _("The stock is down to two cards: the hand ends."),
            "stalemate": _("The hand ends in a stalemate."),
        }[how]
        events.append(Event(reason))
        scores = [team_score(state, t) for t in (0, 1)]
        events.extend(Event(score_line(t, s)) for t, s in enumerate(scores))
        opts = state.options
        done = close_deal(
            state.sheet, state.deal_no, [s.total for s in scores], target=opts.target, exceed=True,
            max_deals=opts.max_deals,
        )
        events.extend(done.events)
        if not done.over:
            nxt, more = self._deal(replace(state, sheet=done.sheet), state.deal_no + 1, (state.dealer + 1) % SEATS)
            return nxt, [*events, *more]
        state = replace(state, sheet=done.sheet, phase=OVER, winner=done.winner)
        events.append(Event(final_summary(state)))
        return state, events

    def outcome(self, state: BurracoState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return game_outcome(state.sheet, state.winner, state.deal_no + 1)

    # ---------------------------------------------------------------- views
    def sample_hidden(self, state: BurracoState, seat: int, rng: random.Random) -> BurracoState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: BurracoState, seat: int) -> frozenset[str]:
        return frozenset(state.hands[seat])

    def view(self, state: BurracoState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)


__all__ = ["Burraco"]
