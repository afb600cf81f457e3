"""The Put and Take engine: the dealer turns ten cards; matching holders pay, then take.

One state is one hand (``hand_by_hand``); the runtime rotates the dealer. The
only decision is the dealer's "Next card", so each card is shown on the table
as it is turned (and a timed-out dealer turns it too). Chips never go below
zero: a player pays a put with what they have (PT-2), and when the pot and the
dealer's own chips both run out, the rest of a take goes unpaid (``rules.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import _
from games.core.poker.deal import stacked_deck, take
from games.core.rng import RNG_ALGO
from games.core.views import SeatView

from .options import PRESET_LABELS, PRESETS, STAKES, PutTakeOptions
from .settle import finish, turn
from .state import NO_HAND, NO_HAND_DEALER, ROUND, SAT_OUT, PutTakeState, from_left

TURN = "turn"
_TURN_ONLY = (TURN,)
_NOBODY: frozenset[int] = frozenset()


class PutAndTake(Game):
    id: ClassVar[str] = "putandtake"
    title: ClassVar[str] = "Put and Take"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9
    uses_chips: ClassVar[bool] = True
    uses_stacks: ClassVar[bool] = True
    versioned_deal: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[PutTakeOptions]] = PutTakeOptions
    presets: ClassVar = PRESETS
    preset_labels: ClassVar = PRESET_LABELS
    state_type: ClassVar[type] = PutTakeState
    action_help: ClassVar = {TURN: "The dealer turns the next card (the only action of the game)."}

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
    ) -> PutTakeState:
        """A hand from ``seed`` (or stacked: ``hands`` per seat, the dealer's empty; ``stock`` = the
        cards dealt after them, then the ten to turn). ``stacks``: chips at the table per seat."""
        opts = options if type(options) is PutTakeOptions else cast(PutTakeOptions, self.options_from(options))
        self.check_seats(opts, seats)
        n, dealer = seats, dealer % seats
        start = _check_stacks(stacks, n)
        if hands is not None and len(hands) == n and hands[dealer]:
            raise IllegalAction(_("The dealer holds no cards in Put and Take."))
        order = from_left(dealer, n)
        # a non-dealer with no chips at the table sits the hand out (no cards)
        playing = tuple(s for s in order if start is None or start[s] > 0)
        need = ROUND * len(playing) + 2 * ROUND
        queues, deck = stacked_deck(n, seed, hands, stock, need=need, algo=rng_algo)
        zeros = (0,) * n
        if not playing:
            details = tuple(_(NO_HAND_DEALER) if s == dealer else _(SAT_OUT) for s in range(n))
            return PutTakeState(opts, n, dealer, ((),) * n, (), (), start, 0, zeros, zeros, 0, 0,
                                (False,) * n, (_(NO_HAND),), zeros, _(NO_HAND), details)
        dealt = _deal(n, playing, queues, deck)
        if dealt is None:
            raise IllegalAction(_("The deck ran out."))
        cards, rest = dealt
        if len(rest) < 2 * ROUND:
            raise IllegalAction(_("The deck ran out."))
        return PutTakeState(opts, n, dealer, cards, rest[: 2 * ROUND], (), start, 0, zeros, zeros, 0, 0, (False,) * n)

    # ------------------------------------------------------------ turn
    def to_act(self, state: PutTakeState) -> frozenset[int]:
        if state.payoffs is not None:
            return _NOBODY
        return frozenset((state.dealer,))

    def _legal_actions(self, state: PutTakeState, seat: int) -> tuple[str, ...]:
        return _TURN_ONLY

    def automatic(self, state: PutTakeState, seat: int) -> str | None:
        """Turning the next card decides nothing: the table turns them by itself (the dealer may hurry it)."""
        return TURN if seat in self.to_act(state) else None

    def timeout_action(self, state: PutTakeState, seat: int) -> str:
        return TURN  # a sleeping dealer must not stall the table

    def _apply(self, state: PutTakeState, seat: int, action: str) -> tuple[PutTakeState, tuple[Event, ...]]:
        state, text = turn(state, STAKES[state.options.stakes])
        events = [Event(text, seat)]
        if len(state.turned) == 2 * ROUND:
            state, closing = finish(state)
            events.append(Event(closing))
        return state, tuple(events)

    # ------------------------------------------------------------ the end
    def outcome(self, state: PutTakeState) -> Outcome | None:
        if state.payoffs is None:
            return None
        extra: dict[str, Any] = {}
        if state.start_stacks is not None:
            extra["stacks"] = tuple(state.stack(s) for s in range(state.n))
        return Outcome(
            state.payoffs,
            placings_from(state.payoffs),
            summary=state.summary,
            extra=extra,
            details=state.details,
        )

    # ------------------------------------------------------------ views
    def sample_hidden(self, state: PutTakeState, seat: int, rng: random.Random) -> PutTakeState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def private_cards(self, state: PutTakeState, seat: int) -> frozenset[str]:
        return frozenset(state.hands[seat])

    def view(self, state: PutTakeState, seat: int | None) -> SeatView:
        from .view import render

        return render(state, seat)


def _check_stacks(stacks: Sequence[int] | None, n: int) -> tuple[int, ...] | None:
    if stacks is None:
        return None
    if len(stacks) != n or any(s < 0 for s in stacks):
        raise IllegalAction(_("Every seat needs a stack of 0 or more chips."))
    return tuple(int(s) for s in stacks)


def _deal(
    n: int, playing: tuple[int, ...], queues: tuple[tuple[str, ...], ...], deck: tuple[str, ...]
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]] | None:
    """Five cards to each seat of ``playing``, one at a time from the dealer's left; then the stock left."""
    cards: list[tuple[str, ...]] = [()] * n
    k = len(playing)
    if not any(queues):  # the usual case: straight off the stock, one card at a time round the table
        if len(deck) < ROUND * k:
            return None
        for i, s in enumerate(playing):
            cards[s] = deck[i: ROUND * k: k]
        return tuple(cards), deck[ROUND * k:]
    for _round in range(ROUND):
        for s in playing:
            got, queues, deck = take(queues, deck, s, 1)
            cards[s] += got
    if any(queues):
        raise IllegalAction(_("A stacked hand has more than five cards, or belongs to a seat sitting out."))
    return tuple(cards), deck
