"""The Kabu engine (Sid Sackson's adaptation for the 40-card deck A–10), one hand per state.

Two cards each, face down. From the dealer's left, round and round, each player draws a
card or stands; standing is final, and two draws (a four-card hand) end a player's
drawing; the drawing is over when everyone has stood or drawn twice (DECISIONS §4.3,
KB-3). Then every hand is shown and every player pays each higher total the difference
(``showdown.py``), until a player cannot pay what they owe: the table is over
(``Outcome.table_over``) and the most chips win. Draws stay private until the showdown (KB-4).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome
from games.core.i18n import _
from games.core.rng import RNG_ALGO
from games.core.views import Choice, SeatView, seat_name
from games.core.wording import sentences

from . import showdown
from .cards import MAX_DRAWS, deal, labels, total
from .options import PRESET_LABELS, PRESETS, KabuOptions
from .state import RECENT, KabuState

DRAW, STAND = "draw", "stand"
_BOTH = (DRAW, STAND)
_ONLY_STAND = (STAND,)


class Kabu(Game):
    id: ClassVar[str] = "kabu"
    title: ClassVar[str] = "Kabu"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    uses_chips: ClassVar[bool] = True
    uses_stacks: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    #: A player at zero plays on (K2): the game ends on a debt that can't be paid, not on a rebuy.
    rebuys: ClassVar[bool] = False
    versioned_deal: ClassVar[bool] = True
    Options: ClassVar[type[KabuOptions]] = KabuOptions
    presets: ClassVar = PRESETS
    preset_labels: ClassVar = PRESET_LABELS
    state_type: ClassVar[type] = KabuState
    action_help: ClassVar = {
        DRAW: "Take a card from the stock, face down (two at most in a hand).",
        STAND: "Keep your cards: you draw no more this hand.",
    }

    def suggested_buy_in(self, options: BaseModel, seats: int) -> int | None:
        """Sackson's starting stack: ten credits plus fifteen per player (in points)."""
        return (10 + 15 * seats) * cast(KabuOptions, self.options_from(options)).point_value

    # ------------------------------------------------------------ setup
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
        stacks: Sequence[int] | None = None,
        rng_algo: int = RNG_ALGO,
    ) -> KabuState:
        """A hand dealt from ``seed``; ``carry`` says how many hands were played before it,
        ``stacks`` the chips each seat has at the table (None: no limit, so nobody can go broke)."""
        opts = cast(KabuOptions, self.options_from(options))
        self.check_seats(opts, seats)
        n = seats
        dealer %= n
        played = int((carry or {}).get("hands", 0))
        if played < 0:
            raise IllegalAction(_("A game can't have played fewer than no hands."))
        if stacks is not None:
            if len(stacks) != n or any(s < 0 for s in stacks):
                raise IllegalAction(_("Every seat needs a stack of 0 or more chips."))
            stacks = tuple(int(s) for s in stacks)
        dealt, queues, deck = deal(n, seed, dealer, hands, stock, rng_algo)
        first = (dealer + 1) % n
        text = _("Hand {k}: two cards each. {who} is first to draw or stand.").format(
            k=played + 1, who=seat_name(first)
        )
        return KabuState(opts, n, dealer, played + 1, dealt, queues, deck, stacks, first, (False,) * n, (text,))

    # ------------------------------------------------------------ turn
    def to_act(self, state: KabuState) -> frozenset[int]:
        return frozenset() if state.turn < 0 else frozenset((state.turn,))

    def _legal_actions(self, state: KabuState, seat: int) -> tuple[str, ...]:
        return _BOTH if state.draws(seat) < MAX_DRAWS and _can_draw(state, seat) else _ONLY_STAND

    def timeout_action(self, state: KabuState, seat: int) -> str:
        return STAND  # the gentlest: keep what you have

    def _apply(self, state: KabuState, seat: int, action: str) -> tuple[KabuState, tuple[Event, ...]]:
        hands, queues, deck = state.hands, state.queues, state.stock
        done = state.done
        events: list[Event] = []
        if action == DRAW:
            queue = queues[seat]
            if queue:
                card = queue[0]
                queues = _with(queues, seat, queue[1:])
            else:
                card, deck = deck[0], deck[1:]
            hands = _with(hands, seat, (*hands[seat], card))
            second = len(hands[seat]) - 2 == MAX_DRAWS
            text = (_("{who} draws a second card and has drawn all they may.") if second
                    else _("{who} draws a card.")).format(who=seat_name(seat))
            events.append(Event(text, seat))
            events.append(Event(_("You draw {card}.").format(card=labels((card,))), seat, private_to=seat))
            if second:
                done = _with(done, seat, True)
        else:
            text = _("{who} stands.").format(who=seat_name(seat))
            events.append(Event(text, seat))
            done = _with(done, seat, True)
        recent = (*state.recent[1 - RECENT:], text)
        state = replace(state, hands=hands, queues=queues, stock=deck, done=done, recent=recent)
        following = _next_turn(state, seat)
        if following >= 0:
            return replace(state, turn=following), tuple(events)
        return self._showdown(state, events)

    def _showdown(self, state: KabuState, events: list[Event]) -> tuple[KabuState, tuple[Event, ...]]:
        order = [(state.dealer + 1 + i) % state.n for i in range(state.n)]
        stacks = state.stacks
        settled = showdown.settle(state.hands, stacks, state.options.point_value, order)
        summary = showdown.headline(settled, stacks, order)
        text = sentences(*showdown.story(settled, stacks, order), summary)
        state = replace(
            state, turn=-1, payoffs=settled.payoffs, insolvent=settled.insolvent, summary=summary,
            details=showdown.details(state.hands, settled, stacks), recent=(*state.recent[1 - RECENT:], text),
        )
        return state, (*events, Event(text))

    def outcome(self, state: KabuState) -> Outcome | None:
        if state.payoffs is None:
            return None
        extra: dict[str, Any] = {"totals": tuple(total(h) for h in state.hands)}
        if state.stacks is not None:
            extra["stacks"] = tuple(s + p for s, p in zip(state.stacks, state.payoffs, strict=True))
        settled_placings = showdown.placings(state.payoffs, state.insolvent, state.stacks)
        return Outcome(
            state.payoffs,
            settled_placings,
            carry={"hands": state.hand_no},
            summary=state.summary,
            extra=extra,
            details=state.details,
            table_over=any(state.insolvent),
        )

    # ------------------------------------------------------------ views
    def sample_hidden(self, state: KabuState, seat: int, rng: random.Random) -> KabuState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: KabuState, seat: int) -> frozenset[str]:
        return frozenset() if state.payoffs is not None else frozenset(state.hands[seat])

    def view(self, state: KabuState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)

    def prompt(self, state: KabuState, seat: int) -> tuple[Choice, ...]:
        if seat != state.turn:
            return ()
        legal = self._legal_actions(state, seat)
        draw = Choice(DRAW, _("Draw a card"), "primary", DRAW in legal)
        return (draw, Choice(STAND, _("Stand"), "success")) if DRAW in legal else (Choice(STAND, _("Stand"), "success"),)

    def default_prompt(self, state: KabuState, seat: int) -> tuple[Choice, ...]:
        return self.prompt(state, seat)


# ---------------------------------------------------------------- helpers
def _with(items: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*items[:seat], value, *items[seat + 1:])


def _can_draw(state: KabuState, seat: int) -> bool:
    """A card is left for this seat: its stacked draws, or the stock (40 cards never run out at six)."""
    return bool(state.queues[seat] or state.stock)


def _next_turn(state: KabuState, seat: int) -> int:
    """The next seat to the left still drawing (this one included, if it is the only one left); -1: none."""
    n = state.n
    for i in range(1, n + 1):
        s = (seat + i) % n
        if not state.done[s]:
            return s
    return -1
