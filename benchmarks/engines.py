"""Random full hands per second for every registered game (one core, one process).

Run: ``python -m benchmarks.engines [--seconds S] [--players N]``.
Target: Renfield (5 players, base game) ≥ 6,000 hands/s.
"""

from __future__ import annotations

import argparse
import random
import time

import games

#: Hands (or deals) per second through the public API; 5 players where the game allows.
TARGETS = {
    "renfield": 6000.0, "reversis": 1000.0, "putandtake": 1000.0, "fuenfzehnern": 1000.0, "ecarte": 1000.0,
    "kabu": 1000.0, "fairmarket": 1000.0, "burraco": 300.0, "samba": 300.0,
}


def _play(game, options, seats: int, seed: int, count_deals: bool = True) -> tuple[int, int]:
    """One random hand (or whole game) through the public API; returns its actions and deals.

    A state that holds several deals (a game of Écarté to 5, a game of Rage) closes each
    with an ``ends_deal`` event: those are counted, so such games are measured in deals.

    The engine deals with its own seeded ``Rng``; the random *player* here uses
    ``random.Random`` because its choices need no cross-version stability and a
    keyed hash per choice would measure the harness rather than the game.
    """
    state = game.new_state(options, seats, seed, dealer=seed % seats)
    player = random.Random(seed)
    choose = player.choice
    steps = deals = 0
    legal_actions, apply, to_act = game.legal_actions, game.apply, game.to_act
    # the contract: nobody is to act exactly when the hand is over
    while acting := to_act(state):
        seat = next(iter(acting)) if len(acting) == 1 else choose(sorted(acting))
        state, events = apply(state, seat, choose(legal_actions(state, seat)))
        steps += 1
        if count_deals:  # (off for one-deal states: the count would cost the fast engines ~6%)
            deals += sum(1 for e in events if e.ends_deal)
    assert game.outcome(state) is not None
    return steps, max(deals, 1)


def measure(game_id: str, *, players: int | None = None, seconds: float = 2.0) -> dict:
    game = games.get_game(game_id)
    options = game.Options()
    low, high = game.seat_limits(options)
    seats = min(max(players or 5, low), high)
    hands = steps = deals = 0
    # Does a state hold several deals? One game tells; only then are deals counted on the clock.
    count_deals = _play(game, options, seats, 10**6)[1] > 1
    # CPU time of this process: the figure is per core, whatever else the machine runs
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        actions, dealt = _play(game, options, seats, hands, count_deals)
        steps += actions
        deals += dealt
        hands += 1
    elapsed = time.process_time() - start
    in_deals = deals > hands  # several deals per state: the figure (and target) is per deal
    return {
        "game": game_id,
        "players": seats,
        "hands": hands,
        "deals": deals,
        "hands_per_s": (deals if in_deals else hands) / elapsed,
        "states_per_s": hands / elapsed,
        "actions_per_s": steps / elapsed,
        "unit": "deals" if in_deals else "hands" if game.hand_by_hand else "games",
    }


def run(quick: bool = False, *, seconds: float | None = None) -> dict:
    seconds = seconds or (0.5 if quick else 3.0)
    rows = [measure(g.id, seconds=seconds) for g in games.all_games()]
    print(f"{'game':<14}{'players':>8}{'per second':>14}{'actions/s':>12}  target")
    for r in rows:
        target = TARGETS.get(r["game"])
        mark = ""
        if target:
            mark = f"≥{target:,.0f}  ratio {r['hands_per_s'] / target:.2f}× {'OK' if r['hands_per_s'] >= target else 'MISSED'}"
        print(f"{r['game']:<14}{r['players']:>8}{r['hands_per_s']:>10,.0f} {r['unit']:<4}{r['actions_per_s']:>11,.0f}  {mark}")
    return {"engines": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--game", default=None)
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure N times and also print the best and median (shared machines)"
    )
    args = parser.parse_args()
    ids = [args.game] if args.game else [g.id for g in games.all_games()]
    for gid in ids:
        rates = []
        for _ in range(max(args.repeat, 1)):
            r = measure(gid, players=args.players, seconds=args.seconds)
            rates.append(r["hands_per_s"])
            print(f"{gid:<14}{r['players']:>3} players {r['hands_per_s']:>10,.0f} {r['unit']}/s {r['actions_per_s']:>10,.0f} actions/s")
        if len(rates) > 1:
            rates.sort()
            target = TARGETS.get(gid)
            mark = f"  target ≥{target:,.0f}: {'OK' if rates[-1] >= target else 'MISSED'}" if target else ""
            print(f"{gid:<14}best {rates[-1]:,.0f}  median {rates[len(rates) // 2]:,.0f}  worst {rates[0]:,.0f} {r['unit']}/s{mark}")


if __name__ == "__main__":
    main()
