"""Play our Razz and pokerkit's ``FixedLimitRazz`` in lockstep (tests and benchmarks only).

pokerkit is the referee: it is handed exactly the cards our engine dealt (its
own dealing is not automated), both get the same actions, and every step must
agree on who acts, what they may do and for how much. It lives under
``tests/``: the runtime never imports pokerkit.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pokerkit import Automation, FixedLimitRazz

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

#: our action -> pokerkit's operation family
KIND = {"bring-in": "pb", "fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr", "complete": "cbr"}


class Disagreement(AssertionError):
    """Our engine and pokerkit disagree; the message says where."""


@dataclass
class Lockstep:
    hands: int = 0
    steps: int = 0


def new_pokerkit(options: Any, n: int, stack: int | list[int]) -> Any:
    stacks = [stack] * n if isinstance(stack, int) else list(stack)
    return FixedLimitRazz.create_state(
        AUTOMATIONS, False, options.ante, options.bring_in, options.small_bet, options.big_bet, stacks, n
    )


def pokerkit_legal(pk: Any) -> dict[str, int]:
    """pokerkit's legal operations now, with the chips each would put in."""
    legal: dict[str, int] = {}
    actor = pk.actor_index
    if pk.can_post_bring_in():
        legal["pb"] = pk.effective_bring_in_amount
    if pk.can_fold():
        legal["f"] = 0
    if pk.can_check_or_call():
        legal["cc"] = pk.checking_or_calling_amount
    if pk.can_complete_bet_or_raise_to():
        legal["cbr"] = pk.min_completion_betting_or_raising_to_amount - pk.bets[actor]
    return legal


def pokerkit_act(pk: Any, kind: str) -> None:
    """Play one action of ``KIND``'s vocabulary on pokerkit (fixed limit: no amounts)."""
    if kind == "pb":
        pk.post_bring_in()
    elif kind == "f":
        pk.fold()
    elif kind == "cc":
        pk.check_or_call()
    else:
        pk.complete_bet_or_raise_to()


def feed_cards(pk: Any, state: Any, seat_of: Callable[[int], int], dealt: list[int]) -> None:
    """Deal pokerkit the cards our engine has dealt so far (board card = our community card)."""
    while True:
        if pk.can_deal_board():
            if not state.community:
                raise Disagreement("pokerkit deals a board card but we dealt no community card")
            pk.deal_board(state.community)
        elif pk.can_deal_hole():
            j = pk.hole_dealee_index
            seat = seat_of(j)
            mine = state.cards[seat]
            if dealt[j] >= len(mine):
                raise Disagreement(f"pokerkit deals seat {seat} a card we did not deal")
            pk.deal_hole(mine[dealt[j]], j)
            dealt[j] += 1
        else:
            return


def play_hand(
    game: Any,
    options: Any,
    n: int,
    seed: int,
    choose: Callable[[int], int],
    *,
    stack: int = 10**6,
    stacks: list[int] | None = None,
    check: bool = True,
) -> tuple[Any, Any]:
    """One hand in both engines; ``choose(k)`` picks an index below ``k``.

    ``stacks`` (per seat) plays short stacks in both; otherwise every seat has ``stack``
    chips in pokerkit and unlimited chips in ours. With ``check`` every step is
    compared; returns (our final state, pokerkit state).
    """
    dealer = seed % n
    state = game.new_state(options, n, seed, dealer=dealer, stacks=stacks)

    def seat_of(j: int) -> int:
        return (dealer + 1 + j) % n

    start = [stack] * n if stacks is None else [stacks[seat_of(j)] for j in range(n)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about hand-picked cards
        pk = new_pokerkit(options, n, start)
        dealt = [0] * n
        while True:
            feed_cards(pk, state, seat_of, dealt)
            if state.payoffs is not None:
                break
            (seat,) = game.to_act(state)
            legal = game.legal_actions(state, seat)
            if check:
                if pk.actor_index is None or seat_of(pk.actor_index) != seat:
                    raise Disagreement(f"we ask seat {seat}, pokerkit asks {pk.actor_index}")
                r = state.round
                ours = {KIND[a]: r.amount_for(seat, a) for a in legal}
                theirs = pokerkit_legal(pk)
                if ours != theirs:
                    raise Disagreement(f"seat {seat}: we offer {legal} {ours}, pokerkit {theirs}")
                if ("check" in legal) != (theirs.get("cc", -1) == 0):
                    raise Disagreement("check/call naming differs")
            action = legal[choose(len(legal))]
            kind = KIND[action]
            pokerkit_act(pk, kind)
            state, _events = game.apply(state, seat, action)
        if pk.status:
            raise Disagreement("our hand is over but pokerkit's is not")
    if check:
        ours_final = [start[j] + state.payoffs[seat_of(j)] for j in range(n)]
        if ours_final != list(pk.stacks):
            raise Disagreement(f"final stacks: ours {ours_final}, pokerkit {list(pk.stacks)}")
    return state, pk
