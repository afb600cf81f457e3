"""Our Razz against pokerkit's ``FixedLimitRazz`` on the same random hands, in one run.

Run: ``python -m benchmarks.razz_vs_pokerkit [--hands N] [--quick]``.
The issue's target: at least 20× pokerkit's hands per second with 6 players.

Both engines play identical hands: the same shuffled decks (pokerkit is handed
the cards our engine dealt; its dealing is not automated) and the same
uniformly random legal actions. Each engine is driven through its public API
and asked for its legal actions at every step. The final stacks are compared
after timing, so the two runs are known to be the same hands.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from typing import Any

from games.core.cards import STANDARD_DECK
from games.razz import Razz, RazzOptions
from tests.support.razz_oracle import KIND, new_pokerkit, pokerkit_act

PLAYERS = 6
STACK = 10**6
TARGET = 20.0
CHUNK = 50


def _pick_offset(plans: list[list[str]], hand: int) -> int:
    """Where hand ``hand``'s random picks start (each action used one)."""
    return sum(len(p) for p in plans[:hand])


def _ours(game: Razz, options: RazzOptions, decks: list[tuple[str, ...]], picks: list[int]) -> list[Any]:
    finals = []
    legal_actions, apply, to_act = game.legal_actions, game.apply, game.to_act
    k = 0
    for h, deck in enumerate(decks):
        state = game.new_state(options, PLAYERS, h, stock=deck, dealer=PLAYERS - 1)
        while state.payoffs is None:
            (seat,) = to_act(state)
            legal = legal_actions(state, seat)
            state, _events = apply(state, seat, legal[picks[k] % len(legal)])
            k += 1
        finals.append(state)
    return finals


def _record(game: Razz, options: RazzOptions, decks: list[tuple[str, ...]], picks: list[int]) -> list[list[str]]:
    """The action kinds of each hand, replayed untimed, for pokerkit to repeat."""
    plans = []
    k = 0
    for h, deck in enumerate(decks):
        state = game.new_state(options, PLAYERS, h, stock=deck, dealer=PLAYERS - 1)
        plan = []
        while state.payoffs is None:
            (seat,) = game.to_act(state)
            legal = game.legal_actions(state, seat)
            action = legal[picks[k] % len(legal)]
            k += 1
            plan.append(KIND[action])
            state, _events = game.apply(state, seat, action)
        plans.append(plan)
    return plans


def _pokerkit(options: RazzOptions, finals: list[Any], plans: list[list[str]]) -> list[list[int]]:
    stacks = []
    for final, plan in zip(finals, plans, strict=True):
        cards = final.deal.cards  # dealer is the last seat, so seat i is pokerkit's player i
        community = final.deal.community
        pk = new_pokerkit(options, PLAYERS, STACK)
        dealt = [0] * PLAYERS
        steps = iter(plan)
        while pk.status:
            if pk.can_deal_board():
                pk.deal_board(community)
                continue
            if pk.can_deal_hole():
                j = pk.hole_dealee_index
                k = len(pk.hole_dealing_statuses[j])  # all of this street's cards at once (3 on 3rd street)
                pk.deal_hole("".join(cards[j][dealt[j]:dealt[j] + k]), j)
                dealt[j] += k
                continue
            legal = set()
            if pk.can_post_bring_in():
                legal.add("pb")
            if pk.can_fold():
                legal.add("f")
            if pk.can_check_or_call():
                legal.add("cc")
            if pk.can_complete_bet_or_raise_to():
                legal.add("cbr")
            kind = next(steps)
            assert kind in legal, (kind, legal)
            pokerkit_act(pk, kind)
        stacks.append(list(pk.stacks))
    return stacks


def run(quick: bool = False, hands: int | None = None) -> dict:
    count = hands or (300 if quick else 1000)
    repeats = 1 if quick else 3
    rnd = random.Random(20261121)
    decks = [tuple(rnd.sample(STANDARD_DECK.cards, 52)) for _ in range(count)]
    picks = [rnd.randrange(1 << 30) for _ in range(count * 80)]
    game = Razz()
    # pokerkit's cap stays at 4 bets heads-up; play the rule they share
    options = RazzOptions(heads_up_uncapped=False)
    finals = _ours(game, options, decks, picks)
    plans = _record(game, options, decks, picks)

    # The machine is shared: time CPU (process) time, in small interleaved chunks so both
    # engines see the same conditions, and keep each chunk's best of a few repeats.
    clock = time.process_time
    ours_s = pk_s = 0.0
    pk_stacks: list[list[int]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about hand-picked cards
        for lo in range(0, count, CHUNK):
            hi = min(lo + CHUNK, count)
            best_ours = best_pk = float("inf")
            chunk_decks, chunk_picks = decks[lo:hi], picks[_pick_offset(plans, lo):_pick_offset(plans, hi)]
            for _ in range(repeats):
                start = clock()
                _ours(game, options, chunk_decks, chunk_picks)
                best_ours = min(best_ours, clock() - start)
                start = clock()
                stacks = _pokerkit(options, finals[lo:hi], plans[lo:hi])
                best_pk = min(best_pk, clock() - start)
            ours_s += best_ours
            pk_s += best_pk
            pk_stacks.extend(stacks)

    for final, theirs in zip(finals, pk_stacks, strict=True):
        assert [STACK + p for p in final.payoffs] == theirs, "the engines played different hands"
    result = {
        "players": PLAYERS,
        "hands": count,
        "actions_per_hand": sum(map(len, plans)) / count,
        "ours_hands_per_s": count / ours_s,
        "pokerkit_hands_per_s": count / pk_s,
        "ratio": pk_s / ours_s,
        "target": TARGET,
    }
    print(
        f"Razz, {PLAYERS} players, {count} identical random hands "
        f"({result['actions_per_hand']:.1f} actions each)\n"
        f"  ours      {result['ours_hands_per_s']:>10,.0f} hands/s\n"
        f"  pokerkit  {result['pokerkit_hands_per_s']:>10,.0f} hands/s\n"
        f"  ratio     {result['ratio']:>10.1f}×  (target ≥ {TARGET:.0f}×)"
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    run(quick=args.quick, hands=args.hands)


if __name__ == "__main__":
    main()
