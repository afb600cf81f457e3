"""Our Razz against pokerkit's ``FixedLimitRazz`` on random hands, two ways, in one run.

Run: ``python -m benchmarks.razz_vs_pokerkit [--hands N] [--quick]``.
The issue's target: at least 20× pokerkit's hands per second with 6 players,
each engine dealing its own cards from its own shuffled deck.

* **Own deal** (the target): our engine deals from the hand's seed (the
  table's generator, ``RNG_ALGO``); pokerkit deals from its own deck, which it
  shuffles with ``random.shuffle`` when the state is created (``State._setup``),
  dealing each hole card and burning before each street itself (the
  ``HOLE_DEALING``, ``BOARD_DEALING`` and ``CARD_BURNING`` automations). The
  engines see different cards, but fixed-limit Razz with deep stacks offers the
  same kinds of action whatever the cards, so both replay the same sequence of
  action kinds; pokerkit must find each one legal and end the hand on the last.
* **Pre-dealt** (the same cards): both play identical hands: the same shuffled
  decks (our engine is given the stock, pokerkit each card our engine dealt) and
  the same actions; the final stacks are compared after timing.

Each engine is driven through its public API and asked for its legal actions at every step.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from pokerkit import Automation, FixedLimitRazz

from games.core.cards import STANDARD_DECK
from games.core.rng import RNG_ALGO
from games.razz import Razz, RazzOptions
from tests.support.razz_oracle import AUTOMATIONS, KIND, new_pokerkit, pokerkit_act

PLAYERS = 6
STACK = 10**6
TARGET = 20.0  # own deal
CHUNK = 50
#: pokerkit dealing and burning from its own deck (burning is already in AUTOMATIONS)
OWN_DEAL = (*AUTOMATIONS, Automation.HOLE_DEALING, Automation.BOARD_DEALING)

Deal = dict[str, Any]  # new_state's keyword arguments for one hand: a stock, or nothing (the seed deals)


def _pick_offset(plans: list[list[str]], hand: int) -> int:
    """Where hand ``hand``'s random picks start (each action used one)."""
    return sum(len(p) for p in plans[:hand])


def _ours(game: Razz, options: RazzOptions, deals: Sequence[tuple[int, Deal]], picks: list[int]) -> list[Any]:
    finals = []
    legal_actions, apply, to_act, new_state = game.legal_actions, game.apply, game.to_act, game.new_state
    k = 0
    for seed, deal in deals:
        state = new_state(options, PLAYERS, seed, dealer=PLAYERS - 1, **deal)
        while state.payoffs is None:
            (seat,) = to_act(state)
            legal = legal_actions(state, seat)
            state, _events = apply(state, seat, legal[picks[k] % len(legal)])
            k += 1
        finals.append(state)
    return finals


def _plans(game: Razz, options: RazzOptions, deals: Sequence[tuple[int, Deal]], picks: list[int]) -> list[list[str]]:
    """The action kinds of each hand, replayed untimed, for pokerkit to repeat."""
    plans = []
    k = 0
    for seed, deal in deals:
        state = game.new_state(options, PLAYERS, seed, dealer=PLAYERS - 1, **deal)
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


def _play_pokerkit(pk: Any, plan: list[str], feed: Callable[[Any], bool]) -> None:
    """Play ``plan`` on ``pk``; ``feed(pk)`` deals a card by hand when pokerkit waits for one."""
    steps = iter(plan)
    while pk.status:
        if feed(pk):
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
    assert next(steps, None) is None, "pokerkit's hand ended before ours"


def _pokerkit_given(options: RazzOptions, finals: list[Any], plans: list[list[str]]) -> list[list[int]]:
    """pokerkit handed the cards our engine dealt."""
    stacks = []
    for final, plan in zip(finals, plans, strict=True):
        cards = final.deal.cards  # dealer is the last seat, so seat i is pokerkit's player i
        community = final.deal.community
        dealt = [0] * PLAYERS

        def feed(pk: Any, cards: Any = cards, community: str = community, dealt: list[int] = dealt) -> bool:
            if pk.can_deal_board():
                pk.deal_board(community)
                return True
            if pk.can_deal_hole():
                j = pk.hole_dealee_index
                k = len(pk.hole_dealing_statuses[j])  # all of this street's cards at once (3 on 3rd street)
                pk.deal_hole("".join(cards[j][dealt[j]:dealt[j] + k]), j)
                dealt[j] += k
                return True
            return False

        pk = new_pokerkit(options, PLAYERS, STACK)
        _play_pokerkit(pk, plan, feed)
        stacks.append(list(pk.stacks))
    return stacks


def _pokerkit_own(options: RazzOptions, plans: list[list[str]]) -> None:
    """pokerkit dealing from its own shuffled deck (its automations deal every card)."""
    for plan in plans:
        pk = FixedLimitRazz.create_state(
            OWN_DEAL, False, options.ante, options.bring_in, options.small_bet, options.big_bet,
            [STACK] * PLAYERS, PLAYERS,
        )
        _play_pokerkit(pk, plan, _no_feed)


def _no_feed(pk: Any) -> bool:
    return False


