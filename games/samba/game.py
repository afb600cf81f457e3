"""Samba: partnership rummy with three decks, sets and escaleras, canastas and sambas, to 10,000.

One state is the whole game, deal after deal, scored on one sheet (no chips); the game
ends when a team reaches the target (or, a safeguard, after ``max_deals`` deals). A turn is: draw from
the stock or take the whole discard pile → meld in small steps (pick cards, then a new
meld or a team meld; combine two sets) → discard or go out. The meld rules are data
(``state.RULES``, games.core.rummy); the turn lives in ``turn`` and ``flow``, the
scoring in ``scoring``, the picture in ``view``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType
from typing import ClassVar

from pydantic import BaseModel

from ..core.errors import IllegalAction
from ..core.game import Carry, Event, Game, Outcome
from ..core.i18n import N_, _
from ..core.rummy.match import game_outcome
from ..core.rummy.turns import CLEAR, DRAW, NEW, OVER, PICK, PLAY, parse_pick
from ..core.sheet import ScoreSheet, remember
from ..core.teams import per_seat
from ..core.views import SeatView
from . import flow, legal, turn
from .state import SEATS, SambaOptions, SambaState, copied, evolve

ASK = "ask"
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((s,)) for s in range(SEATS))
_DRAW_ONLY = ("draw",)
_PICKS = PICK + ":"


class Samba(Game):
    id: ClassVar[str] = "samba"
    title: ClassVar[str] = "Samba"
    card_faces: ClassVar[str] = "rummy"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    uses_chips: ClassVar[bool] = False
    hand_by_hand: ClassVar[bool] = False
    Options: ClassVar[type[BaseModel]] = SambaOptions
    presets: ClassVar = MappingProxyType(
        {"text": SambaOptions(), "standard": SambaOptions(draw=2, samba_bonus=1500)}
    )
    preset_labels: ClassVar = MappingProxyType(
        {"text": N_("As the text has it: draw one, samba 500"), "standard": N_("Modern Samba: draw two, samba 1,500")}
    )
    state_type: ClassVar[type] = SambaState
    action_help: ClassVar = MappingProxyType(
        {
            "draw": "draw from the stock",
            "take:new": "take the discard pile, melding its top card with two natural cards of its rank",
            "take:K": "take the discard pile, adding its top card to your team's meld K (0-based)",
            "pick:ID,ID": "add cards of your hand to the meld you are building, e.g. pick:7S.1,7H.2",
            "clear": "put the picked cards back",
            "undo": "take back an initial meld not yet laid down (and leave the pile)",
            "meld:new": "lay the picked cards down as a new meld",
            "meld:K": "add the picked cards to your team's meld K (0-based)",
            "combine:I,J": "combine your team's sets I and J into one",
            "ask": "ask your partner \"May I go out?\"",
            "yes / no": "answer your partner's \"May I go out?\"",
            "discard:ID": "discard a card, ending the turn, e.g. discard:QH.2",
            "end": "end the hand (the stock's last card was a red 3: no discard)",
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
    ) -> SambaState:
        """A game; ``carry`` may start it at a later deal: team ``scores`` [a, b], the sheet's ``rows``
        (one [a, b] per deal so far) and the ``deal`` number (0-based). Tests start any deal from
        any score this way. A stacked ``stock`` is read as: the upcard, then the stock from its top
        (red 3s dealt are replaced from it, seat by seat from the dealer's left: SB-4).
        """
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        assert isinstance(opts, SambaOptions)
        carry = carry or {}
        scores = tuple(int(x) for x in carry.get("scores", (0, 0)))
        rows = tuple(per_seat([int(x) for x in row], SEATS) for row in carry.get("rows", ()))
        blank = SambaState(
            options=opts, seed=seed, deal_no=int(carry.get("deal", 0)), dealer=dealer % SEATS, phase=DRAW,
            turn=(dealer + 1) % SEATS, hands=((),) * SEATS, stock=(), pile=(), frozen=False, melds=((), ()),
            red3s=((), ()), sheet=ScoreSheet(per_seat(scores, SEATS), rows),
        )
        state, events = flow.deal_hand(blank, hands=hands, stock=stock)
        return evolve(state, recent=remember((), events))

    # ------------------------------------------------------------ contract
    def to_act(self, state: SambaState) -> frozenset[int]:
        if state.phase == OVER:
            return _NOBODY
        if state.phase == ASK:
            return _ONLY[(state.turn + 2) % SEATS]
        return _ONLY[state.turn]

    def _legal_actions(self, state: SambaState, seat: int) -> tuple[str, ...]:
        phase = state.phase
        if phase == PLAY:
            return legal.play_actions(state, seat)
        if phase == ASK:
            return ("yes", "no")
        if phase == DRAW:
            takes = turn.take_options(state, seat)
            if not takes and state.stock:
                return _DRAW_ONLY
            return (*(("draw",) if state.stock else ()), *takes)
        return legal.play_actions(state, seat)

    def sample_hidden(self, state: SambaState, seat: int, rng: random.Random) -> SambaState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def is_legal(self, state: SambaState, seat: int, action: str) -> bool:
        """Picks of several cards at once (a ``PickCards`` prompt) are legal too, not only the listed ones."""
        if action in self.legal_actions(state, seat):
            return True
        if state.phase != PLAY or seat != state.turn or not action.startswith(PICK + ":"):
            return False
        return parse_pick(action, turn.available(state, seat), ()) is not None

    def timeout_action(self, state: SambaState, seat: int) -> str:
        """Out of time: draw (or take), answer "No", leave a pile being taken, else discard the first card."""
        legal = self._legal_actions(state, seat)
        if state.phase == ASK:
            return "no"
        if state.phase == DRAW:
            return legal[0]
        if state.taking:
            return "undo"
        found = [a for a in legal if a.startswith("discard:") or a == "end"]
        return found[0] if found else legal[0]

    #: The latest legal list given: (state, seat, actions). States are immutable, so it stays true.
    _listed: tuple[SambaState, int, tuple[str, ...]] | None = None

    def legal_actions(self, state: SambaState, seat: int) -> tuple[str, ...]:
        """``Game.legal_actions`` in one call, the latest list kept (``Game``'s memo, made leaner)."""
        listed = self._listed
        if listed is not None and listed[0] is state and listed[1] == seat:
            return listed[2]
        phase = state.phase  # (``to_act`` and ``_legal_actions`` inline: the seat to play, usually)
        if phase == PLAY and seat == state.turn:
            actions = legal.play_actions(state, seat)
        elif seat in self.to_act(state):
            actions = self._legal_actions(state, seat)
        else:
            return ()
        self._listed = (state, seat, actions)
        return actions

    def apply(self, state: SambaState, seat: int, action: str) -> tuple[SambaState, tuple[Event, ...]]:
        """An action the legal list just given for this state holds needs no other check (the usual case)."""
        listed = self._listed
        if listed is not None and listed[0] is state and listed[1] == seat and type(action) is str and action in listed[2]:
            return self._apply(state, seat, action)
        return super().apply(state, seat, action)

    def _apply(self, state: SambaState, seat: int, action: str) -> tuple[SambaState, tuple[Event, ...]]:
        if action.startswith("discard:"):  # the two usual actions first, in one go if they can
            done = flow.usual_discard(state, seat, action[8:])
            if done is not None:
                return done
            new, events = flow.discard(state, seat, action[8:])
        elif action == "draw":
            done = flow.usual_draw(state, seat)
            if done is not None:
                return done
            new, events = turn.draw(state, seat)
        elif action.startswith(_PICKS):  # one card of the hand: the usual pick, nothing told
            card = action[len(_PICKS) :]
            hand = state.hands[seat]
            if "," not in card and card in hand and card not in state.selection and not state.staged:
                new, fields = copied(state)
                fields["selection"] = (*state.selection, card)
                return new, ()
            new, events = self._step(state, seat, action)
        else:
            new, events = self._step(state, seat, action)
        if not events and new.hands[seat]:  # a pick or a clear: nothing told, nothing to end
            return new, ()
        if new.phase == PLAY and not new.hands[seat] and not new.taking:
            new, events = flow.end_deal(evolve(new, out_by=seat), events, "out")
        recent = state.recent
        for e in events:
            if e.private_to is None:
                recent = (*recent, e.text)
        if recent is not state.recent:
            recent = recent[-flow.RECENT:]  # as ``sheet.remember`` keeps them
            if new is state:
                new = evolve(new, recent=recent)
            else:  # a state this step made, not yet seen by anyone: one copy fewer
                new.__dict__["recent"] = recent
        return new, tuple(events)

    def _step(self, state: SambaState, seat: int, action: str) -> turn.Step:
        if action.startswith("discard:"):
            return flow.discard(state, seat, action[len("discard:") :])
        if action == "draw":
            return turn.draw(state, seat)
        if action.startswith("take:"):
            return turn.take(state, seat, action, checked=True)  # (``_apply`` follows a legality check)
        if action.startswith(PICK + ":"):
            card = action[len(PICK) + 1 :]
            if "," not in card and card in state.hands[seat] and card not in state.selection and not state.staged:
                new, fields = copied(state)  # one card of the hand: the usual pick
                fields["selection"] = (*state.selection, card)
                return new, []
            picked = parse_pick(action, turn.available(state, seat), ())
            if picked is None:
                raise IllegalAction(_("You can only pick cards from your hand."))
            return evolve(state, selection=(*state.selection, *picked)), []
        if action == CLEAR:
            return evolve(state, selection=()), []
        if action == "undo":
            return flow.undo(state, seat)
        if action == NEW or action.startswith("meld:"):
            return turn.meld(state, seat, action)
        if action.startswith("combine:"):
            return turn.combine(state, seat, action)
        if action in ("ask", "yes", "no"):
            return flow.ask(state, seat, action)
        if action == "end":
            return flow.end_deal(state, [], "red3")
        return flow.discard(state, seat, action[len("discard:") :])

    # ------------------------------------------------------------ scoring
    def outcome(self, state: SambaState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return game_outcome(state.sheet, state.winner, state.deal_no + 1)

    # ---------------------------------------------------------------- views
    def private_cards(self, state: SambaState, seat: int) -> frozenset[str]:
        return frozenset(state.hands[seat])

    def view(self, state: SambaState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)


__all__ = ["Samba"]