def _best(repeats: int, fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """The least CPU time of ``repeats`` calls ``fn(*args)``, and the last call's result."""
    best, out = float("inf"), None
    for _ in range(repeats):
        start = time.process_time()
        out = fn(*args)
        best = min(best, time.process_time() - start)
    return best, out


def _deal_costs(game: Razz, options: RazzOptions, deck: tuple[str, ...], number: int = 2000) -> dict[str, float]:
    """µs per new hand (the deal and the bring-in): from a seed under each generator, and from a given stock."""
    calls: dict[str, Callable[[int], Any]] = {
        "seed_v1": lambda s: game.new_state(options, PLAYERS, s, dealer=PLAYERS - 1, rng_algo=1),
        f"seed_v{RNG_ALGO}": lambda s: game.new_state(options, PLAYERS, s, dealer=PLAYERS - 1, rng_algo=RNG_ALGO),
        "stock": lambda s: game.new_state(options, PLAYERS, s, dealer=PLAYERS - 1, stock=deck),
    }
    costs = {}
    for name, call in calls.items():
        seconds, _ = _best(3, lambda call: [call(s) for s in range(number)], call)
        costs[name] = seconds / number * 1e6
    return costs


def run(quick: bool = False, hands: int | None = None) -> dict[str, Any]:
    count = hands or (300 if quick else 1000)
    repeats = 1 if quick else 3
    rnd = random.Random(20261121)
    decks = [tuple(rnd.sample(STANDARD_DECK.cards, 52)) for _ in range(count)]
    picks = [rnd.randrange(1 << 30) for _ in range(count * 80)]
    given = [(h, {"stock": deck}) for h, deck in enumerate(decks)]
    own: list[tuple[int, Deal]] = [(rnd.getrandbits(62), {}) for _ in range(count)]
    game = Razz()
    # pokerkit's cap stays at 4 bets heads-up; play the rule they share
    options = RazzOptions(heads_up_uncapped=False)
    finals = _ours(game, options, given, picks)
    plans = {"given": _plans(game, options, given, picks), "own": _plans(game, options, own, picks)}
    random.seed(20261121)  # pokerkit shuffles with the random module: the same decks every run

    # The machine is shared: time CPU (process) time, in small interleaved chunks so both
    # engines and both ways see the same conditions, and keep each chunk's best of a few repeats.
    spent = dict.fromkeys(("ours_own", "pk_own", "ours_given", "pk_given"), 0.0)
    pk_stacks: list[list[int]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about hand-picked cards
        for lo in range(0, count, CHUNK):
            hi = min(lo + CHUNK, count)
            mine = {m: picks[_pick_offset(plans[m], lo):_pick_offset(plans[m], hi)] for m in plans}
            spent["ours_own"] += _best(repeats, _ours, game, options, own[lo:hi], mine["own"])[0]
            spent["pk_own"] += _best(repeats, _pokerkit_own, options, plans["own"][lo:hi])[0]
            spent["ours_given"] += _best(repeats, _ours, game, options, given[lo:hi], mine["given"])[0]
            t, stacks = _best(repeats, _pokerkit_given, options, finals[lo:hi], plans["given"][lo:hi])
            spent["pk_given"] += t
            pk_stacks.extend(stacks)

    for final, theirs in zip(finals, pk_stacks, strict=True):
        assert [STACK + p for p in final.payoffs] == theirs, "the engines played different hands"
    return _report(count, plans, spent, _deal_costs(game, options, decks[0]))


def _report(count: int, plans: dict[str, list[list[str]]], spent: dict[str, float], deal: dict[str, float]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "players": PLAYERS,
        "hands": count,
        "actions_per_hand": sum(map(len, plans["own"])) / count,
        "rng_algo": RNG_ALGO,
        "own_deal": {
            "ours_hands_per_s": count / spent["ours_own"],
            "pokerkit_hands_per_s": count / spent["pk_own"],
            "ratio": spent["pk_own"] / spent["ours_own"],
        },
        "pre_dealt": {
            "ours_hands_per_s": count / spent["ours_given"],
            "pokerkit_hands_per_s": count / spent["pk_given"],
            "ratio": spent["pk_given"] / spent["ours_given"],
        },
        "new_hand_us": deal,
        "target": TARGET,
    }
    own, pre = result["own_deal"], result["pre_dealt"]
    result["ratio"] = own["ratio"]
    result["target_met"] = own["ratio"] >= TARGET
    print(
        f"Razz, {PLAYERS} players, {count} random hands ({result['actions_per_hand']:.1f} actions each)\n"
        f"  {'hands/s':<22}{'ours':>10}{'pokerkit':>10}{'ratio':>9}\n"
        f"  {'own deal (each its own)':<22}{own['ours_hands_per_s']:>10,.0f}{own['pokerkit_hands_per_s']:>10,.0f}"
        f"{own['ratio']:>8.1f}×  target ≥ {TARGET:.0f}×: {'MET' if result['target_met'] else 'MISSED'}\n"
        f"  {'pre-dealt (same cards)':<22}{pre['ours_hands_per_s']:>10,.0f}{pre['pokerkit_hands_per_s']:>10,.0f}"
        f"{pre['ratio']:>8.1f}×\n"
        f"  our new hand: {deal['seed_v1']:.1f} µs from a seed under generator 1, "
        f"{deal[f'seed_v{RNG_ALGO}']:.1f} µs under {RNG_ALGO} (the default), {deal['stock']:.1f} µs from a given stock"
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
